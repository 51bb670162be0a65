// Talking to /api/mirrorbuddy/homework (the homework contract): an exercise in, its three steps
// out (understand the task, what the student's own notes say, try and check). Nothing is kept.
import { api } from "../shared/api.js";
import { cleanAnswer, homeworkBody } from "./homework-rules.js";

const PATH = "/api/mirrorbuddy/homework";

/** The steps for `text` ({language, hasNumbers, steps}, cleaned), or null when the answer has none. */
export const askHomework = async (text) => cleanAnswer(await api(PATH, { method: "POST", body: homeworkBody(text) }));

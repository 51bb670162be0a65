// Talking to /api/mirrorbuddy/coach (the coach contract): the screen's welcome, lines and suggested
// questions (by the student's time of day), a typed question, and a spoken one as WAV with the
// last reply's material and place in its query and its question in a header.
import { api } from "../shared/api.js";
import { askBody, voiceHeaders, voiceQuery } from "./coach-rules.js";
import { timeZone } from "./days.js";

const BASE = "/api/mirrorbuddy/coach";

/** {language, welcome, prompts: {success, struggle, breakTime, idle, streak}, suggestions, materials}. */
export const getCoach = (zone = timeZone()) => api(`${BASE}?tz=${encodeURIComponent(zone)}`);

/** The reply to `message` ({kind, concern, intro, text, sources, context, language}). */
export const askCoach = (message, context, turn) => api(`${BASE}/ask`, { method: "POST", body: askBody(message, context, turn) });

/** Where a spoken question goes: the material, the place and the turn as query parameters. */
export const voicePath = (context, turn) => `${BASE}/voice?${voiceQuery(context, turn)}`;

/** The reply to a recording (a 16 kHz WAV Blob), with `heard`: what the server understood ("" when nothing). */
export const askCoachByVoice = (wav, context, turn) =>
  api(voicePath(context, turn), { method: "POST", raw: wav, contentType: "audio/wav", headers: voiceHeaders(context) });

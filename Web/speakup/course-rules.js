// The course's page logic, pure: where each activity leads, what a practice asks, how far a week
// and a lesson have come. The server decides what is done (GET /api/speakup/course); this only reads it.

/** The prompt id a take answers when it is recorded for a course practice. */
export const coursePromptId = (activityId) => `course:${activityId}`;

/** The activity a take's prompt id belongs to, or null. */
export const activityOfPrompt = (promptId) => (typeof promptId === "string" && promptId.startsWith("course:") ? promptId.slice(7) : null);

/** `{status, completedAt, takeId, missing}` for an activity (locked when the server did not say). */
export function stateOf(progress, activityId) {
  return progress?.activities?.find((item) => item.id === activityId) ?? { id: activityId, status: "locked" };
}

/** How many of the activities are done, of how many. */
export function tally(activities, progress) {
  const done = activities.filter((activity) => stateOf(progress, activity.id).status === "done").length;
  return { done, total: activities.length };
}

/** A lesson's status: done when every activity is, locked when its week is, else open. */
export function lessonStatus(lesson, progress) {
  const states = lesson.activities.map((activity) => stateOf(progress, activity.id).status);
  if (states.every((status) => status === "done")) return "done";
  return states.every((status) => status === "locked") ? "locked" : "open";
}

/** The week and lesson with `lessonId`, with the lessons before and after it, or null. */
export function findLesson(weeks, lessonId) {
  const lessons = (weeks ?? []).flatMap((week) => week.lessons.map((lesson) => ({ week, lesson })));
  const index = lessons.findIndex((item) => item.lesson.id === lessonId);
  if (index < 0) return null;
  return { ...lessons[index], previous: lessons[index - 1]?.lesson ?? null, next: lessons[index + 1]?.lesson ?? null };
}

/** Where a drill or an exercise is done (`warmUps` is the catalogue's list, to tell a warm-up from a calm exercise). */
export function activityHash(activity, warmUps = []) {
  if (activity.kind === "drill") return `#drill/${activity.drill}`;
  if (activity.kind === "exercise") return warmUps.some((item) => item.id === activity.exercise) ? `#warmup/${activity.exercise}` : `#calm/${activity.exercise}`;
  return null;
}

/** What a practice's take must show, a line each. */
export function practiceChecks(task) {
  const least = Math.round(task.seconds * 0.85 * 10) / 10;
  const lines = [`Talk for ${lengthWords(task.seconds)} (at least ${least} s and ${Math.round(task.seconds * 0.75)} words).`];
  if (Number.isFinite(task.maxFillers)) lines.push(task.maxFillers === 0 ? "Not a single filler." : `At most ${task.maxFillers} ${task.maxFillers === 1 ? "filler" : "fillers"}.`);
  if (Number.isFinite(task.paceWithin)) lines.push(`Keep your pace within ${task.paceWithin} words a minute of your target.`);
  if (Number.isFinite(task.minPauses)) lines.push(`Pause between ideas at least ${task.minPauses} times.`);
  if (Number.isFinite(task.minSentences)) lines.push(`At least ${task.minSentences} whole sentences.`);
  return lines;
}

/** "a minute", "90 seconds", "3 minutes". */
export function lengthWords(seconds) {
  if (seconds === 60) return "a minute";
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** The prompt a course practice's take answers (as the library's prompts look to Today). */
export function practicePrompt(activity) {
  const task = activity.practice;
  return { id: coursePromptId(activity.id), text: task.prompt, seconds: task.seconds, category: "course", difficulty: null, lessonActivity: activity.id };
}

/** "on 3 March" for an ISO date (empty without one). */
export function onDay(iso, locale = undefined) {
  const date = new Date(iso ?? "");
  return Number.isNaN(date.getTime()) ? "" : `on ${date.toLocaleDateString(locale, { day: "numeric", month: "long" })}`;
}

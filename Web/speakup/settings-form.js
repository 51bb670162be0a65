// SpeakUp's settings as a form: a draft copied from the server's settings, the rules the server
// checks (so the form says what is wrong before Save), and the request Save sends. Pure.
import { DIMENSIONS } from "./format.js";

export const COUNTDOWNS = Object.freeze([5, 10, 15, 20, 30]);
export const TARGETS = Object.freeze({ min: 100, max: 200, step: 5 });
export const WEIGHT_RANGE = Object.freeze({ min: 0, max: 30 });
export const MAX_FILLERS = 50;

/** A draft to edit: a deep copy of the settings the server answered. */
export function draftFrom(settings) {
  const fillers = settings?.fillers ?? {};
  return {
    targetWPM: settings?.targetWPM ?? 150,
    learnTarget: settings?.learnTarget ?? true,
    learnedWPM: settings?.learnedWPM ?? null,
    countdown: settings?.countdown ?? 10,
    defaultSeconds: settings?.defaultSeconds ?? 60,
    timerEnd: settings?.timerEnd ?? "stop",
    trackPauses: settings?.trackPauses ?? true,
    trackFillers: settings?.trackFillers ?? true,
    always: [...(fillers.always ?? [])],
    context: [...(fillers.context ?? [])],
    removed: [...(fillers.removed ?? [])],
    weights: { ...(settings?.weights ?? {}) },
    defaultWeights: { ...(settings?.defaultWeights ?? {}) },
    defaultFillers: [...(settings?.defaultFillers ?? [])],
  };
}

/** The nine weights' total (%). */
export function weightTotal(weights) {
  return DIMENSIONS.reduce((sum, [key]) => sum + (Number(weights?.[key]) || 0), 0);
}

/**
 * A filler as the server keeps it: lower-case, single-spaced, 1 to 3 words of letters (apostrophes
 * and hyphens allowed), at most 40 letters; null when it is not one.
 */
export function normalizedFiller(text) {
  const words = String(text ?? "").toLowerCase().replaceAll("\u2019", "'").split(/[ \t]+/).filter(Boolean);
  if (words.length < 1 || words.length > 3 || words.join("").length > 40) return null;
  const ok = words.every((word) => /\p{L}/u.test(word) && /^[\p{L}'-]+$/u.test(word));
  return ok ? words.join(" ") : null;
}

/**
 * Adds `text` to the draft's list `which` ("always" or "context"): {draft} with the new list, or
 * {error} saying why not (not a word, already listed, list full). A default the person had taken off
 * is counted again instead.
 */
export function addFiller(draft, which, text) {
  const entry = normalizedFiller(text);
  if (!entry) return { error: "A filler is one to three words of letters." };
  if (draft.removed.includes(entry)) return { draft: { ...draft, removed: draft.removed.filter((e) => e !== entry) } };
  if (draft.always.includes(entry) || draft.context.includes(entry)) return { error: `“${entry}” is on your list already.` };
  if (draft.defaultFillers.includes(entry)) return { error: `“${entry}” is counted already (it is one of the usual fillers).` };
  if (draft[which].length >= MAX_FILLERS) return { error: `A list holds at most ${MAX_FILLERS} fillers.` };
  return { draft: { ...draft, [which]: [...draft[which], entry] } };
}

/** The draft without `entry` in list `which`. */
export function removeFiller(draft, which, entry) {
  return { ...draft, [which]: draft[which].filter((e) => e !== entry) };
}

/** A usual filler counted or not (taken off: it is in `removed`). */
export function toggleDefault(draft, entry) {
  const removed = draft.removed.includes(entry) ? draft.removed.filter((e) => e !== entry) : [...draft.removed, entry];
  return { ...draft, removed };
}

/** What stops Save, in words (null: the draft may be saved). */
export function problem(draft) {
  const total = weightTotal(draft.weights);
  if (total !== 100) return `The weights add up to ${total} %: make them 100 %.`;
  if (!(draft.targetWPM >= TARGETS.min && draft.targetWPM <= TARGETS.max)) return `The pace target is ${TARGETS.min} to ${TARGETS.max} words a minute.`;
  if (!COUNTDOWNS.includes(draft.countdown)) return "Pick a countdown.";
  return null;
}

/** The PUT /api/speakup/settings body for the draft. */
export function requestFrom(draft) {
  return {
    targetWPM: draft.targetWPM, learnTarget: draft.learnTarget, countdown: draft.countdown, defaultSeconds: draft.defaultSeconds,
    timerEnd: draft.timerEnd, trackPauses: draft.trackPauses, trackFillers: draft.trackFillers,
    fillers: { always: draft.always, context: draft.context, removed: draft.removed },
    weights: Object.fromEntries(DIMENSIONS.map(([key]) => [key, Number(draft.weights[key]) || 0])),
  };
}

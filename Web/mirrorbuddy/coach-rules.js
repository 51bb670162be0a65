// The coach's rules, pure (node-tested): what a question may be, the request built from the last
// reply's context (JSON for /coach/ask, the query of /coach/voice), the conversation after an
// exchange, which quick buttons follow a reply, how a reply is shown and said, when the idle line
// is due, a canned line chosen by the turn, and which line tells a problem.
import { ErrorCode } from "../shared/error-codes.js";
import { LISTEN, answerProblemKey } from "./voice-rules.js";

export const MESSAGE_MAX = 500;       // the server's limit, after trimming
export const IDLE_MS = 120_000;       // this long on the screen with nothing done: the idle line (once a visit)
export const KEPT_ENTRIES = 60;       // the conversation keeps this many lines (questions and replies)

/** The voice commands' end-of-speech rules, with a longer limit: a question takes longer to say than a command. */
export const COACH_LISTEN = Object.freeze({ ...LISTEN, maxMs: 10_000, answerMs: 30_000 });

/** Why `text` cannot be sent: "empty" | "tooLong", or null. Characters as the server counts them (not UTF-16 halves). */
export function messageProblem(text) {
  const trimmed = String(text ?? "").trim();
  if (!trimmed) return "empty";
  return [...trimmed].length > MESSAGE_MAX ? "tooLong" : null;
}

/** A context fit to send back: the reply's own fields, or null. */
export function cleanContext(context) {
  if (!context || typeof context !== "object") return null;
  const clean = {};
  if (typeof context.question === "string") clean.question = context.question;
  if (typeof context.materialId === "string") clean.materialId = context.materialId;
  if (Number.isInteger(context.position)) clean.position = context.position;
  return Object.keys(clean).length ? clean : null;
}

/** What to send with the next message after `reply`: its context verbatim, none after a concern. */
export const contextAfter = (reply) => (!reply || reply.kind === "concern" ? null : cleanContext(reply.context));

/** The body of POST /coach/ask: the message trimmed, the last reply's context, the turn as the variant. */
export const askBody = (message, context, turn) => ({ message: String(message ?? "").trim(), context: cleanContext(context), variant: turn });

/**
 * The query of POST /coach/voice: the context's material and place, and the turn. The last question
 * goes in a header (`voiceHeaders`), never in the address, which proxies write in their logs.
 */
export function voiceQuery(context, turn) {
  const query = new URLSearchParams();
  const clean = cleanContext(context);
  if (clean?.materialId !== undefined) query.set("materialId", clean.materialId);
  if (clean?.position !== undefined) query.set("position", String(clean.position));
  query.set("variant", String(turn));
  return query.toString();
}

/** The headers of POST /coach/voice: the last question, percent-encoded (a header is ASCII). */
export function voiceHeaders(context) {
  const question = cleanContext(context)?.question;
  return question === undefined ? {} : { "X-Coach-Question": encodeURIComponent(question) };
}

/**
 * The conversation after an exchange: the child's line (`asked`: {text, voice?}) then the reply,
 * the oldest lines dropped past `KEPT_ENTRIES`. Each line has a number that never repeats.
 */
export function withExchange(entries, asked, reply, kept = KEPT_ENTRIES) {
  const next = (entries.at(-1)?.n ?? -1) + 1;
  const child = { n: next, who: "child", text: String(asked.text ?? ""), voice: Boolean(asked.voice) };
  return [...entries, child, { n: next + 1, who: "coach", reply }].slice(-kept);
}

/** The conversation with one line of the coach's own (the idle line): not a reply, it changes no context. */
export function withLine(entries, text, kind, kept = KEPT_ENTRIES) {
  const next = (entries.at(-1)?.n ?? -1) + 1;
  return [...entries, { n: next, who: "coach", reply: { kind, concern: null, intro: null, text, sources: [], context: null } }].slice(-kept);
}

/** The quick follow-ups offered after `reply`: "more" and "simpler" after an answer, nothing else. */
export const quickButtons = (reply) => (reply?.kind === "answer" ? ["more", "simpler"] : []);

/** How a reply looks: "calm" (distress: a soft panel), "concern", "answer", "nudge" (the idle line) or "plain". */
export function replyLook(reply) {
  if (reply?.kind === "concern") return reply.concern === "distress" ? "calm" : "concern";
  if (reply?.kind === "answer") return "answer";
  if (reply?.kind === "idle") return "nudge";
  return "plain";
}

/** Where an answer came from, as its line says it: "title · heading" (the title alone without a heading). */
export function sourceLine(source) {
  if (!source) return "";
  const heading = String(source.heading ?? "").trim();
  const title = String(source.title ?? "").trim();
  return heading && heading !== title ? `${title} · ${heading}` : title;
}

/** The words a reply is read aloud with: the intro, then the text. */
export const spokenParts = (reply) => [reply?.intro, reply?.text].map((part) => String(part ?? "").trim()).filter(Boolean);

/** One of `lines` by the turn (so the same moment says different things), or null. */
export function lineFor(lines, turn) {
  const usable = Array.isArray(lines) ? lines.filter((line) => typeof line === "string" && line.trim()) : [];
  if (!usable.length) return null;
  const index = Number.isInteger(turn) ? ((turn % usable.length) + usable.length) % usable.length : 0;
  return usable[index];
}

/**
 * Whether the idle line is due now: `idleMs` since the last thing the student did on the screen,
 * not already said this visit, and nothing under way (a question out, the microphone listening).
 */
export function idleLineDue({ lastActivity, now, shown, busy = false, listening = false }, idleMs = IDLE_MS) {
  if (shown || busy || listening) return false;
  return Number.isFinite(lastActivity) && Number.isFinite(now) && now - lastActivity >= idleMs;
}

/** Whether `error` is the server asking to slow down (429). */
export const isRateLimited = (error) => error?.status === 429 || error?.code === ErrorCode.rateLimited;

/** What a failed question shows: {key} for a line of the coach's own (429: wait a moment), else {error} for the usual error line. */
export const problemFor = (error) => (isRateLimited(error) ? { key: "coach.wait" } : { error });

/** The line for a recording the server could not take: 429 is the coach's "wait a moment", the rest the voice commands' lines. */
export const voiceProblemKey = (error) => (isRateLimited(error) ? "coach.wait" : answerProblemKey(error));

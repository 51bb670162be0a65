// A review session, pure (node-tested): the queue of due cards GET review gave, answered one at a
// time. A card whose new due time is within 20 minutes (Anki's "learn ahead" limit: an Again in
// learning is back in a minute or ten) goes to the end of the queue; a card another device
// reviewed meanwhile (409) is dropped; the counts and the next review time are kept for the end
// screen. Sessions are values: every step returns a new one.
import { ErrorCode } from "../shared/error-codes.js";
import { RIGHT } from "./cards-rules.js";

export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** A session of GET review's answer: {cards, remaining, nextDue}. */
export function startSession({ cards = [], remaining = 0, nextDue = null } = {}) {
  return { queue: [...cards], answers: 0, right: 0, seen: [], ratings: { again: 0, hard: 0, good: 0, easy: 0 },
    remaining: Number(remaining) || 0, nextDue: nextDue ?? null, xp: 0 };
}

/** The card on show, or null when the session is over. */
export const currentCard = (session) => session.queue[0] ?? null;

export const isOver = (session) => session.queue.length === 0;

/** "n di N": this answer's number and the answers the session holds now (a card that comes back counts again). */
export const position = (session) => ({ n: session.answers + 1, of: session.answers + session.queue.length });

const earlier = (a, b) => (a === null ? b : b === null ? a : Date.parse(b) < Date.parse(a) ? b : a);

/**
 * The session after the card on show was answered `rating`; `card`: the card as the server answered
 * it (its new due, reps and previews), `xp` the XP it gave, `now` the time in ms.
 */
export function afterAnswer(session, rating, card, { now = Date.now(), xp = 0 } = {}) {
  const [answered, ...rest] = session.queue;
  if (!answered) return session;
  const comesBack = Boolean(card) && Date.parse(card.due) - now <= LEARN_AHEAD_MS;
  return {
    ...session,
    queue: comesBack ? [...rest, card] : rest,
    answers: session.answers + 1,
    right: session.right + (RIGHT.has(rating) ? 1 : 0),
    seen: session.seen.includes(answered.id) ? session.seen : [...session.seen, answered.id],
    ratings: { ...session.ratings, [rating]: (session.ratings[rating] ?? 0) + 1 },
    nextDue: comesBack || !card ? session.nextDue : earlier(session.nextDue, card.due),
    xp: session.xp + (Number(xp) || 0),
  };
}

/** The session without the card on show (already answered: on another device, or an answer sent again after its reply was lost). */
export const dropCurrent = (session) => ({ ...session, queue: session.queue.slice(1) });

/** Whether a review's error says the card was reviewed meanwhile (409 review_stale). */
export const isStale = (error) => error?.code === ErrorCode.reviewStale;

/** What the end screen says: {cards (distinct), answers, right, xp, nextDue, remaining}. */
export const summary = (session) => ({ cards: session.seen.length, answers: session.answers, right: session.right, xp: session.xp,
  nextDue: session.nextDue, remaining: session.remaining });

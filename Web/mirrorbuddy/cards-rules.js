// The review's input rules, pure (node-tested): the four answers, which key means what on the
// review screen (Space or Enter turns the card, 1–4 answer), and a finger's swipe on the turned card.

/** The answers, in the order of their buttons and of the keys 1–4. */
export const RATINGS = ["again", "hard", "good", "easy"];

/** The answers that count as remembered (the end screen's "right"). */
export const RIGHT = new Set(["hard", "good", "easy"]);

export const SWIPE_MIN_PX = 50;

/** The pointers a swipe may come from: a finger or a pen, never a mouse (dragging across the answer selects its words). */
export const SWIPE_POINTERS = new Set(["touch", "pen"]);

/**
 * The answer a swipe on the turned card gives: left = Again, right = Good; null for a mouse drag
 * (`pointerType` other than "touch" or "pen": a student selecting the answer's words must not
 * answer), a swipe shorter than 50 px or one not mostly horizontal (more than about 34° off).
 *
 * The original (mirrorbuddy.md §1.7) mapped left = Hard and right = Easy. A swipe is the easiest
 * input to make by accident (a thumb that slips while the card is read), so it gives the answers
 * whose mistakes cost least: Good is what a student answers most of the time, and Again only
 * brings the card back sooner; an accidental Easy would push a half-known card away for days.
 */
export function swipeRating({ dx, dy, pointerType } = {}, min = SWIPE_MIN_PX) {
  if (!SWIPE_POINTERS.has(pointerType)) return null;
  const x = Number(dx);
  const y = Number(dy);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  if (Math.abs(x) < min || Math.abs(y) * 1.5 > Math.abs(x)) return null;
  return x < 0 ? "again" : "good";
}

// Where 1–4 are typed, not answers.
const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
// Space and Enter, as `key` (" ", "Spacebar" in old browsers) or as `code`.
const SPACE = new Set([" ", "Spacebar", "Space"]);
const ENTER = new Set(["Enter", "NumpadEnter"]);
const isSpaceKey = (key) => SPACE.has(key.key) || SPACE.has(key.code);
const isEnterKey = (key) => ENTER.has(key.key) || ENTER.has(key.code);

/**
 * What a keydown means on the review screen: "flip", an answer ("again" … "easy"), "swallow" (Space
 * once the card is turned: nothing, so a second press out of habit does not open the microphone)
 * or null (leave it to the browser, or to the voice button's space bar).
 * `key`: {key, code, repeat, ctrlKey, altKey, metaKey, isComposing}; `focus`: the key's target
 * ({tag, role, editable}; null for the page itself: body, document, nothing focused); `inCard`: the
 * target is inside the card (#review-card: its front button, its back); `flipped`: the answer shows.
 * Space and Enter turn the card only from the page itself or from the card: on a link, a button, a
 * field or anything else focused they keep their own meaning. 1–4 answer once the card is turned,
 * unless the focus is in a text field.
 */
export function reviewKey(key, { flipped = false, focus = null, inCard = false, modalOpen = false } = {}) {
  if (modalOpen || key.ctrlKey || key.altKey || key.metaKey || key.isComposing || key.repeat) return null;
  const typing = Boolean(focus) && (Boolean(focus.editable) || TYPING_TAGS.has(String(focus.tag ?? "").toUpperCase()));
  if (isSpaceKey(key) || isEnterKey(key)) {
    if (typing || (focus && !inCard)) return null;
    if (!flipped) return "flip";
    return isSpaceKey(key) ? "swallow" : null;
  }
  if (!flipped || typing) return null;
  const index = ["1", "2", "3", "4"].indexOf(key.key);
  return index >= 0 ? RATINGS[index] : null;
}

export const RETENTION = Object.freeze({ min: 0.8, max: 0.97, step: 0.01, standard: 0.9 });

/** A desired retention the server takes: within 0.80…0.97, to the hundredth. */
export function retentionValue(value) {
  const number = Number(value);
  if (!Number.isFinite(number)) return RETENTION.standard;
  return Math.round(Math.min(RETENTION.max, Math.max(RETENTION.min, number)) * 100) / 100;
}

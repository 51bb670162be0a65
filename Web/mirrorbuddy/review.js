// #review (every due card) and #review/<materialId> (a material's): one card at a time, "n di N",
// the front big; a tap, a click, Space or Enter turns it (a 3-D turn, none when motion is reduced:
// cards.css); then the back and Ripeti / Difficile / Bene / Facile, each with its next interval,
// also keys 1–4 and a finger's swipe on the turned card. Each answer goes to the server; the queue
// (cards-session.js) keeps a card due again within 20 minutes and drops one already answered (409:
// on another device, or a retry of an answer whose reply was lost). "Carta n di N" is said by one
// live region that stays outside the redrawn screen. The end screen: cards reviewed, right
// answers, the next review, and ways on.
import { h } from "../shared/dom.js";
import { celebrate } from "./celebrate.js";
import { dueCards, reviewCard } from "./cards-data.js";
import { useProgress } from "./data.js";
import { RATINGS, SWIPE_POINTERS, reviewKey, swipeRating } from "./cards-rules.js";
import { afterAnswer, currentCard, dropCurrent, isOver, isStale, position, startSession, summary } from "./cards-session.js";
import { intervalText } from "./cards-words.js";
import { dueText, errorText, t } from "./i18n.js";
import { render, state, tell } from "./state.js";
import { button, errorLine, homeLink, linkButton, screenTitle } from "./ui.js";
import { hearButton } from "./voice.js";

const RATING_EMOJI = { again: "🔁", hard: "😓", good: "🙂", easy: "😎" };
let run = 0;

// ---- The live region: outside #app (which is drawn anew each time, and a live region drawn anew
// is not read), like the voice button's; what it says is cleared after a while.
let live = null;
let liveTimer = 0;

function liveRegion() {
  if (!live?.isConnected) {
    live = h("div", { class: "visually-hidden", id: "review-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    document.body.append(live);
  }
  return live;
}

/** Says `text` politely (cleared first, so the same words are said again). */
function sayPolitely(text) {
  const region = liveRegion();
  clearTimeout(liveTimer);
  region.textContent = "";
  liveTimer = setTimeout(() => {
    region.textContent = text;
    liveTimer = setTimeout(() => { region.textContent = ""; }, 7000);
  }, 100);
}

/** "Carta n di N" of the card on show, said once per new card. */
function sayCounter() {
  if (!onScreen() || !currentCard(state.review.session)) return;
  sayPolitely(t("review.counter", position(state.review.session)));
}

/** Starts a session of the due cards (a material's when `materialId` is given). */
export async function startReview(materialId = null) {
  const token = ++run;
  state.review = { materialId, token, loading: true, error: null, session: null, flipped: false, turning: false, busy: false };
  liveRegion(); // in the page before it has something to say
  render();
  try {
    const answer = await dueCards({ materialId });
    if (state.review?.token !== token) return;
    state.review = { ...state.review, loading: false, session: startSession(answer) };
  } catch (error) {
    if (state.review?.token !== token) return;
    state.review = { ...state.review, loading: false, error };
  }
  render();
  focusCard();
  sayCounter();
}

const onScreen = () => state.route.name === "review" && state.review && !state.review.loading && state.review.session;

function focusCard() {
  if (!onScreen()) return;
  document.getElementById(state.review.flipped ? "review-back" : "review-flip")?.focus({ preventScroll: true });
  // The answers in view, clear of the round buttons in the corners; the next card's top below the
  // sticky banner (their scroll margins, cards.css).
  document.getElementById(state.review.flipped ? "review-ratings" : "review-top")?.scrollIntoView({ block: "nearest" });
}

function flip() {
  const review = state.review;
  if (!onScreen() || review.flipped || !currentCard(review.session)) return;
  review.flipped = true;
  // With less motion (the student's or the system's: appearance.js puts the class on) there is no turn to show.
  review.turning = !document.documentElement.classList.contains("mb-reduced-motion");
  render();
  // After the frame that turns it: a side still turned away cannot take the focus.
  requestAnimationFrame(focusCard);
}

async function answer(rating) {
  const review = state.review;
  const card = onScreen() ? currentCard(review.session) : null;
  if (!card || !review.flipped || review.busy) return;
  review.busy = true;
  render();
  try {
    const result = await reviewCard(card.id, rating, card.reps);
    useProgress(result.progress);
    if (state.review !== review) return;
    review.session = afterAnswer(review.session, rating, result.card, { now: Date.now(), xp: result.xp });
  } catch (error) {
    if (state.review !== review) return;
    if (!isStale(error)) { review.busy = false; tell(errorText(error), "error"); return; }
    // 409 review_stale: the card was answered already (on another device, or this very answer
    // when its reply was lost and it was sent again). Not an error: the card goes, a short note says why.
    review.session = dropCurrent(review.session);
    tell(t("review.stale"), "info");
  }
  review.busy = false;
  review.flipped = false;
  render();
  if (isOver(review.session) && review.session.answers) celebrate({ xp: review.session.xp });
  focusCard();
  sayCounter();
}

// ---- Keys and swipes

/** The key's target: null for the page itself (body, document), else the element. */
const keyTarget = (event) => {
  const element = event.target instanceof Element ? event.target : null;
  return !element || element === document.body || element === document.documentElement ? null : element;
};

const describeFocus = (element) => (element
  ? { tag: element.tagName, role: element.getAttribute("role") ?? "", editable: Boolean(element.isContentEditable) } : null);

const modalOpen = () => [...document.querySelectorAll("dialog[open]")].some((dialog) => {
  try { return dialog.matches(":modal"); } catch { return dialog.id !== "voice-help"; }
});

// Before the voice button's own listener (which leaves a key whose default was prevented alone):
// on this screen Space turns the card, as in the original.
addEventListener("keydown", (event) => {
  if (!onScreen() || state.review.busy || !currentCard(state.review.session)) return;
  const target = keyTarget(event);
  const meaning = reviewKey(event, { flipped: state.review.flipped, focus: describeFocus(target), inCard: Boolean(target?.closest("#review-card")),
    modalOpen: modalOpen() });
  if (!meaning) return;
  event.preventDefault();
  if (meaning === "flip") flip();
  else if (meaning !== "swallow") answer(meaning);
}, { capture: true });

// A finger or a pen only: a mouse dragged across the answer selects its words (swipeRating says so too).
// Watched once, on the document: the card is drawn anew on every redraw (the banner's clock, a
// message), and a swipe that began on one drawing of it must still count when it ends on the next.
let swipeStart = null;
document.addEventListener("pointerdown", (event) => {
  const onCard = event.target instanceof Element && event.target.closest("#review-card");
  swipeStart = onCard && state.review?.flipped && event.isPrimary && SWIPE_POINTERS.has(event.pointerType)
    ? { x: event.clientX, y: event.clientY, id: event.pointerId } : null;
});
document.addEventListener("pointercancel", () => { swipeStart = null; });
document.addEventListener("pointerup", (event) => {
  if (!swipeStart || event.pointerId !== swipeStart.id) return;
  const rating = swipeRating({ dx: event.clientX - swipeStart.x, dy: event.clientY - swipeStart.y, pointerType: event.pointerType });
  swipeStart = null;
  if (rating && state.review?.flipped && onScreen()) answer(rating);
});

// ---- Drawing

function flashcard(card, flipped) {
  const review = state.review;
  // Drawn unturned and turned a frame later, so the turn is seen (the screen is drawn anew each time).
  const turning = review.turning;
  review.turning = false;
  const element = h("div", { class: `mb-flashcard${flipped && !turning ? " flipped" : ""}`, id: "review-card", dataset: { card: card.id } },
    h("div", { class: "mb-flashcard-inner" },
      h("button", { class: "mb-face mb-face-front", type: "button", id: "review-flip", inert: flipped, onclick: flip },
        h("span", { class: "mb-face-label" }, t("review.question")),
        h("span", { class: "mb-face-text" }, card.front),
        h("span", { class: "mb-face-hint" }, h("span", { "aria-hidden": "true" }, "👆 "), t("review.tapToTurn"))),
      // The back takes the focus once turned: its name is "Risposta", its description the answer itself, so it is read.
      h("div", { class: "mb-face mb-face-back", id: "review-back", role: "group", "aria-labelledby": "review-back-label",
        "aria-describedby": "review-back-text", tabindex: "-1", inert: !flipped },
      h("span", { class: "mb-face-label", id: "review-back-label" }, t("review.answer")),
      h("span", { class: "mb-face-question" }, card.front),
      h("span", { class: "mb-face-text", id: "review-back-text" }, card.back))));
  if (flipped && turning) requestAnimationFrame(() => { void element.offsetWidth; element.classList.add("flipped"); });
  return element;
}

function ratings(card) {
  const busy = state.review.busy;
  return h("div", { class: "mb-ratings", role: "group", "aria-label": t("review.howWell"), id: "review-ratings" },
    RATINGS.map((rating, index) => h("button", {
      class: `btn mb-btn mb-rating mb-rating-${rating}`, type: "button", id: `review-${rating}`, disabled: busy, "aria-keyshortcuts": String(index + 1),
      onclick: () => answer(rating),
    },
    h("span", { class: "mb-rating-word" }, h("span", { "aria-hidden": "true" }, `${RATING_EMOJI[rating]} `), t(`review.rating.${rating}`)),
    h("span", { class: "mb-rating-when" }, intervalText(card.previews?.[rating])))));
}

/** The ways on from the session: its material (or all cards), and Home. */
function waysOut() {
  const materialId = state.review?.materialId;
  return h("div", { class: "mb-row mb-end" },
    materialId ? linkButton({ href: `#material/${encodeURIComponent(materialId)}`, emoji: "📄", label: t("review.toMaterial"), cls: "mb-big-btn", id: "review-to-material" })
      : linkButton({ href: "#cards", emoji: "🗂️", label: t("review.toCards"), cls: "mb-big-btn", id: "review-to-cards" }),
    homeLink());
}

function nextLine(nextDue) {
  return h("p", { class: "mb-lead", id: "review-end-next" }, nextDue ? t("review.next", { when: dueText(nextDue) }) : t("review.noNext"));
}

function endScreen(session) {
  const done = summary(session);
  const materialId = state.review.materialId;
  const more = done.remaining > 0
    ? button({ emoji: "🔁", label: t("review.more", { count: done.remaining }), cls: "primary mb-primary", id: "review-more", onclick: () => startReview(materialId) }) : null;
  if (!done.answers) {
    const none = !done.nextDue && !done.remaining;
    return h("section", { class: "mb-card mb-review-end center", id: "review-empty" },
      h("p", { class: "mb-big" }, none ? (materialId ? t("review.noCardsMaterial") : t("review.noCards")) : t("review.nothingDue")),
      none ? null : nextLine(done.nextDue), more,
      materialId ? null : linkButton({ href: "#cards", emoji: "🗂️", label: t("review.toCards"), cls: "mb-primary", id: "review-end-cards" }));
  }
  const words = [t("review.endTitle"), t("review.endCards", { count: done.cards }), t("review.endRight", { right: done.right, answers: done.answers })].join(" ");
  return h("section", { class: "mb-card mb-review-end center", id: "review-end" },
    h("h2", { class: "mb-big" }, t("review.endTitle"), hearButton(words)),
    h("p", { class: "mb-lead", id: "review-end-count" }, t("review.endCards", { count: done.cards })),
    h("p", { class: "mb-lead", id: "review-end-right" }, t("review.endRight", { right: done.right, answers: done.answers })),
    done.xp ? h("p", { class: "mb-lead mb-cheer", id: "review-end-xp" }, t("review.xp", { xp: done.xp })) : null,
    nextLine(done.nextDue),
    h("div", { class: "mb-row mb-review-end-actions" }, more,
      materialId ? null : linkButton({ href: "#cards", emoji: "🗂️", label: t("review.toCards"), cls: "mb-primary", id: "review-end-cards" })));
}

export function reviewScreen() {
  const review = state.review;
  const title = screenTitle("🔁", t("review.title"));
  if (!review || review.loading) return h("div", { class: "mb-stack" }, title, h("p", { class: "hint", role: "status" }, t("common.loading")), waysOut());
  if (review.error) return h("div", { class: "mb-stack" }, title, errorLine(review.error, "review-error"), waysOut());
  const { session } = review;
  const card = currentCard(session);
  if (!card) return h("div", { class: "mb-stack mb-review" }, title, endScreen(session), waysOut());
  const { n, of } = position(session);
  return h("div", { class: "mb-stack mb-review" },
    h("div", { class: "mb-review-top", id: "review-top" },
      h("h1", { class: "mb-title" }, h("span", { "aria-hidden": "true" }, "🔁 "), t("review.title")),
      // Said by the live region outside the screen (sayCounter), once per new card.
      h("p", { class: "mb-review-counter", id: "review-counter" }, t("review.counter", { n, of })),
      hearButton(() => (state.review?.flipped ? card.back : card.front), { id: "review-hear" })),
    flashcard(card, review.flipped),
    review.flipped ? ratings(card) : null,
    // Each hint where it helps: the swipe on touch screens, the keys where there is a mouse (cards.css).
    review.flipped ? h("p", { class: "hint mb-hint-touch" }, t("review.swipeHint")) : null,
    h("p", { class: "hint mb-hint-keys" }, t("review.keysHint")),
    waysOut());
}

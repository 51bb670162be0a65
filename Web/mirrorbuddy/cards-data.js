// Talking to /api/mirrorbuddy/ about flashcards (the cards contract): the cards and their due
// count, one card with its history, adding, changing and deleting cards, a material's suggested
// cards, the due cards of a review and each answer, and the desired retention. The loaders put
// what a screen shows into the state and draw it; the request bodies of the add form and of the
// chosen suggestions are made here too (pure).
import { api } from "../shared/api.js";
import { timeZone } from "./days.js";
import { render, state } from "./state.js";

const BASE = "/api/mirrorbuddy";
const path = (id) => encodeURIComponent(id);

export const FRONT_MAX = 1000;  // a card's sides, in characters, as the server takes them
export const BACK_MAX = 2000;
export const BATCH = 50;        // cards one POST cards takes

/** The query of a cards or review request: the filters given ("" and null left out), with its "?". */
export function cardsQuery({ subjectId = null, materialId = null } = {}) {
  const query = new URLSearchParams();
  if (subjectId) query.set("subjectId", subjectId);
  if (materialId) query.set("materialId", materialId);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** {cards: [Card], due} newest first. */
export const listCards = (filter) => api(`${BASE}/cards${cardsQuery(filter)}`);

/** Adds 1…50 cards: {subjectId?, materialId?, cards: [{front, back, source?}]} → {cards}. */
export const addCards = (body) => api(`${BASE}/cards`, { method: "POST", body });

/** {card, history} (history oldest first). */
export const getCard = (id) => api(`${BASE}/cards/${path(id)}`);
export const changeCard = (id, change) => api(`${BASE}/cards/${path(id)}`, { method: "PATCH", body: change });
export const deleteCard = (id) => api(`${BASE}/cards/${path(id)}`, { method: "DELETE" });

/** {suggestions: [{front, back, kind}], words}: nothing is stored. */
export const suggestCards = (materialId) => api(`${BASE}/materials/${path(materialId)}/card-suggestions`, { method: "POST" });

/** {cards: [ReviewCard] (up to 20), remaining, nextDue}. */
export const dueCards = (filter) => api(`${BASE}/review${cardsQuery(filter)}`);

/** Where an answer goes: with the student's time zone, as data.js sends it with every call that earns XP (XP counts by day). */
export const reviewPath = (id, zone = timeZone()) => `${BASE}/cards/${path(id)}/review?tz=${encodeURIComponent(zone)}`;

/** One answer: `reps` is the card's reps as the page showed it → {card, interval, xp, progress}. */
export const reviewCard = (id, rating, reps) => api(reviewPath(id), { method: "POST", body: { rating, reps } });

export const cardSettings = () => api(`${BASE}/cards/settings`);
export const saveCardSettings = (desiredRetention) => api(`${BASE}/cards/settings`, { method: "PUT", body: { desiredRetention } });

/** The request body of the add form's values (a card written by hand), or null when a side is empty. */
export function handCardBody({ front = "", back = "", subjectId = "" } = {}) {
  const card = { front: String(front).trim(), back: String(back).trim(), source: "hand" };
  if (!card.front || !card.back) return null;
  return { subjectId: subjectId || null, cards: [card] };
}

/** The request bodies for the ticked suggestions: [{materialId, cards}] of at most 50 each; null if a ticked one lacks a side. */
export function chosenBodies(materialId, list, batch = BATCH) {
  const cards = list.filter((item) => item.chosen).map((item) => ({ front: String(item.front).trim(), back: String(item.back).trim(), source: "suggested" }));
  if (cards.some((card) => !card.front || !card.back)) return null;
  const bodies = [];
  for (let i = 0; i < cards.length; i += batch) bodies.push({ materialId, cards: cards.slice(i, i + batch) });
  return bodies;
}

// ---- Loaders

/** The list of #cards (with the current subject filter); the due count of all cards when unfiltered. */
export async function loadCards() {
  const cards = state.cards;
  const asked = cards.subjectId;
  cards.error = null;
  try {
    const answer = await listCards({ subjectId: asked });
    if (state.cards.subjectId !== asked) return;
    cards.list = answer.cards;
    if (!asked) cards.due = answer.due;
  } catch (error) {
    cards.error = error;
  }
  render();
}

export async function loadCardSettings() {
  try {
    state.cards.retention = (await cardSettings()).desiredRetention;
  } catch {
    state.cards.retention = null;
  }
  render();
}

const showingCard = (id) => state.route.name === "card" && state.route.id === id;

/** Card `id` with its history, and a draft of its words to edit. */
export async function loadCard(id) {
  if (state.card?.id !== id) state.card = { id, card: null, history: [], error: null, draft: null };
  try {
    const { card, history } = await getCard(id);
    if (!showingCard(id)) return;
    state.card = { id, card, history: history ?? [], error: null, draft: { front: card.front, back: card.back, subjectId: card.subjectId ?? "" } };
  } catch (error) {
    if (!showingCard(id)) return;
    state.card = { ...state.card, error };
  }
  render();
}

/** Home's count of due cards: one small request (at most 20 cards and how many more). */
export async function loadCardsDue() {
  try {
    const answer = await dueCards();
    state.cardsDue = answer.cards.length + (Number(answer.remaining) || 0);
  } catch {
    state.cardsDue = null;
  }
  render();
}

// The page's one state object, the render hook every screen module calls, and syncing with the
// server (the outbox of answers and the progress merge).
import { say, speak, stopSpeaking } from "../shared/speech.js";
import { flush, pendingAnswers } from "./outbox.js";
import { teachingLines } from "./sentences.js";

export const state = {
  screen: "loading",      // loading | onboarding | home | game | complete | settings | error
  childId: null,
  child: null,            // the hub's child profile ({id, name, grade, avatar})
  me: null,               // {player, progress, adsRemoved, assignedWords}
  progress: { completed: {}, current: {}, epochs: {} },
  onboardingStep: 0,
  draft: { name: "", grade: 1 },
  game: null,             // the server's game view, advanced here
  typed: "",
  caret: null,            // where the caret goes when the input is drawn again
  selectedTile: null,     // the letter tile being replaced
  feedback: null,         // null | {kind: "correct"|"incorrect"|"giveUp", text, attempt, word}
  misses: 0,              // words of this game not right on the first try
  missed: [],             // ...and which words, for the list at the level's end
  stars: 3,
  wordShownAt: 0,
  voiceFailures: 0,
  keyboardOffered: false,
  voiceStatus: "",
  offline: false,
  message: "",
  voiceList: [],
  spokenHome: false,      // the home screen's instruction is said once a visit
};

let renderer = () => {};

export function setRenderer(fn) { renderer = fn; }

/** Draws the current screen. */
export function render() { renderer(); }

/** The voice the child chose, for speak() and say(). */
export const voiceOption = () => ({ voice: state.me?.player.voice ?? undefined });

/** Says a kid's instruction now (stopping what was being said). */
export function tell(text) {
  return speak(text, voiceOption());
}

/** Teaches a word: the word, a pause, its sentence, a pause, the word (or the word twice). */
export function teach(word) {
  stopSpeaking();
  const lines = teachingLines(word);
  return Promise.all(lines.map(({ text, gap }) => say(text, { ...voiceOption(), gap })));
}

export const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Sends the outbox and merges progress; quietly marks the page offline when it cannot. */
export async function sync() {
  try {
    // An answer queued while a flush was under way is sent by the next round.
    do {
      const result = await flush(state.childId);
      state.offline = result.offline;
      if (result.progress) state.progress = result.progress;
    } while (!state.offline && pendingAnswers(state.childId) > 0);
  } catch (error) {
    state.message = error.message;
  }
}

/** Puts the focus on `selector` once the screen is drawn (the next thing to do). */
export function focus(selector) {
  const element = document.querySelector(selector);
  element?.focus();
  return element;
}

// The game's actions: start or resume a level, say each word (alone and in a sentence), check
// answers here and send them through the outbox, Retry with the attempt kept, giving up letter by
// letter, the level's end, ✕ that asks first, and spelling by voice. The level is kept on the
// device at every step (saved.js) and has its own history entry (#level-N), so a reload, Back
// then Forward, or the resume button on the home screen come back to it without another ad.
import { api, ApiError } from "../shared/api.js";
import { sounds } from "../shared/sounds.js";
import { say, speak, stopSpeaking } from "../shared/speech.js";
import { showAd } from "./ads.js";
import { closeConfirm, confirmStop } from "./confirm.js";
import { fixHint, spellingDiff } from "./diff.js";
import { applyAnswer, completeLevel, currentWord, stars } from "./game.js";
import { isOffline, pendingAnswers, queueAnswer, saveLocalProgress } from "./outbox.js";
import { clearLevel, flag, loadLevel, saveLevel, setFlag, snapshot } from "./saved.js";
import { focus, pick, render, state, sync, teach, tell, voiceOption } from "./state.js";
import { focusInput } from "./tiles.js";
import { voiceSpelling } from "./voice.js";
import { ErrorCode } from "../shared/error-codes.js";

const praise = ["Great job!", "Excellent!", "You got it!", "Perfect!", "Amazing!", "Wonderful!"];
const comfort = ["Nice try!", "Almost there!", "Keep trying!", "Don't give up!"];

// MARK: - The level's place in history and on the device

/** The level named by the address (#level-N), or null. */
export function levelInHash() {
  const match = /^#level-(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

function enterGameURL(level) {
  const hash = `#level-${level}`;
  if (location.hash === hash) return;
  if (history.state?.spellflare === "game") history.replaceState({ spellflare: "game" }, "", hash);
  else history.pushState({ spellflare: "game" }, "", hash);
}

/** Leaves the game's history entry (Back to the home entry when the game pushed one). */
export function leaveGameURL() {
  if (!levelInHash()) return;
  if (history.state?.spellflare === "game") history.back();
  else history.replaceState(null, "", location.pathname + location.search);
}

/** Keeps the level being played on this device (called on every redraw). */
export function persist() {
  if (state.game && (state.screen === "game" || state.screen === "complete")) saveLevel(state.childId, snapshot(state));
}

/** Home, with the level kept to resume (the browser's Back). */
export function backHome() {
  closeConfirm(false);
  stopSpeaking();
  persist();
  state.game = null;
  state.feedback = null;
  state.screen = "home";
  render();
  focusHome();
}

/** On the home screen, the focus goes to what comes next: the level to resume, or the next level. */
export function focusHome() {
  focus("#resume-level") ?? focus(".level.unlocked");
}

// MARK: - Starting and resuming

export async function startLevel(level) {
  sounds.tap();
  const grade = state.me.player.grade;
  const saved = loadLevel(state.childId);
  if (saved && saved.grade === grade && saved.level === level && !saved.game.over) return resumeLevel(saved);
  state.message = "";
  let game;
  try {
    // The words are fetched while the ad counts down, so the first word is ready when it ends.
    const started = api("/api/spellflare/sessions", { method: "POST", body: { grade, level } });
    started.catch(() => {});
    if (!state.me.adsRemoved) {
      const result = await showAd({ kind: "pre", level, ...voiceOption(), onAdsRemoved: () => { state.me.adsRemoved = true; } });
      if (result.adsRemoved) state.me.adsRemoved = true;
    }
    game = await started;
  } catch (error) {
    state.message = error instanceof ApiError && error.code === ErrorCode.levelLocked
      ? "Finish the levels before this one first!"
      : isOffline(error) ? "New levels need the internet. Check the connection and try again." : error.message;
    state.screen = "home";
    leaveGameURL();
    render();
    return;
  }
  clearLevel(state.childId);
  beginGame({ ...game, cameBack: [] });
  enterGameURL(game.level);
  presentWord();
}

function beginGame(game, saved = {}) {
  state.game = game;
  state.misses = saved.misses ?? 0;
  state.missed = saved.missed ?? [];
  state.voiceFailures = saved.voiceFailures ?? 0;
  state.keyboardOffered = saved.keyboardOffered ?? false;
  state.voiceStatus = "";
  state.feedback = null;
  state.selectedTile = null;
  state.screen = "game";
}

/** Goes on with a kept level at the same word and answers: the server's count when it has them all. */
export async function resumeLevel(saved) {
  stopSpeaking();
  state.message = "";
  let game = saved.game;
  if (!game.over) {
    try {
      await sync();
      const server = await api(`/api/spellflare/sessions/${encodeURIComponent(game.id)}`);
      if (pendingAnswers(state.childId) === 0 && server.answers >= game.answers) game = { ...server, cameBack: game.cameBack ?? [] };
    } catch (error) {
      if (!isOffline(error)) {
        // The server no longer has this game: start the level afresh from home.
        clearLevel(state.childId);
        state.screen = "home";
        leaveGameURL();
        render();
        return;
      }
    }
  }
  beginGame(game, saved);
  enterGameURL(game.level);
  if (game.passed) return levelComplete();
  if (game.over) return levelFailed();
  const waiting = saved.feedback;
  if (waiting?.kind === "incorrect" && waiting.position === game.position && game.triesOnWord > 0) {
    return showIncorrect(waiting.attempt, waiting.text);
  }
  presentWord();
}

// MARK: - Words and answers

/** Shows the current word's spelling box (with `attempt` kept for Retry) and says the word. */
export function presentWord({ attempt = "", caret = null } = {}) {
  state.typed = attempt;
  state.feedback = null;
  state.selectedTile = null;
  state.wordShownAt = performance.now();
  render();
  focusInput(caret);
  sayWord();
}

/** The word, a pause, the word in a sentence, a pause, the word. */
export function sayWord() {
  const word = currentWord(state.game);
  if (word) teach(word);
}

export function sayWordOnly() {
  const word = currentWord(state.game);
  if (word) speak(word, voiceOption());
}

function remember(word) {
  if (word && !state.missed.includes(word)) state.missed = [...state.missed, word];
}

async function answer(body) {
  const seconds = Math.round((performance.now() - state.wordShownAt) / 100) / 10;
  const request = { seq: state.game.answers, ...body, seconds, answeredAt: new Date().toISOString() };
  const result = applyAnswer(state.game, body);
  state.game = result.game;
  queueAnswer(state.childId, state.game.id, request);
  sync().then(() => { if (state.screen !== "game") render(); });
  return result;
}

export async function submit() {
  if (state.feedback || !state.typed.trim() || state.screen !== "game") return;
  const attempt = state.typed;
  const result = await answer({ answer: attempt });
  if (result.outcome === "correct") {
    if (!result.firstTry) state.misses += 1;
    sounds.success();
    const text = pick(praise);
    state.feedback = { kind: "correct", text };
    render();
    tell(text);
    const game = state.game;
    setTimeout(() => { if (state.game === game && state.feedback?.kind === "correct") next(result); }, 2000);
  } else {
    remember(result.word);
    sounds.gentle();
    showIncorrect(attempt, pick(comfort));
  }
}

/** A wrong answer: the letters marked, Retry (focused) or Give up, and what to do said aloud. */
function showIncorrect(attempt, text) {
  state.feedback = { kind: "incorrect", text, attempt };
  render();
  focus("#retry");
  tell(`${text} ${fixHint(spellingDiff(attempt, currentWord(state.game)))} Tap Retry to try again, or Give up.`);
}

/** Retry keeps the attempt in the box, the caret at the first thing to fix. */
export function retry() {
  sounds.tap();
  const diff = spellingDiff(state.feedback?.attempt ?? "", currentWord(state.game) ?? "");
  presentWord({ attempt: diff.attempt, caret: diff.firstError < 0 ? null : diff.firstError });
}

export async function giveUp() {
  sounds.tap();
  const result = await answer({ giveUp: true });
  state.misses += 1;
  remember(result.word);
  state.feedback = { kind: "giveUp", word: result.word, shown: 0 };
  render();
  const { voice } = voiceOption();
  await speak("The correct spelling is", { voice });
  // Each letter appears as it is said (with a steady beat when sound is off).
  for (const letter of result.word) {
    if (state.feedback?.kind !== "giveUp") return;
    state.feedback.shown += 1;
    render();
    const { played } = await say(`${letter.toUpperCase()}.`, { voice, gap: 250 });
    if (!played) await new Promise((resolve) => setTimeout(resolve, 600));
  }
  if (state.feedback?.kind !== "giveUp") return;
  await speak(result.word, { voice });
  if (state.feedback?.kind !== "giveUp") return;
  state.feedback.shown = result.word.length;
  state.feedback.done = true;
  render();
  focus("#next-word");
}

export async function next(result) {
  if (state.screen !== "game") return;
  if (result?.levelComplete || state.game.passed) return levelComplete();
  if (state.game.over) return levelFailed();
  // Each new word starts with the microphone offered again.
  state.voiceFailures = 0;
  state.keyboardOffered = false;
  state.voiceStatus = "";
  presentWord();
}

/** Fifteen words without ten right: play the level again, gently. */
function levelFailed() {
  clearLevel(state.childId);
  state.game = null;
  state.message = "So close! Let's try this level again.";
  state.screen = "home";
  leaveGameURL();
  render();
  tell(state.message);
  focusHome();
}

async function levelComplete() {
  const { grade, level } = state.game;
  state.progress = completeLevel(state.progress, grade, level);
  saveLocalProgress(state.childId, state.progress);
  sync();
  state.stars = stars(state.misses);
  state.feedback = null;
  state.screen = "complete";
  render();
  focus("#next-level") ?? focus("#complete-home");
  sounds.success();
  tell(state.missed.length
    ? "Congratulations! You completed the level! Tap a word to hear it again, then tap Next level."
    : "Congratulations! You completed the level! Tap Next level to keep going.");
}

export async function afterLevel(action) {
  sounds.tap();
  stopSpeaking();
  const level = state.game.level;
  clearLevel(state.childId);
  if (!state.me.adsRemoved) {
    const result = await showAd({ kind: "post", onAdsRemoved: () => { state.me.adsRemoved = true; } });
    if (result.adsRemoved) state.me.adsRemoved = true;
  }
  clearLevel(state.childId);
  state.game = null;
  state.screen = "home";
  if (action === "next" && level < 50) {
    render();
    startLevel(level + 1);
    return;
  }
  leaveGameURL();
  render();
  focusHome();
}

/** ✕ asks first; Stop ends the level (nothing is kept to resume), Keep playing goes back to it. */
export async function quitGame() {
  sounds.tap();
  stopSpeaking();
  const stop = await confirmStop(voiceOption());
  if (state.screen !== "game") return;  // Back went home meanwhile
  if (!stop) {
    if (state.feedback?.kind === "incorrect") focus("#retry");
    else if (state.feedback?.done) focus("#next-word");
    else focusInput();
    return;
  }
  clearLevel(state.childId);
  state.game = null;
  state.feedback = null;
  state.screen = "home";
  leaveGameURL();
  render();
  focusHome();
}

// MARK: - Spelling by voice

export async function spellByVoice() {
  sounds.tap();
  stopSpeaking();
  if (!flag(state.childId, "voice-howto")) {
    // Before the first voice try: how to say the letters, said and shown.
    const go = await voiceSpelling.howTo(voiceOption());
    if (!go) { focusInput(); return; }
    setFlag(state.childId, "voice-howto");
  }
  const game = state.game;
  const result = await voiceSpelling.listen({
    sessionId: state.game.id,
    onStatus: (text) => { state.voiceStatus = text; const line = document.getElementById("voice-status"); if (line) line.textContent = text; },
  });
  if (state.screen !== "game" || state.game !== game || state.feedback) return;
  if (result.letters && result.accepted) {
    // Right by voice: taken at once.
    state.typed = result.letters;
    state.voiceStatus = "";
    render();
    return submit();
  }
  if (result.letters) state.typed = result.letters;
  state.voiceFailures += 1;
  const offered = (result.typeInstead || state.voiceFailures >= 2) && !state.keyboardOffered;
  if (offered) {
    state.keyboardOffered = true;
    if (!result.typeInstead) state.voiceStatus = "";
  }
  state.selectedTile = null;
  render();
  focusInput();
  if (offered && !result.typeInstead) tell("Let's use the keyboard for this one!");
  else if (state.voiceStatus) tell(state.voiceStatus);
}

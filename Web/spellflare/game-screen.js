// The game's screens: the word card (hear it, spell it as tiles, by keyboard or by voice), the
// feedback after an answer (a wrong one marked letter by letter), giving up, and the level's end
// with the words to practise.
import { h } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { fixHint, spellingDiff } from "./diff.js";
import { currentWord } from "./game.js";
import { afterLevel, giveUp, next, quitGame, retry, sayWord, sayWordOnly, spellByVoice, submit } from "./play.js";
import { state, teach } from "./state.js";
import { diffTiles, editableTiles, onTyped } from "./tiles.js";
import { confetti, instruction } from "./ui.js";
import { voiceSpelling } from "./voice.js";

/** The top bar: ✕, progress and level. Drawn after the card so Tab reaches the word first (CSS puts it on top). */
function header(game) {
  const progress = h("div", { class: "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": String(game.requiredCorrect),
    "aria-valuenow": String(Math.min(game.correctCount, game.requiredCorrect)), "aria-label": "Words right" },
  h("div", { class: "bar", style: `width: ${Math.min(100, (game.correctCount / game.requiredCorrect) * 100)}%` }));
  return h("header", { class: "game-top" },
    h("button", { class: "btn kid", type: "button", id: "quit-game", "aria-label": "Stop and go home", onclick: quitGame }, "✕"),
    h("div", { class: "game-progress" }, progress, h("p", { id: "progress-text" }, `${game.correctCount} / ${game.requiredCorrect} ⭐`)),
    h("p", { class: "level-name" }, `Level ${game.level}`));
}

export function gameScreen() {
  const game = state.game;
  const feedback = state.feedback;
  const screen = (...children) => h("div", { class: "game" }, ...children, header(game));

  if (feedback?.kind === "correct") {
    return screen(h("section", { class: "sf-card feedback correct", id: "feedback", role: "status" },
      h("div", { class: "face", "aria-hidden": "true" }, "🎉"), h("h1", {}, feedback.text)));
  }
  if (feedback?.kind === "incorrect") {
    const diff = spellingDiff(feedback.attempt, currentWord(game) ?? "");
    const hint = `${fixHint(diff)} Tap Retry to try again, or Give up.`.trim();
    return screen(h("section", { class: "sf-card feedback incorrect", id: "feedback" },
      h("div", { class: "face", "aria-hidden": "true" }, "🤗"), h("h1", { role: "status" }, feedback.text),
      diffTiles(diff),
      instruction(hint, { id: "fix-hint", spoken: `${feedback.text} ${hint}` }),
      h("div", { class: "row" },
        h("button", { class: "btn kid sf-primary", type: "button", id: "retry", onclick: retry }, "🔁 Retry"),
        h("button", { class: "btn kid", type: "button", id: "give-up", onclick: giveUp }, "Give up"))));
  }
  if (feedback?.kind === "giveUp") {
    const letters = [...feedback.word];
    return screen(h("section", { class: "sf-card feedback give-up", id: "feedback", role: "status" },
      h("p", { class: "lead" }, "The correct spelling is"),
      h("div", { class: "tiles reveal", id: "reveal", "aria-label": feedback.word },
        letters.map((letter, index) => h("span", { class: `tile${index < feedback.shown ? " shown" : ""}` }, index < feedback.shown ? letter.toUpperCase() : ""))),
      feedback.done ? h("button", { class: "btn kid sf-primary", type: "button", id: "next-word", onclick: () => { sounds.tap(); next(); } }, "Next word →") : null));
  }

  const input = h("input", {
    id: "spelling-input", class: "sf-input spelling", value: state.typed, autocomplete: "off", autocapitalize: "none", spellcheck: "false",
    maxlength: "40", "aria-label": "Type the spelling", inputmode: "text",
    oninput: onTyped,
    onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); submit(); } },
  });
  const voice = voiceSpelling.isSupported() && !state.keyboardOffered
    ? h("button", { class: "btn kid mic", type: "button", id: "spell-by-voice", "aria-label": "Spell it out loud", onclick: spellByVoice }, "🎤 Say the letters")
    : null;
  const howTo = voice ? "Listen, then type the word or tap the microphone and say its letters." : "Listen, then type the word.";
  return screen(
    h("section", { class: "sf-card word-card" },
      instruction("Listen and spell the word", { id: "game-instruction", spoken: howTo }),
      h("div", { class: "row" },
        h("button", { class: "btn kid repeat", type: "button", id: "repeat-word", "aria-label": "Hear the word and its sentence again",
          onclick: () => { sounds.tap(); sayWord(); } }, "🔊 Repeat"),
        h("button", { class: "btn kid repeat", type: "button", id: "word-only", "aria-label": "Hear just the word",
          onclick: () => { sounds.tap(); sayWordOnly(); } }, "🔤 Word only")),
      h("div", { id: "tiles-slot" }, editableTiles()),
      input,
      state.keyboardOffered ? instruction("Let's use the keyboard for this one! ⌨️", { id: "keyboard-offered", className: "hint",
        spoken: "Let's use the keyboard for this one!" }) : null,
      h("p", { class: "hint", id: "voice-status", role: "status" }, state.voiceStatus ?? ""),
      h("div", { class: "row" }, voice,
        h("button", { class: "btn kid sf-primary", type: "button", id: "submit-spelling", onclick: submit }, "Submit ✓"))),
    state.offline ? h("p", { class: "offline-note" }, "Offline: your answers are saved and sent later.") : null);
}

/** The level's end: stars, the words missed (🔊 to hear each), and the next thing to do. */
export function completeScreen() {
  const count = state.stars ?? 3;
  const level = state.game.level;
  const missed = state.missed.length ? h("section", { class: "missed", "aria-labelledby": "missed-title" },
    instruction("Words to practise", { id: "missed-title", tag: "h2", className: "missed-title",
      spoken: "Words to practise. Tap a word's speaker to hear it." }),
    h("ul", { class: "missed-words", id: "missed-words" }, state.missed.map((word) => h("li", { dataset: { word } },
      h("span", { class: "missed-word" }, word),
      h("button", { class: "btn kid say-word", type: "button", "aria-label": `Hear ${word}`,
        onclick: () => { sounds.tap(); teach(word); } }, "🔊"))))) : null;
  return h("section", { class: "sf-card complete", id: "level-complete" },
    confetti(),
    h("div", { class: "stars", "aria-label": `${count} of 3 stars` }, [1, 2, 3].map((i) => h("span", { class: `star${i <= count ? " on" : ""}` }, "⭐"))),
    h("h1", { class: "sf-title", role: "status" }, `Level ${level} complete!`),
    h("p", { class: "lead" }, "You're a spelling star! 🐝"),
    missed,
    h("div", { class: "row" },
      level < 50 ? h("button", { class: "btn kid sf-primary", type: "button", id: "next-level", onclick: () => afterLevel("next") }, "Next level →") : null,
      h("button", { class: "btn kid", type: "button", id: "complete-home", onclick: () => afterLevel("home") }, "🏠 Home")));
}

// Spelling by voice: the child says the letters ("C… A… T…") into the microphone; the server
// recognises them against the word being asked and answers with the letters it heard. Before the
// first try, a how-to says and shows it: C… A… T… appearing one letter at a time.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { microphoneProblem, startRecording } from "../shared/recorder.js";
import { sounds } from "../shared/sounds.js";
import { say, speak, stopSpeaking } from "../shared/speech.js";
import { ErrorCode } from "../shared/error-codes.js";

/** Longest spelling we listen to: about 1.5 s a letter for the longest grade-7 words. */
const maxSeconds = 25;

export const voiceSpelling = {
  isSupported() {
    return Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== "undefined";
  },

  /**
   * The how-to before the first voice try: "Say each letter, then wait a moment: C… A… T…", said
   * aloud while the letters appear one at a time (all at once with reduced motion). Resolves true
   * to go on to the microphone, false if cancelled.
   */
  howTo({ voice } = {}) {
    const still = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    const example = ["C", "A", "T"];
    return openSheet({
      label: "How to spell out loud",
      render(body, close) {
        const letters = example.map((letter) => h("span", { class: `tile howto-letter${still ? " shown" : ""}` }, letter));
        let run = 0;
        const play = async () => {
          const mine = ++run;
          stopSpeaking();
          if (!still) letters.forEach((tile) => tile.classList.remove("shown"));
          await speak("Say each letter, then wait a moment.", { voice });
          for (const tile of letters) {
            if (run !== mine) return;
            tile.classList.add("shown");
            const { played } = await say(`${tile.textContent}.`, { voice, gap: 450 });
            if (!played && !still) await new Promise((resolve) => setTimeout(resolve, 700));
          }
        };
        mount(body,
          h("div", { class: "gate-icon", "aria-hidden": "true" }, "🎤"),
          h("h2", {}, "Spell it out loud"),
          h("p", { class: "lead", id: "voice-howto-text" }, "Say each letter, then wait a moment: C… A… T…"),
          h("div", { class: "tiles howto", "aria-hidden": "true" }, letters),
          h("div", { class: "row" },
            h("button", { class: "btn kid say-again", type: "button", id: "voice-howto-say", "aria-label": "Hear how again",
              onclick: () => { sounds.tap(); play(); } }, "🔊"),
            h("button", { class: "btn kid sf-primary", type: "button", id: "voice-howto-go", autofocus: true,
              onclick: () => { sounds.tap(); close(true); } }, "Got it! 🎤")));
        play();
        return () => { run += 1; stopSpeaking(); };
      },
    });
  },

  /**
   * Records in a sheet (level meter, a big Done button) and sends the recording.
   * Resolves to {letters, accepted, problem}: letters heard ("" when none), whether they spell
   * the word, and a message for the child when the microphone could not be used.
   */
  async listen({ sessionId, onStatus = () => {} }) {
    let recording;
    let showLevel = () => {};
    try {
      recording = await startRecording({ maxSeconds, processing: false, onLevel: (level) => showLevel(level), onLimit: () => done?.() });
    } catch (error) {
      const problem = microphoneProblem(error);
      onStatus(problem);
      return { letters: "", accepted: false, problem };
    }
    let done = null;
    const audio = await openSheet({
      label: "Spell it out loud",
      cancelText: "Cancel",
      render(body, close) {
        const fill = h("div", { class: "meter-fill" });
        done = async () => {
          sounds.tap();
          done = null;
          try { close(await recording.stop()); } catch { close(null); }
        };
        showLevel = (level) => { fill.style.transform = `scaleX(${level})`; };
        mount(body,
          h("div", { class: "gate-icon", "aria-hidden": "true" }, "🎤"),
          h("h2", {}, "Say the letters"),
          h("p", { class: "hint" }, "Say each letter with a little pause: C… A… T…"),
          h("div", { class: "meter", "aria-hidden": "true" }, fill),
          h("button", { class: "btn kid sf-primary", type: "button", id: "voice-done", autofocus: true, onclick: () => done?.() }, "Done ✓"));
        return () => { if (done) recording.cancel(); };
      },
    });
    if (!audio) { onStatus(""); return { letters: "", accepted: false }; }
    onStatus("Listening to your letters…");
    try {
      const heard = await api(`/api/spellflare/sessions/${encodeURIComponent(sessionId)}/spoken`,
        { method: "POST", raw: audio.blob, contentType: "audio/wav" });
      onStatus(heard.letters ? "Here's what I heard. Fix any letter, then Submit!" : "I didn't catch any letters. Try again, a little slower!");
      return { letters: heard.letters, accepted: heard.accepted };
    } catch (error) {
      if (error.code === ErrorCode.speechWarmingUp) {
        // The server is still learning the letters (half a minute after a first start): type this one.
        onStatus("My ears are still waking up. Let's type this one!");
        return { letters: "", accepted: false, typeInstead: true };
      }
      onStatus(error.message);
      return { letters: "", accepted: false };
    }
  },
};

// Seed 000's AppRequestView: prompt ("Ask for it! 🎤") → recording (level meter, Stop) → review
// (editable text, Start Over, Send Request). Cancel works in every phase. The recording goes to
// the parents' inbox with the text. Every step is spoken, so a child who cannot read can ask:
// the instruction before the microphone opens (never over the recording), what was heard, "Sent!".
// An app a grown-up already said yes to opens the answer instead (no asking again).
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { microphoneProblem, startRecording } from "../shared/recorder.js";
import { sounds } from "../shared/sounds.js";
import { atMost } from "../shared/speak-on-touch.js";
import { transcribe } from "../shared/speech.js";
import { GET_READY, PROMPT, SENT, answerWords, asMessage, noteLine } from "./words.js";

const heading = (app) => [
  h("div", { class: "request-icon", "aria-hidden": "true" }, app.icon),
  h("h2", { class: "request-name" }, app.name),
];

const answerBlock = (request, note, big = false) => request ? h("div", { class: "request-answer" },
  h("p", { class: big ? "request-said big" : "request-said" }, {
    pending: "You asked already! ⏳", approved: "A grown-up said yes! They'll look for it. 🎉", declined: "A grown-up said: not right now. 💛",
  }[request]),
  note ? h("p", { class: "request-note", id: "request-note" }, noteLine(note)) : null) : null;

/** A grown-up said yes: the answer and their note, said aloud; OK goes back to the hub. */
function showAnswer(app, note) {
  return openSheet({
    label: `${app.name}: a grown-up said yes`,
    kid: true,
    render(body, close, voice) {
      mount(body, ...heading(app), answerBlock("approved", note, true),
        h("button", { class: "btn primary kid", type: "button", id: "answer-ok", dataset: { say: "OK" }, onclick: () => close(false) }, "OK 👍"));
      voice.say(`${app.name}. ${answerWords("approved", note)}`);
    },
  });
}

/** Resolves true once a request was sent (the hub reloads), false or null otherwise. */
export function requestApp(app, { request = null, note = null } = {}) {
  if (request === "approved") return showAnswer(app, note);
  return openSheet({
    label: `Ask for ${app.name}`,
    kid: true,
    render(body, close, voice) {
      const state = { phase: "prompt", text: "", audio: null, recording: null, error: "", sending: false, writing: false, typing: false, closed: false };
      let audioURL = null;
      const ask = request ? `${answerWords(request, note)} To ask again, tap the microphone and say what you want.` : PROMPT;

      const startListening = async () => {
        sounds.tap();
        state.error = "";
        state.phase = "ready";
        render();
        // The instruction first: the microphone must not record the tablet talking.
        await atMost(voice.say(GET_READY), 6000);
        if (state.closed || state.phase !== "ready") return;
        const fill = h("div", { class: "meter-fill" });
        try {
          state.recording = await startRecording({
            maxSeconds: 30,
            onLevel: (level) => { fill.style.transform = `scaleX(${level})`; },
            onLimit: () => { if (state.phase === "recording") stopListening(); },
          });
        } catch (error) {
          state.error = microphoneProblem(error);
          state.phase = "review";
          render();
          voice.say(`${state.error} Or ask a grown-up to help you.`);
          return;
        }
        if (state.closed) { state.recording.cancel(); return; }
        state.phase = "recording";
        render(fill);
      };

      const stopListening = async () => {
        sounds.tap();
        const recording = state.recording;
        if (!recording) return;
        state.recording = null;
        try {
          state.audio = await recording.stop();
        } catch {
          state.error = "That recording didn't work. You can type your wish instead!";
        }
        state.phase = "review";
        state.writing = Boolean(state.audio) && !state.text;
        render();
        if (state.error) voice.say(`${state.error} Or tap Start Over to try again.`);
        if (!state.writing) return;
        voice.set("Wait a moment. I'm writing down what you said.");
        // Dictation: what the child said becomes the message they can fix before sending.
        try {
          const heard = await transcribe(state.audio.blob);
          if (!state.text && heard.text) state.text = asMessage(heard.text);
        } catch {
          // The recording still goes to the grown-ups; the child can type.
        }
        state.writing = false;
        if (state.phase !== "review") return;
        render();
        voice.say(state.text
          ? `I heard: ${state.text}. Tap the blue Send button to send it to a grown-up. Or tap Start Over.`
          : "Your wish is recorded. Tap the blue Send button to send it to a grown-up. Or tap Start Over.");
      };

      const send = async () => {
        state.sending = true;
        render();
        try {
          await api("/api/requests", { method: "POST", body: { appId: app.id, text: state.text, audioWav: state.audio?.base64 ?? null } });
          sounds.success();
          mount(body, ...heading(app), h("p", { class: "sent", role: "status" }, "Sent! 📨 A grown-up will see your wish."),
            h("button", { class: "btn primary kid", type: "button", dataset: { say: "Yay!" }, onclick: () => close(true) }, "Yay! 🎉"));
          voice.say(SENT);
        } catch (error) {
          state.sending = false;
          state.error = error.message;
          render();
          voice.say(state.error);
        }
      };

      const startOver = () => {
        Object.assign(state, { phase: "prompt", text: "", audio: null, error: "", typing: false });
        render();
        voice.say(PROMPT);
      };

      const render = (meterFill) => {
        const error = state.error ? h("p", { class: "error-text", role: "alert" }, state.error) : null;
        if (state.phase === "prompt") {
          mount(body, ...heading(app), answerBlock(request, note),
            h("p", { class: "request-ask" }, request ? "Want to ask again?" : "Want to ask for this app?"), error,
            h("button", { class: "btn primary kid ask-button", type: "button", id: "ask-button", dataset: { say: "" }, onclick: startListening },
              "Ask for it! ", h("span", { class: "ask-mic", "aria-hidden": "true" }, "🎤")),
            h("p", {}, h("button", { class: "btn quiet kid", type: "button", id: "type-instead",
              onclick: () => { state.phase = "review"; state.typing = true; render(); voice.say("Type your wish. Then tap Send."); } }, "Type it instead")));
        } else if (state.phase === "ready" || state.phase === "recording") {
          const recording = state.phase === "recording";
          mount(body, ...heading(app),
            h("div", { class: recording ? "mic recording-dot" : "mic", "aria-hidden": "true" }, "🎙️"),
            h("p", { role: "status", class: "request-ask" }, recording ? "Listening… say what you'd like!" : "Get ready…"),
            recording ? h("div", { class: "meter", role: "meter", "aria-label": "How loud you are", "aria-valuemin": "0", "aria-valuemax": "1" }, meterFill) : null,
            // Quiet when touched: its name would be recorded.
            recording ? h("button", { class: "btn danger kid", type: "button", id: "stop-button", dataset: { say: "" }, onclick: stopListening }, "Stop 🛑") : null);
        } else {
          const textarea = h("textarea", { class: "request-text", id: "request-text", "aria-label": "Your message", maxlength: "500",
            placeholder: "I would like this app because…" });
          textarea.value = state.text;
          textarea.addEventListener("input", () => { state.text = textarea.value; });
          if (audioURL) URL.revokeObjectURL(audioURL);
          audioURL = state.audio ? URL.createObjectURL(state.audio.blob) : null;
          textarea.disabled = state.writing;
          mount(body, ...heading(app), error,
            h("p", { class: "hint", role: "status" }, state.writing ? "Writing down what you said… ✍️" : "Edit your message, then send:"),
            textarea,
            audioURL ? h("audio", { controls: true, src: audioURL, "aria-label": "Your recording" }) : null,
            h("div", { class: "row" },
              h("button", { class: "btn kid", type: "button", id: "start-over", onclick: startOver }, "Start Over 🔁"),
              h("button", { class: "btn send kid", type: "button", id: "send-button", disabled: state.sending,
                dataset: { say: "Send" }, onclick: send }, "Send Request 📨")));
          // The keyboard only for a child who chose to type: a pre-reader sends what they said.
          if (state.typing || !state.audio) textarea.focus();
        }
      };

      render();
      voice.say(PROMPT, `${app.name}. ${ask}`);
      return () => { state.closed = true; state.recording?.cancel(); if (audioURL) URL.revokeObjectURL(audioURL); };
    },
  });
}

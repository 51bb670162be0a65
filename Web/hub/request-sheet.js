// Seed 000's AppRequestView: prompt ("Ask for it! 🎤") → recording (level meter, Stop) → review
// (editable text, Start Over, Send Request). Cancel works in every phase. The recording goes to
// the parents' inbox with the text.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { microphoneProblem, startRecording } from "../shared/recorder.js";
import { sounds } from "../shared/sounds.js";
import { transcribe } from "../shared/speech.js";

export function requestApp(app) {
  return openSheet({
    label: `Ask for ${app.name}`,
    render(body, close) {
      const state = { phase: "prompt", text: "", audio: null, recording: null, error: "", sending: false, writing: false };
      let audioURL = null;

      const heading = () => [
        h("div", { class: "request-icon", "aria-hidden": "true" }, app.icon),
        h("h2", { class: "request-name" }, app.name),
        h("p", { class: "request-ask" }, "Want to ask for this app?"),
      ];

      const startListening = async () => {
        sounds.tap();
        state.error = "";
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
          return render();
        }
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
        if (!state.writing) return;
        // Dictation: what the child said becomes the message they can fix before sending.
        try {
          const heard = await transcribe(state.audio.blob);
          if (!state.text && heard.text) state.text = heard.text;
        } catch {
          // The recording still goes to the grown-ups; the child can type.
        }
        state.writing = false;
        if (state.phase === "review") render();
      };

      const send = async () => {
        state.sending = true;
        render();
        try {
          await api("/api/requests", { method: "POST", body: { appId: app.id, text: state.text, audioWav: state.audio?.base64 ?? null } });
          sounds.success();
          mount(body, ...heading(), h("p", { class: "sent", role: "status" }, "Sent! 📨 A grown-up will see your wish."),
            h("button", { class: "btn primary kid", type: "button", onclick: () => close(true) }, "Yay! 🎉"));
        } catch (error) {
          state.sending = false;
          state.error = error.message;
          render();
        }
      };

      const render = (meterFill) => {
        const error = state.error ? h("p", { class: "error-text", role: "alert" }, state.error) : null;
        if (state.phase === "prompt") {
          mount(body, ...heading(), error,
            h("button", { class: "btn primary kid", type: "button", id: "ask-button", onclick: startListening }, "Ask for it! 🎤"),
            h("p", {}, h("button", { class: "btn quiet", type: "button", onclick: () => { state.phase = "review"; render(); } }, "Type it instead")));
        } else if (state.phase === "recording") {
          mount(body, ...heading(),
            h("div", { class: "mic recording-dot", "aria-hidden": "true" }, "🎙️"),
            h("p", { role: "status" }, "Listening… say what you'd like!"),
            h("div", { class: "meter", role: "meter", "aria-label": "How loud you are", "aria-valuemin": "0", "aria-valuemax": "1" }, meterFill),
            h("button", { class: "btn danger kid", type: "button", id: "stop-button", onclick: stopListening }, "Stop 🛑"));
        } else {
          const textarea = h("textarea", { class: "request-text", id: "request-text", "aria-label": "Your message", maxlength: "500",
            placeholder: "I would like this app because…" });
          textarea.value = state.text;
          textarea.addEventListener("input", () => { state.text = textarea.value; });
          if (audioURL) URL.revokeObjectURL(audioURL);
          audioURL = state.audio ? URL.createObjectURL(state.audio.blob) : null;
          textarea.disabled = state.writing;
          mount(body, ...heading(), error,
            h("p", { class: "hint", role: "status" }, state.writing ? "Writing down what you said… ✍️" : "Edit your message, then send:"),
            textarea,
            audioURL ? h("audio", { controls: true, src: audioURL, "aria-label": "Your recording" }) : null,
            h("div", { class: "row" },
              h("button", { class: "btn", type: "button", onclick: () => { state.phase = "prompt"; state.text = ""; state.audio = null; state.error = ""; render(); } }, "Start Over"),
              h("button", { class: "btn send kid", type: "button", id: "send-button", disabled: state.sending, onclick: send }, "Send Request 📨")));
          textarea.focus();
        }
      };

      render();
      return () => { state.recording?.cancel(); if (audioURL) URL.revokeObjectURL(audioURL); };
    },
  });
}

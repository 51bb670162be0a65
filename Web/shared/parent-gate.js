// The parent gate: "What is 7 × 8?", asked and checked by the server. Three wrong answers lock it
// for a minute. Resolves true when a grown-up answered right, false if cancelled.
import { api, ApiError } from "./api.js";
import { openSheet } from "./dialog.js";
import { h, mount } from "./dom.js";
import { sounds } from "./sounds.js";

export function passParentGate({ reason = "This part is for grown-ups." } = {}) {
  return openSheet({
    label: "Parent check",
    render(body, close) {
      let timer = null;
      const status = h("p", { class: "error-text", role: "status", "aria-live": "polite" });

      const showLocked = (seconds) => {
        let left = Math.max(1, seconds ?? 60);
        const line = h("p", { class: "gate-locked" });
        const tick = () => {
          line.textContent = `Too many tries. The parent check opens again in ${left} s.`;
          if (left-- <= 0) { clearInterval(timer); ask(); }
        };
        mount(body, h("div", { class: "gate-icon", "aria-hidden": "true" }, "⏳"), h("h2", {}, "Please wait"), line);
        tick();
        timer = setInterval(tick, 1000);
      };

      const ask = async () => {
        clearInterval(timer);
        let challenge;
        try {
          challenge = await api("/api/gate/challenge", { method: "POST" });
        } catch (error) {
          if (error instanceof ApiError && error.code === "gate_locked") return showLocked(error.retryAfter);
          mount(body, h("p", { class: "error-text" }, error.message));
          return;
        }
        const input = h("input", {
          type: "text", inputmode: "numeric", pattern: "[0-9]*", autocomplete: "off", id: "gate-answer",
          class: "gate-input", "aria-label": `Answer: ${challenge.question}`, maxlength: "4",
        });
        const form = h("form", { class: "gate-form" },
          h("div", { class: "gate-icon", "aria-hidden": "true" }, "🔒"),
          h("h2", {}, "Grown-ups only"),
          h("p", { class: "hint" }, reason),
          h("p", { class: "gate-question", id: "gate-question" }, challenge.question),
          input, status,
          h("button", { class: "btn primary kid", type: "submit", id: "gate-submit" }, "Check"));
        form.addEventListener("submit", async (event) => {
          event.preventDefault();
          const answer = Number.parseInt(input.value, 10);
          if (!Number.isFinite(answer)) { status.textContent = "Type the answer as a number."; return; }
          try {
            await api("/api/gate/answer", { method: "POST", body: { answer } });
            sounds.success();
            close(true);
          } catch (error) {
            sounds.gentle();
            if (error.code === "gate_locked") return showLocked(error.retryAfter);
            if (error.code === "gate_wrong") {
              const left = error.details?.attemptsLeft;
              await ask();
              body.querySelector(".error-text").textContent =
                `That's not right. ${left} ${left === "1" ? "try" : "tries"} left.`;
              return;
            }
            if (error.code === "gate_expired" || error.code === "gate_no_question") return ask();
            status.textContent = error.message;
          }
        });
        mount(body, form);
        input.focus();
      };

      ask();
      return () => clearInterval(timer);
    },
  });
}

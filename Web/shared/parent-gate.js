// The parent gate: "What is 7 × 8?", asked and checked by the server. Three wrong answers lock it
// for a minute. Resolves true when a grown-up answered right, false if cancelled. A child who
// cannot read hears that a grown-up is needed (never the question's answer).
import { api, ApiError } from "./api.js";
import { openSheet } from "./dialog.js";
import { h, mount } from "./dom.js";
import { sounds } from "./sounds.js";
import { ErrorCode } from "./error-codes.js";

const GROWN_UP = "A grown-up needs to answer this. Please give the tablet to a grown-up.";

export function passParentGate({ reason = "This part is for grown-ups." } = {}) {
  return openSheet({
    label: "Parent check",
    kid: true,
    render(body, close, voice) {
      let timer = null;
      let greeted = false;
      const status = h("p", { class: "error-text", role: "status", "aria-live": "polite" });

      const showLocked = (seconds) => {
        let left = Math.max(1, seconds ?? 60);
        const line = h("p", { class: "gate-locked" });
        const tick = () => {
          line.textContent = `Too many tries. The parent check opens again in ${left} s.`;
          if (left-- <= 0) { clearInterval(timer); ask(); }
        };
        mount(body, h("div", { class: "gate-icon", "aria-hidden": "true" }, "⏳"), h("h2", {}, "Please wait"), line);
        voice.say("Too many tries. The grown-up check opens again in a minute.");
        tick();
        timer = setInterval(tick, 1000);
      };

      const ask = async () => {
        clearInterval(timer);
        let challenge;
        try {
          challenge = await api("/api/gate/challenge", { method: "POST" });
        } catch (error) {
          if (error instanceof ApiError && error.code === ErrorCode.gateLocked) return showLocked(error.retryAfter);
          mount(body, h("p", { class: "error-text" }, error.message),
            h("button", { class: "btn kid", type: "button", onclick: ask }, "Try again 🔄"));
          voice.say(`${error.message} Ask a grown-up to help.`);
          return;
        }
        const input = h("input", {
          type: "text", inputmode: "numeric", pattern: "[0-9]*", autocomplete: "off", id: "gate-answer",
          class: "gate-input", "aria-label": `Answer: ${challenge.question}`, maxlength: "4",
          // Kid-sized on every page that asks (base.css has no gate style; CSSOM passes the CSP).
          style: "min-height: 64px; width: 7ch; font-size: 2rem; text-align: center; border-radius: 16px; border: 2px solid #cfc9e6; margin: 4px auto 8px; display: block",
        });
        const form = h("form", { class: "gate-form" },
          h("div", { class: "gate-icon", "aria-hidden": "true", style: "font-size: 3rem; line-height: 1.2" }, "🔒"),
          h("h2", {}, "Grown-ups only"),
          h("p", { class: "hint" }, reason),
          h("p", { class: "gate-question", id: "gate-question", style: "font-size: 1.6rem; font-weight: 800; margin: 8px 0" }, challenge.question),
          input, status,
          h("button", { class: "btn primary kid", type: "submit", id: "gate-submit", dataset: { say: "Check the answer" } }, "Check"));
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
            if (error.code === ErrorCode.gateLocked) return showLocked(error.retryAfter);
            if (error.code === ErrorCode.gateWrong) {
              const left = error.details?.attemptsLeft;
              await ask();
              const tries = `${left} ${left === "1" ? "try" : "tries"} left.`;
              body.querySelector(".error-text").textContent = `That's not right. ${tries}`;
              voice.say(`That's not right. ${tries}`, GROWN_UP);
              return;
            }
            if (error.code === ErrorCode.gateExpired || error.code === ErrorCode.gateNoQuestion) return ask();
            status.textContent = error.message;
          }
        });
        mount(body, form);
        if (!greeted) voice.say(GROWN_UP);
        else voice.set(GROWN_UP);
        greeted = true;
        input.focus();
      };

      ask();
      return () => clearInterval(timer);
    },
  });
}

/**
 * Runs `call`; when the server answers that a grown-up must pass the parent check first, asks it
 * (`gate`, the sheet above unless a test gives another) and runs `call` once more. Resolves null
 * when the grown-up cancelled; any other failure is thrown as it came.
 */
export async function withParentGate(call, { reason, gate = passParentGate } = {}) {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError && error.code === ErrorCode.gateRequired)) throw error;
    if (!(await gate({ reason }))) return null;
    return call();
  }
}

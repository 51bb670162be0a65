// Family challenges on the page: Today shows the challenges sent to the speaker (take one on: the
// prompt is set and the take begins; or turn it down) and how the ones they sent went; a take's page
// sends it as a challenge to someone else in the family; a take that answered one says how it did.
import { api } from "../shared/api.js";
import { openSheet } from "../shared/dialog.js";
import { h, mount } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { hearAgainButton, instruct } from "../shared/speak-on-touch.js";
import { answerText, barText, canChallenge, challengeLine, daysLeft } from "./challenge-rules.js";
import { beginTake } from "./flow.js";
import { isKid, render, state } from "./state.js";
import { choosePrompt } from "./today.js";

const view = () => (state.challenges ??= { data: null, error: "" });

/** The family's challenges; `error`, when given, stays shown after the reload (a failed turn-down). */
export async function loadChallenges({ error = "" } = {}) {
  try {
    view().data = await api("/api/speakup/challenges");
    view().error = error;
  } catch (failure) {
    view().error = error || failure.message;
  }
  render();
}

/** Takes a challenge on: its prompt, then the countdown. */
function takeOn(challenge) {
  sounds.tap();
  choosePrompt({ id: challenge.promptId, text: challenge.promptText ?? "", seconds: challenge.promptSeconds ?? 60, challengeFrom: challenge.from?.name });
  location.hash = "#today";
  beginTake({ withPrompt: true });
}

/** Turning a challenge down, asked first: it is gone for the one who sent it too. */
async function turnDown(challenge) {
  sounds.tap();
  const kid = isKid();
  const name = challenge.from?.name ?? "them";
  const sure = await openSheet({
    label: "Turn this challenge down?", kid, cancelText: kid ? "Keep it" : "Keep",
    render(body, close, voice) {
      mount(body, h("h2", {}, kid ? `No challenge from ${name}?` : "Turn this challenge down?"),
        h("p", {}, `${name} will not see an answer.`),
        h("button", { class: "btn danger big", type: "button", id: "confirm-turn-down", dataset: { say: "Turn it down" }, onclick: () => close(true) },
          "✖️ Turn it down"));
      voice.say(`Turn down ${name}'s challenge? Tap keep it to keep it.`);
    },
  });
  if (!sure) return;
  let error = "";
  try {
    await api(`/api/speakup/challenges/${encodeURIComponent(challenge.id)}`, { method: "DELETE" });
  } catch (failure) {
    error = failure.message;
  }
  await loadChallenges({ error });
}

/** Today's card: open challenges to take on, and what became of those sent in the last days. */
export function familyChallengeCard() {
  const data = view().data;
  if (!data) {
    return view().error ? h("section", { class: "glass-card family-challenges", id: "family-challenges" },
      h("p", { class: "error-text", role: "alert" }, view().error)) : null;
  }
  const kid = isKid();
  const open = data.incoming.filter((challenge) => challenge.status === "open");
  const news = [...data.incoming.filter((challenge) => challenge.status !== "open"), ...data.sent].slice(0, 4);
  if (!open.length && !news.length) return null;
  // Show & Tell hears a new challenge once, after whatever Today says first.
  if (kid) {
    for (const challenge of open.filter((item) => !state.said.has(`challenge:${item.id}`))) {
      state.said.add(`challenge:${challenge.id}`);
      instruct(`${challengeLine(challenge, { mine: false, kid })} ${challenge.promptText ?? ""}`, { queue: true });
    }
  }
  const incomingRow = (challenge) => {
    const line = challengeLine(challenge, { mine: false, kid });
    return h("li", { class: "challenge-row", dataset: { challengeId: challenge.id } },
      h("p", { class: "challenge-who" }, h("span", { class: "avatar", "aria-hidden": "true" }, challenge.from?.avatar ?? "⚔️"), " ", line),
      challenge.promptText ? h("p", { class: "prompt-text challenge-prompt" }, challenge.promptText) : null,
      challenge.measure === "stars" ? h("p", { class: "challenge-bar", "aria-label": `Beat ${challenge.target} stars` }, barText("stars", challenge.target, kid)) : null,
      kid ? null : h("p", { class: "hint" }, `${daysLeft(challenge)} days left`),
      h("div", { class: "row" },
        kid ? hearAgainButton(`${line} ${challenge.promptText ?? ""}`, { label: "Hear the challenge", id: `hear-challenge-${challenge.id}` }) : null,
        h("button", { class: `btn primary${kid ? " big" : ""}`, type: "button", id: `take-on-${challenge.id}`, dataset: { say: "Take it on" },
          onclick: () => takeOn(challenge) }, "🎤 Take it on"),
        h("button", { class: "btn ghost", type: "button", id: `turn-down-${challenge.id}`, "aria-label": "Not this one", dataset: { say: "Not this one" },
          onclick: () => turnDown(challenge) }, kid ? "✖️" : "Not now")));
  };
  return h("section", { class: "glass-card family-challenges", id: "family-challenges", "aria-labelledby": "family-challenges-title" },
    h("h2", { class: "section-title", id: "family-challenges-title" }, "⚔️ Family challenges"),
    view().error ? h("p", { class: "error-text", role: "alert" }, view().error) : null,
    open.length ? h("ul", { class: "plain challenge-list", id: "challenges-open" }, open.map(incomingRow)) : null,
    news.length ? h("ul", { class: "plain challenge-news", id: "challenges-news" }, news.map((challenge) => {
      const line = challengeLine(challenge, { mine: challenge.from?.id === state.child?.id, kid });
      return h("li", { dataset: { challengeId: challenge.id, status: challenge.status } }, line,
        kid ? hearAgainButton(line, { label: "Hear it", id: `hear-news-${challenge.id}` }) : null);
    })) : null);
}

/** What this take did against each challenge it answered (the reveal and the take's page). */
export function challengeAnswer(take) {
  const answers = take?.challenges ?? [];
  if (!answers.length) return null;
  const kid = isKid();
  return h("div", { class: "challenge-answers", id: "challenge-answer", role: "status" }, answers.map((answer) => {
    const text = answerText(answer, kid);
    return h("p", { class: `challenge-answer ${answer.outcome}`, dataset: { challengeId: answer.id } }, text,
      kid ? hearAgainButton(text.replace(/^\W+/u, ""), { label: "Hear it", id: `hear-challenge-${answer.id}` }) : null);
  }));
}

/** The button on a take's page that sends it as a challenge. */
export function challengeButton(take) {
  if (!canChallenge(take)) return null;
  const kid = isKid();
  return h("button", { class: kid ? "btn big" : "btn", type: "button", id: "challenge-take", "aria-label": kid ? "Challenge someone" : null,
    dataset: { say: "Challenge someone" }, onclick: () => sendSheet(take) }, kid ? "⚔️" : "⚔️ Challenge");
}

/** Who to challenge: everyone else in the family, big buttons with their pictures. */
async function sendSheet(take) {
  sounds.tap();
  const kid = isKid();
  if (!view().data) await loadChallenges();
  const people = view().data?.people ?? [];
  await openSheet({
    label: "Challenge someone", kid, cancelText: kid ? "Back" : "Cancel",
    render(body, close, voice) {
      const status = h("p", { class: "hint", id: "challenge-status", role: "status" });
      const send = async (person) => {
        status.className = "hint";
        status.textContent = "Sending…";
        try {
          await api("/api/speakup/challenges", { method: "POST", body: { takeId: take.id, toChildId: person.id } });
          sounds.success?.();
          status.textContent = `Sent! ${person.name} will see it in SpeakUp.`;
          voice.say(`Sent! ${person.name} will see your challenge.`);
          loadChallenges();
        } catch (error) {
          status.className = "error-text";
          status.textContent = error.message;
          voice.say(error.message);
        }
      };
      const failed = !view().data && view().error;
      mount(body,
        h("h2", {}, kid ? "⚔️ Who can beat you?" : "⚔️ Challenge someone"),
        failed ? h("p", { class: "error-text", role: "alert" }, view().error) : null,
        h("p", { class: "hint" }, kid ? "They talk about the same question. Can they get more stars?"
          : `They answer the same prompt and try to beat your ${barText(take.stars != null ? "stars" : "score", take.stars ?? take.score, false)}.`),
        people.length ? h("div", { class: "people-grid" }, people.map((person) =>
          h("button", { class: "btn person-btn", type: "button", id: `challenge-${person.id}`, dataset: { say: person.name }, onclick: () => send(person) },
            h("span", { class: "avatar", "aria-hidden": "true" }, person.avatar), h("span", {}, person.name))))
          : failed ? null : h("p", { class: "hint", id: "challenge-nobody" }, "Nobody else is in the family yet: a parent can add them."),
        status);
      voice.say("Who do you want to challenge? Tap their picture.");
    },
  });
}

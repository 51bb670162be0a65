// What family challenges say, without a page (node --test). A challenge's bar is a score (0–100) or
// Show & Tell stars (1–5); a Show & Tell child never reads a number.

export const starText = (count) => "★".repeat(Math.max(0, Math.min(5, count))) + "☆".repeat(Math.max(0, 5 - Math.max(0, Math.min(5, count))));

/** The bar as the reader sees it: "63", "★★★☆☆"; a child facing a score gets no number. */
export function barText(measure, target, kid) {
  if (measure === "stars") return starText(target);
  return kid ? "" : String(target);
}

/** A take may be sent as a challenge: it answered a prompt and has a score or stars. */
export const canChallenge = (take) => Boolean(take?.promptId) && (Number.isFinite(take.stars) || (Number.isFinite(take.score) && take.analysis?.scores?.zeroGated !== true));

/** What a take's page and its reveal say about the challenge it answered. */
export function answerText(answer, kid) {
  if (!answer) return "";
  const name = answer.from?.name ?? "Someone";
  const bar = barText(answer.measure, answer.target, kid);
  const mine = barText(answer.measure, answer.value, kid);
  if (kid) {
    if (answer.outcome === "beaten") return `🏆 You beat ${name}'s challenge!`;
    if (answer.outcome === "tied") return `🤝 Just as good as ${name}!`;
    return `💪 Good try! Have another go at ${name}'s challenge?`;
  }
  if (answer.outcome === "beaten") return `🏆 You beat ${name}'s ${bar} with ${mine}!`;
  if (answer.outcome === "tied") return `🤝 You matched ${name}'s ${bar}. One more ${answer.measure === "stars" ? "star" : "point"} wins it.`;
  return `So close: ${name}'s ${bar} still stands (you got ${mine}). Try again?`;
}

/** One line about a challenge in the list: sent to me, or sent by me. */
export function challengeLine(challenge, { mine, kid }) {
  const other = (mine ? challenge.to?.name : challenge.from?.name) ?? "Someone";
  const bar = barText(challenge.measure, challenge.target, kid);
  const best = Number.isFinite(challenge.best) ? barText(challenge.measure, challenge.best, kid) : "";
  const tries = challenge.tries === 1 ? "1 try" : `${challenge.tries} tries`;
  if (mine) {
    // A child's bar in stars is shown; a child never reads a score, nor counts tries.
    const yours = bar ? `your ${bar}` : "your challenge";
    if (challenge.status === "beaten") return kid ? `${other} beat your challenge! 🎉` : `${other} beat ${yours} with ${best}! 🎉`;
    if (challenge.status === "expired") {
      if (!challenge.tries) return `${other} did not answer in time.`;
      return kid ? `${other} tried: your challenge held! 🛡️` : `${other} had ${tries}: ${yours} held! 🛡️`;
    }
    if (!challenge.tries) return `Waiting for ${other}…`;
    return kid ? `${other} tried: your challenge still stands.` : `${other} has had ${tries}: ${yours} still stands.`;
  }
  if (challenge.status === "beaten") return kid ? `You beat ${other}'s challenge! 🏆` : `You beat ${other}'s ${bar} with ${best}! 🏆`;
  if (challenge.status === "expired") return `${other}'s challenge has ended.`;
  return kid ? `${other} challenges you!` : `${other} challenges you: beat ${bar}${challenge.tries ? ` (your best: ${best}, ${tries})` : ""}.`;
}

/** Days left before a challenge ends, at least 0. */
export function daysLeft(challenge, now = new Date()) {
  return Math.max(0, Math.ceil((new Date(challenge.expiresAt) - now) / 86_400_000));
}

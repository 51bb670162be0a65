// What the hub shows and says about a tile: one place for the words, so a tile, its sheet and its
// 🔊 button never tell a child different things.

/** The pill under a placeholder's name: [class, text]. */
export function pill(request) {
  return {
    pending: ["pending", "Asked! ⏳"],
    approved: ["approved", "A grown-up said yes! They'll look for it. 🎉"],
    declined: ["declined", "Not right now 💛"],
  }[request] ?? ["", "Tap to request!"];
}

/** The parent's note as the child sees and hears it. */
export function noteLine(note) {
  return note ? `A grown-up says: “${note}”` : "";
}

/** What a grown-up answered, in words for the ear ("" when nobody has answered yet). */
export function answerWords(request, note) {
  const said = {
    pending: "You asked for it! A grown-up will see your wish.",
    approved: "A grown-up said yes! They'll look for it.",
    declined: "A grown-up said: not right now.",
  }[request] ?? "";
  return [said, noteLine(note)].filter(Boolean).join(" ");
}

/** What a tile says when touched. */
export function tileWords({ app, request, note }, { isNew = false } = {}) {
  if (app.isAvailable) return isNew ? `${app.name}. New! You asked for this!` : app.name;
  if (!request) return `${app.name} is coming soon. Do you want to ask for it?`;
  if (request === "pending") return `${app.name} is coming soon. ${answerWords(request, note)}`;
  if (request === "approved") return `${app.name}. ${answerWords(request, note)}`;
  return `${app.name}. ${answerWords(request, note)} Do you want to ask again?`;
}

/** A tile's accessible name (screen readers): what it shows, in order. */
export function tileLabel({ app, request, note }, { isNew = false } = {}) {
  if (app.isAvailable) return isNew ? `${app.name}. New! You asked for this.` : app.name;
  const answer = request ? answerWords(request, note) : "Tap to ask for it.";
  return `${app.name}. Coming soon. ${answer}`;
}

/** Said once when an app a child asked for has arrived. */
export function arrivedWords(app) {
  return `${app.name} is here! You asked for it. Tap it to play.`;
}

export const PROMPT = "Tap the microphone and say what you want.";
export const GET_READY = "Say what you want. Then tap the red Stop button.";
export const SENT = "Sent! A grown-up will see your wish.";

/** What the recogniser heard ("i want music please"), written as a child's message starts: "I want music please". */
export function asMessage(heard) {
  const words = String(heard ?? "").trim().replace(/\s+/g, " ").replace(/\bi\b/g, "I");
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

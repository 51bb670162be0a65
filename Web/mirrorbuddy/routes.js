// Where the page is, by its address: #home (the default), #subject/<id>, #materials, #material/<id>,
// #new (or #new/<subjectId>), #tasks, #progress, #settings, and the flashcards: #cards (all the
// student's cards), #card/<id> (one card), #review (every due card) or #review/<materialId> (a
// material's), and the mind maps: #maps (the student's maps) and #map/<id> (one map). Pure.

const ID = "[\\w-]{1,80}";
const PLAIN = ["home", "materials", "new", "tasks", "progress", "settings", "cards", "review", "maps"];
const WITH_ID = ["subject", "material", "new", "review", "card", "map"];

/** The route named by `hash`: {name, id?}. Anything unknown is Home. */
export function routeFor(hash) {
  const path = String(hash ?? "").replace(/^#\/?/, "");
  const item = new RegExp(`^(${WITH_ID.join("|")})/(${ID})$`).exec(path);
  if (item) return { name: item[1], id: item[2] };
  if (PLAIN.includes(path)) return { name: path };
  return { name: "home" };
}

/** The address of a route. */
export function hashFor(route) {
  if (WITH_ID.includes(route.name) && route.id) return `#${route.name}/${encodeURIComponent(route.id)}`;
  return PLAIN.includes(route.name) ? `#${route.name}` : "#home";
}

// The screens the server's voice grammar knows (Study.VoiceScreen).
const VOICE_SCREENS = ["home", "subject", "materials", "material", "new", "tasks", "progress", "settings"];

/**
 * The screen a voice command is heard for on route `name`. The flashcard and mind map screens are not among the
 * server's, and have only the commands every screen has: they are heard as Progress is (a screen
 * with no commands of its own), never as Material (whose "leggi" would read nothing there).
 */
export const voiceScreen = (name) => (VOICE_SCREENS.includes(name) ? name : "progress");

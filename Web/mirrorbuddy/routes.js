// Where the page is, by its address: #home (the default), #subject/<id>, #materials, #material/<id>,
// #new (or #new/<subjectId>), #tasks, #progress, #settings, and the flashcards: #cards (all the
// student's cards), #card/<id> (one card), #review (every due card) or #review/<materialId> (a
// material's), the mind maps: #maps (the student's maps) and #map/<id> (one map), the quizzes:
// #quiz (new quizzes, the student's quizzes and their mastery) and #quiz/<id> (one quiz), the
// coach: #coach (ask about your materials), and the homework helper: #homework (one exercise in
// three steps). Pure.

const ID = "[\\w-]{1,80}";
const PLAIN = ["home", "materials", "new", "tasks", "progress", "settings", "cards", "review", "maps", "quiz", "coach", "homework"];
const WITH_ID = ["subject", "material", "new", "review", "card", "map", "quiz"];

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
const VOICE_SCREENS = ["home", "subject", "materials", "material", "new", "tasks", "progress", "settings", "map"];

/**
 * The screen a voice command is heard for on route `name`. The flashcard, maps list, quiz, coach and homework screens are not among the
 * server's, and have only the commands every screen has: they are heard as Progress is (a screen
 * with no commands of its own), never as Material (whose "leggi" would read nothing there).
 */
export const voiceScreen = (name) => (VOICE_SCREENS.includes(name) ? name : "progress");

/** The query a voice command (or its help) is asked with on `route`: its screen, and on a map the map, whose nodes can be said by label. */
export function voiceQuery(route, { labels = true } = {}) {
  const query = new URLSearchParams({ screen: voiceScreen(route?.name) });
  // In the map's self-test the labels are hidden: no node is said by label, and the help shows none.
  if (route?.name === "map" && route.id && labels) query.set("mapId", route.id);
  return query.toString();
}

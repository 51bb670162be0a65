// The page's one state object, the render hook every screen calls, and small lookups every screen
// uses (subjects by id, their names in the page's language).
import { currentLanguage } from "./i18n.js";

export const state = {
  route: { name: "home" },     // routes.js
  loading: true,
  fatal: null,                 // an error that stopped the page loading
  me: null,                    // GET /api/mirrorbuddy/me
  settings: null,              // the student's settings (what the page looks like)
  tasks: null,                 // [{section, tasks}] from GET /tasks
  recent: null,                // the newest materials (Home)
  materials: { q: "", subject: "", period: "all", list: null, error: null },
  material: null,              // the material shown (with text, sentences, words)
  materialError: null,
  context: { subjectId: null, materialId: null, taskId: null }, // what the student is working on (the banner)
  panel: null,                 // a material's open quick panel: "timer" | "task" | null
  editingTask: null,           // the id of the task being edited
  message: null,               // {text, kind} said on the screen (a saved change, a refusal)
  // Flashcards
  cards: { list: null, due: null, error: null, subjectId: "", draft: { front: "", back: "", subjectId: "" }, problem: "",
    retention: null },
  card: null,                  // #card/<id>: {id, card, history, error, draft}
  review: null,                // #review: the session on show (review.js)
  suggest: null,               // a material's suggested cards: {materialId, list, words, error, saving}
  cardsDue: null,              // Home: how many cards are due now (null: not known)
  // Mind maps
  maps: { list: null, error: null },  // #maps
  map: null,                   // #map/<id>: the map on show and how it is shown (map-page.js)
  mapMaking: null,             // the id of the material whose map the server is making now
  // Quizzes
  quizzes: { list: null, error: null },        // #quiz: the student's quizzes
  mastery: { subjects: null, error: null },    // #quiz: each subject's mastery
  quiz: null,                  // #quiz/<id>: the quiz on show and where it is (quiz-page.js)
  quizStart: null,             // a "new quiz" asked for: {body, key, where, busy, error} (quiz-data.js)
};

let renderer = () => {};
export function setRenderer(fn) { renderer = fn; }
export function render() { renderer(); }

export const subjects = () => state.me?.subjects ?? [];

/** Who the student is ("Mario|8"), the same across reloads of `state.me`; null before it is loaded. */
export const studentKey = (me) => (me?.student ? `${me.student.name}|${me.student.grade}` : null);
export const visibleSubjects = () => subjects().filter((subject) => !subject.hidden);
export const subjectById = (id) => subjects().find((subject) => subject.id === id) ?? null;

/** The subjects a menu offers: the visible ones, and `currentId` even when hidden (so editing keeps it). */
export const subjectsFor = (currentId) => subjects().filter((subject) => !subject.hidden || (currentId && subject.id === currentId));

/** The name shown for a subject: names[language], else any name it has. */
export function subjectName(subject) {
  if (!subject) return "";
  return subject.names?.[currentLanguage()] ?? subject.names?.it ?? subject.names?.en ?? subject.id;
}

/** Says something on the screen for a while. kind: "ok" | "error" | "info". */
export function tell(text, kind = "info") {
  const message = { text, kind, at: Date.now() };
  state.message = message;
  render();
  setTimeout(() => { if (state.message === message) { state.message = null; render(); } }, kind === "error" ? 9000 : 5000);
}

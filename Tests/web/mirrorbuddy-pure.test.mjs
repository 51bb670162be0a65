// MirrorBuddy's pure modules (Web/mirrorbuddy/): the catalogues (same keys in it and en, every key
// the code uses present), settings → CSS, the routes, the task form's due time, the word-timing
// estimate, the text cut into words and sentences, and the materials list's query.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { catalogues, t, setLanguage, has } from "../../Web/mirrorbuddy/i18n.js";
import { lookFor, DYSLEXIC_FONT, LOOK_CLASSES } from "../../Web/mirrorbuddy/appearance.js";
import { hashFor, routeFor } from "../../Web/mirrorbuddy/routes.js";
import { dueFrom, formParts, periodRange, localDay, offsetZone } from "../../Web/mirrorbuddy/days.js";
import { estimateSeconds, timingsFor, wordAt, wordTimings } from "../../Web/mirrorbuddy/word-timing.js";
import { splitText, textPieces, wordsOf } from "../../Web/mirrorbuddy/text-pieces.js";

const DIR = new URL("../../Web/mirrorbuddy/", import.meta.url);

test("the Italian and English catalogues have exactly the same keys, none empty", () => {
  const it = Object.keys(catalogues.it).sort();
  const en = Object.keys(catalogues.en).sort();
  assert.deepEqual(it, en);
  for (const lang of ["it", "en"]) for (const [key, text] of Object.entries(catalogues[lang])) assert.ok(text.trim(), `${lang} ${key} is empty`);
});

test("every key the code asks for is in the catalogues", () => {
  const sources = readdirSync(DIR).filter((name) => name.endsWith(".js")).map((name) => readFileSync(new URL(name, DIR), "utf8")).join("\n");
  const used = [...sources.matchAll(/\bt\("([^"]+)"/g)].map((match) => match[1]);
  assert.ok(used.length > 100);
  for (const key of new Set(used)) assert.ok(has(key, "it") && has(key, "en"), `missing ${key}`);
  // The keys built from ids: every id the contract names.
  const families = {
    badge: ["firstSteps", "firstTask", "focusFan", "onFire", "bookworm", "taskTamer", "allRounder", "unstoppable"].flatMap((id) => [`badge.${id}.name`, `badge.${id}.description`]),
    quest: ["studyDays", "knowledgeBuilder", "taskFinisher", "focusFan", "topicExplorer", "studyHours", "legendaryScholar"].flatMap((id) => [`quest.${id}.name`, `quest.${id}.description`]),
    questLevel: ["easy", "medium", "hard", "legendary"].map((level) => `quest.level.${level}`),
    profile: ["dislessia", "adhd", "visivo", "motorio", "autismo", "uditivo", "motorioPlus"].map((id) => `profile.${id}`),
    sections: ["overdue", "today", "thisWeek", "later", "completed"].flatMap((id) => [`tasks.section.${id}`, `tasks.empty.${id}`]),
    status: ["pending", "processing", "ready", "failed"].map((id) => `material.status.${id}`),
    periods: ["all", "today", "week", "month"].map((id) => `materials.period.${id}`),
    priority: [1, 2, 3, 4, 5].map((p) => `tasks.priority.${p}`),
    timer: ["study", "work", "shortBreak", "longBreak"].map((p) => `timer.phase.${p}`).concat(["work", "shortBreak", "longBreak"].map((p) => `timer.phaseStart.${p}`),
      ["idle", "break"].map((n) => `timer.nudge.${n}`), [1, 2, 3].map((n) => `checkpoint.line${n}`)),
    quick: ["largeText", "highContrast", "reducedMotion", "dyslexiaFont"].map((k) => `a11y.${k}`).concat(["it", "en"].map((l) => `a11y.language.${l}`)),
    errors: ["invalid_field", "subject_is_default", "subject_has_content", "study_full", "stretch_overlaps", "not_found", "generic", "network"].map((code) => `error.${code}`),
    settings: ["textSize", "lineSpacing", "letterSpacing", "wordSpacing", "paragraphSpacing", "ttsSpeed", "ambientVolume", "highContrast", "largeText",
      "reducedMotion", "distractionFree", "keyboardNavigation", "adhdMode", "breakReminders", "tts", "autoRead", "ruler", "focusMode", "checkpoints",
      "language", "font", "theme", "ambient"].map((k) => `settings.${k}`)
      .concat(["it", "en"].map((o) => `settings.language.${o}`), ["system", "opendyslexic"].map((o) => `settings.font.${o}`),
        ["standard", "contrast", "cream", "dark"].map((o) => `settings.theme.${o}`), ["off", "white", "pink", "brown", "rain"].map((o) => `settings.ambient.${o}`)),
  };
  for (const key of Object.values(families).flat()) assert.ok(has(key, "it") && has(key, "en"), `missing ${key}`);
});

test("t fills slots, picks plural forms and formats numbers per locale", () => {
  setLanguage("it");
  assert.equal(t("home.hello", { name: "Mario" }), "Ciao Mario!");
  assert.equal(t("tasks.count", { count: 1 }), "1 compito");
  assert.equal(t("tasks.count", { count: 4 }), "4 compiti");
  assert.equal(t("progress.totalXP", { xp: 1500 }), "1500 XP in tutto".replace("1500", new Intl.NumberFormat("it-IT").format(1500)));
  setLanguage("en");
  assert.equal(t("tasks.count", { count: 1 }), "1 task");
  assert.equal(t("progress.totalXP", { xp: 1500 }), "1,500 XP in all");
  assert.equal(t("no.such.key"), "no.such.key");
  setLanguage("it");
});

const SETTINGS = { language: "it", profile: "dislessia", font: "opendyslexic", textSize: 1.1, lineSpacing: 1.8, letterSpacing: 0.05, wordSpacing: 0.1,
  paragraphSpacing: 16, theme: "standard", highContrast: false, largeText: false, reducedMotion: false, distractionFree: false, keyboardNavigation: true,
  ruler: false, focusMode: false };

test("settings become CSS properties and classes", () => {
  const look = lookFor(SETTINGS);
  assert.equal(look.properties["--mb-font-size"], "17.6px");
  assert.equal(look.properties["--mb-line-height"], "1.8");
  assert.equal(look.properties["--mb-letter-spacing"], "0.05em");
  assert.equal(look.properties["--mb-word-spacing"], "0.1em");
  assert.equal(look.properties["--mb-paragraph-spacing"], "16px");
  assert.equal(look.properties["--mb-reading-font"], DYSLEXIC_FONT);
  assert.match(DYSLEXIC_FONT, /^"OpenDyslexic", "Comic Sans MS", "Trebuchet MS"/);
  assert.deepEqual(look.classes.sort(), ["mb-font-dyslexic", "mb-keyboard-nav", "mb-theme-standard"]);
  assert.equal(look.lang, "it");
  for (const name of look.classes) assert.ok(LOOK_CLASSES.includes(name));
});

test("large text multiplies the text size by 1.2; values outside the ranges are clamped", () => {
  assert.equal(lookFor({ ...SETTINGS, textSize: 1.5, largeText: true }).properties["--mb-font-size"], "28.8px");
  const wild = lookFor({ textSize: 9, lineSpacing: 0.2, letterSpacing: 2, wordSpacing: -1, paragraphSpacing: 100, theme: "pink" });
  assert.equal(wild.properties["--mb-font-size"], "32px");
  assert.equal(wild.properties["--mb-line-height"], "1");
  assert.equal(wild.properties["--mb-letter-spacing"], "0.3em");
  assert.equal(wild.properties["--mb-word-spacing"], "0em");
  assert.equal(wild.properties["--mb-paragraph-spacing"], "40px");
  assert.ok(wild.classes.includes("mb-theme-standard"));
  assert.equal(lookFor({ font: "system" }).properties["--mb-reading-font"], "var(--font)");
});

test("themes, high contrast, motion, distraction-free, ruler and focus mode are classes", () => {
  for (const theme of ["contrast", "cream", "dark"]) assert.ok(lookFor({ ...SETTINGS, theme }).classes.includes(`mb-theme-${theme}`));
  const all = lookFor({ ...SETTINGS, highContrast: true, reducedMotion: true, distractionFree: true, ruler: true, focusMode: true, largeText: true, language: "en" });
  for (const name of ["mb-high-contrast", "mb-reduced-motion", "mb-distraction-free", "mb-ruler-on", "mb-focus-mode", "mb-large-text"]) assert.ok(all.classes.includes(name), name);
  assert.equal(all.lang, "en");
  assert.ok(!lookFor({ ...SETTINGS, keyboardNavigation: false }).classes.includes("mb-keyboard-nav"));
});

test("the OS's wishes: less motion always, more contrast only when the student chose no look of their own", () => {
  assert.ok(lookFor(SETTINGS, { prefersReducedMotion: true }).classes.includes("mb-reduced-motion"));
  assert.ok(lookFor(SETTINGS, { prefersContrast: true }).classes.includes("mb-high-contrast"));
  assert.ok(!lookFor({ ...SETTINGS, theme: "cream" }, { prefersContrast: true }).classes.includes("mb-high-contrast"));
  assert.ok(!lookFor({ ...SETTINGS, profile: "autismo" }, { prefersContrast: true }).classes.includes("mb-high-contrast"));
});

test("routes: every screen's address, anything else is Home", () => {
  assert.deepEqual(routeFor(""), { name: "home" });
  assert.deepEqual(routeFor("#home"), { name: "home" });
  for (const name of ["materials", "new", "tasks", "progress", "settings", "cards", "review"]) assert.deepEqual(routeFor(`#${name}`), { name });
  assert.deepEqual(routeFor("#subject/storia-geografia"), { name: "subject", id: "storia-geografia" });
  assert.deepEqual(routeFor("#material/m_123"), { name: "material", id: "m_123" });
  assert.deepEqual(routeFor("#new/matematica"), { name: "new", id: "matematica" });
  assert.deepEqual(routeFor("#material/"), { name: "home" });
  assert.deepEqual(routeFor("#material/../x"), { name: "home" });
  assert.deepEqual(routeFor("#nope"), { name: "home" });
  for (const hash of ["#home", "#materials", "#tasks", "#subject/matematica", "#material/abc", "#new", "#new/fisica", "#settings", "#progress",
    "#cards", "#card/c1", "#review", "#review/m1"]) {
    assert.equal(hashFor(routeFor(hash)), hash);
  }
});

test("a task's due day without a time is 23:59 that day, local time", () => {
  const iso = dueFrom("2026-11-27");
  const at = new Date(iso);
  assert.equal(localDay(at), "2026-11-27");
  assert.equal(at.getHours(), 23);
  assert.equal(at.getMinutes(), 59);
  assert.equal(iso, new Date(2026, 10, 27, 23, 59).toISOString());
  const timed = new Date(dueFrom("2026-11-27", "14:30"));
  assert.equal(timed.getHours(), 14);
  assert.equal(timed.getMinutes(), 30);
  assert.equal(dueFrom(""), null);
  assert.equal(dueFrom("27/11/2026"), null);
  assert.deepEqual(formParts(iso), { day: "2026-11-27", time: "" });
  assert.deepEqual(formParts(dueFrom("2026-11-27", "08:05")), { day: "2026-11-27", time: "08:05" });
  assert.deepEqual(formParts(null), { day: "", time: "" });
});

test("the materials date filter in local days", () => {
  const now = new Date(2026, 10, 27, 10, 0);
  assert.deepEqual(periodRange("all", now), {});
  assert.deepEqual(periodRange("today", now), { since: "2026-11-27", until: "2026-11-27" });
  assert.deepEqual(periodRange("week", now), { since: "2026-11-21", until: "2026-11-27" });
  assert.deepEqual(periodRange("month", now), { since: "2026-10-29", until: "2026-11-27" });
});

test("word timings share the sentence's audio out by characters", () => {
  const text = "Il gatto dorme.";
  const words = [{ start: 0, end: 2 }, { start: 3, end: 8 }, { start: 9, end: 14 }];
  const timings = wordTimings(text, words, 3);
  assert.equal(timings.length, 3);
  assert.equal(timings[0].start, 0);
  assert.ok(Math.abs(timings[2].end - 3) < 1e-9);
  // "Il " 3 chars, "gatto " 6, "dorme." 6 of 15
  assert.ok(Math.abs(timings[0].end - 0.6) < 1e-9);
  assert.ok(Math.abs(timings[1].end - 1.8) < 1e-9);
  for (let i = 1; i < timings.length; i += 1) assert.equal(timings[i].start, timings[i - 1].end);
  assert.equal(wordAt(timings, -0.1), 0);
  assert.equal(wordAt(timings, 0.7), 1);
  assert.equal(wordAt(timings, 2.5), 2);
  assert.equal(wordAt(timings, 99), 2);
  assert.equal(wordAt([], 1), -1);
  assert.deepEqual(wordTimings(text, words, 0).map((w) => w.end), [0, 0, 0]);
  const server = [{ start: 0, end: 0.2 }, { start: 0.3, end: 1 }, { start: 1.1, end: 2 }];
  assert.deepEqual(timingsFor(text, words, 3, server), server);
  assert.deepEqual(timingsFor(text, words, 3, null), timings);
  assert.ok(estimateSeconds("x".repeat(140), 1) > estimateSeconds("x".repeat(140), 2));
  assert.equal(estimateSeconds("", 1), 0.4);
});

test("text pieces: words in spans by the server's UTF-16 offsets, sentences and paragraphs kept", () => {
  const text = "Ciao 👋 Mario. Come stai?\n\nBene!";
  const sentences = [{ start: 0, end: 14 }, { start: 15, end: 25 }, { start: 27, end: 32 }];
  const words = [{ start: 0, end: 4 }, { start: 8, end: 13 }, { start: 15, end: 19 }, { start: 20, end: 24 }, { start: 27, end: 31 }];
  const { paragraphs, wordSentence } = textPieces(text, sentences, words);
  assert.equal(paragraphs.length, 2);
  const wordsSeen = paragraphs.flat().filter((piece) => piece.word >= 0).map((piece) => piece.text);
  assert.deepEqual(wordsSeen, ["Ciao", "Mario", "Come", "stai", "Bene"]);
  assert.deepEqual(wordSentence, [0, 0, 1, 1, 2]);
  assert.equal(paragraphs.flat().map((piece) => piece.text).join(""), text.replace("\n\n", ""));
  assert.deepEqual(wordsOf(wordSentence, 1), [2, 3]);
  const found = splitText("Uno due. Tre!\nQuattro");
  assert.deepEqual(found.words.map((w) => "Uno due. Tre!\nQuattro".slice(w.start, w.end)), ["Uno", "due", "Tre", "Quattro"]);
  assert.equal(found.sentences.length, 3);
  const lines = textPieces("a\nb", [{ start: 0, end: 3 }], [{ start: 0, end: 1 }, { start: 2, end: 3 }]);
  assert.equal(lines.paragraphs.length, 1);
  assert.ok(lines.paragraphs[0].some((piece) => piece.br));
});

test("the materials list's query: q, subject, since/until and tz", async () => {
  const { materialsQuery } = await import("../../Web/mirrorbuddy/data.js");
  const query = new URLSearchParams(materialsQuery({ q: " rivoluzione ", subject: "storia-geografia", period: "today" }, new Date(2026, 10, 27, 9)));
  assert.equal(query.get("q"), "rivoluzione");
  assert.equal(query.get("subject"), "storia-geografia");
  assert.equal(query.get("since"), "2026-11-27");
  assert.equal(query.get("until"), "2026-11-27");
  assert.ok(query.get("tz"));
  const plain = new URLSearchParams(materialsQuery({}));
  assert.deepEqual([...plain.keys()], ["tz"]);
});

test("a zone the server does not know becomes the device's offset as an Etc zone (named the other way round)", () => {
  assert.equal(offsetZone(-60), "Etc/GMT-1");   // UTC+1, Rome in winter
  assert.equal(offsetZone(-120), "Etc/GMT-2");
  assert.equal(offsetZone(300), "Etc/GMT+5");   // UTC-5
  assert.equal(offsetZone(0), "UTC");
  assert.equal(offsetZone(-330), "UTC");        // India's half hour has no Etc zone
  assert.equal(offsetZone(-15 * 60), "UTC");
  assert.equal(offsetZone(Number.NaN), "UTC");
});

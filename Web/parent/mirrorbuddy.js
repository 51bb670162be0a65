// MirrorBuddy in the parent area: a child's study diary, a week at a time (the weekly digest's
// numbers): time a day and a subject, the streak and its four-week calendar, flashcards, quizzes,
// mastery by subject, tasks, materials and level. Every number has words beside it.
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { dataCard } from "./mirrorbuddy-data.js";
import { digestCard, loadDigest } from "./mirrorbuddy-digest.js";
import {
  barPercent, calendarDayText, countText, dayLabel, dayParts, dayState, levelText, masteryWord, minutesText, percent,
  retentionText, streakWord, subjectLabel, todayKey, weekHeading,
} from "./mirrorbuddy-format.js";

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Loads the children and the chosen child's diary for `tab.week` (null: this week) into `tab`. */
export async function loadMirrorBuddy(tab) {
  tab.failed = false;
  tab.diary = null;
  try {
    tab.children = (await api("/api/parent/children")).children;
    if (!tab.children.some((child) => child.id === tab.childId)) { tab.childId = tab.children[0]?.id ?? null; tab.week = null; }
    if (!tab.childId) return;
    const week = tab.week ? `&week=${encodeURIComponent(tab.week)}` : "";
    const [childId, asked] = [tab.childId, tab.week];
    const [diary, digest] = await Promise.all([
      api(`/api/parent/mirrorbuddy/children/${encodeURIComponent(childId)}/diary?tz=${encodeURIComponent(zone)}${week}`), loadDigest()]);
    tab.digest = digest;
    // A slower answer for a child or week no longer chosen is dropped.
    if (tab.childId === childId && tab.week === asked) tab.diary = diary;
  } catch (error) {
    tab.failed = true;
    throw error;
  }
}

const stat = (value, label, id) => h("div", { class: "stat" }, h("strong", id ? { id } : {}, String(value)), h("span", {}, label));
const empty = (id, text) => h("p", { class: "hint diary-empty", id }, text);

/** A labelled bar list: rows of {key, label, value (a number), text (its words)}; the bar itself is decoration. */
function bars(id, caption, rows) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  return h("ul", { class: "diary-bars", id, "aria-label": caption }, rows.map((row) =>
    h("li", { class: "diary-bar-row", dataset: { key: row.key } },
      h("span", { class: "diary-bar-label" }, row.label),
      h("span", { class: "diary-bar-track", "aria-hidden": "true" },
        h("span", { class: "diary-bar-fill", style: `width: ${barPercent(row.value, max)}%` })),
      h("span", { class: "diary-bar-value" }, row.text))));
}

function card(id, title, ...children) {
  return h("article", { class: "card diary-card", id, "aria-labelledby": `${id}-title` }, h("h3", { id: `${id}-title` }, title), ...children);
}

function timeCard(week, subjects, name) {
  const total = week.minutes;
  return card("mirrorbuddy-time", "⏱️ Study time",
    h("div", { class: "report-grid" },
      stat(minutesText(total), "studied this week", "mirrorbuddy-minutes"),
      stat(week.sessions, week.sessions === 1 ? "study session" : "study sessions", "mirrorbuddy-sessions")),
    total > 0 ? [
      h("h4", {}, "Each day"),
      bars("mirrorbuddy-days", "Minutes studied each day", week.days.map((day) => {
        const { weekday, day: date } = dayParts(day.date);
        return { key: day.date, label: `${weekday} ${date}`, value: day.minutes, text: minutesText(day.minutes) };
      })),
      h("h4", {}, "By subject"),
      bars("mirrorbuddy-subjects", "Minutes studied by subject", week.bySubject.map((entry) => ({
        key: entry.subjectId ?? "none", label: subjectLabel(entry.subjectId, subjects), value: entry.minutes,
        text: `${minutesText(entry.minutes)} · ${percent(entry.minutes / total)}`,
      })))]
      : empty("mirrorbuddy-time-empty",
        `No study time this week yet. ${name} can start the study timer in MirrorBuddy: 15 minutes a day makes a streak day.`));
}

function streakCard(week, today, past) {
  const { streak, calendar } = week;
  const counted = calendar.filter((day) => day.counted).length;
  const legend = [["counted", "✓", "Streak day (15 min studied or a task done)"], ["studied", "·", "Some study, under 15 min"],
    ["none", "", "No study"], ["future", "", "Not yet"]];
  return card("mirrorbuddy-streak", "🔥 Streak",
    h("p", { class: "diary-streak-word", id: "mirrorbuddy-streak-status", dataset: { status: week.streakStatus } },
      streakWord(week.streakStatus)),
    h("div", { class: "report-grid" },
      stat(countText(streak.current, "day"), past ? "streak at the week's end" : "current streak (up to today)", "mirrorbuddy-streak-current"),
      stat(countText(streak.longest, "day"), "longest streak", "mirrorbuddy-streak-longest")),
    streak.current === 0
      ? h("p", { class: "hint" }, "A new streak starts with one day of 15 minutes' study or one task done.") : null,
    h("h4", {}, "The last four weeks"),
    h("p", { class: "meta", id: "mirrorbuddy-calendar-summary" },
      `${countText(counted, "streak day")} from ${dayLabel(calendar[0]?.date)} to ${dayLabel(calendar.at(-1)?.date)}`),
    h("div", { class: "diary-calendar-head", "aria-hidden": "true" },
      ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((name) => h("span", {}, name))),
    h("ol", { class: "diary-calendar", id: "mirrorbuddy-calendar", "aria-label": "Streak calendar, four weeks, Monday to Sunday" },
      calendar.map((day) => {
        const state = dayState(day, today);
        const text = calendarDayText(day, today);
        return h("li", {}, h("span", { class: `diary-day diary-day-${state}`, id: `mirrorbuddy-day-${day.date}`, role: "img",
          "aria-label": text, title: text, dataset: { date: day.date, state, counted: String(Boolean(day.counted)) } },
        h("span", { class: "diary-day-number" }, dayParts(day.date).day),
        h("span", { class: "diary-day-mark" }, state === "counted" ? "✓" : state === "studied" ? "·" : "")));
      })),
    h("ul", { class: "diary-legend", id: "mirrorbuddy-calendar-legend", "aria-label": "Calendar legend" },
      legend.map(([state, mark, words]) => h("li", {},
        h("span", { class: `diary-day diary-day-${state}`, "aria-hidden": "true" }, h("span", { class: "diary-day-mark" }, mark)), words))));
}

function cardsCard(week, diary, name) {
  const { reviewed, answers, retention } = week.cards;
  const when = diary.nextWeek ? "That week" : "This week";
  return card("mirrorbuddy-cards", "🃏 Flashcards",
    diary.cards === 0 && reviewed === 0
      ? empty("mirrorbuddy-cards-empty", `No flashcards yet. ${name} can make cards from a material or write their own.`)
      : [h("div", { class: "report-grid" },
        stat(reviewed, `${reviewed === 1 ? "card" : "cards"} reviewed (${countText(answers ?? reviewed, "answer")})`, "mirrorbuddy-cards-reviewed"),
        stat(diary.cards, "cards in total", "mirrorbuddy-cards-total"),
        stat(diary.cardsDue, "due for review now", "mirrorbuddy-cards-due")),
      h("p", { class: "diary-line", id: "mirrorbuddy-retention" }, `${when}: ${retentionText(retention)}.`),
      reviewed === 0 && diary.cardsDue > 0
        ? h("p", { class: "hint" }, `${countText(diary.cardsDue, "card")} ready for review: a few minutes with them is enough.`) : null]);
}

function quizzesCard(week, subjects, name) {
  const quizzes = week.quizzes;
  if (quizzes.finished === 0) {
    return card("mirrorbuddy-quizzes", "❓ Quizzes",
      empty("mirrorbuddy-quizzes-empty", `No quizzes finished this week yet. ${name} can take a quiz on any material or subject.`));
  }
  return card("mirrorbuddy-quizzes", "❓ Quizzes",
    h("div", { class: "report-grid" },
      stat(quizzes.finished, quizzes.finished === 1 ? "quiz finished" : "quizzes finished", "mirrorbuddy-quizzes-finished"),
      stat(`${quizzes.passed} of ${quizzes.finished}`, "passed", "mirrorbuddy-quizzes-passed"),
      stat(percent(quizzes.averageScore), "average score", "mirrorbuddy-quizzes-average"),
      stat(percent(quizzes.bestScore), "best score", "mirrorbuddy-quizzes-best")),
    quizzes.bySubject.length
      ? h("table", { class: "report-table", id: "mirrorbuddy-quiz-subjects" },
        h("caption", { class: "visually-hidden" }, "Quizzes by subject, weakest first"),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Subject"), h("th", { scope: "col" }, "Quizzes"), h("th", { scope: "col" }, "Average score"))),
        h("tbody", {}, quizzes.bySubject.map((entry) => h("tr", { dataset: { subjectId: entry.subjectId ?? "" } },
          // No subject: a quiz on everything, or on a material filed under none.
          h("td", {}, entry.subjectId ? subjectLabel(entry.subjectId, subjects) : "🌈 Everything or unfiled"), h("td", {}, entry.quizzes), h("td", {}, percent(entry.averageScore))))))
      : null);
}

function masteryCard(diary, subjects, name) {
  return card("mirrorbuddy-mastery", "🎯 Mastery by subject",
    diary.mastery.length === 0
      ? empty("mirrorbuddy-mastery-empty", `No quiz answers yet. Mastery shows here once ${name} answers quiz questions.`)
      : [h("p", { class: "hint" }, "Each subject's level follows its last 20 quiz answers; weakest first."),
        h("ul", { class: "diary-mastery", id: "mirrorbuddy-mastery-list" }, diary.mastery.map((entry) => {
          const level = percent(entry.level);
          return h("li", { class: "diary-mastery-row", id: `mirrorbuddy-mastery-${entry.subjectId ?? "none"}`,
            dataset: { status: entry.status, subjectId: entry.subjectId ?? "" } },
          h("div", { class: "diary-mastery-title" }, h("span", {}, subjectLabel(entry.subjectId, subjects)),
            h("strong", { class: "diary-mastery-status" }, masteryWord(entry.status))),
          h("span", { class: "diary-bar-track", "aria-hidden": "true" },
            h("span", { class: `diary-bar-fill diary-level-${entry.status}`, style: `width: ${barPercent(entry.level, 1)}%` })),
          h("span", { class: "meta" }, `Level ${level} · ${entry.correct} of ${countText(entry.attempts, "answer")} right in all`));
        }))]);
}

function tasksCard(week, name) {
  const { doneOnTime, doneLate, overdue } = week.tasks;
  return card("mirrorbuddy-tasks", "✅ Tasks",
    h("div", { class: "report-grid" },
      stat(doneOnTime, "done on time this week", "mirrorbuddy-tasks-on-time"),
      stat(doneLate, "done late this week", "mirrorbuddy-tasks-late"),
      stat(overdue, "overdue now", "mirrorbuddy-tasks-overdue")),
    doneOnTime + doneLate + overdue === 0
      ? empty("mirrorbuddy-tasks-empty", `No tasks done this week yet, and nothing overdue. ${name} can add homework as a task with a due date.`)
      : null);
}

function materialsCard(week, diary, name) {
  const progress = diary.progress;
  return card("mirrorbuddy-materials", "📄 Materials and level",
    h("div", { class: "report-grid" },
      stat(week.materialsAdded, "materials added this week", "mirrorbuddy-materials-added"),
      stat(diary.materials, "materials in total", "mirrorbuddy-materials-total"),
      stat(progress?.level?.level ?? 1, "level", "mirrorbuddy-level"),
      stat((progress?.xp ?? 0).toLocaleString("en-GB"), "XP in total", "mirrorbuddy-xp")),
    h("p", { class: "diary-line", id: "mirrorbuddy-level-text" }, levelText(progress?.level)),
    diary.materials === 0
      ? empty("mirrorbuddy-materials-empty", `No materials yet. ${name} can add notes, a photo of a page or a file as a new material.`)
      : null);
}

/** The coach: the week's notes when the child wrote something worrying (never the words), else that all was calm. */
function coachCard(diary, name) {
  const notes = diary.coachNotes ?? [];
  return card("mirrorbuddy-coach", "💬 The study coach",
    notes.length === 0
      ? h("p", { class: "hint", id: "mirrorbuddy-coach-calm" }, `Nothing worrying this week. The coach answers from ${name}'s own materials; nothing ${name} writes to it is kept.`)
      : [h("p", { id: "mirrorbuddy-coach-note", class: "diary-alert" },
          `${name} wrote something to the coach that sounded like distress (${notes.map((note) => noteDay(note.at)).join(", ")}). `,
          `The coach answered kindly and asked ${name} to talk to an adult they trust. Please find a quiet moment to check in.`),
        h("p", { class: "hint" }, `We never keep or show what ${name} wrote: only that it happened, and when.`)]);
}

const noteDay = (at) => new Date(at).toLocaleString([], { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });

/** The tab: `actions.reload()` loads it again (after the child or week changed). */
export function mirrorBuddyView(tab, actions) {
  const retry = h("button", { class: "btn", type: "button", id: "mirrorbuddy-retry", onclick: () => actions.reload() }, "Try again");
  if (!tab.children) {
    return tab.failed ? h("div", { class: "card", id: "mirrorbuddy-failed" }, h("p", {}, "The MirrorBuddy diary could not be loaded."), retry)
      : h("p", { class: "hint" }, "Loading…");
  }
  if (!tab.childId) return h("p", { class: "card", id: "mirrorbuddy-no-children" }, "Add a child to see their MirrorBuddy diary.");
  const child = tab.children.find((entry) => entry.id === tab.childId);
  const name = child?.name ?? "Your child";
  // After a move the week's heading takes the focus (the button pressed may be gone or disabled now).
  const go = (week) => { tab.week = week; Promise.resolve(actions.reload()).then(() => document.getElementById("mirrorbuddy-week")?.focus()); };
  const picker = h("label", { class: "field", for: "mirrorbuddy-child" }, "Child",
    h("select", { id: "mirrorbuddy-child", onchange: (event) => { tab.childId = event.target.value; actions.reload(); } },
      tab.children.map((entry) => h("option", { value: entry.id, selected: entry.id === tab.childId }, `${entry.avatar} ${entry.name}`))));
  const diary = tab.diary;
  if (!diary) {
    return h("div", { class: "list diary-tab" }, h("article", { class: "card diary-card", id: "mirrorbuddy-summary" },
      h("h2", { class: "diary-title" }, "📚 MirrorBuddy"), picker,
      h("p", { id: "mirrorbuddy-failed" }, tab.failed ? `${name}'s diary could not be loaded.` : "Loading…"),
      tab.failed ? h("div", { class: "diary-actions" }, retry,
        tab.week ? h("button", { class: "btn", type: "button", id: "mirrorbuddy-this-week", onclick: () => go(null) }, "Back to this week") : null) : null));
  }
  const week = diary.week;
  const subjects = diary.subjects ?? [];
  return h("div", { class: "list diary-tab" },
    h("article", { class: "card diary-card", id: "mirrorbuddy-summary" },
      h("h2", { class: "diary-title" }, "📚 MirrorBuddy"), picker,
      h("div", { class: "diary-week-nav" },
        h("button", { class: "btn", type: "button", id: "mirrorbuddy-prev", "aria-describedby": "mirrorbuddy-week", onclick: () => go(diary.previousWeek) }, "◀ Previous week"),
        h("h2", { id: "mirrorbuddy-week", tabindex: "-1", dataset: { week: week.week } }, weekHeading(week.days)),
        h("button", { class: "btn", type: "button", id: "mirrorbuddy-next", disabled: !diary.nextWeek, "aria-describedby": "mirrorbuddy-week",
          "aria-label": diary.nextWeek ? "Next week" : "Next week (this is the current week)",
          onclick: () => { if (diary.nextWeek) go(diary.nextWeek); } }, "Next week ▶")),
      h("p", { class: "meta", id: "mirrorbuddy-week-note" }, diary.nextWeek ? `${name}'s diary for an earlier week.` : `This week so far for ${name}.`),
      diary.nextWeek ? h("button", { class: "btn quiet", type: "button", id: "mirrorbuddy-this-week", onclick: () => go(null) }, "Back to this week") : null),
    h("div", { class: "diary-grid" },
      (diary.coachNotes ?? []).length > 0 ? coachCard(diary, name) : null,
      timeCard(week, subjects, name), streakCard(week, todayKey(), Boolean(diary.nextWeek)), cardsCard(week, diary, name), quizzesCard(week, subjects, name),
      masteryCard(diary, subjects, name), tasksCard(week, name), materialsCard(week, diary, name),
      (diary.coachNotes ?? []).length > 0 ? null : coachCard(diary, name), digestCard(tab, actions), dataCard(tab, name, actions)));
}

// The course (#learn and #lesson/<id>): eight weeks of four lessons. #learn shows the weeks, what is
// done and the lesson to go on with; a lesson shows its readings (read to you on request, ticked by
// you), its practices (record with the lesson's prompt and length; the server checks the take and
// says what the last one missed), its drills and exercises (done on their own pages) and reviews.
// A week opens when the one before is done; the server decides all of it (course-rules.js reads it).
import { api } from "../shared/api.js";
import { h } from "../shared/dom.js";
import { sounds } from "../shared/sounds.js";
import { speak, stopSpeaking } from "../shared/speech.js";
import { activityHash, findLesson, lessonStatus, onDay, practiceChecks, practicePrompt, stateOf, tally } from "./course-rules.js";
import { loadPractice } from "./practice.js";
import { choosePrompt } from "./today.js";
import { go, progressed, render, state } from "./state.js";

const SECTION_ICONS = { concept: "💡", tip: "👍", example: "🗣️", takeaway: "📌", callout: "❓" };
const STATUS_TEXT = { done: "✓ Done", open: "To do", locked: "🔒 Locked" };

const view = () => (state.course ??= { weeks: null, progress: null, error: "", busy: "" });

/** The course and where this speaker is (each time a course page opens: takes and drills may have moved it on). */
export async function loadCourse() {
  const course = view();
  course.error = "";
  try {
    const [answer] = await Promise.all([api("/api/speakup/course"), state.practice?.exercises ? null : loadPractice()]);
    course.weeks = answer.weeks;
    course.progress = answer.progress;
  } catch (error) {
    course.error = error.message;
  }
  render();
}

async function tick(activity) {
  const course = view();
  course.busy = activity.id;
  course.error = "";
  render();
  try {
    course.progress = await api(`/api/speakup/course/${encodeURIComponent(activity.id)}/done`, { method: "POST" });
    sounds.success?.();
    progressed();
  } catch (error) {
    course.error = error.message;
  }
  course.busy = "";
  render();
  document.getElementById(`activity-${activity.id}`)?.focus();
}

/** Today with the practice's prompt and length: the take it records answers this activity. */
function recordFor(activity) {
  stopSpeaking();
  choosePrompt(practicePrompt(activity));
  state.seconds = activity.practice.seconds;
  go("#today");
}

const chip = (status) => h("span", { class: `chip status-chip ${status}` }, STATUS_TEXT[status]);
const wrap = (...children) => h("div", { class: "course", id: "course" }, ...children);

function loadingOrError(course) {
  return course.error ? h("p", { class: "error-text", role: "alert" }, course.error) : h("p", { class: "hint", role: "status" }, "Loading…");
}

export function courseScreen() {
  const course = view();
  if (!course.weeks) return wrap(loadingOrError(course));
  const current = course.progress.currentLesson ? findLesson(course.weeks, course.progress.currentLesson) : null;
  const all = course.weeks.flatMap((week) => week.lessons.flatMap((lesson) => lesson.activities));
  const { done, total } = tally(all, course.progress);
  return wrap(
    h("h1", { class: "screen-title" }, "Learn"),
    h("section", { class: "glass-card featured", id: "course-next", "aria-labelledby": "course-next-title" },
      h("p", { class: "eyebrow" }, `${done} of ${total} activities done`),
      current
        ? [h("h2", { class: "section-title", id: "course-next-title" }, `Week ${current.week.number}: ${current.lesson.emoji} ${current.lesson.title}`),
          h("p", { class: "hint" }, current.lesson.objective),
          h("a", { class: "btn primary big", href: `#lesson/${current.lesson.id}`, id: "course-continue" }, done ? "Continue" : "Start the course")]
        : [h("h2", { class: "section-title", id: "course-next-title" }, "🎓 You finished the course!"),
          h("p", { class: "hint" }, "Every lesson is done. Go back to any of them whenever you like.")]),
    course.error ? h("p", { class: "error-text", role: "alert" }, course.error) : null,
    course.weeks.map((week) => weekCard(week, course.progress)));
}

function weekCard(week, progress) {
  const status = progress.weeks.find((item) => item.number === week.number)?.status ?? "locked";
  const { done, total } = tally(week.lessons.flatMap((lesson) => lesson.activities), progress);
  return h("section", { class: `glass-card week ${status}`, id: `week-${week.number}`, "aria-labelledby": `week-${week.number}-title` },
    h("div", { class: "week-head" },
      h("h2", { class: "section-title", id: `week-${week.number}-title` }, `Week ${week.number} · ${week.theme}`),
      chip(status)),
    status === "locked" ? h("p", { class: "hint" }, `Opens when week ${week.number - 1} is done.`) : h("p", { class: "hint" }, `${done} of ${total} done`),
    h("ul", { class: "plain practice-list" }, week.lessons.map((lesson) => {
      const lessonState = lessonStatus(lesson, progress);
      const count = tally(lesson.activities, progress);
      return h("li", {}, h("a", { class: `practice-item lesson-link ${lessonState}`, href: `#lesson/${lesson.id}`, id: `lesson-link-${lesson.id}` },
        h("span", { class: "practice-emoji", "aria-hidden": "true" }, lesson.emoji),
        h("span", { class: "practice-text" }, h("span", { class: "practice-title" }, lesson.title),
          h("span", { class: "hint" }, `${count.done} of ${count.total} · ${lesson.objective}`)),
        lessonState === "done" ? h("span", { class: "chip done-chip", "aria-label": "Done" }, "✓") : lessonState === "locked" ? h("span", { "aria-label": "Locked" }, "🔒") : null));
    })));
}

export function lessonScreen() {
  const course = view();
  if (!course.weeks) return wrap(loadingOrError(course));
  const found = findLesson(course.weeks, state.route.id);
  if (!found) {
    return wrap(h("section", { class: "glass-card center" }, h("h1", {}, "No such lesson"),
      h("a", { class: "btn primary big", href: "#learn", id: "lesson-missing-back" }, "See the course")));
  }
  const { week, lesson, previous, next } = found;
  const status = lessonStatus(lesson, course.progress);
  return wrap(
    h("p", { class: "eyebrow" }, h("a", { href: "#learn", id: "lesson-back", class: "btn ghost" }, "← Learn"), ` Week ${week.number} · ${week.theme}`),
    h("h1", { class: "screen-title", id: "lesson-title" }, `${lesson.emoji} ${lesson.title}`),
    h("p", { class: "lesson-objective" }, lesson.objective),
    status === "locked" ? h("p", { class: "glass-card hint", id: "lesson-locked", role: "note" }, `🔒 This lesson opens when week ${week.number - 1} is done.`) : null,
    course.error ? h("p", { class: "error-text", role: "alert", id: "course-error" }, course.error) : null,
    h("ol", { class: "plain activities" }, lesson.activities.map((activity, index) => h("li", {}, activityCard(activity, index, course)))),
    status === "done" ? h("p", { class: "glass-card center", id: "lesson-done", role: "status" }, "🎉 Lesson done!") : null,
    h("div", { class: "row lesson-nav" },
      previous ? h("a", { class: "btn secondary", href: `#lesson/${previous.id}`, id: "lesson-previous" }, `← ${previous.title}`) : null,
      next ? h("a", { class: `btn ${status === "done" ? "primary" : "secondary"}`, href: `#lesson/${next.id}`, id: "lesson-next" }, `${next.title} →`) : null));
}

function activityCard(activity, index, course) {
  const current = stateOf(course.progress, activity.id);
  const locked = current.status === "locked";
  const body = locked ? [] : ({ reading, practice, drill: linked, exercise: linked, review }[activity.kind] ?? (() => []))(activity, current, course);
  return h("article", { class: `glass-card activity ${current.status}`, id: `activity-${activity.id}`, tabindex: "-1",
    "aria-labelledby": `activity-${activity.id}-title`, dataset: { kind: activity.kind, status: current.status } },
  h("div", { class: "week-head" },
    h("h2", { class: "section-title", id: `activity-${activity.id}-title` }, `${index + 1}. ${activity.title}`),
    chip(current.status)),
  body);
}

function sections(activity) {
  return activity.sections.map((section) => h("div", { class: `lesson-section ${section.kind}` },
    h("h3", { class: "group-title" }, h("span", { "aria-hidden": "true" }, `${SECTION_ICONS[section.kind] ?? ""} `), section.title),
    h("p", {}, section.body)));
}

const readAloudText = (activity) => [activity.title, ...activity.sections.flatMap((section) => [section.title, section.body])].join(". ");

function tickButton(activity, current, course, label) {
  if (current.status === "done") return h("p", { class: "hint" }, `Done ${onDay(current.completedAt)}.`);
  return h("button", { class: "btn primary", type: "button", id: `tick-${activity.id}`, disabled: course.busy === activity.id,
    onclick: () => tick(activity) }, label);
}

function reading(activity, current, course) {
  return [sections(activity),
    h("div", { class: "row start" },
      h("button", { class: "btn secondary", type: "button", id: `listen-${activity.id}`, onclick: () => speak(readAloudText(activity)) }, "🔊 Read it to me"),
      tickButton(activity, current, course, "✓ I’ve read it"))];
}

function practice(activity, current) {
  const task = activity.practice;
  return [
    h("p", { class: "prompt-text" }, task.prompt),
    task.framework ? h("div", { class: "lesson-section framework" }, h("h3", { class: "group-title" }, `Try ${task.framework.name}`),
      h("ol", {}, task.framework.steps.map((item) => h("li", {}, item)))) : null,
    h("ul", { class: "checks" }, practiceChecks(task).map((line) => h("li", {}, line))),
    current.status === "done"
      ? h("div", { class: "row start" }, h("p", { class: "hint" }, "Done with your take."),
        h("a", { class: "btn secondary", href: `#take/${current.takeId}`, id: `take-of-${activity.id}` }, `🎧 Your take ${onDay(current.completedAt)}`))
      : [current.missing?.length ? h("div", { class: "missing", role: "note" }, h("p", {}, "Your latest take this week still needs:"),
        h("ul", {}, current.missing.map((line) => h("li", {}, line)))) : null,
      h("button", { class: "btn primary big", type: "button", id: `record-${activity.id}`, onclick: () => recordFor(activity) }, "🎤 Record it")]];
}

function linked(activity, current) {
  const hash = activityHash(activity, state.practice?.exercises?.warmUps ?? []);
  const what = activity.kind === "drill" ? "Pass the drill" : "Finish the exercise";
  return [h("p", { class: "hint" }, current.status === "done" ? `Done ${onDay(current.completedAt)}.` : `${what}: it counts here by itself.`),
    h("a", { class: `btn ${current.status === "done" ? "secondary" : "primary"}`, href: hash, id: `go-${activity.id}` },
      activity.kind === "drill" ? "🏁 Go to the drill" : "🏋️ Go to the exercise")];
}

function review(activity, current, course) {
  return [sections(activity),
    h("p", { class: "hint" }, `Looks back on at least ${activity.reviewTakes} ${activity.reviewTakes === 1 ? "take" : "takes"}.`),
    h("div", { class: "row start" },
      h("a", { class: "btn secondary", href: "#history", id: `history-${activity.id}` }, "📈 My history"),
      h("a", { class: "btn secondary", href: "#compare", id: `compare-${activity.id}` }, "⚖️ Then vs Now"),
      tickButton(activity, current, course, "✓ I’ve looked back"))];
}

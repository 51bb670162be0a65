"""SpeakUp's course in a real browser. Leo (grade 6) opens Learn: week 1 is open and the other seven
are locked. He opens the first lesson, has the reading read to him and ticks it, then taps Record
it: Today has the lesson's prompt at a minute; he talks through the fake microphone, the real
recogniser hears him, and from the score he goes back to the lesson, where the practice is done by
that take and the lesson says so; the next lesson's button leads on. axe, 44-px targets and no
sideways scrolling on every screen, on a phone and both tablet orientations."""
import pytest
from selenium.webdriver.common.by import By

from pages import attribute, click, find, wait, wait_text
from test_speakup_pages import fits, no_numbers, open_speakup, record, say_take, tap

COURSE = """
const done = arguments[arguments.length - 1];
fetch("/api/speakup/course", { headers: { Accept: "application/json" } }).then((r) => r.json()).then(done, (e) => done({ error: String(e) }));
"""


def course(d):
    answer = d.execute_async_script(COURSE)
    assert "error" not in answer, answer
    return answer


@pytest.mark.parametrize("width,height", [pytest.param(1024, 768, id="tablet-landscape"), pytest.param(768, 1024, id="tablet-portrait")])
def test_the_course_shows_its_weeks_and_a_lesson(server, browser_factory, width, height):
    d = browser_factory(width, height)
    open_speakup(d, server, "Leo", 6)
    tap(d, "#nav-learn")
    find(d, "#course-continue")
    assert len(d.find_elements(By.CSS_SELECTOR, ".week")) == 8
    assert len(d.find_elements(By.CSS_SELECTOR, ".week.open")) == 1
    assert len(d.find_elements(By.CSS_SELECTOR, ".week.locked")) == 7
    fits(d, "Learn")
    tap(d, "#course-continue")
    wait_text(d, "#lesson-title", "Your First Take")
    fits(d, "a lesson")
    tap(d, "#lesson-next")
    find(d, "#lesson-previous")
    fits(d, "the second lesson")


def test_a_lesson_completes_after_a_qualifying_take(server, browser_factory, mic_wav):
    d = browser_factory(390, 844)
    d.set_script_timeout(20)
    say_take(mic_wav)
    open_speakup(d, server, "Leo", 6)
    tap(d, "#nav-learn")
    find(d, "#course-continue")
    tap(d, "#course-continue")
    find(d, "#lesson-title")
    lesson = course(d)["weeks"][0]["lessons"][0]
    reading, practice = lesson["activities"][0], lesson["activities"][1]
    assert reading["kind"] == "reading" and practice["kind"] == "practice" and practice["practice"]["seconds"] == 60

    # The reading: ticked once read.
    tap(d, f"#tick-{reading['id']}")
    wait(d, 10).until(lambda driver: attribute(driver, f"#activity-{reading['id']}", "data-status") == "done")
    assert attribute(d, f"#activity-{practice['id']}", "data-status") == "open"
    fits(d, "a lesson with its reading done")

    # The practice: Today with the lesson's prompt, a minute long; the take, then back to the lesson.
    tap(d, f"#record-{practice['id']}")
    wait_text(d, "#prompt-text", practice["practice"]["prompt"])
    assert attribute(d, "#prompt-text", "data-prompt-id") == f"course:{practice['id']}"
    assert attribute(d, ".duration[data-seconds='60']", "aria-checked") == "true"
    click(d, "#start-with-prompt")
    record(d, 57)  # Stop just before the minute runs out (the page would stop it itself)
    # The first take wins First Steps: a banner celebrates it over the score, without blocking it.
    wait_text(d, "#badge-unlock", "First Steps", timeout=15)
    fits(d, "the score with a new badge")
    tap(d, "#reveal-lesson")
    find(d, f"#activity-{practice['id']}")
    state = next(item for item in course(d)["progress"]["activities"] if item["id"] == practice["id"])
    assert state["status"] == "done", state
    wait(d, 15).until(lambda driver: attribute(driver, f"#activity-{practice['id']}", "data-status") == "done")
    find(d, f"#take-of-{practice['id']}[href='#take/{state['takeId']}']")
    find(d, "#lesson-done")
    assert "primary" in attribute(d, "#lesson-next", "class")
    fits(d, "a lesson done")
    tap(d, "#lesson-next")
    wait_text(d, "#lesson-title", course(d)["weeks"][0]["lessons"][1]["title"])



@pytest.mark.parametrize("width,height", [pytest.param(390, 844, id="phone"), pytest.param(1024, 768, id="tablet-landscape")])
def test_goals_and_badges(server, browser_factory, width, height):
    d = browser_factory(width, height)
    open_speakup(d, server, "Leo", 6)
    find(d, "#challenge-card")
    tap(d, "#open-goals")
    find(d, "#badges-card")
    assert len(d.find_elements(By.CSS_SELECTOR, "#badge-grid .badge")) >= 13
    assert not d.find_elements(By.CSS_SELECTOR, "#badge-grid .badge.won")
    tap(d, "#start-goal-weeklyPractice")
    wait_text(d, "#goal-weeklyPractice", "0 of 5 takes")
    assert not d.find_elements(By.CSS_SELECTOR, "#start-goal-weeklyPractice")
    fits(d, "Goals & badges")
    tap(d, "#give-up-weeklyPractice")
    find(d, "#start-goal-weeklyPractice")
    assert not d.find_elements(By.CSS_SELECTOR, "#goal-weeklyPractice")


def test_show_and_tell_badges_are_pictures_that_speak(server, browser_factory):
    d = browser_factory(768, 1024)
    open_speakup(d, server, "Mia", 2)
    tap(d, "#nav-history")
    tap(d, "#kid-badges")
    find(d, "#badge-grid.kid")
    assert not d.find_elements(By.CSS_SELECTOR, "#goals-card, #challenge-card, #streak-card")
    assert "Five Stars" in attribute(d, "#badge-fiveStars", "data-say")
    fits(d, "Show & Tell badges", kid=True)
    no_numbers(d, "Show & Tell badges")

"""SpeakUp's Practice in a real browser. Leo (grade 5) opens Practice: a warm-up runs to its end in
real time (its steps change, Pause stops the clock, the circle breathes) and is kept, its count on
the list; a calm exercise steps through to Complete and is kept. Mia (grade 2) gets big picture
buttons, hears each step, sees no numbers. axe, 64 × 44 targets (Show & Tell 64 × 64) and no
sideways scrolling, at 1024×768, 768×1024 and 390×844."""
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import DEVICES
from pages import attribute, click, find, wait, wait_text
from test_speakup_pages import fits, no_numbers, open_speakup, tap

PRACTICE = """
const done = arguments[arguments.length - 1];
fetch("/api/speakup/practice", { headers: { Accept: "application/json" } }).then((r) => r.json()).then(done, (e) => done({ error: String(e) }));
"""


def step_index(d):
    return int(attribute(d, "#warmup", "data-step"))


def test_a_warm_up_runs_to_its_end_and_is_kept(server, browser_factory):
    d = browser_factory(1024, 768)
    d.set_script_timeout(20)
    open_speakup(d, server, "Leo", 5)
    click(d, "#nav-practice")
    find(d, "#warmups-articulation")
    tap(d, "a[href='#warmup/vowel-stretches']")
    find(d, "#warmup-start")
    wait_text(d, "#warmup-step", "A")
    assert find(d, "#warmup-left").text == "5"
    started = time.monotonic()
    tap(d, "#warmup-start")
    wait(d, 8).until(lambda driver: step_index(driver) == 1)
    wait_text(d, "#warmup-step", "E")
    # Pause holds the clock still.
    tap(d, "#warmup-pause")
    held = find(d, "#warmup-left").text
    time.sleep(1.6)
    assert find(d, "#warmup-left").text == held and step_index(d) == 1
    tap(d, "#warmup-start")
    find(d, "#warmup-done", timeout=30)
    assert time.monotonic() - started >= 25, "five steps of five seconds, plus the pause"
    wait_text(d, "#warmup-saved", "Kept in your practice")
    kept = d.execute_async_script(PRACTICE)
    assert kept["counts"] == {"warmUp:vowel-stretches": 1}, kept
    assert 24 <= kept["items"][0]["seconds"] <= 27, kept
    fits(d, "Warm-up done")
    click(d, "#warmup-back")
    wait_text(d, "a[href='#warmup/vowel-stretches'] .done-chip", "✓ 1")


@pytest.mark.parametrize("width,height", DEVICES)
def test_practice_screens_fit_and_a_calm_exercise_is_kept(server, browser_factory, width, height):
    d = browser_factory(width, height)
    d.set_script_timeout(20)
    open_speakup(d, server, "Leo", 5)
    click(d, "#nav-practice")
    find(d, "#calm-list")
    assert len(d.find_elements(By.CSS_SELECTOR, "a[href^='#warmup/']")) == 11
    fits(d, "Practice")
    # A breathing warm-up: the circle grows while breathing in; skipping to the end keeps it too.
    tap(d, "a[href='#warmup/box-breathing']")
    find(d, "#warmup-start")
    tap(d, "#warmup-start")
    wait(d).until(lambda driver: "motion-expand" in attribute(driver, ".breath-circle", "class"))
    fits(d, "Warm-up")
    tap(d, "#warmup-skip")
    wait(d).until(lambda driver: "motion-hold" in attribute(driver, ".breath-circle", "class"))
    for _ in range(11):
        tap(d, "#warmup-skip")
    find(d, "#warmup-done")
    wait_text(d, "#warmup-saved", "Kept")
    # Calm: Back and Next, then Complete.
    click(d, "#warmup-back")
    tap(d, "a[href='#calm/safe-place']")
    find(d, "#calm-next")
    wait_text(d, "#calm-count", "STEP 1 OF 5")
    assert attribute(d, "#calm-previous", "disabled") is not None
    fits(d, "Calm")
    for _ in range(4):
        tap(d, "#calm-next")
    tap(d, "#calm-previous")
    wait_text(d, "#calm-count", "STEP 4 OF 5")
    tap(d, "#calm-next")
    tap(d, "#calm-complete")
    wait_text(d, "#calm-saved", "Kept in your practice")
    kept = d.execute_async_script(PRACTICE)
    assert kept["counts"] == {"warmUp:box-breathing": 1, "calm:safe-place": 1}, kept


@pytest.mark.parametrize("width,height", [(1024, 768), (390, 844)])
def test_show_and_tell_practice_has_big_pictures_and_no_numbers(server, browser_factory, width, height):
    d = browser_factory(width, height)
    open_speakup(d, server, "Mia", 2)
    click(d, "#nav-practice")
    find(d, "#calm-list")
    assert not d.find_elements(By.CSS_SELECTOR, "#warmups-tongueTwister, #warmups-articulation, #practice-library")
    fits(d, "Show & Tell practice", kid=True)
    no_numbers(d, "Show & Tell practice")
    tap(d, "a[href='#warmup/belly-breathing']")
    find(d, "#hear-step")
    tap(d, "#warmup-start")
    wait(d).until(lambda driver: "motion-expand" in attribute(driver, ".breath-circle", "class"))
    fits(d, "Show & Tell warm-up", kid=True)
    no_numbers(d, "Show & Tell warm-up")
    click(d, "#warmup-back")
    find(d, "a[href='#calm/power-words']")
    tap(d, "a[href='#calm/power-words']")
    find(d, "#hear-calm-step")
    fits(d, "Show & Tell calm", kid=True)
    no_numbers(d, "Show & Tell calm")

"""MirrorBuddy's homework helper in a real browser. On a tablet in Italian, Mario adds his geometry
notes, opens the helper from its Home tile and pastes an exercise: step 1 shows its two sentences,
both marked as asking (❓ as well as colour), and "rettangolo" among the key words, said aloud;
step 2 his notes' passage with where it comes from and "Apri" (opening it and coming back finds the
same step); step 3 the checklist for an exercise with numbers; every box ticked, "Fatto!" brings a
small party and "Un altro esercizio" an empty field with the focus; an exercise that says he is in
distress gets the coach's caring reply, calmly, his text kept. The page never shows the answer.
On a phone in English, the coach asked to do the homework points to the helper; an exercise his notes say nothing about is sent with Ctrl+Enter, the steps
move with the arrow keys, step 2 says the notes have nothing; after too many requests the page asks
to wait, the exercise still in the field. Every state fits its screen (no sideways scrolling,
44 px targets, axe) on a tablet both ways and a phone; a screenshot of each is kept in
Tests/e2e/artifacts/mirrorbuddy-homework-*.png."""
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ARTIFACTS, DEVICES
from pages import attribute, find, wait
from test_mirrorbuddy import SETTLED, add_material, fits, go, open_mirrorbuddy
from test_mirrorbuddy_cards import to_english
from test_mirrorbuddy_coach import WATCH_SPEECH
from test_speakup_pages import tap

GEOMETRY = ("Geometria", "Il rettangolo\n\nL'area del rettangolo si calcola moltiplicando la base per l'altezza. "
            "Il perimetro è la somma dei quattro lati.")
EXERCISE = "Calcola l'area di un rettangolo lungo 12 cm e largo 5 cm. Poi spiega come hai fatto."
DISTRESS = "Non riesco a fare i compiti perché mio padre mi picchia."
ANSWER = re.compile(r"(?<![\d,.])60(?![\d,.])")   # 12 × 5: the page must never show it

WATER_CYCLE = ("The water cycle", "Evaporation is when the sun heats the water in rivers, lakes and oceans and turns it into water vapour. "
               "The vapour rises into the air.")
ROMANS = "Write three sentences about the Roman army.\nWhy was it so strong?"


# A paste into the field: the text put in as the browser does, with the input event a paste sends.
PASTE = """
const field = document.getElementById("homework-input");
field.focus();
field.setRangeText(arguments[0], field.selectionStart, field.selectionEnd, "end");
field.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste", data: arguments[0]}));
"""

# The step on show, read in one go (the screen is drawn anew on every change).
STEP = """
const steps = document.getElementById("homework-steps");
if (!steps) return null;
const all = (css) => [...steps.querySelectorAll(css)];
return {
  number: steps.dataset.step,
  title: document.getElementById("homework-step-title")?.textContent ?? "",
  current: all(".mb-homework-dot[aria-current='step']").map((b) => b.id),
  focused: document.activeElement?.id ?? "",
  sentences: all(".mb-homework-sentence").map((li) => ({text: li.textContent, asks: li.dataset.asks === "true",
    mark: li.querySelector(".mb-homework-mark")?.textContent ?? ""})),
  words: all(".mb-homework-chip").map((li) => li.textContent),
  notes: all(".mb-homework-note").map((li) => ({source: li.querySelector(".mb-homework-source")?.textContent ?? "",
    text: li.querySelector(".mb-homework-passage")?.textContent ?? "", open: li.querySelector("a.mb-homework-open")?.getAttribute("href"),
    openText: li.querySelector("a.mb-homework-open")?.textContent ?? ""})),
  noNotes: Boolean(document.getElementById("homework-no-notes")),
  prompt: document.getElementById("homework-prompt")?.textContent ?? "",
  checklist: all(".mb-homework-checklist input[type=checkbox]").map((box) => ({id: box.id, checked: box.checked,
    text: box.closest("label").textContent})),
};
"""


def step(d):
    return d.execute_script(STEP)


def shot(d, name):
    """A screenshot of what the student sees (taken before fits(): axe scrolls the page as it checks contrast)."""
    wait(d).until(lambda driver: driver.execute_script(SETTLED))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = d.get_window_size()
    d.save_screenshot(str(ARTIFACTS / f"mirrorbuddy-homework-{name}-{size['width']}x{size['height']}.png"))


def no_answer_shown(d, where):
    text = d.execute_script("return document.body.innerText")
    assert not ANSWER.search(text), f"{where}: the page shows the answer: {text!r}"


def open_homework(d, server):
    """#homework from its Home tile (once the new material's "+10 XP" has gone: the screenshots show the screen)."""
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, ".mb-toast"))
    go(d, server, "#home")
    tap(d, "#home-homework")
    find(d, "#screen[data-screen='homework/']", timeout=15)
    find(d, "#homework-input")


def help_me(d, send=lambda d: tap(d, "#homework-send")):
    """Sends the exercise in the field; returns step 1 once it shows."""
    send(d)
    find(d, "#homework-steps[data-step='1']", timeout=20)
    return step(d)


def move(d, css, number):
    tap(d, css)
    wait(d).until(lambda driver: (step(driver) or {}).get("number") == str(number))
    return step(d)


def tick_all(d):
    for box in step(d)["checklist"]:
        tap(d, f"label[for='{box['id']}']")
    wait(d).until(lambda driver: all(box["checked"] for box in step(driver)["checklist"]))


def test_an_exercise_on_a_tablet_in_italian_goes_through_the_three_steps_without_the_answer(server, browser_factory):
    d = browser_factory(1024, 768)
    open_mirrorbuddy(d, server)
    add_material(d, *GEOMETRY)
    material_id = d.current_url.split("#material/")[1]
    open_homework(d, server)
    d.execute_script(WATCH_SPEECH)
    field = find(d, "#homework-input")
    assert field.get_attribute("maxlength") == "2000"
    assert "esercizio" in find(d, "label[for='homework-input']").text, "the field's label is visible"
    assert "non ti do la soluzione, ti aiuto a trovarla" in find(d, "#screen").text
    assert find(d, "#homework-count").text == "0 / 2000 caratteri"

    # Nothing in the field: a kind line next to it, the focus back in it.
    tap(d, "#homework-send")
    wait(d).until(lambda driver: "esercizio" in driver.find_element(By.ID, "homework-problem").text)
    assert d.execute_script("return document.activeElement.id") == "homework-input"
    shot(d, "empty")
    fits(d, "the helper, nothing typed")

    d.execute_script(PASTE, EXERCISE)
    assert find(d, "#homework-count").text == f"{len(EXERCISE)} / 2000 caratteri", "the count follows the field"
    assert not d.find_element(By.ID, "homework-problem").text, "the line goes once there is something"
    first = help_me(d)
    # Step 1: both sentences ask (❓, not only colour), "rettangolo" a key word, the title focused and said.
    assert first["title"].startswith("Passo 1 di 3"), first
    assert first["current"] == ["homework-dot-1"], first
    assert first["focused"] == "homework-step-title", first
    assert [s["asks"] for s in first["sentences"]] == [True, True], first
    assert all(s["mark"] == "❓" for s in first["sentences"]), first
    assert "Calcola l'area di un rettangolo" in first["sentences"][0]["text"] and "Poi spiega" in first["sentences"][1]["text"], first
    assert "rettangolo" in first["words"], first
    background = d.execute_script("return getComputedStyle(document.querySelector('.mb-homework-sentence.asks')).backgroundColor")
    assert background == "rgba(91, 63, 214, 0.1)", background
    assert d.find_elements(By.ID, "homework-hear"), "a 🔊 to hear the step again"
    wait(d, 15).until(lambda driver: any("Capisci la consegna" in text for text in driver.execute_script("return window.saidAloud")))
    no_answer_shown(d, "step 1")
    shot(d, "step-1")
    fits(d, "step 1")

    # Step 2: the Geometria passage, where it comes from, Apri.
    second = move(d, "#homework-next", 2)
    assert second["focused"] == "homework-step-title" and second["current"] == ["homework-dot-2"], second
    assert second["notes"], second
    note = second["notes"][0]
    assert "Geometria" in note["source"] and "L'area del rettangolo" in note["text"], second
    assert note["open"] == f"#material/{material_id}" and "Apri" in note["openText"], second
    no_answer_shown(d, "step 2")
    shot(d, "step-2")
    fits(d, "step 2")
    # Apri opens the notes; coming back finds the same step.
    tap(d, "#homework-open-0")
    find(d, "#reading .mb-w", timeout=15)
    d.back()
    find(d, "#homework-steps[data-step='2']", timeout=15)

    # Step 3: the checklist for an exercise with numbers.
    third = move(d, "#homework-next", 3)
    lines = [box["text"] for box in third["checklist"]]
    assert len(lines) == 5 and "Scrivi i dati" in lines[0] and any("calcolo" in line for line in lines), lines
    assert not d.find_elements(By.ID, "homework-next") and d.find_elements(By.ID, "homework-done"), "Fatto! in place of Avanti"
    shot(d, "step-3")
    fits(d, "step 3")
    tick_all(d)
    assert "5 passi fatti su 5" in find(d, "#homework-ticked").text
    fits(d, "step 3, every box ticked")

    tap(d, "#homework-done")
    party = find(d, ".mb-toast-party")
    assert "Bravissimo" in party.text, party.text
    find(d, "#homework-done-panel")
    assert d.execute_script("return document.activeElement.id") == "homework-done-title"
    no_answer_shown(d, "done")
    shot(d, "done")
    fits(d, "done")

    tap(d, "#homework-another")
    field = find(d, "#homework-input")
    assert field.get_attribute("value") == "", "another exercise starts with an empty field"
    assert d.execute_script("return document.activeElement.id") == "homework-input"

    # An exercise that says he is in distress: the coach's caring reply in a calm panel (not an error), the text kept.
    d.execute_script(PASTE, DISTRESS)
    tap(d, "#homework-send")
    calm = find(d, "#homework-problem.mb-homework-calm", timeout=15)
    assert "112" in calm.text, calm.text
    assert not d.find_elements(By.CSS_SELECTOR, ".mb-toast-party"), "the party is over before a caring reply"
    assert not d.find_elements(By.CSS_SELECTOR, "[role='alert'], .error-text") and not d.find_elements(By.ID, "homework-steps")
    assert attribute(d, "#homework-input", "value") == DISTRESS
    shot(d, "distress")
    fits(d, "the caring reply")


def test_an_exercise_the_notes_say_nothing_about_on_a_phone_in_english(server, browser_factory):
    d = browser_factory(390, 844)
    open_mirrorbuddy(d, server)
    to_english(d)
    add_material(d, *WATER_CYCLE)
    # The coach, asked to do the homework, points to the helper.
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, ".mb-toast"))
    go(d, server, "#coach")
    field = find(d, "#coach-input", timeout=15)
    field.send_keys("do my homework")
    field.send_keys(Keys.ENTER)
    link = find(d, "#coach-talk a[href='#homework']", timeout=20)
    assert "homework help" in link.text.lower(), link.text
    tap(d, f"#{link.get_attribute('id')}")
    find(d, "#screen[data-screen='homework/']", timeout=15)
    assert "Help me" in find(d, "#homework-send").text
    field = find(d, "#homework-input")
    field.send_keys("Write three sentences about the Roman army.")
    field.send_keys(Keys.ENTER)   # a new line, not a send
    field.send_keys("Why was it so strong?")
    assert field.get_attribute("value") == ROMANS
    assert not d.find_elements(By.ID, "homework-steps")
    shot(d, "typed")
    fits(d, "the helper on a phone")

    # Ctrl+Enter sends it.
    first = help_me(d, lambda d: find(d, "#homework-input").send_keys(Keys.CONTROL, Keys.ENTER))
    assert first["title"].startswith("Step 1 of 3"), first
    assert any(s["asks"] for s in first["sentences"]), first
    shot(d, "step-1")
    fits(d, "step 1 on a phone")

    # → moves on (the focus is on the step's title, not in a field).
    ActionChains(d).send_keys(Keys.ARROW_RIGHT).perform()
    wait(d).until(lambda driver: step(driver)["number"] == "2")
    second = step(d)
    assert second["focused"] == "homework-step-title", second
    assert second["notes"] == [] and second["noNotes"], second
    assert "notes say nothing" in second["prompt"], second
    shot(d, "no-notes")
    fits(d, "step 2 with no notes on a phone")
    ActionChains(d).send_keys(Keys.ARROW_LEFT).perform()
    wait(d).until(lambda driver: step(driver)["number"] == "1")
    third = move(d, "#homework-dot-3", 3)
    assert len(third["checklist"]) == 4 and "own words" in third["checklist"][0]["text"], third
    shot(d, "step-3")
    fits(d, "step 3 on a phone")

    # Too many at once: "wait a moment", the exercise still in the field.
    burned = d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const session = await (await fetch("/api/session")).json();
          let status = 0;
          for (let i = 0; i < 40 && status !== 429; i++) {
            status = (await fetch("/api/mirrorbuddy/homework", {method: "POST", body: JSON.stringify({text: "Find x."}),
              headers: {"Content-Type": "application/json", "X-CSRF-Token": session.csrfToken}})).status;
          }
          return status;
        })().then(done, (error) => done(String(error)));
    """)
    assert burned == 429, burned
    tap(d, "#homework-edit")
    assert attribute(d, "#homework-input", "value") == ROMANS, "changing the exercise keeps it"
    tap(d, "#homework-send")
    wait(d, 15).until(lambda driver: "moment" in driver.find_element(By.ID, "homework-problem").text)
    assert attribute(d, "#homework-input", "value") == ROMANS, "the exercise stays in the field"
    shot(d, "wait")
    fits(d, "wait a moment on a phone")


@pytest.mark.parametrize("width,height", DEVICES)
def test_every_state_of_the_helper_fits_the_screen(server, browser_factory, width, height):
    """The empty screen, each step and the party: on a tablet both ways and a phone."""
    d = browser_factory(width, height)
    open_mirrorbuddy(d, server)
    add_material(d, *GEOMETRY)
    open_homework(d, server)
    shot(d, "empty")
    fits(d, "the helper, nothing typed")
    d.execute_script(PASTE, EXERCISE)
    first = help_me(d)
    assert [s["asks"] for s in first["sentences"]] == [True, True], first
    shot(d, "step-1")
    fits(d, "step 1")
    second = move(d, "#homework-next", 2)
    assert second["notes"], second
    shot(d, "step-2")
    fits(d, "step 2")
    move(d, "#homework-next", 3)
    tick_all(d)
    shot(d, "step-3")
    fits(d, "step 3")
    tap(d, "#homework-done")
    find(d, "#homework-done-panel")
    no_answer_shown(d, "done")
    shot(d, "done")
    fits(d, "done")

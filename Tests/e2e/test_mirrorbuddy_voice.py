"""MirrorBuddy's voice commands in a real browser: the fake microphone says "apri matematica" in
Italian (espeak-ng); a tap on the 🎤 listens until the phrase and a pause, the page shows and says
what it heard and opens Matematica. The "what can I say" panel lists the screen's commands with a
🔊 each and fits a tablet and a phone (44 px targets, axe) without covering the other floating
controls; saying "aiuto" opens it and says it. The space bar is push-to-talk on the page, and
keeps its own meaning in a text field and on a button."""
import subprocess
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import click, find, wait, wait_text
from test_mirrorbuddy import close_panel, fits, go, open_mirrorbuddy

PHRASE = "apri matematica"


def say_italian(text, path, noise=True):
    """Writes what the fake microphone plays (it loops, and starts again at each recording): `text`
    in espeak-ng's Italian voice at 48 kHz like a laptop microphone, 0.3 s of quiet before, 2 s after,
    over a room's noise floor (-54 dBFS) as every real microphone has (digital silence around a short
    word makes the recogniser hear "leggi" as "chiudi": Benchmarks/mirrorbuddy-voice.py's clips have the same floor)."""
    raw, clean = path.with_suffix(".raw.wav"), path.with_suffix(".clean.wav")
    subprocess.run(["espeak-ng", "-v", "it", "-s", "130", "-w", str(raw), text], check=True)
    subprocess.run(["sox", "-R", str(raw), "-r", "48000", "-c", "1", "-b", "16", str(clean), "pad", "0.3", "2.0"], check=True)
    if noise:
        subprocess.run(f"sox -R {clean} -p synth whitenoise vol 0.002 | sox -R -m {clean} - -b 16 {path}", shell=True, check=True)
    else:
        clean.rename(path)


@pytest.fixture(scope="module")
def mic_wav(tmp_path_factory):
    """This module's microphone says "apri matematica" (conftest's says "music please") in digital
    silence, as a browser's noise suppression can leave it: the server's own noise floor must cope."""
    path = tmp_path_factory.mktemp("voice-mic") / "mic.wav"
    say_italian(PHRASE, path, noise=False)
    return path


# What the page says aloud: the text of every /api/speech/say the page plays, from now on.
WATCH_SPEECH = """
window.saidAloud = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  try { const text = new URL(this.currentSrc || this.src, location.href).searchParams.get("text"); if (text) window.saidAloud.push(text); } catch {}
  return play.call(this);
};
"""

# The floating controls' boxes, to check that none covers another (`arguments[0]`: which).
FLOATING = """
const boxes = [];
for (const css of arguments[0]) {
  for (const element of document.querySelectorAll(css)) {
    const r = element.getBoundingClientRect();
    if (r.width && r.height) boxes.push({name: element.id || element.className, left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  }
}
return boxes;
"""


def pressed(d):
    return d.find_element(By.ID, "voice-button").get_attribute("aria-pressed")


def said(d):
    return d.execute_script("return window.saidAloud ?? []")


def overlapping(boxes):
    return [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5]


def test_saying_apri_matematica_on_home_opens_the_subject(server, browser_factory):
    d = browser_factory(1024, 768)
    open_mirrorbuddy(d, server)
    button = find(d, "#voice-button")
    assert button.get_attribute("aria-label") == "Comandi a voce: tocca e parla"
    assert pressed(d) == "false"
    size = button.size
    assert size["width"] >= 64 and size["height"] >= 64, size
    d.execute_script(WATCH_SPEECH)
    d.execute_script("""
        window.levels = [];
        new MutationObserver(() => window.levels.push(parseFloat(document.querySelector('#voice-button .meter-fill').style.transform.slice(7)) || 0))
          .observe(document.querySelector('#voice-button .meter-fill'), {attributes: true, attributeFilter: ['style']});
    """)

    started = time.monotonic()
    click(d, "#voice-button")
    wait(d, 5).until(lambda driver: pressed(driver) == "true")
    assert "listening" in button.get_attribute("class")
    wait_text(d, "#voice-status", "Ti ascolto")
    # It stops by itself once the phrase is over (0.3 s + the phrase + 0.8 s of quiet), well before the 6 s limit.
    wait(d, 8).until(lambda driver: pressed(driver) == "false")
    stopped = time.monotonic() - started
    assert stopped < 5.0, f"listened for {stopped:.1f} s: the end of speech was not heard"
    assert max(d.execute_script("return window.levels"), default=0) > 0.1, "the level meter never moved"

    def landed(driver):
        return driver.current_url.endswith("#subject/matematica") and PHRASE in driver.find_element(By.ID, "voice-heard").text

    try:
        wait(d, 20).until(landed)
    except Exception:
        line = d.execute_script("return document.getElementById('voice-line')?.textContent")
        raise AssertionError(f"did not open Matematica: url {d.current_url}, line {line!r}")
    assert "Ho sentito" in find(d, "#voice-heard").text
    assert PHRASE in d.find_element(By.ID, "voice-announce").get_attribute("textContent"), "screen readers hear it too"
    find(d, "#screen[data-screen='subject/matematica']", timeout=10)
    # The phrase heard is said back in Italian.
    wait(d, 10).until(lambda driver: any(PHRASE in text and "Ho sentito" in text for text in said(driver)))
    d.save_screenshot("Tests/e2e/artifacts/mirrorbuddy-voice-heard.png")


@pytest.mark.parametrize("width,height", [(1024, 768), (390, 844)], ids=["tablet-landscape", "phone"])
def test_the_help_panel_lists_what_can_be_said_and_fits(server, browser_factory, width, height):
    d = browser_factory(width, height)
    open_mirrorbuddy(d, server)
    # Nothing floating covers anything else floating, on a screen with the dock and one without.
    for screen in ("#home", "#tasks"):
        go(d, server, screen)
        find(d, "#voice-button")
        boxes = d.execute_script(FLOATING, ["#voice-button", "#voice-help-button", "#a11y-button", ".mb-dock .btn"])
        assert len(boxes) >= 3 and overlapping(boxes) == [], f"{screen} at {width}×{height}: {boxes}"
    go(d, server, "#home")
    d.execute_script(WATCH_SPEECH)

    click(d, "#voice-help-button")
    panel = find(d, "#voice-help")
    wait(d, 10).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#voice-help .mb-voice-example")) >= 5)
    assert d.find_element(By.ID, "voice-help-button").get_attribute("aria-expanded") == "true"
    text = panel.text
    assert "Cosa puoi dire" in text and "«aiuto»" in text and "Aprire una materia" in text, text
    examples = d.find_elements(By.CSS_SELECTOR, "#voice-help .mb-voice-example")
    hears = d.find_elements(By.CSS_SELECTOR, "#voice-help .mb-voice-example .mb-hear")
    assert len(hears) == len(examples), "each phrase has its 🔊"
    # The panel may cover the dock while open, never the voice button, the "?" or the switcher.
    in_reach = d.execute_script(FLOATING, ["#voice-help", "#voice-button", "#voice-help-button", "#a11y-button"])
    assert overlapping(in_reach) == [], f"the panel covers a round button: {in_reach}"
    fits(d, f"the voice help panel at {width}×{height}")

    # 🔊 says the phrase.
    first = d.find_element(By.CSS_SELECTOR, "#voice-help .mb-voice-example .mb-voice-phrase").text.strip("«»")
    d.execute_script("document.querySelector('#voice-help .mb-voice-example .mb-hear').scrollIntoView({block: 'center'})")
    click(d, "#voice-help .mb-voice-example .mb-hear")
    wait(d, 10).until(lambda driver: first in said(driver))

    click(d, "#voice-help-close")
    wait(d).until(lambda driver: not driver.execute_script("return document.getElementById('voice-help').open"))
    assert d.execute_script("return document.activeElement?.id") == "voice-help-button"
    assert d.find_element(By.ID, "voice-help-button").get_attribute("aria-expanded") == "false"


def test_saying_aiuto_opens_the_help_and_says_it(server, browser_factory, mic_wav):
    d = browser_factory(1024, 768)
    open_mirrorbuddy(d, server)
    d.execute_script(WATCH_SPEECH)
    try:
        say_italian("aiuto", mic_wav)
        click(d, "#voice-button")
        wait(d, 25).until(lambda driver: driver.execute_script("return document.getElementById('voice-help').open"))
        wait(d, 10).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#voice-help .mb-voice-example")) >= 5)
        assert "aiuto" in find(d, "#voice-heard").text
        # First the phrase heard, then what can be said.
        wait(d, 20).until(lambda driver: any(text.startswith("Puoi dire") for text in said(driver)))
        spoken = said(d)
        heard_at = next(i for i, text in enumerate(spoken) if "Ho sentito" in text)
        help_at = next(i for i, text in enumerate(spoken) if text.startswith("Puoi dire"))
        assert heard_at < help_at, spoken
        # Opened by voice, the panel leaves the keyboard where it was: the space bar still listens.
        assert not d.execute_script("return document.getElementById('voice-help').contains(document.activeElement)")
    finally:
        say_italian(PHRASE, mic_wav, noise=False)


def test_the_space_bar_listens_on_the_page_but_not_in_a_field_or_on_a_button(server, browser_factory):
    d = browser_factory(1024, 768)
    open_mirrorbuddy(d, server)
    d.execute_script("document.activeElement?.blur(); window.scrollTo(0, 0)")
    assert d.execute_script("return document.activeElement === document.body")

    # Held down on the page: push-to-talk. Quiet after the phrase does not end it while held.
    ActionChains(d).key_down(Keys.SPACE).perform()
    try:
        wait(d, 5).until(lambda driver: pressed(driver) == "true")
        time.sleep(3.0)  # the phrase is over after about 1.5 s; a tap would have stopped by now
        assert pressed(d) == "true", "still listening while the space bar is held"
        assert d.execute_script("return window.scrollY") == 0, "space did not scroll the page"
    finally:
        ActionChains(d).key_up(Keys.SPACE).perform()
    wait(d, 3).until(lambda driver: pressed(driver) == "false")
    wait(d, 20).until(lambda driver: driver.current_url.endswith("#subject/matematica"))

    # In a text field space types a space.
    go(d, server, "#tasks")
    field = find(d, "#new-task-title")
    field.click()
    ActionChains(d).key_down(Keys.SPACE).key_up(Keys.SPACE).send_keys("x").perform()
    time.sleep(0.8)
    assert pressed(d) == "false"
    assert field.get_attribute("value") == " x"
    assert "listening" not in d.find_element(By.ID, "voice-button").get_attribute("class")

    # On a button space presses the button (the switcher opens), and the microphone stays off.
    d.execute_script("document.getElementById('a11y-button').focus()")
    ActionChains(d).key_down(Keys.SPACE).key_up(Keys.SPACE).perform()
    wait(d).until(lambda driver: driver.execute_script("return document.getElementById('a11y-panel').open"))
    assert pressed(d) == "false"
    close_panel(d)

"""MirrorBuddy's mind map by voice in a real browser (issue 25, part 1): on a tablet in Italian Mario
makes a map from his notes "La fotosintesi", goes to a branch by keyboard and says "torna su": the
root has the focus, in view, as ← would give it; said again at the root, the page says he is at the
top already. Then "comprimi la fotosintesi" closes the root by its label: its branches hide; the
help lists the map's commands with its labels. The fake microphone says one phrase in a loop
(espeak-ng, as test_mirrorbuddy_voice.py's), written again before each recording."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import click, find, wait
from test_mirrorbuddy_cards import NOTES, material_open
from test_mirrorbuddy_voice import WATCH_SPEECH, pressed, said, say_italian
from test_speakup_pages import tap

# The server decodes speech here: one after another with the other heavy tests (conftest.py).
pytestmark = pytest.mark.xdist_group("heavy")

FOCUSED = "return document.activeElement && document.activeElement.id"


@pytest.fixture(scope="module")
def mic_wav(tmp_path_factory):
    """This module's microphone: "torna su" to start with (each test writes the phrase it needs)."""
    path = tmp_path_factory.mktemp("map-voice-mic") / "mic.wav"
    say_italian("torna su", path)
    return path


def speak(d, mic_wav, phrase, done, what):
    """The microphone says `phrase`; a tap on 🎤 listens and sends it; waits until `done(driver)`."""
    say_italian(phrase, mic_wav)
    wait(d, 5).until(lambda driver: pressed(driver) == "false")
    click(d, "#voice-button")
    wait(d, 5).until(lambda driver: pressed(driver) == "true")
    try:
        wait(d, 25).until(lambda driver: phrase in driver.find_element(By.ID, "voice-heard").text and done(driver))
    except Exception:
        line = d.execute_script("return document.getElementById('voice-line')?.textContent")
        raise AssertionError(f"«{phrase}» did not {what}: the voice line says {line!r}, the focus is on {d.execute_script(FOCUSED)!r}")


def in_view(d, element_id):
    """Whether the element is inside the map's scrolling box, as the keyboard leaves the chosen node."""
    return d.execute_script("""
        const box = document.getElementById('map-box').getBoundingClientRect();
        const node = document.getElementById(arguments[0]).getBoundingClientRect();
        return node.left >= box.left - 1 && node.right <= box.right + 1 && node.top >= box.top - 1 && node.bottom <= box.bottom + 1;""", element_id)


def test_torna_su_and_comprimi_walk_the_map_by_voice(server, browser_factory, mic_wav):
    d = material_open(browser_factory, server, 1024, 768, "it", NOTES)
    assert NOTES["it"][0] == "La fotosintesi"
    tap(d, "#material-mind-map")
    find(d, "#map-tree[role=tree]", timeout=20)
    items = d.find_elements(By.CSS_SELECTOR, "#map-tree [role=treeitem]")
    root_id = next(e for e in items if e.get_attribute("aria-level") == "1").get_attribute("id")
    assert d.find_element(By.ID, root_id).text == "La fotosintesi"
    assert len([e for e in items if e.get_attribute("aria-level") == "2"]) >= 2
    d.execute_script(WATCH_SPEECH)

    # A branch chosen by keyboard: → from the root.
    d.execute_script("document.getElementById(arguments[0]).focus()", root_id)
    wait(d).until(lambda driver: driver.execute_script(FOCUSED) == root_id)
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait(d).until(lambda driver: driver.switch_to.active_element.get_attribute("aria-level") == "2")
    branch_id = d.execute_script(FOCUSED)

    # "torna su": the root is chosen and has the keyboard (the tree's one Tab stop), in view.
    speak(d, mic_wav, "torna su", lambda driver: driver.execute_script(FOCUSED) == root_id, "focus the root")
    root = d.find_element(By.ID, root_id)  # drawn again: found again
    assert root.get_attribute("aria-selected") == "true" and root.get_attribute("tabindex") == "0"
    assert d.find_element(By.ID, branch_id).get_attribute("aria-selected") == "false"
    assert in_view(d, root_id)
    wait(d, 10).until(lambda driver: any("torna su" in text and "Ho sentito" in text for text in said(driver)))

    # Said again at the root: a short line, and the focus stays.
    before = len(said(d))
    speak(d, mic_wav, "torna su", lambda driver: "già in cima" in driver.find_element(By.ID, "voice-heard").text, "say it is at the top")
    assert d.execute_script(FOCUSED) == root_id
    wait(d, 10).until(lambda driver: any("già in cima" in text for text in said(driver)[before:]))

    # "comprimi la fotosintesi": the root, said by its label, closes; its branches hide.
    assert d.find_element(By.ID, root_id).get_attribute("aria-expanded") == "true"
    speak(d, mic_wav, "comprimi la fotosintesi",
          lambda driver: driver.find_element(By.ID, root_id).get_attribute("aria-expanded") == "false", "close the root")
    assert d.find_elements(By.CSS_SELECTOR, "#map-tree [role=treeitem][aria-level='2']") == []
    assert d.execute_script(FOCUSED) == root_id
    d.save_screenshot("Tests/e2e/artifacts/mirrorbuddy-map-voice.png")

    # "Cosa posso dire?" on the map lists its own commands, with this map's labels.
    click(d, "#voice-help-button")
    wait(d, 10).until(lambda driver: "espandi la fotosintesi" in driver.find_element(By.ID, "voice-help").text)
    text = d.find_element(By.ID, "voice-help").text
    assert "Espandere un'idea della mappa" in text and "«torna su»" in text and "Tornare indietro" in text, text
    click(d, "#voice-help-close")

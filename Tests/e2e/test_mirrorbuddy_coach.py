"""MirrorBuddy's coach ("ask me about your materials") in a real browser: Mario adds his notes on
photosynthesis, opens the coach from its Home tile and asks by typing; the answer is his notes' own
sentence, said aloud, with the material named and a link to it; "Dimmi di più" brings the next
passage, "Non ho capito" the key sentence with a kind intro; "voglio morire" is answered calmly
(a soft panel, not an error) with 112; the conversation is still there after opening the material.
On a phone in English the question is asked aloud (the fake microphone says "what is evaporation"):
the page shows what it heard, then the answer. With no materials yet the screen offers to add one.
Every state fits its screen (no sideways scrolling, 44 px targets, axe) on a tablet both ways and a phone;
a screenshot of each is kept in Tests/e2e/artifacts/mirrorbuddy-coach-*.png."""
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ARTIFACTS, DEVICES
from pages import attribute, find, open_parent_tab, wait
from test_accessibility import serious_violations
from test_mirrorbuddy import add_material, fits, go, open_mirrorbuddy
from test_home_network import lan_server, open_set_up_over_https, trusting_browser  # noqa: F401 (lan_server is a fixture)
from test_mirrorbuddy_cards import to_english
from test_speakup_pages import tap

PHOTOSYNTHESIS = ("La fotosintesi", """La fotosintesi è il processo con cui le piante verdi producono zuccheri usando la luce del sole. Avviene soprattutto nelle foglie.

La clorofilla è il pigmento verde che si trova nei cloroplasti delle foglie. La clorofilla cattura la luce del sole e la trasforma in energia per la pianta.

Durante la fotosintesi le piante assorbono anidride carbonica dall'aria e liberano ossigeno. L'ossigeno che respiriamo viene in gran parte dalle piante.""")

WATER_CYCLE = ("The water cycle", """Evaporation is when the sun heats the water in rivers, lakes and oceans and turns it into water vapour. The vapour rises into the air.

Condensation happens when water vapour cools down high in the sky and turns into tiny drops of water. The drops come together and make clouds.

Precipitation is water that falls from the clouds as rain, snow or hail. The water flows back into rivers, lakes and oceans, and the cycle starts again.""")

QUESTION = "what is evaporation"


@pytest.fixture(scope="module")
def mic_wav(tmp_path_factory):
    """This module's microphone asks "what is evaporation" (flite, 16 kHz), with a pause before and after
    so the page hears where the question ends (the fake microphone plays it in a loop)."""
    folder = tmp_path_factory.mktemp("coach-mic")
    spoken, path = folder / "spoken.wav", folder / "mic.wav"
    subprocess.run(["flite", "-voice", "kal16", "-t", QUESTION, "-o", str(spoken)], check=True)
    subprocess.run(["sox", "-R", str(spoken), "-r", "16000", "-c", "1", "-b", "16", str(path), "pad", "0.3", "1.5"], check=True)
    return path


# The text of every /api/speech/say the page plays, from now on (what is said aloud).
WATCH_SPEECH = """
window.saidAloud = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  try { const text = new URL(this.currentSrc || this.src, location.href).searchParams.get("text"); if (text) window.saidAloud.push(text); } catch {}
  return play.call(this);
};
"""

# The coach's newest reply, read in one go (the screen is drawn anew on every change).
LAST_REPLY = """
const all = document.querySelectorAll("#coach-talk li[data-who='coach']");
const li = all[all.length - 1];
if (!li) return {count: 0};
const text = (css) => li.querySelector(css)?.textContent ?? null;
const bubble = li.querySelector(".mb-coach-bubble");
const style = bubble ? getComputedStyle(bubble) : null;
return {count: all.length, kind: li.dataset.kind, concern: li.dataset.concern, look: li.className, text: text(".mb-coach-text"),
        intro: text(".mb-coach-intro"), source: text(".mb-coach-source-name"), open: li.querySelector(".mb-coach-open")?.getAttribute("href") ?? null,
        openId: li.querySelector(".mb-coach-open")?.id ?? null, quick: [...li.querySelectorAll(".mb-coach-quick")].map((b) => b.id),
        background: style?.backgroundColor, border: style?.borderTopColor};
"""


def last_reply(d):
    return d.execute_script(LAST_REPLY)


def replies(d):
    return last_reply(d)["count"]


def shot(d, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = d.get_window_size()
    d.save_screenshot(str(ARTIFACTS / f"mirrorbuddy-coach-{name}-{size['width']}x{size['height']}.png"))


def open_coach(d, server):
    """#coach from its Home tile, its welcome loaded (once the new material's "+10 XP" has gone: the screenshots show the screen)."""
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, ".mb-toast"))
    go(d, server, "#home")
    tap(d, "#home-coach")
    find(d, "#screen[data-screen='coach/']", timeout=15)
    find(d, "#coach-welcome", timeout=15)
    assert find(d, "#coach-welcome").text.strip()


def ask_typing(d, text, timeout=20):
    """Types `text` in the field and presses Enter; returns the reply once it is on screen."""
    before = replies(d)
    field = find(d, "#coach-input")
    field.clear()
    field.send_keys(text)
    field.send_keys(Keys.ENTER)
    wait(d, timeout).until(lambda driver: replies(driver) > before and not driver.find_elements(By.ID, "coach-thinking"))
    return last_reply(d)


def tap_for_reply(d, css, timeout=20):
    before = replies(d)
    tap(d, css)
    wait(d, timeout).until(lambda driver: replies(driver) > before and not driver.find_elements(By.ID, "coach-thinking"))
    return last_reply(d)


def said(d):
    return d.execute_script("return window.saidAloud ?? []")


def test_a_question_typed_on_a_tablet_is_answered_from_the_notes_with_more_and_a_calm_reply_to_distress(server, browser_factory):
    d = browser_factory(1024, 768)
    open_mirrorbuddy(d, server)
    add_material(d, *PHOTOSYNTHESIS)
    material_id = d.current_url.split("#material/")[1]
    open_coach(d, server)
    d.execute_script(WATCH_SPEECH)
    assert attribute(d, "#coach-input", "maxlength") == "500"
    assert "La tua domanda" in find(d, "label[for='coach-input']").text, "the field's label is visible"
    fits(d, "the coach, nothing asked yet")
    shot(d, "start")

    # Typed, sent with Enter: the notes' own sentence, the material named, a link to it, said aloud.
    answer = ask_typing(d, "cos'è la fotosintesi?")
    assert answer["kind"] == "answer", answer
    assert "processo" in answer["text"], answer
    assert "La fotosintesi" in answer["source"], answer
    assert answer["open"] == f"#material/{material_id}", answer
    assert answer["quick"] == ["coach-more", "coach-simpler"], answer
    assert attribute(d, "#coach-input", "value") == "", "the field empties once answered"
    assert "cos'è la fotosintesi?" in find(d, "#coach-talk li[data-who='child']").text
    wait(d, 15).until(lambda driver: any("processo" in text for text in said(driver)))
    fits(d, "an answer")
    shot(d, "answer")

    # "Dimmi di più": the next passage of the same notes.
    more = tap_for_reply(d, "#coach-more")
    assert more["kind"] == "answer" and more["text"] and more["text"] != answer["text"], more
    assert "La fotosintesi" in more["source"], more
    assert "Dimmi di più" in d.find_elements(By.CSS_SELECTOR, "#coach-talk li[data-who='child']")[-1].text
    fits(d, "more of the notes")

    # "Non ho capito": the key sentence, after a kind intro.
    simpler = tap_for_reply(d, "#coach-simpler")
    assert simpler["kind"] == "answer" and simpler["text"], simpler
    assert simpler["intro"], f"no intro before the short answer: {simpler}"

    # Distress: a calm panel (not red, not an error), the number to call, no follow-up buttons.
    calm = ask_typing(d, "voglio morire")
    assert calm["kind"] == "concern" and calm["concern"] == "distress", calm
    assert "112" in calm["text"], calm
    assert "mb-coach-calm" in calm["look"] and calm["quick"] == [], calm
    assert calm["background"] == "rgba(91, 63, 214, 0.1)" and calm["border"] == "rgb(91, 63, 214)", calm
    assert not d.find_elements(By.CSS_SELECTOR, "#coach-talk [role='alert'], #coach-talk .error-text")
    wait(d, 15).until(lambda driver: any("112" in text for text in said(driver)))
    fits(d, "the calm reply")
    shot(d, "distress")

    # The source opens the material; coming back, the conversation is still there.
    count = replies(d)
    tap(d, f"#{answer['openId']}")
    find(d, "#reading .mb-w", timeout=15)
    assert d.current_url.endswith(f"#material/{material_id}")
    d.back()
    find(d, "#coach-talk", timeout=15)
    assert replies(d) == count, "the conversation is kept while the student stays in the app"

    # His parent sees that the coach heard something worrying, and when; never his words.
    open_parent_tab(d, server, "mirrorbuddy")
    note = find(d, "#mirrorbuddy-coach-note", timeout=15)
    assert "distress" in note.text and "voglio morire" not in d.find_element(By.TAG_NAME, "body").text, note.text
    assert serious_violations(d) == []


def test_a_question_asked_aloud_on_a_phone_in_english_shows_what_was_heard_then_the_answer(server, browser_factory):
    d = browser_factory(390, 844)
    open_mirrorbuddy(d, server)
    to_english(d)
    add_material(d, *WATER_CYCLE)
    open_coach(d, server)
    mic = find(d, "#coach-mic")
    assert "Ask by voice" in mic.text
    fits(d, "the coach on a phone")
    shot(d, "start")

    tap(d, "#coach-mic")
    find(d, "#coach-talk .mb-coach-heard", timeout=40)
    wait(d, 40).until(lambda driver: replies(driver) >= 1 and not driver.find_elements(By.ID, "coach-thinking"))
    # The page: what was heard, in the child's line, before the reply; the microphone closed again.
    heard = find(d, "#coach-talk .mb-coach-heard").text
    assert "You said" in heard, heard
    order = d.execute_script("return [...document.querySelectorAll('#coach-talk li')].map((li) => li.dataset.who)")
    assert order == ["child", "coach"], order
    assert attribute(d, "#coach-mic", "aria-pressed") == "false", "the microphone is closed again"
    fits(d, "a spoken question and its answer on a phone")
    shot(d, "voice")
    # The server: it heard the question and answered it from the notes.
    answer = last_reply(d)
    assert "evaporation" in heard.lower(), f"the server heard {heard!r} (answered {answer.get('kind')}: {answer.get('text')!r})"
    assert answer["kind"] == "answer" and "evaporation" in answer["text"].lower(), answer
    assert "The water cycle" in answer["source"], answer


def test_a_phone_on_the_home_network_asks_the_coach_aloud_over_https(lan_server, mic_wav):
    """The coach from a phone on the home network, over the server's own HTTPS (the authority trusted
    as on a device): the microphone opens only there off the server itself, and the question asked
    aloud is heard and answered from the notes."""
    import shutil
    from conftest import _drivers
    d, home = trusting_browser(lan_server["ca"], mic_wav, 390, 844)
    try:
        open_set_up_over_https(d, lan_server)
        open_mirrorbuddy(d, lan_server["https"])
        assert d.execute_script("return window.isSecureContext && !!navigator.mediaDevices")
        to_english(d)
        add_material(d, *WATER_CYCLE)
        open_coach(d, lan_server["https"])
        tap(d, "#coach-mic")
        find(d, "#coach-talk .mb-coach-heard", timeout=40)
        wait(d, 40).until(lambda driver: replies(driver) >= 1 and not driver.find_elements(By.ID, "coach-thinking"))
        answer = last_reply(d)
        assert "evaporation" in find(d, "#coach-talk .mb-coach-heard").text.lower(), answer
        assert answer["kind"] == "answer" and "evaporation" in answer["text"].lower(), answer
    finally:
        d.quit()
        _drivers.remove(d)
        shutil.rmtree(home, ignore_errors=True)


@pytest.mark.parametrize("width,height", DEVICES)
def test_every_state_of_the_coach_fits_the_screen(server, browser_factory, width, height):
    """No materials yet, nothing asked, an answer, the calm reply: on a tablet both ways and a phone."""
    d = browser_factory(width, height)
    open_mirrorbuddy(d, server)
    open_coach(d, server)
    # No materials yet: a kind line and a big button to add one, instead of the field.
    find(d, "#coach-add")
    assert not d.find_elements(By.ID, "coach-input")
    fits(d, "the coach with no materials")
    shot(d, "no-materials")
    tap(d, "#coach-add")
    find(d, "#screen[data-screen^='new/']", timeout=15)

    go(d, server, "#home")
    add_material(d, *PHOTOSYNTHESIS)
    open_coach(d, server)
    fits(d, "the coach, nothing asked yet")
    shot(d, "start")
    answer = ask_typing(d, "che cos'è la clorofilla?")
    assert answer["kind"] == "answer" and "clorofilla" in answer["text"].lower(), answer
    fits(d, "an answer")
    shot(d, "answer")
    calm = ask_typing(d, "voglio morire")
    assert calm["concern"] == "distress", calm
    fits(d, "the calm reply")
    shot(d, "distress")

"""SpeakUp's Settings and Compare in a real browser. Leo (grade 5) opens ⚙️: the countdown, the
pace target, his own fillers and the score weights (Save waits until they total 100 %); Save asks a
grown-up the parent question, then keeps every change (read back from the server). With two scored
takes, History's "Then vs Now" shows both, "+N points" as the server's scores say, what moved and
both recordings; either take can be swapped. axe, 64 × 44 targets and no sideways scrolling on
each screen, at 1024×768, 768×1024 and 390×844. Show & Tell has neither screen; Mia's talks page
plays her first talk and her newest (Then and Now) with their stars and no numbers."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import DEVICES
from pages import answer_gate, attribute, click, find, gate_answer, wait, wait_text
from test_speakup_pages import fits, open_speakup, tap

SETTINGS = """
const done = arguments[arguments.length - 1];
fetch("/api/speakup/settings", { headers: { Accept: "application/json" } }).then((r) => r.json()).then(done, (e) => done({ error: String(e) }));
"""

# A take from the server's own voice (flite), uploaded as the page would: words, fillers, a score.
UPLOAD_TAKE = """
const [text, done] = arguments;
(async () => {
  const session = await (await fetch("/api/session")).json();
  const wav = await (await fetch(`/api/speech/say?voice=flite:kal16&text=${encodeURIComponent(text)}`)).blob();
  const answer = await fetch("/api/speakup/takes?seconds=30", { method: "POST", body: wav,
    headers: { "Content-Type": "audio/wav", "X-CSRF-Token": session.csrfToken, Accept: "application/json" } });
  const take = await answer.json();
  done(answer.ok ? { id: take.id, score: take.score } : { error: JSON.stringify(take) });
})().catch((e) => done({ error: String(e) }));
"""

HESITANT = ("um so today I want to, uh, talk about, um, my dog. so he is like, um, really fast and uh, like, he runs. "
            "um and so, uh, that is like my dog.")
CLEAR = ("My dog is the fastest runner in our street. Every morning we walk to the park together, and he chases the ball "
         "until he is tired. Then we sit on the bench and watch the ducks on the pond before we go home for breakfast.")


def open_settings(d):
    """⚙️ in the top bar; on a phone, where the bar has no room for it, through Practice."""
    find(d, "#nav-practice")
    if d.find_element(By.CSS_SELECTOR, "#nav-settings").is_displayed():
        click(d, "#nav-settings")
    else:
        click(d, "#nav-practice")
        click(d, "#practice-settings")


def set_range(d, css, value):
    """Moves a slider as a finger would (the page listens for input events)."""
    d.execute_script("const e = document.querySelector(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('input', { bubbles: true }));",
                     css, str(value))


@pytest.mark.parametrize("width,height", DEVICES)
def test_settings_are_kept_after_the_parent_question(server, browser_factory, width, height):
    d = browser_factory(width, height)
    d.set_script_timeout(30)
    open_speakup(d, server, "Leo", 5)
    open_settings(d)
    find(d, "#settings")
    fits(d, "Settings")

    click(d, "#countdown [data-focus-key='countdown-5']")
    click(d, "#timer-end [data-focus-key='timer-end-keepGoing']")
    click(d, "#learn-target")
    set_range(d, "#target-wpm", 135)
    wait_text(d, "#target-wpm-value", "135 WPM")

    # The weights must total 100 %: Save waits and says why.
    set_range(d, "#weight-clarity", 20)
    wait_text(d, "#weight-total", "Total 102 %")
    assert attribute(d, "#save-settings", "disabled") is not None
    assert "102 %" in find(d, "#settings-error").text
    set_range(d, "#weight-pace", 10)
    wait_text(d, "#weight-total", "Total 100 %")

    # His own filler, a bad one refused with a reason, a usual one taken off.
    find(d, "#add-context").send_keys("Anyway")
    click(d, "#add-context-button")
    find(d, "#fillers-context [data-focus-key='filler-context-anyway']")
    find(d, "#add-always").send_keys("42!")
    click(d, "#add-always-button")
    assert "one to three words" in find(d, "#settings-error").text
    tap(d, "#default-fillers [data-filler='so']")
    wait(d).until(lambda driver: driver.find_element(By.CSS_SELECTOR, "#default-fillers [data-filler='so']").get_attribute("aria-pressed") == "false")
    fits(d, "Settings, changed")

    # Save: a grown-up answers first.
    tap(d, "#save-settings")
    answer_gate(d, gate_answer(d))
    wait_text(d, "#settings-saved", "Saved")
    saved = d.execute_async_script(SETTINGS)
    assert saved["countdown"] == 5 and saved["timerEnd"] == "keepGoing" and saved["targetWPM"] == 135 and saved["learnTarget"] is False, saved
    assert saved["weights"]["clarity"] == 20 and saved["weights"]["pace"] == 10, saved
    assert saved["fillers"]["context"] == ["anyway"] and saved["fillers"]["removed"] == ["so"], saved

    # Kept: a fresh page shows them, and the countdown is the new one.
    d.refresh()
    open_settings(d)
    assert attribute(d, "#countdown [data-focus-key='countdown-5']", "aria-checked") == "true"
    wait_text(d, "#target-wpm-value", "135 WPM")
    click(d, "#settings-back")
    click(d, "#start-free")
    wait(d, 10).until(lambda driver: find(driver, "#countdown-left").text.isdigit())
    assert int(find(d, "#countdown-left").text) <= 5
    click(d, "#countdown-cancel")


@pytest.mark.parametrize("width,height", DEVICES)
def test_then_vs_now_shows_both_takes_and_what_moved(server, browser_factory, width, height):
    d = browser_factory(width, height)
    d.set_script_timeout(90)
    open_speakup(d, server, "Leo", 5)
    click(d, "#nav-history")
    find(d, "#then-vs-now")
    click(d, "#then-vs-now")
    find(d, "#compare-empty")

    first = d.execute_async_script(UPLOAD_TAKE, HESITANT)
    second = d.execute_async_script(UPLOAD_TAKE, CLEAR)
    third = d.execute_async_script(UPLOAD_TAKE, HESITANT)
    for take in (first, second, third):
        assert "error" not in take and isinstance(take["score"], int), take

    click(d, "#nav-history")
    click(d, "#then-vs-now")
    find(d, "#compare-table")
    fits(d, "Then vs Now")
    change = third["score"] - first["score"]
    expected = "Same score" if change == 0 else f"{'+' if change > 0 else '−'}{abs(change)} point{'s' if abs(change) != 1 else ''}"
    wait_text(d, "#compare-points", expected)
    assert "Then vs Now" in find(d, "h1.screen-title").text
    score_row = find(d, "#compare-table tr[data-key='score']").text
    assert str(first["score"]) in score_row and str(third["score"]) in score_row, score_row

    # Both recordings play (one at a time).
    for side in ("then", "now"):
        d.execute_script(f"document.getElementById('compare-{side}-take-audio').play()")
        wait(d, 10).until(lambda driver, side=side: driver.execute_script(
            f"const a = document.getElementById('compare-{side}-take-audio'); return a.currentTime > 0.2 && !a.paused;"))
    assert d.execute_script("return document.getElementById('compare-then-take-audio').paused")

    # Swap "Now" for the clear take: the address and the headline follow.
    Select(find(d, "#compare-now")).select_by_value(second["id"])
    wait(d, 10).until(lambda driver: driver.current_url.endswith(f"#compare/{first['id']}/{second['id']}"))
    wait_text(d, "h1.screen-title", "Compare takes")
    fits(d, "Compare")


# Whether an <audio> of this page is playing (Then and Now's are made on tap, not put in the page).
PLAYING = """
window.__played = window.__played ?? [];
if (!window.__spy) {
  window.__spy = true;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () { window.__played.push(this.src); return play.call(this); };
}
"""


@pytest.mark.parametrize("width,height", [(1024, 768), (390, 844)])
def test_show_and_tell_hears_then_and_now_and_has_no_settings(server, browser_factory, width, height):
    """Mia (grade 2) has neither Settings nor Compare; her talks page has Then and Now: her first talk
    and her newest, each a big play button with its stars, no numbers."""
    d = browser_factory(width, height)
    d.set_script_timeout(90)
    open_speakup(d, server, "Mia", 2)
    assert not d.find_elements(By.CSS_SELECTOR, "#nav-settings")
    d.execute_script("location.hash = '#settings'")
    find(d, "#start-free")
    assert not d.find_elements(By.CSS_SELECTOR, "#settings")

    first = d.execute_async_script(UPLOAD_TAKE, "my favourite animal is the cat. cats are soft and they like to sleep in the sun.")
    newest = d.execute_async_script(UPLOAD_TAKE, CLEAR)
    assert "error" not in first and "error" not in newest, (first, newest)
    click(d, "#nav-history")
    find(d, "#kid-then-now")
    fits(d, "Then and now", kid=True)
    assert not no_numbers_shown(d)
    d.execute_script(PLAYING)
    tap(d, "#hear-first-talk")
    wait(d).until(lambda driver: any(first["id"] in src for src in driver.execute_script("return window.__played")))
    tap(d, "#hear-newest-talk")
    wait(d).until(lambda driver: any(newest["id"] in src for src in driver.execute_script("return window.__played")))


def no_numbers_shown(d):
    from test_speakup_pages import NUMBERS_SHOWN
    return d.execute_script(NUMBERS_SHOWN)

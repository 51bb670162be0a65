"""SpeakUp in a real browser, against the routes of the shared contract (/api/speakup/…): Leo
(grade 5) records a take through the fake microphone — countdown, recording, Stop, analysing, the
score — then his take's page marks every filler the server heard, a tapped word plays the recording
from that word, a tip's "Hear it" plays its moment, he renames and keeps it, History's search finds
it by a word he said, and Delete asks first. Mia (grade 2) gets Show & Tell: the prompt read aloud,
three short lengths, stars, a tip read aloud, 64 px targets and not one number on any screen. A
grown-up's profile (grade 8, "8+ / adult") gets the full coach. axe on every new screen; the
journeys run at 1024×768, 768×1024 and 390×844."""
import re
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import DEVICES, say_music_please
from pages import add_first_child, attribute, click, fill, find, open_parent_tab, play_as, set_up_family, small_kid_targets, wait, wait_text
from test_accessibility import serious_violations
from test_prereaders import said, spy

# What the fake microphone says during a take: fillers of both kinds ("um", "uh"; "so", "like"),
# ordinary words to search for, a sentence break. The hesitations are drawn out and said apart, as a
# child says them ("ummm"): flite says a written "um" inside a sentence as a short word, which the
# recogniser heard as "i'm", "but" or "them" at 21 of 28 places where the looping microphone can
# start (the CI failures of "the server heard no fillers"); drawn out, all 26 places tried gave two
# or more. The commas give flite's pauses, around which "like" is a filler.
TAKE_PARTS = [("um", 2.4), ("so today I want to talk about my dog.", 1.0), ("um", 2.4),
              ("he is, like, really fast, and", 1.0), ("uh", 2.4), ("he runs in the park every morning with me.", 1.0)]

# Kids' targets, except the words of the transcript: inline targets in running text (WCAG 2.5.8's
# exception), each still a button a keyboard reaches.
TARGETS = "button:not(.word), a[href], input:not([type=hidden]), select, textarea, audio[controls], [role=button]"

TAKE = """
const done = arguments[arguments.length - 1];
fetch(`/api/speakup/takes/${arguments[0]}`, { headers: { Accept: "application/json" } })
  .then((r) => r.json()).then(done, (e) => done({ error: String(e) }));
"""

# Visible text on the screen with a digit in it, leaving out prompts (the prompt library's words,
# not the page's) and SVG tooltips. Show & Tell must have none.
NUMBERS_SHOWN = """
const skip = ".prompt-text, .prompt-strip-text, .take-title, title, .visually-hidden";
const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
const found = [];
const walker = document.createTreeWalker(document.getElementById("app"), NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode, e = node.parentElement;
  if (!/\\d/.test(node.textContent) || !e || e.closest(skip) || !shown(e)) continue;
  found.push(`${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}: ${node.textContent.trim().slice(0, 40)}`);
}
return found;
"""

# The score of the newest take, as the server keeps it (the reveal counts up to it).
LATEST_SCORE = """
const done = arguments[arguments.length - 1];
fetch("/api/speakup/takes", { headers: { Accept: "application/json" } }).then((r) => r.json()).then((list) => done(list.takes[0].score), (e) => done(String(e)));
"""

# The take the page shows (read in one go: the page draws itself again when the recording arrives).
TAKE_ID = "return document.getElementById('take-page')?.dataset.takeId ?? null;"

CURRENT_TIME = "const a = document.getElementById('take-audio'); return a ? [a.currentTime, a.paused, a.readyState] : null;"

# A profile for a grown-up who practises (grade 8 = "8+ / adult"), added in the open parent area.
ADD_GROWN_UP = """
const [name, grade, done] = arguments;
Promise.all([fetch("/api/session").then((r) => r.json()), fetch("/api/kids").then((r) => r.json())])
  .then(([session, kids]) => fetch("/api/parent/children", { method: "POST", headers: { "Content-Type": "application/json",
    "X-CSRF-Token": session.csrfToken }, body: JSON.stringify({ name, grade, avatar: kids.avatars[0] }) }))
  .then((r) => done(r.status), (e) => done(String(e)));
"""


def say_take(path):
    """Writes what the fake microphone plays next: TAKE_PARTS (flite kal16, each part trimmed, a
    short pause between), at 48 kHz like a laptop microphone, with a pause after it (the file loops)."""
    folder = Path(tempfile.mkdtemp())
    parts = []
    for index, (text, stretch) in enumerate(TAKE_PARTS):
        spoken, trimmed = folder / f"{index}.wav", folder / f"{index}-trimmed.wav"
        subprocess.run(["flite", "-voice", "kal16", "--setf", f"duration_stretch={stretch}", "-t", text, "-o", str(spoken)], check=True)
        subprocess.run(["sox", "-R", str(spoken), str(trimmed), "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01", "0.3%",
                        "reverse", "pad", "0", "0.15"], check=True)
        parts.append(str(trimmed))
    subprocess.run(["sox", "-R", *parts, "-r", "48000", "-c", "1", "-b", "16", str(path), "pad", "0.3", "1.5"], check=True)


def open_speakup(d, server, name, grade):
    set_up_family(d, server)
    add_first_child(d, name, grade=grade)
    play_as(d, name)
    click(d, ".tile[data-app-id='speakup']")
    find(d, "#start-free", timeout=15)


def fits(d, screen, kid=False):
    """No sideways scrolling; every target 64 × 44 px (Show & Tell: 64 × 64); axe finds nothing serious."""
    overflow = d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{screen}: the page scrolls sideways by {overflow} px"
    small = small_kid_targets(d, TARGETS, 64, 64 if kid else 44)
    assert small == [], f"{screen}: targets too small: {small}"
    problems = serious_violations(d)
    assert problems == [], f"{screen}: {problems}"


def no_numbers(d, screen):
    shown = d.execute_script(NUMBERS_SHOWN)
    assert shown == [], f"{screen}: Show & Tell shows numbers: {shown}"


def audio_at(d):
    return d.execute_script(CURRENT_TIME)


def tap(d, css):
    """Taps what `css` finds, once it is on the page, after scrolling it to the middle of the screen
    (clear of the playback bar)."""
    find(d, css)
    d.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", css)
    time.sleep(0.2)
    click(d, css)


STOP_WAIT = 270


def record(d, seconds, screen_checks=lambda where: None):
    """From Today: the countdown (checked, then Start now), `seconds` of recording (checked), Stop,
    and the reveal once the server has analysed the take."""
    find(d, "#countdown-start-now")
    screen_checks("the countdown")
    # The countdown (10 s unless set) may have run out during the checks: Start now only if it is still up.
    d.execute_script("document.getElementById('countdown-start-now')?.click()")
    find(d, "#stop-take:not([disabled])", timeout=15)
    started = time.monotonic()
    screen_checks("the recording")
    time.sleep(max(0.0, seconds - (time.monotonic() - started)))
    click(d, "#stop-take")
    # As long as the page itself waits for the answer (live.js STOP_PATIENCE_MS), and its fallback
    # upload after it: how fast the answer comes is measured by Benchmarks/speakup-live.py.
    find(d, "#reveal", timeout=STOP_WAIT)


def live_words(d):
    """Words the live counts show (0 while hidden or not yet counted)."""
    text = d.execute_script("const e = document.getElementById('live-words'); return e && !e.closest('[hidden]') ? e.textContent : '';")
    return int(text) if text.isdigit() else 0


def search(d, text):
    """Types into History's search as a person does (clear() alone sends the page no input event)."""
    field = find(d, "#history-search")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    if text:
        field.send_keys(text)


def played_from(d, start):
    """Waits until the take's audio is playing from `start` (a little after it: it plays on)."""
    def there(driver):
        now = audio_at(driver)
        return now is not None and not now[1] and start - 0.05 <= now[0] <= start + 4
    wait(d, 10).until(there)


@pytest.mark.parametrize("width,height", DEVICES)
def test_a_take_from_the_microphone_to_its_page_and_history(server, browser_factory, mic_wav, width, height):
    d = browser_factory(width, height)
    d.set_script_timeout(30)
    say_take(mic_wav)
    try:
        open_speakup(d, server, "Leo", 5)
        assert "show-and-tell" not in d.find_element(By.TAG_NAME, "body").get_attribute("class")
        assert d.find_element(By.CSS_SELECTOR, "#hub-home").get_attribute("href").endswith("/")
        assert len(d.find_elements(By.CSS_SELECTOR, ".duration")) == 7
        prompt_id = attribute(d, "#prompt-text", "data-prompt-id")
        click(d, "#reroll-prompt")
        wait(d).until(lambda driver: driver.find_element(By.CSS_SELECTOR, "#prompt-text").get_attribute("data-prompt-id") != prompt_id)
        fits(d, "Today")
        click(d, ".duration[data-seconds='60']")
        wait(d).until(lambda driver: driver.find_element(By.CSS_SELECTOR, ".duration[data-seconds='60']").get_attribute("aria-checked") == "true")

        # A take: the dial counts down while the recording runs.
        click(d, "#start-with-prompt")

        def checks(where):
            fits(d, where)
            if where == "the recording":
                first = find(d, "#timer-text").text
                time.sleep(1.2)
                later = find(d, "#timer-text").text
                assert later != first and re.fullmatch(r"0:[0-5]\d", later), (first, later)  # counting down from 1:00
                # The live counts come from the server while Leo speaks, and move.
                wait(d, 8).until(lambda driver: live_words(driver) > 0)
                then = live_words(d)
                wait(d, 6).until(lambda driver: live_words(driver) > then)
                assert find(d, "#live-counts").is_displayed()
        record(d, 10, checks)
        wait(d, 5).until(lambda driver: find(driver, "#reveal-score").text.strip().isdigit())
        find(d, "#reveal-verdict")
        fits(d, "the score")
        click(d, "#reveal-details")
        find(d, "#take-page")
        take_id = d.execute_script(TAKE_ID)
        assert d.current_url.endswith(f"#take/{take_id}"), (d.current_url, take_id)
        take = d.execute_async_script(TAKE, take_id)
        assert "error" not in take, take
        wait_text(d, "#take-score", str(take["score"]))
        fits(d, "the take: breakdown")

        # The transcript marks exactly the fillers the server heard (the microphone said several).
        click(d, "#tab-transcript")
        find(d, "#transcript")
        words = [entry for entry in take["transcript"] if entry["text"].strip()]
        fillers = [str(index) for index, entry in enumerate(words) if entry.get("filler")]
        assert fillers, f"the server heard no fillers in: {[w['text'] for w in words]}"
        wait(d, 15).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#transcript button.word"))  # the recording is in
        marked = [e.get_attribute("data-index") for e in d.find_elements(By.CSS_SELECTOR, "#transcript .word.filler")]
        assert marked == fillers, (marked, fillers)
        assert len(d.find_elements(By.CSS_SELECTOR, "#transcript .word")) == len(words)
        find(d, "#filler-list")
        fits(d, "the take: transcript")

        # Tapping a word plays the recording from that word.
        later = [e for e in d.find_elements(By.CSS_SELECTOR, "#transcript button.word") if float(e.get_attribute("data-start")) >= 1.0]
        word = later[len(later) // 2]
        start, index = float(word.get_attribute("data-start")), word.get_attribute("data-index")
        tap(d, f"#transcript .word[data-index='{index}']")
        played_from(d, start)
        wait(d).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#transcript .word.now"))
        click(d, "#play-pause")
        wait(d).until(lambda driver: audio_at(driver)[1])

        # Coaching: at most three tips; "Hear it" plays from just before the tip's moment.
        click(d, "#tab-coaching")
        find(d, "#coaching")
        assert len(d.find_elements(By.CSS_SELECTOR, "#tips > li")) <= 3
        hear = d.find_elements(By.CSS_SELECTOR, "[id^='hear-tip-']")
        if hear:
            moment = float(hear[0].get_attribute("data-evidence"))
            tap(d, f"#{hear[0].get_attribute('id')}")
            played_from(d, max(0.0, moment - 1.5))
            click(d, "#play-pause")
        fits(d, "the take: coaching")

        # Rename and favourite: kept by the server.
        click(d, "#rename-take")
        fill(d, "#rename-input", "My dog speech")
        click(d, "#rename-save")
        wait_text(d, "#take-title", "My dog speech")
        click(d, "#favorite-take")
        wait(d).until(lambda driver: driver.find_element(By.CSS_SELECTOR, "#favorite-take").get_attribute("aria-pressed") == "true")
        take = d.execute_async_script(TAKE, take_id)
        assert take["title"] == "My dog speech" and take["favorite"] is True

        # History: the take, found by a word it contains; nonsense finds nothing.
        click(d, "#nav-history")
        find(d, f"#take-list .take-row[data-take-id='{take_id}']")
        find(d, "#heatmap-card svg")
        assert len(d.find_elements(By.CSS_SELECTOR, "#heatmap-card rect.heat")) == 119
        find(d, "#chart-card")
        fits(d, "History")
        said_words = [w["text"] for w in words if not w.get("filler") and w["text"].isalpha() and len(w["text"]) >= 4]
        assert said_words, words
        search(d, "zzqqxx")
        find(d, "#no-takes", timeout=10)
        search(d, said_words[0])
        find(d, f"#take-list .take-row[data-take-id='{take_id}']", timeout=10)
        search(d, "")
        wait(d, 10).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, ".snippet"))
        click(d, "#filter-favorites")
        find(d, f"#take-list .take-row[data-take-id='{take_id}']", timeout=10)
        click(d, "#filter-all")

        # Delete asks first; Keep keeps it.
        click(d, f".take-row[data-take-id='{take_id}']")
        click(d, "#delete-take")
        find(d, "#confirm-delete")
        fits(d, "the delete question")
        click(d, "dialog.sheet .sheet-bar .btn")
        wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "dialog[open]"))
        click(d, "#delete-take")
        click(d, "#confirm-delete")
        find(d, "#no-takes", timeout=10)
        assert d.current_url.endswith("#history")
        click(d, "#hub-home")
        find(d, ".tile[data-app-id='speakup']")
    finally:
        say_music_please(mic_wav)


@pytest.mark.parametrize("width,height", DEVICES)
def test_show_and_tell_reads_aloud_and_shows_stars_not_numbers(server, browser_factory, mic_wav, width, height):
    d = browser_factory(width, height)
    d.set_script_timeout(30)
    spy(d)
    say_take(mic_wav)
    try:
        open_speakup(d, server, "Mia", 2)
        assert "show-and-tell" in d.find_element(By.TAG_NAME, "body").get_attribute("class")
        prompt = find(d, "#prompt-text").text
        wait(d, 10).until(lambda driver: any(prompt in (words or "") for words in said(driver)))  # the prompt, read to her
        find(d, "#hear-prompt")
        assert [e.get_attribute("data-seconds") for e in d.find_elements(By.CSS_SELECTOR, ".duration")] == ["30", "45", "60"]
        no_numbers(d, "Today")
        fits(d, "Today", kid=True)
        before = len(said(d))
        click(d, "#hear-prompt")
        wait(d).until(lambda driver: len(said(driver)) > before and prompt in said(driver)[-1])

        click(d, "#start-with-prompt")

        def checks(where):
            no_numbers(d, where)
            fits(d, where, kid=True)
        record(d, 8, checks)
        find(d, "#reveal-stars")
        stars = int(d.find_element(By.CSS_SELECTOR, "#reveal-stars").get_attribute("data-stars"))
        assert 1 <= stars <= 5
        assert len(d.find_elements(By.CSS_SELECTOR, "#reveal-stars .star.on")) == stars
        no_numbers(d, "the stars")
        fits(d, "the stars", kid=True)
        click(d, "#reveal-details")
        find(d, "#take-page")
        take = d.execute_async_script(TAKE, d.execute_script(TAKE_ID))
        assert take.get("score") is None and take["showAndTell"]["stars"] == stars, take
        tip = take["showAndTell"]["tip"]
        if tip:
            wait(d, 10).until(lambda driver: any(tip in (words or "") for words in said(driver)))  # one kind tip, read aloud
        find(d, "#play-pause:not([disabled])", timeout=15)
        no_numbers(d, "the take")
        fits(d, "the take", kid=True)
        click(d, "#play-pause")
        wait(d).until(lambda driver: audio_at(driver) and not audio_at(driver)[1])
        click(d, "#play-pause")

        click(d, "#nav-history")
        find(d, "#take-list .take-row")
        no_numbers(d, "my talks")
        fits(d, "my talks", kid=True)
    finally:
        say_music_please(mic_wav)


def test_a_grown_up_gets_the_full_coach(server, browser):
    d = browser
    set_up_family(d, server)
    add_first_child(d, "Leo", grade=5)
    assert d.execute_async_script(ADD_GROWN_UP, "Ada", 8) in (200, 201)
    play_as(d, "Ada")
    click(d, ".tile[data-app-id='speakup']")
    find(d, "#start-free", timeout=15)
    assert "show-and-tell" not in d.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert len(d.find_elements(By.CSS_SELECTOR, ".duration")) == 7
    find(d, ".rings-card")


@pytest.mark.parametrize("width,height", [(1024, 768), (390, 844)])
def test_a_parent_sees_the_takes_and_keeps_analyses_not_recordings(server, browser_factory, mic_wav, width, height):
    """The parent area's SpeakUp tab: Leo's take with its score and recording, the score chart and
    heatmap; recordings switched off for new takes, then the kept ones deleted after asking."""
    d = browser_factory(width, height)
    say_take(mic_wav)
    try:
        open_speakup(d, server, "Leo", 5)
        click(d, "#start-free")
        record(d, 8)
        wait(d, 5).until(lambda driver: find(driver, "#reveal-score").text.strip().isdigit())
        score = str(d.execute_async_script(LATEST_SCORE))

        open_parent_tab(d, server, "speakup")
        wait_text(d, "#speakup-takes", "1")
        wait_text(d, "#speakup-average", score)
        take = find(d, ".speakup-take")
        assert f"{score} / 100" in take.text and "words a minute" in take.text
        assert take.find_elements(By.CSS_SELECTOR, "audio source")
        # The recording plays (Chromium plays Opus).
        playing = d.execute_async_script("""
            const done = arguments[0];
            const audio = document.querySelector('.speakup-take audio');
            audio.addEventListener('playing', () => done(true), { once: true });
            audio.addEventListener('error', () => done(false), { once: true });
            audio.play().catch(() => done(false));""")
        assert playing
        find(d, "#speakup-summary .heatmap")
        overflow = d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the tab scrolls sideways by {overflow} px"
        assert serious_violations(d) == []

        click(d, "#speakup-keep")
        wait(d).until(lambda driver: not find(driver, "#speakup-keep").is_selected())
        click(d, "#speakup-delete-recordings")
        click(d, "#confirm-delete-recordings")
        wait_text(d, "#speakup-storage", "0 KB of 200.0 MB")
        wait_text(d, ".speakup-take", "Recording not kept")
        assert not d.find_elements(By.CSS_SELECTOR, ".speakup-take audio")
    finally:
        say_music_please(mic_wav)

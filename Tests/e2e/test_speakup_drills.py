"""SpeakUp's drills in a real browser, through the fake microphone and the real recogniser. Leo
(grade 6) opens Practice → Filler Elimination, starts it, talks for its 15 seconds while the live
panel counts his fillers, and the drill stops by itself; the server judges the recording, the page
shows the score and that he passed, the Practice list shows his best, and History lists the drill
with its score. He reads a passage aloud: its words light up as he goes and are marked at the end.
axe, 44-px targets and no sideways scrolling on a phone and a tablet."""
import subprocess
import time
import tempfile
from pathlib import Path

import pytest

from conftest import say_music_please
from pages import find, wait, wait_text
from test_speakup_pages import STOP_WAIT, fits, open_speakup, tap

# Plain words with no filler of either kind: what the microphone says (it loops).
CLEAN_WORDS = "today I walked to school with my sister. we talked about the big game on saturday night."

PRACTICE = """
const done = arguments[arguments.length - 1];
fetch("/api/speakup/practice", { headers: { Accept: "application/json" } }).then((r) => r.json()).then(done, (e) => done({ error: String(e) }));
"""


def say_clean(path):
    spoken = Path(tempfile.mkdtemp()) / "clean.wav"
    subprocess.run(["flite", "-voice", "kal16", "-t", CLEAN_WORDS, "-o", str(spoken)], check=True)
    subprocess.run(["sox", str(spoken), "-r", "48000", "-c", "1", "-b", "16", str(path), "pad", "0.3", "0.8"], check=True)


@pytest.mark.parametrize("width,height", [pytest.param(390, 844, id="phone"), pytest.param(768, 1024, id="tablet-portrait")])
def test_a_filler_drill_through_the_microphone_passes_and_shows_in_history(server, browser_factory, mic_wav, width, height):
    d = browser_factory(width, height)
    d.set_script_timeout(20)
    say_clean(mic_wav)
    try:
        open_speakup(d, server, "Leo", 6)
        tap(d, "#nav-practice")
        find(d, "#drill-list")
        tap(d, "a[href='#drill/filler-elimination']")
        find(d, "#drill-start")
        fits(d, "the drill, ready")
        tap(d, "#drill-start")
        find(d, "#drill-recording", timeout=15)
        fits(d, "the drill, recording")
        # The live panel counts fillers from the server's stream while he talks.
        wait(d, 12).until(lambda driver: find(driver, "#drill-feedback .feedback-value").text == "0")
        # 15 seconds, then it stops by itself and the server judges it.
        find(d, "#drill-result", timeout=STOP_WAIT)
        result = find(d, "#drill-result")
        kept = d.execute_async_script(PRACTICE)
        drill = kept["items"][0]["drill"]
        assert drill["drill"] == "filler-elimination" and drill["fillers"] == 0 and drill["words"] >= 11, kept
        assert result.get_attribute("data-passed") == "true", result.text
        assert find(d, "#drill-score .drill-big").text == str(drill["score"]) == "100"
        assert "Not one filler" in find(d, "#drill-verdict").text
        fits(d, "the drill's result")
        tap(d, "#drill-done")
        wait_text(d, "a[href='#drill/filler-elimination']", "best 100")
        tap(d, "#nav-history")
        log = find(d, "#practice-log", timeout=15)
        wait(d, 10).until(lambda driver: "Filler Elimination" in find(driver, "#practice-log").text)
        assert "🏆 100" in log.text and "0 fillers" in log.text, log.text
    finally:
        say_music_please(mic_wav)


KITE = ("Sam had a red kite. One windy day the kite flew up over the trees. Sam ran and ran. A kind dog barked at the top "
        "of the hill. There was the kite, stuck in a little tree. Sam pulled it down and gave the dog a big hug.")


def test_reading_aloud_lights_the_words_and_marks_them(server, browser_factory, mic_wav):
    """Leo reads "The Lost Kite" (the microphone reads it): the words light up as he goes, and at
    "I'm done" each is marked; the reading is kept with its score."""
    d = browser_factory(1024, 768)
    d.set_script_timeout(20)
    spoken = Path(tempfile.mkdtemp()) / "kite.wav"
    subprocess.run(["flite", "-voice", "kal16", "-t", KITE, "-o", str(spoken)], check=True)
    subprocess.run(["sox", str(spoken), "-r", "48000", "-c", "1", "-b", "16", str(mic_wav), "pad", "0.3", "4"], check=True)
    seconds = float(subprocess.run(["soxi", "-D", str(spoken)], capture_output=True, text=True, check=True).stdout)
    try:
        open_speakup(d, server, "Leo", 6)
        tap(d, "#nav-practice")
        find(d, "#passages-easy")
        tap(d, "a[href='#read/the-lost-kite']")
        find(d, "#reading-start")
        fits(d, "read-aloud, ready")
        tap(d, "#reading-start")
        find(d, "#reading-stop:not([disabled])", timeout=15)
        started = time.monotonic()
        # The words light up as the server hears the reader reach them.
        wait(d, seconds).until(lambda driver: len(driver.find_elements("css selector", "#passage .word-lit")) >= 10)
        wait(d, seconds + 10).until(lambda driver: len(driver.find_elements("css selector", "#passage .word-lit")) >= 35)
        # Stop in the quiet after the passage (the microphone's file has 4 s of it before it loops).
        time.sleep(max(0.0, started + seconds + 1.5 - time.monotonic()))
        tap(d, "#reading-stop")
        result = find(d, "#reading-result", timeout=STOP_WAIT)
        kept = d.execute_async_script(PRACTICE)["items"][0]
        assert kept["kind"] == "readAloud" and kept["itemId"] == "the-lost-kite", kept
        reading = kept["reading"]
        # A correct reading by flite's kal16 voice scores about 71 (rms 90, slt 86) with the second
        # hearing on the passage's words; the recogniser still hears some of flite's words as others.
        assert reading["score"] >= 60 and len(reading["words"]) == 49, reading
        assert find(d, "#reading-score .drill-big").text == str(reading["score"])
        marked = d.execute_script("return [...document.querySelectorAll('#passage .passage-word')].map((w) => w.className.split(' ').pop())")
        assert marked == [f"word-{word['mark']}" for word in reading["words"]], marked
        assert result.get_attribute("data-passed") == str(reading["passed"]).lower()
        fits(d, "read-aloud, judged")
    finally:
        say_music_please(mic_wav)

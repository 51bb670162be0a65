"""SpeakUp's drills in a real browser, through the fake microphone and the real recogniser. Leo
(grade 6) opens Practice → Filler Elimination, starts it, talks for its 15 seconds while the live
panel counts his fillers, and the drill stops by itself; the server judges the recording, the page
shows the score and that he passed, the Practice list shows his best, and History lists the drill
with its score. axe, 44-px targets and no sideways scrolling on a phone and a tablet."""
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import say_music_please
from pages import find, wait, wait_text
from test_speakup_pages import fits, open_speakup, tap

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
        find(d, "#drill-result", timeout=60)
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

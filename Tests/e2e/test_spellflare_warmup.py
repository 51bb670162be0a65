"""Spelling by voice right after a first start, while the server is still making its letter
templates (about half a minute, more on a busy machine): the child is told to type this word and
gets the keyboard at once, instead of a sheet that waits in silence."""
import subprocess
import tempfile
from pathlib import Path

from conftest import launch
from pages import find, wait, wait_text
from test_spellflare import current_word, say_letters, spell_by_voice, start_level_one


def test_spelling_by_voice_before_the_letters_are_ready_offers_the_keyboard(browser, mic_wav):
    fresh = Path(tempfile.mkdtemp(prefix="funzone-templates-")) / "letter-templates.bin"
    server, stop = launch(["--letter-templates", str(fresh)])  # no templates yet: they are being made now
    d = browser
    try:
        start_level_one(d, server)
        spell_by_voice(d, say_letters(current_word(d), mic_wav), expect_howto=True)
        wait_text(d, "#voice-status", "still waking up", timeout=20)
        find(d, "#keyboard-offered")
        assert not d.find_elements("css selector", "#spell-by-voice")  # no second silent wait
        wait(d).until(lambda driver: driver.execute_script("return document.activeElement.id") == "spelling-input")
        assert not fresh.exists()  # the templates were indeed not ready
    finally:
        stop()
        # The other tests' microphone says "music please" again.
        subprocess.run(["flite", "-voice", "kal16", "-t", "music please", "-o", str(mic_wav) + ".spoken.wav"], check=True)
        subprocess.run(["sox", str(mic_wav) + ".spoken.wav", "-r", "48000", "-c", "1", "-b", "16", str(mic_wav), "pad", "0.2", "1.2"], check=True)

"""Spelling by voice in a real browser: the fake microphone says a word's letters one by one (flite),
the judge hears them; a right spelling is taken at once, letters heard become tiles to fix, two
misses offer the keyboard, and right after a first start (letter templates still being made) the
child is told to type at once instead of waiting."""
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import launch, say_music_please
from pages import attribute, click, find, wait, wait_text
from test_spellflare import current_word, start_level_one


def say_letters(word, path):
    """Writes what the fake microphone plays next: the word's letters spoken one by one (flite
    rms), with pauses, at 48 kHz like a laptop microphone."""
    folder = Path(tempfile.mkdtemp())
    parts = []
    for index, letter in enumerate(word):
        clip = folder / f"{index}.wav"
        subprocess.run(["flite", "-voice", "rms", "-t", f"{letter.upper()}.", "-o", str(folder / "raw.wav")], check=True)
        subprocess.run(["sox", str(folder / "raw.wav"), "-r", "48000", "-c", "1", "-b", "16", str(clip),
                        "silence", "1", "0.02", "0.5%", "reverse", "silence", "1", "0.02", "0.5%", "reverse", "pad", "0", "0.4"], check=True)
        parts.append(str(clip))
    plain = folder / "plain.wav"
    subprocess.run(["sox", *parts, str(plain), "pad", "0.5", "2.5"], check=True)
    subprocess.run(f"sox {plain} -p synth whitenoise vol 0.002 | sox -m {plain} - -b 16 {path}", shell=True, check=True)
    return sum(1 for _ in word) * 0.9 + 1.0


def spell_by_voice(d, seconds, expect_howto=False):
    click(d, "#spell-by-voice")
    if expect_howto:
        # Before the first voice try: how to say the letters, C… A… T… appearing one at a time.
        wait_text(d, "#voice-howto-text", "Say each letter, then wait a moment")
        wait(d).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, ".howto .tile.shown")) == 3)
        click(d, "#voice-howto-go")
    find(d, "#voice-done")
    time.sleep(seconds)
    click(d, "#voice-done")


def test_a_child_spells_a_word_by_voice_then_gets_the_keyboard(server, browser, mic_wav):
    d = browser
    start_level_one(d, server)
    word = current_word(d)
    try:
        spell_by_voice(d, say_letters(word, mic_wav), expect_howto=True)

        def heard_or_taken(driver):
            if "1 / 10" in driver.find_element(By.CSS_SELECTOR, "#progress-text").text:
                return "taken"
            status = driver.find_elements(By.CSS_SELECTOR, "#voice-status")
            return bool(status) and status[0].text not in ("", "Listening to your letters…") and "heard"
        # The judge accepts about 4 in 5 right spellings of flite voices (Benchmarks/speech-spelling.py).
        if wait(d, 30).until(heard_or_taken) == "taken":
            print(f"spelled {word!r} aloud: right, taken at once")  # no Submit needed
        else:
            heard = attribute(d, "#spelling-input", "value")
            tiles = "".join(t.text for t in d.find_elements(By.CSS_SELECTOR, "#letter-tiles .tile")).lower()
            assert heard and tiles == heard, (tiles, heard)  # the letters heard, as tiles the child can fix
            # Whatever was heard, the child fixes the tiles on the keyboard and submits.
            print(f"spelled {word!r} aloud, heard {heard!r}")
            field = find(d, "#spelling-input")
            field.clear()
            field.send_keys(word)
            click(d, "#submit-spelling")
        wait_text(d, "#progress-text", "1 / 10")

        # Two voice tries that are not the word: the keyboard is offered instead.
        wait(d, 6).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#spelling-input"))
        next_word = current_word(d)
        wrong = "zq" if not next_word.startswith("z") else "qx"
        seconds = say_letters(wrong, mic_wav)
        for _ in range(2):
            if d.find_elements(By.CSS_SELECTOR, "#keyboard-offered"):
                break  # the first word's voice try already missed once
            d.execute_script("document.getElementById('voice-status').textContent = '';")
            spell_by_voice(d, seconds)
            wait(d, 30).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#keyboard-offered") or
                              driver.find_element(By.CSS_SELECTOR, "#voice-status").text not in ("", "Listening to your letters…"))
        find(d, "#keyboard-offered")
        assert not d.find_elements(By.CSS_SELECTOR, "#spell-by-voice")
    finally:
        say_music_please(mic_wav)  # what the other tests' microphone says


def test_spelling_by_voice_before_the_letters_are_ready_offers_the_keyboard(browser, mic_wav):
    scratch = Path(tempfile.mkdtemp(prefix="funzone-templates-"))
    fresh = scratch / "letter-templates.bin"
    # No templates yet: they are being made now, by an espeak-ng as slow as a busy first start
    # (on a quiet machine the real one finishes before a child has spoken, and the test would race it).
    slow = scratch / "bin"
    slow.mkdir()
    espeak = slow / "espeak-ng"
    espeak.write_text("#!/bin/sh\n"
                      'case "$1" in --voices*) ;; *) sleep 120 ;; esac\n'  # listing voices stays quick
                      f'exec {shutil.which("espeak-ng")} "$@"\n')
    espeak.chmod(0o755)
    server, stop = launch(["--letter-templates", str(fresh)], env={**os.environ, "PATH": f"{slow}:{os.environ['PATH']}"})
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
        say_music_please(mic_wav)

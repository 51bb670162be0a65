"""SpeakUp's files in a real browser. Leo (grade 5) records a take; a grown-up passes the gate and
his score card shows in the sheet as a 1200 × 1560 picture that changes with the theme and saves;
from History the journal sheet refuses a range that ends before it starts, then saves a PDF that
pdftotext reads (his name, the summary, his take's words). Mia (grade 2, a phone) gets a star card
with big targets and no numbers to read. axe and the target sizes on each sheet."""
import base64
import subprocess
import tempfile
from pathlib import Path

import pytest

from pages import answer_gate, attribute, find, gate_answer, wait, wait_text
from test_speakup_pages import fits, open_speakup, record, say_take, tap

KEEP_BLOBS = """
if (!window.__blobs) {
  window.__blobs = [];
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => { window.__blobs.push(blob); return make(blob); };
}
"""

LAST_BLOB = """
const done = arguments[arguments.length - 1];
const blob = window.__blobs[window.__blobs.length - 1];
const reader = new FileReader();
reader.onload = () => done({ type: blob.type, data: reader.result.split(",")[1] });
reader.readAsDataURL(blob);
"""


def png_size(data):
    assert data[:4] == b"\x89PNG", data[:8]
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def pdf_text(data):
    path = Path(tempfile.mkdtemp()) / "journal.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout


def preview(d):
    """The card preview's picture, once it has loaded: its natural size and its address."""
    wait(d, 15).until(lambda driver: driver.execute_script("const i = document.getElementById('card-preview'); return i && i.complete && i.naturalWidth > 0"))
    return d.execute_script("const i = document.getElementById('card-preview'); return [i.naturalWidth, i.naturalHeight, i.src]")


def a_take(d, server, mic_wav, name, grade, start):
    """A fresh family whose child records one 8-second take; leaves the browser on the take's page."""
    d.set_script_timeout(30)
    say_take(mic_wav)
    open_speakup(d, server, name, grade)
    tap(d, start)
    record(d, 8)
    find(d, "#reveal-details")
    tap(d, "#reveal-details")
    find(d, "#take-page")


def test_a_score_card_and_the_journal_for_a_grown_up(server, browser_factory, mic_wav):
    d = browser_factory(1024, 768)
    a_take(d, server, mic_wav, "Leo", 5, "#start-free")

    # The journal, from History (the gate's pass buys one file): a range that ends before it starts is refused on the page.
    tap(d, "#back-to-history")
    find(d, "#history-journal")
    tap(d, "#history-journal")
    find(d, "#journal-form")
    fits(d, "Journal sheet")
    tap(d, "#journal-range-week")
    d.execute_script("document.querySelector('.journal-days').open = true")
    for field, day in (("#journal-from", "2026-03-10"), ("#journal-to", "2026-03-09")):
        d.execute_script("const e = document.querySelector(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change'))", field, day)
    tap(d, "#journal-make")
    wait_text(d, "#journal-status", "The last day comes before the first.")
    for field in ("#journal-from", "#journal-to"):
        d.execute_script("const e = document.querySelector(arguments[0]); e.value = ''; e.dispatchEvent(new Event('change'))", field)
    d.execute_script(KEEP_BLOBS)
    tap(d, "#journal-make")
    answer_gate(d, gate_answer(d))
    wait_text(d, "#journal-status", "Saved", timeout=30)
    journal = d.execute_async_script(LAST_BLOB)
    assert journal["type"] == "application/pdf"
    text = pdf_text(base64.b64decode(journal["data"]))
    for expected in ("SpeakUp journal", "Leo", "The last 7 days", "Takes: 1", "First Steps", "Every take", "dog"):
        assert expected in text, f"the journal lacks {expected!r}:\n{text[:1500]}"
    assert "\f" in text.strip(), "the takes start on a page of their own"
    d.execute_script("document.querySelector('dialog.sheet').close()")
    # Back on the take: the card. The journal spent the pass, so the gate asks again.
    d.execute_script("history.back()")
    find(d, "#card-take")
    d.execute_script(KEEP_BLOBS)
    # The gate first, then the picture in the first theme, another theme, saved.
    tap(d, "#card-take")
    answer_gate(d, gate_answer(d))
    width, height, first = preview(d)
    assert (width, height) == (1200, 1560)
    assert attribute(d, "#card-theme-midnight", "aria-pressed") == "true"
    fits(d, "Score card")
    tap(d, "#card-theme-aurora")
    # The theme shows chosen once its picture is in (the one before stays up meanwhile).
    wait(d, 15).until(lambda driver: attribute(driver, "#card-theme-aurora", "aria-pressed") == "true")
    assert preview(d)[2] != first
    card = d.execute_async_script(LAST_BLOB)
    assert card["type"] == "image/png" and png_size(base64.b64decode(card["data"])) == (1200, 1560)
    assert attribute(d, "#card-save", "download").startswith("speakup-card-leo-")


def test_show_and_tell_gets_a_star_card_on_a_phone(server, browser_factory, mic_wav):
    d = browser_factory(390, 844)
    d.set_script_timeout(30)
    say_take(mic_wav)
    open_speakup(d, server, "Mia", 2)
    tap(d, "#start-with-prompt")
    record(d, 8)
    find(d, "#reveal-details")
    tap(d, "#reveal-details")
    find(d, "#card-take")
    tap(d, "#card-take")
    answer_gate(d, gate_answer(d))
    width, height, _ = preview(d)
    assert (width, height) == (1200, 1560)
    assert attribute(d, "#card-theme-sunshine", "aria-pressed") == "true"
    assert not d.find_elements("css selector", "#card-prompt")
    fits(d, "Star card", kid=True)

"""SpeakUp's prompt library and wheel in a real browser. Leo (grade 5) opens All prompts from Today:
search and the filters narrow the list, each category says how many are done, he adds a prompt of
his own, a grown-up imports a CSV file (a bad one is refused with its rows named, nothing added)
and exports one, and "Use" starts a take with his prompt. The wheel spins to a category and picks a
prompt that Use starts a take with. Mia (grade 2) spins a wheel of pictures and hears the question;
she has no library. axe, 64 × 44 targets (Show & Tell 64 × 64) and no sideways scrolling on each
screen, at 1024×768, 768×1024 and 390×844."""
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import DEVICES
from pages import answer_gate, attribute, click, find, gate_answer, wait, wait_text
from test_speakup_pages import fits, no_numbers, open_speakup, tap

LIBRARY = """
const done = arguments[arguments.length - 1];
fetch("/api/speakup/prompts", { headers: { Accept: "application/json" } }).then((r) => r.json()).then(done, (e) => done({ error: String(e) }));
"""


def csv_file(text):
    path = Path(tempfile.mkdtemp()) / "prompts.csv"
    path.write_text(text)
    return str(path)


def shown_ids(d):
    return [e.get_attribute("data-prompt-id") for e in d.find_elements(By.CSS_SELECTOR, "#library-list .library-item")]


@pytest.mark.parametrize("width,height", DEVICES)
def test_the_library_finds_adds_imports_and_uses_prompts(server, browser_factory, width, height):
    d = browser_factory(width, height)
    d.set_script_timeout(30)
    open_speakup(d, server, "Leo", 5)
    tap(d, "#open-library")
    find(d, "#library-list")
    fits(d, "Library")
    total = len(d.execute_async_script(LIBRARY)["prompts"])
    wait_text(d, "#found-title", f"{total} prompts")

    # Search and filters.
    find(d, "#prompt-search").send_keys("rainbow")
    wait(d).until(lambda driver: 0 < len(shown_ids(driver)) < 10)
    assert all("rainbow" in e.text.lower() for e in d.find_elements(By.CSS_SELECTOR, "#library-list .library-text"))
    find(d, "#prompt-search").clear()
    d.execute_script("const s = document.getElementById('prompt-search'); s.value = ''; s.dispatchEvent(new Event('input', {bubbles: true}))")
    Select(find(d, "#prompt-category")).select_by_value("storytelling")
    Select(find(d, "#prompt-difficulty")).select_by_value("hard")
    wait(d).until(lambda driver: shown_ids(driver) and all(i.startswith("storytelling-") for i in shown_ids(driver)))
    assert "0/" in find(d, "#category-progress").text
    Select(find(d, "#prompt-category")).select_by_value("all")
    Select(find(d, "#prompt-difficulty")).select_by_value("all")

    # His own prompt.
    find(d, "#new-prompt-text").send_keys("Explain how my bike's gears work")
    Select(find(d, "#new-prompt-category")).select_by_value("describe-explain")
    tap(d, "#add-prompt-button")
    wait_text(d, "#library-message", "Added")
    Select(find(d, "#prompt-show")).select_by_value("mine")
    wait(d).until(lambda driver: len(shown_ids(driver)) == 1)
    assert "Explain how my bike's gears work" in find(d, "#library-list").text
    fits(d, "Library, my own")

    # A bad file: the grown-up answers, the rows are named, nothing is added.
    find(d, "#import-file").send_keys(csv_file("text,category,difficulty\nA fine new prompt,opinions,easy\nno,opinions,easy\n"))
    answer_gate(d, gate_answer(d))
    wait_text(d, "#library-error", "row 3")
    assert len(shown_ids(d)) == 1
    # A good one (the failed import kept the grown-up's pass): added, the row already kept is skipped.
    find(d, "#import-file").send_keys(csv_file("A fine new prompt,opinions,easy\n\"Explain how my bike's gears work\",describe-explain\n"))
    wait_text(d, "#library-message", "Added 1 prompt. Skipped 1")
    wait(d).until(lambda driver: len(shown_ids(driver)) == 2)
    tap(d, "#export-prompts")
    answer_gate(d, gate_answer(d))
    wait_text(d, "#library-message", "Saved speakup-prompts.csv")

    # Use: a take with his prompt (the countdown says it), then Today keeps it as his prompt.
    mine = d.execute_async_script(LIBRARY)
    gears = next(p for p in mine["prompts"] if p["custom"] and "gears" in p["text"])
    tap(d, f".library-item[data-prompt-id='{gears['id']}'] .use-prompt")
    find(d, "#countdown-start-now")
    click(d, "#countdown-cancel")
    wait_text(d, "#prompt-text", "Explain how my bike's gears work")
    assert find(d, "#prompt-card .eyebrow").text.lower() == "your prompt"


@pytest.mark.parametrize("width,height", DEVICES)
def test_the_wheel_lands_on_a_category_and_its_prompt_starts_a_take(server, browser_factory, width, height):
    d = browser_factory(width, height)
    open_speakup(d, server, "Leo", 5)
    tap(d, "#open-wheel")
    find(d, "#spin-wheel")
    assert len(d.find_elements(By.CSS_SELECTOR, ".wheel-slice")) == 12
    fits(d, "Wheel")
    tap(d, "#spin-wheel")
    find(d, "#wheel-result", timeout=10)
    picked = attribute(d, "#wheel-prompt", "data-prompt-id")
    library = d.execute_async_script(LIBRARY)
    category = next(p["category"] for p in library["prompts"] if p["id"] == picked)
    # The slice under the pointer is the prompt's category (the pointer brought into view first: the
    # result card takes the focus, and on a wide, short screen the wheel may scroll up out of sight).
    under = d.execute_script("""
      document.querySelector('.wheel-pointer').scrollIntoView({block: 'start'});
      const pointer = document.querySelector('.wheel-pointer').getBoundingClientRect();
      const x = pointer.left + pointer.width / 2, y = pointer.bottom + 12;
      return document.elementsFromPoint(x, y).find((e) => e.classList.contains('wheel-slice'))?.dataset.category;""")
    assert under == category, (under, category)
    fits(d, "Wheel, landed")
    tap(d, "#use-wheel-prompt")
    find(d, "#countdown-start-now")
    click(d, "#countdown-cancel")
    assert attribute(d, "#prompt-text", "data-prompt-id") == picked


@pytest.mark.parametrize("width,height", [(1024, 768), (390, 844)])
def test_show_and_tell_spins_a_wheel_of_pictures_and_hears_the_question(server, browser_factory, width, height):
    d = browser_factory(width, height)
    open_speakup(d, server, "Mia", 2)
    tap(d, "#open-wheel")
    find(d, "#spin-wheel")
    labels = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".wheel-label")]
    assert len(labels) == 5 and all(not any(c.isalpha() and c.isascii() for c in label) for label in labels), labels
    fits(d, "Show & Tell wheel", kid=True)
    no_numbers(d, "Show & Tell wheel")
    tap(d, "#spin-wheel")
    find(d, "#wheel-result", timeout=10)
    find(d, "#hear-wheel-prompt")
    fits(d, "Show & Tell wheel, landed", kid=True)
    no_numbers(d, "Show & Tell wheel, landed")
    tap(d, "#use-wheel-prompt")
    find(d, "#countdown-start-now")
    click(d, "#countdown-cancel")
    # No library for Show & Tell: its address leads to Today.
    d.execute_script("location.hash = '#prompts'")
    find(d, "#start-free")
    assert not d.find_elements(By.CSS_SELECTOR, "#library")

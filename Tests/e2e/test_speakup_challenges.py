"""A family challenge in a real browser, as a family uses it on one tablet. Leo (grade 5) records a
take on a prompt and challenges his sister from the take's page; Mia (grade 2) finds the challenge
on her Today screen (read to her, no numbers), takes it on, and her reveal says how she did; back
on Leo's Today, he reads what became of it. axe and the target sizes on the sheet and on her Today."""
import pytest
from selenium.webdriver.common.by import By

from pages import add_first_child, click, fill, find, play_as, set_up_family, wait, wait_text
from test_speakup_pages import fits, no_numbers, record, say_take, tap


def open_speakup_as(d, server, name):
    """The avatar picker (the hub's Switch player), the child, then SpeakUp."""
    d.get(server + "/hub/")
    find(d, "#switch-player")
    tap(d, "#switch-player")
    find(d, f"button.avatar-button[aria-label='{name}']")
    d.execute_script("document.querySelector(arguments[0]).click()", f"button.avatar-button[aria-label='{name}']")
    find(d, ".tile[data-app-id='speakup']")
    tap(d, ".tile[data-app-id='speakup']")
    find(d, "#start-free", timeout=15)


def test_a_brother_challenges_his_sister_and_each_sees_how_it_went(server, browser_factory, mic_wav):
    d = browser_factory(1024, 768)
    d.set_script_timeout(30)
    say_take(mic_wav)
    set_up_family(d, server)
    add_first_child(d, "Leo", grade=5)
    fill(d, "#add-child-form input[name=name]", "Mia")
    click(d, "#add-child-form select[name=grade] option[value='2']")
    click(d, "#add-child-form button[type=submit]")
    wait(d).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, ".item h3")) == 2)
    play_as(d, "Leo")
    click(d, ".tile[data-app-id='speakup']")
    find(d, "#start-with-prompt", timeout=15)

    # Leo's take on today's prompt, sent to Mia from its page.
    tap(d, "#start-with-prompt")
    record(d, 8)
    tap(d, "#reveal-details")
    find(d, "#challenge-take")
    tap(d, "#challenge-take")
    find(d, ".person-btn")
    assert len(d.find_elements(By.CSS_SELECTOR, ".person-btn")) == 1 and "Mia" in find(d, ".person-btn").text
    fits(d, "Challenge sheet")
    tap(d, ".person-btn")
    wait_text(d, "#challenge-status", "Sent! Mia will see it in SpeakUp.")
    d.execute_script("document.querySelector('dialog.sheet').close()")

    # Mia: the challenge on her Today, said aloud, no numbers; she takes it on.
    open_speakup_as(d, server, "Mia")
    card = find(d, "#family-challenges", timeout=15)
    assert "Leo challenges you!" in card.text
    no_numbers(d, "Today with a challenge")
    fits(d, "Today with a challenge", kid=True)
    tap(d, "[id^='take-on-']")
    record(d, 8)
    answer = find(d, "#challenge-answer", timeout=30)
    assert "Leo" in answer.text, answer.text
    no_numbers(d, "the stars with the challenge's answer")

    # Leo reads what became of it.
    open_speakup_as(d, server, "Leo")
    news = find(d, "#challenges-news", timeout=15)
    assert "Mia" in news.text and ("beat" in news.text or "still stands" in news.text), news.text

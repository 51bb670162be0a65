"""SpeakUp's choices a speaker makes, in a real browser. Leo sets Box Breathing to one round and it
runs that one round to its end; in the library he pastes three prompts at once (one already his is
skipped), shows the list as cards, and switches categories off the wheel, which then lands only on
the ones left on. axe, 44-px targets and no sideways scrolling, on a phone."""
from selenium.webdriver.common.by import By

from pages import attribute, click, find, wait, wait_text
from test_speakup_pages import fits, open_speakup, tap
from test_speakup_practice import PRACTICE


def test_box_breathing_runs_the_rounds_chosen(server, browser_factory):
    d = browser_factory(1024, 768)
    d.set_script_timeout(20)
    open_speakup(d, server, "Leo", 5)
    click(d, "#nav-practice")
    find(d, "#warmups-breathing")
    tap(d, "a[href='#warmup/box-breathing']")
    wait_text(d, "#rounds-count", "3 rounds")
    assert "Round 1 of 3" in find(d, "#warmup-detail").text
    tap(d, "#rounds-fewer")
    tap(d, "#rounds-fewer")
    wait_text(d, "#rounds-count", "1 round")
    assert attribute(d, "#rounds-fewer", "disabled") is not None
    assert "Round 1 of 1" in find(d, "#warmup-detail").text
    fits(d, "Box breathing, one round")
    tap(d, "#warmup-start")
    assert not d.find_elements(By.CSS_SELECTOR, "#rounds-count"), "the rounds are set before it starts"
    find(d, "#warmup-done", timeout=25)
    kept = d.execute_async_script(PRACTICE)
    assert kept["counts"] == {"warmUp:box-breathing": 1} and 15 <= kept["items"][0]["seconds"] <= 18, kept
    # The choice is kept on this device for next time.
    d.refresh()
    wait_text(d, "#rounds-count", "1 round")


def test_pasted_prompts_cards_and_the_wheel_s_categories(server, browser_factory):
    d = browser_factory(390, 844)
    open_speakup(d, server, "Leo", 5)
    tap(d, "#open-library")
    find(d, "#library-list")
    tap(d, "#add-several")
    field = find(d, "#new-prompt-text")
    field.send_keys("Explain how a rainbow forms\nDescribe your dream bedroom\n\nexplain how a rainbow forms")
    tap(d, "#add-prompt-button")
    wait_text(d, "#library-message", "Added 2 prompts. Skipped line 4: already yours.")
    tap(d, "#layout-cards")
    wait(d).until(lambda driver: "cards" in attribute(driver, "#library-list", "class"))
    fits(d, "Library as cards")

    tap(d, "#open-wheel")
    find(d, "#spin-wheel")
    slices = len(d.find_elements(By.CSS_SELECTOR, ".wheel-slice"))
    d.execute_script("document.getElementById('wheel-categories').open = true")
    chips = d.find_elements(By.CSS_SELECTOR, "#wheel-categories .chip-button")
    assert len(chips) == slices
    # All but storytelling off: the wheel has one slice and lands on it.
    for chip in [c.get_attribute("id") for c in chips if c.get_attribute("id") != "wheel-category-storytelling"]:
        tap(d, f"#{chip}")
    wait(d).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, ".wheel-slice")) == 1)
    assert attribute(d, "#wheel-category-storytelling", "aria-pressed") == "true"
    # The last one on stays on.
    tap(d, "#wheel-category-storytelling")
    assert attribute(d, "#wheel-category-storytelling", "aria-pressed") == "true"
    fits(d, "Wheel with one category")
    tap(d, "#spin-wheel")
    find(d, "#wheel-result", timeout=10)
    assert attribute(d, "#wheel-prompt", "data-prompt-id").startswith("storytelling-")

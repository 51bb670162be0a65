"""MirrorBuddy's flashcards in a real browser: Mario pastes his science notes, keeps the cards the
server suggests from them, writes one by hand, and reviews five: each turned by keyboard, touch or
a swipe, each answer button showing when the card comes back; "again" brings a card back in the
same session; the end screen says when the next review is, and the cards list and a card's history
show the new due dates. On a tablet in Italian and on a phone in English; axe on every screen."""
import time

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import attribute, click, fill, find, wait, wait_text
from test_mirrorbuddy import add_material, close_panel, fits, open_mirrorbuddy
from test_speakup_pages import tap

NOTES = {
    "it": ("La fotosintesi", """La fotosintesi clorofilliana è il processo con cui le piante verdi producono zuccheri usando la luce del sole. Avviene nelle foglie, dentro i cloroplasti.

I cloroplasti sono piccoli organi della cellula vegetale che contengono la clorofilla. La clorofilla è il pigmento verde che cattura la luce.

Durante la fotosintesi le piante assorbono anidride carbonica dall'aria e acqua dalle radici. Come prodotto di scarto liberano ossigeno nell'atmosfera.

La respirazione cellulare è il processo opposto: la cellula consuma zuccheri e ossigeno e libera energia."""),
    "en": ("Photosynthesis", """Photosynthesis is the process by which green plants make sugar from light, water and carbon dioxide. It happens in the leaves, inside the chloroplasts.

Chloroplasts are tiny parts of a plant cell that hold chlorophyll. Chlorophyll is the green pigment that catches sunlight.

During photosynthesis, plants take in carbon dioxide through the stomata and give out oxygen. The stomata are small openings on the surface of leaves."""),
}

# The answer buttons' words for when a new card comes back: 1 and 10 minutes (FSRS-6's learning steps).
MINUTES = {"it": ("1 min", "10 min"), "en": ("1 min", "10 min")}


def to_english(d):
    tap(d, "#a11y-button")
    tap(d, "#language-en")
    wait(d).until(lambda driver: driver.execute_script("return document.documentElement.lang") == "en")
    close_panel(d)


def material_open(browser_factory, server, width, height, language, notes):
    """Mario's MirrorBuddy on a device of that size, in that language, with the notes of that language open."""
    d = browser_factory(width, height)
    open_mirrorbuddy(d, server)
    if language == "en":
        to_english(d)
    add_material(d, *notes[language])
    return d


DEVICES = pytest.mark.parametrize("width,height,language", [(1024, 768, "it"), (390, 844, "en")], ids=["tablet-it", "phone-en"])


def swipe(d, css, dx):
    """A finger dragged across the element `css` names: touch pointer events, as a tablet sends (a
    mouse drag is not a swipe: it selects text). Placed by the element's centre in the viewport,
    read just before, not by an element reference: the page may draw the card again meanwhile (a
    reference would go stale, as it did once in CI; the swipe is watched on the document)."""
    x, y = d.execute_script("""
        const card = document.querySelector(arguments[0]);
        card.scrollIntoView({ block: "center" });  // in the middle, clear of the sticky banner on top
        const box = card.getBoundingClientRect();
        return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];""", css)
    actions = ActionBuilder(d, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(x - dx // 2, y).pointer_down().move_to_location(x, y + 4).move_to_location(x + dx // 2, y + 4).pointer_up()
    actions.perform()


def counter(d):
    return find(d, "#review-counter").text


@DEVICES
def test_suggested_cards_are_reviewed_and_come_back_on_their_schedule(server, browser_factory, width, height, language):
    d = material_open(browser_factory, server, width, height, language, NOTES)

    # The server suggests cards from the notes; he keeps them all.
    tap(d, "#material-suggest")
    find(d, "#suggest-list li.mb-suggestion", timeout=15)
    suggestions = d.find_elements(By.CSS_SELECTOR, "#suggest-list li.mb-suggestion")
    assert len(suggestions) == 5, [s.text for s in suggestions]
    first_front = attribute(d, "#suggest-front-0", "value")
    assert first_front.endswith("?"), first_front
    fits(d, "the suggestions")
    tap(d, "#suggest-add")
    wait(d, 10).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "#suggest-list li.mb-suggestion"))

    # One by hand on the cards screen: six due.
    d.get(server + "/mirrorbuddy/#cards")
    find(d, "#cards-add-form", timeout=15)
    fill(d, "#card-new-front", "2 + 2?")
    fill(d, "#card-new-back", "4")
    tap(d, "#card-new-save")
    wait_text(d, "#cards-due-count", "6", timeout=10)
    assert len(d.find_elements(By.CSS_SELECTOR, "#cards-list a.mb-fc-link")) == 6
    fits(d, "the cards")

    # A review: the first card turned with the space bar, answered "again" with the key 1.
    tap(d, "#cards-review")
    find(d, "#review-card", timeout=15)
    fits(d, "a card's question")
    assert counter(d).endswith("6"), counter(d)
    first = attribute(d, "#review-card", "data-card")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
    wait(d).until(lambda driver: "flipped" in driver.find_element(By.ID, "review-card").get_attribute("class"))
    again, good = (find(d, f"#review-{name} .mb-rating-when").text for name in ("again", "good"))
    assert (again, good) == MINUTES[language], (again, good)
    fits(d, "a card's answer")
    d.find_element(By.TAG_NAME, "body").send_keys("1")

    # Four more: turned by a tap or by Enter, answered by a tap, a key or a swipe.
    for how in ("tap", "enter", "swipe", "tap"):
        wait(d).until(lambda driver: driver.find_element(By.ID, "review-card").get_attribute("data-card") and
                      "flipped" not in driver.find_element(By.ID, "review-card").get_attribute("class"))
        if how == "enter":
            d.find_element(By.TAG_NAME, "body").send_keys(Keys.ENTER)
        else:
            tap(d, "#review-flip")
        wait(d).until(lambda driver: "flipped" in driver.find_element(By.ID, "review-card").get_attribute("class"))
        if how == "swipe":
            swipe(d, "#review-card", 160)  # right: Good
        elif how == "enter":
            d.find_element(By.TAG_NAME, "body").send_keys("3")
        else:
            tap(d, "#review-good")
        time.sleep(0.3)

    # The rest, all Good, until the end; the "again" card came back within the session.
    seen_again = False
    for _ in range(12):
        if d.find_elements(By.CSS_SELECTOR, "#review-end"):
            break
        wait(d).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#review-end") or
                      driver.find_element(By.ID, "review-card").get_attribute("data-card"))
        if d.find_elements(By.CSS_SELECTOR, "#review-end"):
            break
        seen_again = seen_again or attribute(d, "#review-card", "data-card") == first
        tap(d, "#review-flip")
        wait(d).until(lambda driver: "flipped" in driver.find_element(By.ID, "review-card").get_attribute("class"))
        tap(d, "#review-good")
        time.sleep(0.3)
    find(d, "#review-end", timeout=10)
    assert seen_again, "the card answered 'again' did not come back in the session"
    assert find(d, "#review-end-next").text.strip(), "the end screen says when the next review is"
    fits(d, "the end of a review")

    # The cards now wait: nothing due, each with when it comes back; a card's page shows its answers.
    tap(d, "#review-end-cards")
    find(d, "#cards-list", timeout=15)
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "#cards-review") or
                  not driver.find_element(By.ID, "cards-review").is_displayed())
    dues = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#cards-list .mb-fc-due")]
    assert len(dues) == 6 and all(dues), dues
    click(d, f"#card-{first}")
    find(d, "#card-history li.mb-history-item", timeout=15)
    ratings = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#card-history .mb-history-rating")]
    assert len(ratings) >= 2, ratings
    fits(d, "a card's page")

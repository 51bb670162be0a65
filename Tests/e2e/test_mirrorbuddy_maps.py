"""MirrorBuddy's mind maps in a real browser: from his history notes Mario makes a map in one tap,
walks it by keyboard as the original's tree does (→ opens a branch, ↓ the next node, ← back to the
parent), renames a node and adds one (saved on the server at the next revision), tests himself with
the labels hidden, and downloads it as Markdown and SVG. On a tablet in Italian and a phone in
English; axe on every screen."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import attribute, click, find, wait, wait_text
from test_mirrorbuddy import fits
from test_mirrorbuddy_cards import DEVICES, material_open
from test_speakup_pages import tap

NOTES = {
    "it": ("Il Risorgimento", """Le cause
Dopo il Congresso di Vienna l'Italia era divisa in molti stati. Gli intellettuali sognavano l'unità e la libertà.

I protagonisti
Giuseppe Mazzini fondò la Giovine Italia nel 1831. Giuseppe Garibaldi guidò la spedizione dei Mille. Camillo Cavour governava il Piemonte.

Le guerre di indipendenza
La prima guerra di indipendenza cominciò nel 1848. La seconda guerra portò la Lombardia al Piemonte nel 1859.

L'unità
Il Regno d'Italia nacque nel 1861. Roma divenne capitale nel 1871 dopo la presa di Porta Pia."""),
    "en": ("The water cycle", """Evaporation
The sun warms the water of seas and lakes. Warm water becomes vapour and rises into the air.

Condensation
High in the sky the vapour cools down. Tiny drops of water gather and make clouds.

Precipitation
When the drops in the clouds grow heavy they fall as rain, snow or hail.

Collection
Rain water flows into rivers and lakes and back to the sea, where the cycle starts again."""),
}
BRANCHES = {"it": ["Le cause", "I protagonisti", "Le guerre di indipendenza", "L'unità"],
            "en": ["Evaporation", "Condensation", "Precipitation", "Collection"]}

SELECTED = "return document.activeElement && document.activeElement.id"
FETCH = """const done = arguments[arguments.length - 1];
fetch(arguments[0]).then(async r => done({status: r.status, type: r.headers.get('content-type'), text: await r.text()}))
  .catch(e => done({error: String(e)}));"""


def label(d, node_id):
    return d.find_element(By.ID, node_id).get_attribute("data-label") or d.find_element(By.ID, node_id).text


@DEVICES
def test_a_map_from_notes_is_walked_by_keyboard_edited_and_downloaded(server, browser_factory, width, height, language):
    d = material_open(browser_factory, server, width, height, language, NOTES)
    title = NOTES[language][0]

    # One tap: the map, the title at its root, the headings as branches.
    tap(d, "#material-mind-map")
    find(d, "#map-tree[role=tree]", timeout=20)
    map_id = attribute(d, "#map-screen", "data-map")

    def saved(driver):
        answer = driver.execute_async_script(FETCH, f"/api/mirrorbuddy/maps/{map_id}")
        return json.loads(answer["text"]) if answer.get("status") == 200 else None
    made = saved(d)
    assert made["revision"] == 1 and [n["label"] for n in made["nodes"] if n.get("parentId") == made["nodes"][0]["id"]] == BRANCHES[language]
    items = d.find_elements(By.CSS_SELECTOR, "#map-tree [role=treeitem]")
    levels = [e.get_attribute("aria-level") for e in items]
    assert levels.count("1") == 1 and levels.count("2") == 4, levels
    branches = [e for e in items if e.get_attribute("aria-level") == "2"]
    assert all(b.get_attribute("aria-expanded") in ("false", "true") for b in branches)
    fits(d, "the map")

    # The keyboard: the root has the focus; → goes to the first branch, → opens it, → its first detail, ← back up.
    # (The tree's one tab stop, as Tab from the toolbar reaches it.)
    root_id = next(e for e in items if e.get_attribute("aria-level") == "1").get_attribute("id")
    assert d.find_element(By.ID, root_id).get_attribute("tabindex") == "0"
    d.execute_script("document.getElementById(arguments[0]).focus()", root_id)
    wait(d).until(lambda driver: driver.execute_script(SELECTED) == root_id)
    focused = lambda: d.switch_to.active_element  # noqa: E731
    focused().send_keys(Keys.ARROW_RIGHT)
    wait(d).until(lambda driver: driver.switch_to.active_element.get_attribute("aria-level") == "2")
    first_branch = focused().get_attribute("id")
    if focused().get_attribute("aria-expanded") == "false":
        focused().send_keys(Keys.ARROW_RIGHT)
        wait(d).until(lambda driver: driver.find_element(By.ID, first_branch).get_attribute("aria-expanded") == "true")
    focused().send_keys(Keys.ARROW_RIGHT)
    wait(d).until(lambda driver: driver.switch_to.active_element.get_attribute("aria-level") == "3")
    focused().send_keys(Keys.ARROW_LEFT)
    wait(d).until(lambda driver: driver.switch_to.active_element.get_attribute("id") == first_branch)
    focused().send_keys(Keys.ARROW_DOWN)
    wait(d).until(lambda driver: driver.switch_to.active_element.get_attribute("id") != first_branch)

    # Editing: rename the selected node, add a child under it; saved at the next revision.
    tap(d, "#map-edit")
    find(d, "#map-editor")
    fits(d, "the map's editor")
    field = find(d, "#map-edit-label")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("Mazzini e Garibaldi" if language == "it" else "Sun and water")
    field.send_keys(Keys.ENTER)
    tap(d, "#map-add-child")
    wait(d).until(lambda driver: driver.find_element(By.ID, "map-save-state").get_attribute("data-state") == "saved")

    wait(d, 10).until(lambda driver: (saved(driver) or {}).get("revision", 1) >= 2)
    stored = saved(d)
    assert any(n["label"] == ("Mazzini e Garibaldi" if language == "it" else "Sun and water") for n in stored["nodes"]), stored["nodes"]
    assert len(stored["nodes"]) == len(made["nodes"]) + 1

    # Self-test: the labels below the root hide behind "?"; one tapped shows again.
    tap(d, "#map-edit")
    tap(d, "#map-self-test")
    wait(d).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "#map-tree .mb-map-hidden"))
    hidden = d.find_elements(By.CSS_SELECTOR, "#map-tree .mb-map-hidden")
    before = find(d, "#map-revealed").text
    tap(d, "#" + hidden[0].get_attribute("id"))
    wait(d).until(lambda driver: find(driver, "#map-revealed").text != before)
    fits(d, "the map's self-test")
    tap(d, "#map-self-test")

    # Downloads: the saved map as Markdown (its branches as a list) and as a picture.
    markdown = d.execute_async_script(FETCH, attribute(d, "#map-export-markdown", "href"))
    assert markdown["status"] == 200 and markdown["text"].startswith(f"# {title}\n"), markdown
    for branch in BRANCHES[language][2:]:
        assert f"- {branch}" in markdown["text"], (branch, markdown["text"])
    svg = d.execute_async_script(FETCH, attribute(d, "#map-export-svg", "href"))
    assert svg["status"] == 200 and svg["type"] == "image/svg+xml" and "<svg" in svg["text"]

    # The maps list has it; a way back to the material.
    d.get(server + "/mirrorbuddy/#maps")
    find(d, f"#map-link-{map_id}", timeout=15)
    fits(d, "the maps")
    click(d, f"#map-link-{map_id}")
    find(d, "#map-tree", timeout=15)
    tap(d, "#map-to-material")
    find(d, "#reading .mb-w", timeout=15)

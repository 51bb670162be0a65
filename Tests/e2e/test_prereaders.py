"""Children who cannot read yet (Mia, grade 2): every kids' screen speaks. Tiles and buttons say
their name when touched, sheets and the parent gate speak their instructions, kids' text is at
least 16 px and targets at least 64 px, and a grown-up's answer (with a note) is honest on the tile."""
import base64
import json

from selenium.webdriver.common.by import By

from test_accessibility import serious_violations
from pages import (add_first_child, click, click_text, fill, find, play_as, set_up_family, sign_in, unlock_parent_area,
                   wait, wait_text)

# Records every spoken text the page asks the server for (player.js plays /api/speech/say URLs
# through <audio>), in sessionStorage so that it survives a tile opening its app.
SPEECH_SPY = """
(() => {
  const log = (url) => {
    try {
      const parsed = new URL(String(url), location.href);
      if (parsed.pathname !== '/api/speech/say') return;
      const said = JSON.parse(sessionStorage.getItem('said') || '[]');
      said.push(parsed.searchParams.get('text'));
      sessionStorage.setItem('said', JSON.stringify(said));
    } catch (e) {}
  };
  const src = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src');
  Object.defineProperty(HTMLMediaElement.prototype, 'src', { ...src, set(value) { log(value); src.set.call(this, value); } });
  const NativeAudio = window.Audio;
  window.Audio = function Audio(url) { if (url !== undefined) log(url); return url === undefined ? new NativeAudio() : new NativeAudio(url); };
  window.Audio.prototype = NativeAudio.prototype;
})();
"""

# Makes GET /api/hub say that Spellflare is an app the child asked for and that has arrived.
ARRIVED = """
(() => {
  const fetch = window.fetch;
  window.fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).endsWith('/api/hub')) return response;
    const hub = await response.clone().json();
    for (const tile of hub.tiles) if (tile.app.id === 'spellflare') tile.arrived = true;
    return new Response(JSON.stringify(hub), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
})();
"""

SIZES = [(1024, 768), (768, 1024), (390, 844)]

# Kids' text under 16 px and targets under 64 × 64 px among what is visible (an open sheet included).
MEASURE = """
const visible = (e) => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('dialog:not([open])');
};
const root = document.querySelector('dialog[open]') || document.body;
const smallText = [];
const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const text = walker.currentNode.textContent.trim(), e = walker.currentNode.parentElement;
  if (!text || !visible(e)) continue;
  const size = parseFloat(getComputedStyle(e).fontSize);
  if (size < 16) smallText.push(`${e.tagName}.${e.className} "${text.slice(0, 30)}" ${size}px`);
}
const smallTargets = [...root.querySelectorAll('button, a[href], input, select, textarea, audio, [role=button]')]
  .filter(visible).map((e) => [e, e.getBoundingClientRect()])
  .filter(([, r]) => r.width < 64 || r.height < 63.5)
  .map(([e, r]) => `${e.tagName}#${e.id}.${e.className} ${Math.round(r.width)}x${Math.round(r.height)}`);
const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
return {smallText, smallTargets, overflow};
"""


def spy(driver, *scripts):
    for script in (SPEECH_SPY, *scripts):
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})


def said(driver):
    return json.loads(driver.execute_script("return sessionStorage.getItem('said') || '[]'"))


def wait_said(driver, text, timeout=10):
    """Waits until the page asked the server to say `text` (or words containing it)."""
    try:
        wait(driver, timeout).until(lambda d: any(text in (words or "") for words in said(d)))
    except Exception:
        raise AssertionError(f"never said {text!r}; said: {said(driver)}")


def screenshot(driver, path):
    """The whole page, below the fold too (for a person to look at)."""
    width, height = driver.execute_script(
        "return [document.documentElement.clientWidth, document.documentElement.scrollHeight]")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))


def measure(driver, where):
    found = driver.execute_script(MEASURE)
    assert found["smallText"] == [], f"{where}: text under 16 px: {found['smallText']}"
    assert found["smallTargets"] == [], f"{where}: targets under 64 px: {found['smallTargets']}"
    assert found["overflow"] <= 0, f"{where}: scrolls sideways by {found['overflow']} px"


def ask_by_typing(driver, app_id, text):
    click(driver, f".tile[data-app-id='{app_id}']")
    click(driver, "#type-instead")
    fill(driver, "#request-text", text)
    click(driver, "#send-button")
    wait_text(driver, ".sent", "Sent!")
    click_text(driver, "button", "Yay!")


def test_tiles_buttons_and_sheets_speak(server, browser):
    d = browser
    spy(d)
    set_up_family(d, server)
    add_first_child(d, "Mia", grade=2, avatar="🦊")

    # The avatar picker asks who is playing, and says the child's name when touched.
    click(d, "#back-to-kids")
    wait_said(d, "Who's playing? Tap your picture.")
    click(d, "button.avatar-button[aria-label='Mia']")
    find(d, ".tile")
    assert "Mia" in said(d), said(d)
    wait_said(d, "Hi, Mia! Tap a picture to play.")

    # A Coming-Soon tile says what it is and asks; the sheet says what to do, 🔊 says it again.
    click(d, ".tile[data-app-id='music']")
    wait_said(d, "Music Maker is coming soon. Do you want to ask for it?")
    find(d, "#ask-button")
    wait_said(d, "Tap the microphone and say what you want.")
    before = len(said(d))
    click(d, "#sheet-hear-again")
    wait(d).until(lambda driver: len(said(driver)) > before)
    assert "Music Maker" in said(d)[-1] and "Tap the microphone" in said(d)[-1], said(d)[-1]

    # A kid button says its name when touched.
    click(d, "#type-instead")
    wait_said(d, "Type it instead")
    wait_said(d, "Type your wish. Then tap Send.")
    fill(d, "#request-text", "I want to make drum songs!")
    click(d, "#send-button")
    wait_said(d, "Sent! A grown-up will see your wish.")
    click_text(d, "button", "Yay!")
    wait_text(d, ".tile[data-app-id='music'] .pill", "Asked!")
    click(d, ".tile[data-app-id='music']")
    wait_said(d, "Music Maker is coming soon. You asked for it! A grown-up will see your wish.")
    click(d, "#sheet-cancel")
    wait_said(d, "Close")

    # The parent gate says a grown-up is needed, and never the answer.
    click(d, "#remove-ads")
    wait_said(d, "For grown-ups: remove ads.")
    find(d, "#gate-question")
    wait_said(d, "A grown-up needs to answer this.")
    assert not any(words and any(ch.isdigit() for ch in words) for words in said(d)), said(d)
    click(d, "#sheet-cancel")
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "dialog[open]"))

    # A live tile says its name, then its app opens.
    click(d, ".tile[data-app-id='spellflare']")
    wait(d, 15).until(lambda driver: "/spellflare/" in driver.current_url)
    assert "Spellflare" in said(d), said(d)


def test_kids_text_and_targets_are_big_at_every_size(server, browser_factory):
    first = browser_factory(*SIZES[0])
    set_up_family(first, server)
    add_first_child(first, "Mia", grade=2, avatar="🦊")
    play_as(first, "Mia")
    ask_by_typing(first, "music", "drums please")
    wait_text(first, ".tile[data-app-id='music'] .pill", "Asked!")
    for index, (width, height) in enumerate(SIZES):
        d = first if index == 0 else browser_factory(width, height)
        if index:
            sign_in(d, server)
            click(d, "button.avatar-button[aria-label='Mia']")
        else:
            d.get(server + "/")
        find(d, ".tile[data-app-id='music'] .pill")
        screenshot(d, f"/tmp/hub-{width}x{height}.png")
        measure(d, f"hub {width}×{height}")
        click(d, ".tile[data-app-id='puzzles']")
        find(d, "#ask-button")
        d.save_screenshot(f"/tmp/sheet-{width}x{height}.png")
        measure(d, f"request sheet {width}×{height}")
        if index == 0:
            assert serious_violations(d) == []
        click(d, "#type-instead")
        find(d, "#send-button")
        measure(d, f"request sheet, typing {width}×{height}")
        click(d, "#sheet-cancel")
        wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "dialog[open]"))
        click(d, "#remove-ads")
        find(d, "#gate-question")
        d.save_screenshot(f"/tmp/gate-{width}x{height}.png")
        measure(d, f"parent gate {width}×{height}")
        if index == 0:
            assert serious_violations(d) == []
        click(d, "#sheet-cancel")
        wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "dialog[open]"))
    # The avatar picker too.
    d.get(server + "/")
    click(d, "#switch-player")
    find(d, "button.avatar-button")
    d.save_screenshot("/tmp/picker-390x844.png")
    measure(d, "avatar picker 390×844")
    assert serious_violations(d) == []


def test_an_approved_request_with_a_note_is_honest_on_the_tile(server, browser_factory):
    d = browser_factory(390, 844)
    spy(d)
    set_up_family(d, server)
    add_first_child(d, "Mia", grade=2, avatar="🦊")
    play_as(d, "Mia")
    ask_by_typing(d, "music", "I want to make drum songs!")
    ask_by_typing(d, "puzzles", "puzzles please")

    # A grown-up answers with notes.
    click(d, "#parents-link")
    unlock_parent_area(d)
    wait_text(d, "#inbox-list .item h3", "Mia asked for")
    music = d.find_element(By.XPATH, "//article[.//h3[contains(., 'Music Maker')]]")
    puzzles = d.find_element(By.XPATH, "//article[.//h3[contains(., 'Puzzle Play')]]")
    music_id, puzzles_id = music.get_attribute("data-request-id"), puzzles.get_attribute("data-request-id")
    fill(d, f"#note-{music_id}", "We'll look for one this weekend!")
    click(d, f"article[data-request-id='{music_id}'] .actions .btn.primary")
    wait_text(d, f"article[data-request-id='{music_id}'] .status", "Approved")
    wait_text(d, f"article[data-request-id='{music_id}'] .sent-note", "We'll look for one this weekend!")
    fill(d, f"#note-{puzzles_id}", "Maybe for your birthday.")
    click_text(d, f"article[@data-request-id='{puzzles_id}']//button", "Decline")
    wait_text(d, f"article[data-request-id='{puzzles_id}'] .status", "Declined")

    # Mia's tile says yes, shows and reads the note, and does not offer to ask again.
    play_as(d, "Mia")
    wait_text(d, ".tile[data-app-id='music'] .pill", "A grown-up said yes! They'll look for it.")
    wait_text(d, ".tile[data-app-id='music'] .note", "A grown-up says: “We'll look for one this weekend!”")
    screenshot(d, "/tmp/hub-answered-390x844.png")
    measure(d, "hub with answers 390×844")
    assert serious_violations(d) == []
    click(d, ".tile[data-app-id='music']")
    wait_said(d, "Music Maker. A grown-up said yes! They'll look for it. A grown-up says: “We'll look for one this weekend!”")
    find(d, "#answer-ok")
    wait_text(d, "#request-note", "We'll look for one this weekend!")
    d.save_screenshot("/tmp/answer-390x844.png")
    assert d.find_elements(By.CSS_SELECTOR, "#ask-button, #type-instead") == []
    measure(d, "the answer 390×844")
    assert serious_violations(d) == []
    click(d, "#answer-ok")
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "dialog[open]"))

    # A declined one shows its note and may ask again.
    wait_text(d, ".tile[data-app-id='puzzles'] .pill", "Not right now")
    wait_text(d, ".tile[data-app-id='puzzles'] .note", "Maybe for your birthday.")
    click(d, ".tile[data-app-id='puzzles']")
    wait_said(d, "Puzzle Play. A grown-up said: not right now. A grown-up says: “Maybe for your birthday.” Do you want to ask again?")
    find(d, "#ask-button")


def test_an_app_that_arrived_says_so_once_until_opened(server, browser):
    d = browser
    spy(d, ARRIVED)
    set_up_family(d, server)
    add_first_child(d, "Mia", grade=2, avatar="🦊")
    play_as(d, "Mia")
    wait_text(d, ".tile[data-app-id='spellflare'] .ribbon", "New! You asked for this")
    d.save_screenshot("/tmp/hub-arrived-1024x768.png")
    assert serious_violations(d) == []
    wait_said(d, "Spellflare is here! You asked for it.")
    wait(d).until(lambda driver: driver.execute_script(
        "return Object.keys(localStorage).some(k => k.startsWith('fz-arrived:') && localStorage.getItem(k).includes('said'))"))

    # Said once: not again on the next visit, while the ribbon stays until the app is opened.
    d.refresh()
    find(d, ".tile[data-app-id='spellflare'] .ribbon")
    find(d, ".tile[data-app-id='music']")
    assert [w for w in said(d) if w and "is here" in w] == ["Spellflare is here! You asked for it. Tap it to play."], said(d)
    click(d, ".tile[data-app-id='spellflare']")
    wait_said(d, "Spellflare. New! You asked for this!")
    wait(d, 15).until(lambda driver: "/spellflare/" in driver.current_url)
    d.get(server + "/hub/")
    find(d, ".tile[data-app-id='spellflare']")
    assert d.find_elements(By.CSS_SELECTOR, ".ribbon") == []

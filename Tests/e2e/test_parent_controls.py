"""What a parent relies on: a hidden app stays closed, Back does not bring the parent area back,
a forgotten password, the parent's own account, one edit form at a time, a redraw that keeps the
note being typed, its focus and caret."""
import os
import re
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import (PASSWORD, add_first_child, attribute, click, click_text, fill, find, open_parent_tab, play_as, set_up_family,
                   unlock_parent_area, wait, wait_text)


def wait_signed_in(d):
    """Set-up answered: the family exists and this browser is signed in."""
    wait(d).until(lambda driver: driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/session').then(r => r.json()).then(s => done(s.signedIn)).catch(() => done(false));"))


def test_a_hidden_app_says_ask_a_grown_up_and_starts_nothing(server, browser):
    d = browser
    set_up_family(d, server)
    add_first_child(d, "Mia")
    # Hide Spellflare for Mia in the Children tab.
    box = find(d, ".item .app-toggles input[type=checkbox]")
    labels = d.find_elements(By.CSS_SELECTOR, ".item .app-toggles label")
    spellflare = next(label for label in labels if "Spellflare" in label.text)
    spellflare.find_element(By.CSS_SELECTOR, "input").click()
    time.sleep(0.3)
    assert box is not None
    play_as(d, "Mia")
    assert not d.find_elements(By.CSS_SELECTOR, ".tile[data-app-id='spellflare']")
    # Typed by hand (or an old bookmark): the app's page says so, aloud, and offers the way home.
    d.get(server + "/spellflare/")
    wait_text(d, "#app-hidden h1", "resting")
    # Readable inside an app whose own text is white (Spellflare's purple screens).
    assert d.execute_script("return getComputedStyle(document.querySelector('#app-hidden h1')).color") != "rgb(255, 255, 255)"
    assert d.switch_to.active_element.get_attribute("id") == "app-hidden-home"
    wait(d).until(lambda driver: driver.execute_script(
        "return performance.getEntriesByType('resource').some(e => e.name.includes('/api/speech/say') && e.name.includes('resting'))"))
    click(d, "#app-hidden-home")
    find(d, ".tile")


def test_back_after_handing_the_tablet_over_does_not_show_the_parent_area(server, browser):
    d = browser
    set_up_family(d, server)
    add_first_child(d, "Mia")
    find(d, "#tab-children")
    play_as(d, "Mia")
    d.back()  # the avatar picker
    d.back()  # the parent area
    wait(d).until(lambda driver: "/parent/" in driver.current_url)
    # The parent page is fetched again (no-store) and asks for the gate: nothing of it from the cache.
    find(d, "#gate-question")
    assert not d.find_elements(By.CSS_SELECTOR, "#tab-children")


def test_one_edit_form_at_a_time_with_cancel(server, browser):
    d = browser
    set_up_family(d, server)
    add_first_child(d, "Mia")
    edit = find(d, ".item[data-child-id] .actions .btn:not(.danger)")
    edit.click()
    find(d, "form[id^='edit-']")
    edit = find(d, ".item[data-child-id] .actions .btn:not(.danger)")
    edit.click()
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "form[id^='edit-']"))
    find(d, ".item[data-child-id] .actions .btn:not(.danger)").click()
    find(d, "form[id^='edit-']")
    assert len(d.find_elements(By.CSS_SELECTOR, "form[id^='edit-']")) == 1
    click_text(d, "button", "Cancel")
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "form[id^='edit-']"))


def test_a_forgotten_password_is_reset_from_the_link_in_the_server_log(server, browser):
    d = browser
    set_up_family(d, server)
    wait_signed_in(d)
    d.delete_all_cookies()
    d.get(server + "/reset/")
    fill(d, "#forgot-form input[name=email]", "ada@example.org")
    click(d, "#forgot-form button[type=submit]")
    wait_text(d, "#forgot-sent", "log")
    link = None
    for _ in range(50):
        found = re.search(r"/reset/#token=([A-Za-z0-9+/=_-]+)", server.log.read_text())
        if found:
            link = found.group(1)
            break
        time.sleep(0.1)
    assert link, "no reset link in the server log"
    d.get(f"{server}/reset/#token={link}")
    fill(d, "#reset-form input[name=password]", "a brand new one 99")
    click(d, "#reset-form button[type=submit]")
    find(d, "#reset-done")
    # The new password signs in; the old one does not.
    d.get(server + "/")
    find(d, "#signin-form")
    fill(d, "input[name=email]", "ada@example.org")
    fill(d, "input[name=password]", PASSWORD)
    click(d, "#signin-form button[type=submit]")
    find(d, "#signin-form .error-text")
    fill(d, "input[name=password]", "a brand new one 99")
    click(d, "#signin-form button[type=submit]")
    wait(d).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, "#signin-form"))


def test_a_parent_changes_their_name_and_email(server, browser):
    d = browser
    set_up_family(d, server)
    wait_signed_in(d)
    d.get(server + "/parent/#family")  # set-up left the parent area open
    fill(d, "#account-form input[name=name]", "Ada Rossi")
    fill(d, "#account-form input[name=email]", "ada.rossi@example.org")
    fill(d, "#account-form input[name=currentPassword]", "not my password")
    click(d, "#account-form button[type=submit]")
    wait_text(d, "#account-form .error-text", "isn't right")
    fill(d, "#account-form input[name=currentPassword]", PASSWORD)
    click(d, "#account-form button[type=submit]")
    wait_text(d, "#family-notice", "Saved")
    wait_text(d, "#parents-list", "Ada Rossi · ada.rossi@example.org")


def test_a_deep_link_into_the_parent_area_keeps_its_tab_through_sign_in(server, browser_factory):
    first = browser_factory()
    set_up_family(first, server)
    wait_signed_in(first)
    d = browser_factory()
    d.get(server + "/parent/#spellflare")
    find(d, "#signin-form")
    assert attribute(d, "#forgot-password", "href").endswith("/reset/")
    fill(d, "input[name=email]", "ada@example.org")
    fill(d, "input[name=password]", PASSWORD)
    click(d, "#signin-form button[type=submit]")
    wait(d).until(lambda driver: driver.current_url.endswith("/parent/#spellflare"))
    unlock_parent_area(d)
    wait(d).until(lambda driver: driver.find_element(By.CSS_SELECTOR, "#tab-spellflare").get_attribute("aria-current") == "page")


def test_the_child_phones_pairing_page_fits_a_phone(server, browser_factory):
    d = browser_factory(390, 844)
    d.get(server + "/spotcheck/#pair=K7PMQ3XA")
    find(d, "#pair-code")
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390


# The child's hub asks for an app with a typed message (what the request sheet sends).
ASK_FOR_AN_APP = """
const [appId, text, done] = arguments;
fetch("/api/session").then((r) => r.json())
  .then((session) => fetch("/api/requests", { method: "POST", body: JSON.stringify({ appId, text, audioWav: null }),
    headers: { "Content-Type": "application/json", "X-CSRF-Token": session.csrfToken } }))
  .then((r) => done(r.status), (error) => done(String(error)));
"""

# A slow network for the inbox: from now on its list waits until releaseInbox().
HOLD_THE_INBOX = """
const real = window.fetch;
window.heldInbox = [];
window.fetch = (path, options = {}) => path === "/api/parent/requests" && (options.method ?? "GET") === "GET"
  ? new Promise((resolve, reject) => window.heldInbox.push(() => real(path, options).then(resolve, reject)))
  : real(path, options);
window.releaseInbox = () => { window.fetch = real; for (const go of window.heldInbox.splice(0)) go(); };
"""


def test_a_redraw_of_the_inbox_keeps_the_note_being_typed_its_focus_caret_and_scroll(server, browser_factory):
    d = browser_factory(390, 844)
    set_up_family(d, server)
    add_first_child(d, "Mia")
    play_as(d, "Mia")
    for app, text in (("music", "I want to make drum songs!"), ("stories", "Dragons please")):
        assert d.execute_async_script(ASK_FOR_AN_APP, app, text) in (200, 201)
    open_parent_tab(d, server, "inbox")
    wait(d).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#inbox-list .item")) == 2)
    approved, noted = [item.get_attribute("data-request-id") for item in d.find_elements(By.CSS_SELECTOR, "#inbox-list .item")]

    # The parent approves one request and, while the inbox loads again, starts a note on the other.
    d.execute_script(HOLD_THE_INBOX)
    click(d, f".item[data-request-id='{approved}'] .actions .btn.primary")
    wait(d).until(lambda driver: driver.execute_script("return window.heldInbox.length") == 1)
    note = find(d, f"#note-{noted}")
    note.click()
    note.send_keys("See you this weekend!")
    note.send_keys(Keys.ARROW_LEFT * len(" weekend!"))
    before = d.execute_script("""
        window.typedIn = document.activeElement;
        scrollTo(0, document.documentElement.scrollHeight);
        const tabs = document.querySelector(".tabs");
        tabs.scrollLeft = 120;
        return [scrollY, tabs.scrollLeft];""")
    assert before[0] > 0, "the inbox should scroll on a phone"

    # The inbox arrives and is drawn again: the note field is a new element, with everything where it was.
    d.execute_script("window.releaseInbox()")
    wait_text(d, f".item[data-request-id='{approved}'] .status", "Approved")
    place = d.execute_script("""
        const field = document.activeElement;
        return { fresh: field !== window.typedIn, id: field.id, text: field.value, caret: [field.selectionStart, field.selectionEnd],
                 scroll: [scrollY, document.querySelector(".tabs").scrollLeft] };""")
    assert place == {"fresh": True, "id": f"note-{noted}", "text": "See you this weekend!", "caret": [12, 12], "scroll": before}
    d.switch_to.active_element.send_keys(" fun")
    assert attribute(d, f"#note-{noted}", "value") == "See you this fun weekend!"


SEND_SPOKEN_REQUEST = """
const [wav, done] = [arguments[0], arguments[arguments.length - 1]];
fetch("/api/session").then((r) => r.json()).then((session) => fetch("/api/requests", {
  method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": session.csrfToken },
  body: JSON.stringify({ appId: "music", text: "songs please", audioWav: wav }) })).then((r) => done(r.status), (e) => done(String(e)));
"""


def test_a_parent_sees_what_the_family_keeps_and_chooses_how_long_reports_stay(server, browser_factory, mic_wav):
    """Family → Storage on a phone and a portrait tablet: the use against the quota, the spoken
    request counted under its kind, and a retention choice that is saved and still there after a reload."""
    import base64
    from test_accessibility import serious_violations
    d = browser_factory(390, 844)
    set_up_family(d, server)
    add_first_child(d, "Mia")
    play_as(d, "Mia")
    wav = base64.b64encode(mic_wav.read_bytes()).decode()
    assert d.execute_async_script(SEND_SPOKEN_REQUEST, wav) == 201
    open_parent_tab(d, server, "family")
    used = find(d, "#storage-used", timeout=15)
    assert re.fullmatch(r"\d+(\.\d)? KB of 2 GB used \(0 %\)", used.text), used.text
    row = find(d, "#storage-parts li[data-kind='requests']")
    assert "Spoken app requests" in row.text and "1 request" in row.text, row.text
    assert attribute(d, "#storage-meter", "value") == "0"
    # "Download everything": the family's zip, with the spoken request's recording in it.
    status, kind, size = d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('storage-export').href).then(async (r) => done([r.status, r.headers.get('content-type'),"
        " (await r.arrayBuffer()).byteLength])).catch((e) => done([0, String(e), 0]));")
    assert (status, kind) == (200, "application/zip") and size > mic_wav.stat().st_size, (status, kind, size)
    assert d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    assert serious_violations(d) == []
    click(d, "#retention-phoneEventDays option[value='30']")
    wait_text(d, "#storage-saved", "Saved: keep phone reports for 30 days. Older ones go within the hour.")
    if os.environ.get("FUNZONE_E2E_SHOTS"):  # to look at by hand
        d.execute_script("document.getElementById('storage-export').scrollIntoView({block: 'end'})")
        d.save_screenshot(str(Path(__file__).parent / "artifacts" / "family-storage-phone.png"))
    d.refresh()
    find(d, "#storage-used", timeout=15)
    wait(d).until(lambda driver: driver.execute_script("return document.getElementById('retention-phoneEventDays').value") == "30")
    d.set_window_size(768, 1024)
    assert d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0

"""SpotCheck in real browsers: a parent enrolls a phone on the dashboard, the child's phone pairs with
the code and exports hotspot-config.json, a scripted Shortcut reads that file and calls /policy and
/events exactly as the iOS Shortcut does, the dashboard shows OK with the activity; quiet time is
saved and reaches the Shortcut; the server's clock moves past the 2-hour gap and the tamper warning
shows; the child's locked setup screen opens with the parent's password."""
import json
import time
import urllib.parse
import urllib.request

from pages import PASSWORD, click, fill, find, set_up_family, unlock_parent_area, wait, wait_text

# Keeps the text of the file the page offers for download (the Shortcut's config).
CAPTURE_DOWNLOAD = """
window.__downloads = [];
const original = URL.createObjectURL;
URL.createObjectURL = (blob) => { blob.text().then((text) => window.__downloads.push(text)); return original(blob); };
"""

# The kinds of a phone's latest events, as the parent area's activity reads them.
EVENT_KINDS = """
const [deviceId, done] = arguments;
fetch(`/api/parent/spotcheck/devices/${encodeURIComponent(deviceId)}/events?limit=20`).then((r) => r.json())
  .then((page) => done((page.events ?? []).map((e) => e.kind)), (error) => done([String(error)]));
"""


def shortcut(config, method, path, body=None):
    """One request of the Shortcut: "Get Contents of URL" with the config's secret and token."""
    request = urllib.request.Request(config["apiBaseURL"] + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": "Bearer " + config["deviceSecret"],
                                              "X-Device-Token": config["deviceToken"], "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


def set_value(d, css, value):
    """Sets a time input as a picker does (typing into one depends on the browser's 12/24-hour locale)."""
    d.execute_script("const input = document.querySelector(arguments[0]); input.value = arguments[1];"
                     "input.dispatchEvent(new Event('input', {bubbles: true})); input.dispatchEvent(new Event('change', {bubbles: true}));",
                     css, value)


def parent_and_phone(server, browser_factory):
    """A parent's computer right after the family's set-up, and the child's phone-sized browser."""
    parent, phone = browser_factory(), browser_factory(width=390, height=844)
    set_up_family(parent, server)
    find(parent, "#add-child-link, .avatar-button, a")
    return parent, phone


def open_dashboard(d, server):
    """The parent area's SpotCheck tab; right after the family's set-up it is still open, later the gate and password come first."""
    d.get(f"{server}/parent/#spotcheck")
    find(d, "#gate-question, #spotcheck")
    if d.find_elements("css selector", "#gate-question"):
        unlock_parent_area(d)
    find(d, "#spotcheck")


def enroll(d, server, name):
    open_dashboard(d, server)
    find(d, "#spotcheck-empty")
    click(d, "#enroll-device")
    fill(d, "#new-device-name", name)
    click(d, "#add-device")
    code = find(d, "#pairing-code").text.replace(" ", "")
    assert len(code) == 8
    assert find(d, "#pairing-qr svg path") is not None
    click(d, "#pairing-done")
    return code


def test_a_parent_enrolls_a_phone_the_shortcut_checks_in_and_silence_shows_as_tampering(server, browser_factory):
    parent, phone = parent_and_phone(server, browser_factory)
    code = enroll(parent, server, "Mia's iPhone")
    find(parent, "#device-carousel [data-device-id] .badge-setup")

    # The child's phone: the QR code's link opens the pairing form with the code filled in.
    phone.get(f"{server}/spotcheck/#pair={code}")
    assert find(phone, "#pair-code").get_attribute("value").replace(" ", "") == code
    click(phone, "#pair-submit")
    find(phone, "#checklist #step-pair.done")
    phone.execute_script(CAPTURE_DOWNLOAD)
    click(phone, "#export-config")
    wait(phone).until(lambda driver: driver.execute_script("return window.__downloads.length") == 1)
    config = json.loads(phone.execute_script("return window.__downloads[0]"))
    # The Shortcut calls the server's address for other devices (its HTTPS address on the LAN), never
    # loopback, even though this phone opened it at 127.0.0.1.
    lan = json.loads(urllib.request.urlopen(server + "/api/connect").read())["url"]
    assert config["apiBaseURL"] == lan and not urllib.parse.urlsplit(lan).hostname.startswith("127."), config
    assert config["deviceSecret"] and config["deviceToken"]
    # Here the test plays the Shortcut over loopback (the same contract); test_home_network.py covers the LAN over HTTPS.
    config = {**config, "apiBaseURL": server}

    # The Shortcut: fetch the policy, turn the hotspot off, report; an automation runs it again later.
    status, policy = shortcut(config, "GET", "/policy")
    assert status == 200 and policy == {"enforce": True, "actions": {"setHotspotOff": True, "rotatePassword": True}, "quietHours": None}
    for trigger in ["battery_50", "time_21_00"]:
        status, answer = shortcut(config, "POST", "/events", {"ts": int(time.time() * 1000), "trigger": trigger, "shortcutVersion": "1.0",
                                                               "actionsAttempted": ["set_hotspot_off", "rotate_password"],
                                                               "result": {"ok": True, "errors": []}})
        assert status == 201 and answer == {"ok": True}
    phone.refresh()
    find(phone, "#step-shortcut.done")
    find(phone, "#step-automations.done")

    # The dashboard: OK, last seen, the runs in the activity.
    parent.refresh()
    wait_text(parent, "#device-carousel [data-device-id] .badge-ok", "OK")
    wait_text(parent, "#recent-activity", "battery at 50%")
    assert not parent.find_elements("css selector", "#tamper-warning")

    # Quiet time 21:30–06:30 in Rome reaches the Shortcut.
    click(parent, "#rule-quiet")
    set_value(parent, "#quiet-start", "21:30")
    set_value(parent, "#quiet-end", "06:30")
    tz = find(parent, "#quiet-tz")
    tz.clear()
    tz.send_keys("Europe/Rome")
    click(parent, "#save-rules")
    find(parent, "#rules-saved")
    status, policy = shortcut(config, "GET", "/policy")
    assert policy["quietHours"] == {"start": "21:30", "end": "06:30", "tz": "Europe/Rome"}

    # Three hours without a check-in (the server's clock moves): the tamper warning, on the dashboard and in the activity.
    device_id = parent.find_element("css selector", "#device-carousel [data-device-id]").get_attribute("data-device-id")
    server.move_clock(3 * 3600, seen_by=parent)
    parent.refresh()
    unlock_parent_area(parent)  # the parent area locked itself after 15 idle minutes of server time
    # The tamper watch (every 0.5 s in tests) writes its line; the dashboard loaded after it shows it.
    wait(parent).until(lambda driver: "tamper" in driver.execute_async_script(EVENT_KINDS, device_id))
    parent.refresh()
    wait_text(parent, "#tamper-warning", "No check-in")
    find(parent, "#device-carousel [data-device-id] .badge-stale")
    wait(parent).until(lambda driver: driver.find_elements("css selector", "#recent-activity [data-kind='tamper']"))

    # The Shortcut runs again: back to OK.
    shortcut(config, "GET", "/policy")
    parent.refresh()
    wait_text(parent, "#device-carousel [data-device-id] .badge-ok", "OK")
    assert not parent.find_elements("css selector", "#tamper-warning")

    # The child's phone: finish setup → locked; only the parent's password opens it.
    click(phone, "#step-screentime")
    click(phone, "#finish-setup")
    find(phone, "#locked")
    phone.refresh()
    find(phone, "#locked")
    click(phone, "#unlock")
    fill(phone, "#unlock-email", "ada@example.org")
    fill(phone, "#unlock-password", "not the password")
    click(phone, "#unlock-submit")
    wait_text(phone, "#unlock-error", "do not match")
    fill(phone, "#unlock-password", PASSWORD)
    click(phone, "#unlock-submit")
    find(phone, "#checklist")


def test_a_removed_phone_is_told_to_pair_again(server, browser_factory):
    parent, phone = parent_and_phone(server, browser_factory)
    code = enroll(parent, server, "Old phone")
    phone.get(f"{server}/spotcheck/#pair={code}")
    click(phone, "#pair-submit")
    find(phone, "#checklist #step-pair.done")
    click(parent, "#remove-device")
    click(parent, "#confirm-remove")
    find(parent, "#spotcheck-empty")
    phone.refresh()
    find(phone, "#device-removed")
    click(phone, "#pair-again")
    find(phone, "#pair-form")


def test_spotcheck_screens_pass_axe(server, browser_factory):
    from test_accessibility import serious_violations
    parent, phone = parent_and_phone(server, browser_factory)
    open_dashboard(parent, server)
    screens = {"dashboard, no phone": serious_violations(parent)}
    click(parent, "#enroll-device")
    fill(parent, "#new-device-name", "Mia's iPhone")
    click(parent, "#add-device")
    code = find(parent, "#pairing-code").text.replace(" ", "")
    screens["add-device sheet with code and QR"] = serious_violations(parent)
    click(parent, "#pairing-done")
    phone.get(f"{server}/spotcheck/")
    find(phone, "#landing")
    screens["phone: landing"] = serious_violations(phone)
    click(phone, "#child-setup")
    find(phone, "#child-welcome")
    screens["phone: welcome"] = serious_violations(phone)
    phone.get(f"{server}/spotcheck/#pair={code}")
    find(phone, "#pair-form")
    screens["phone: pairing"] = serious_violations(phone)
    click(phone, "#pair-submit")
    find(phone, "#checklist #step-pair.done")
    screens["phone: checklist"] = serious_violations(phone)
    shortcut({**json.loads(phone.execute_script("return localStorage.getItem('spotcheck.device')")), "apiBaseURL": server}, "GET", "/policy")
    click(phone, "#finish-setup")
    find(phone, "#locked")
    screens["phone: locked"] = serious_violations(phone)
    click(phone, "#unlock")
    find(phone, "#unlock-form")
    screens["phone: unlock"] = serious_violations(phone)
    server.move_clock(3 * 3600, seen_by=parent)
    parent.refresh()
    unlock_parent_area(parent)
    find(parent, "#tamper-warning")
    screens["dashboard with the tamper warning"] = serious_violations(parent)
    click(parent, "#shortcut-help")
    find(parent, "#quick-checks")
    screens["shortcut-not-running sheet"] = serious_violations(parent)
    failures = {screen: found for screen, found in screens.items() if found}
    assert not failures, failures

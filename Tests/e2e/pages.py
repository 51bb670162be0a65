"""Small helpers that read like what a user does."""
import re
import time

from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "correct horse battery"


def wait(driver, timeout=10):
    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))


def find(driver, css, timeout=10):
    return wait(driver, timeout).until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))


def attribute(driver, css, name, timeout=10):
    """The attribute `name` of what `css` finds once it is visible. A page that draws the element
    again between finding and reading (a clock, a fetch that lands) is read afresh."""
    def read(driver):
        element = EC.visibility_of_element_located((By.CSS_SELECTOR, css))(driver)
        return (element.get_attribute(name),) if element else False
    return wait(driver, timeout).until(read)[0]


def clicked(driver, locator, timeout=10):
    """Clicks what `locator` finds once it is clickable. A page that draws the element again between
    finding and clicking, or lays something over it for a moment, gets another try until `timeout`."""
    def click_now(driver):
        element = EC.element_to_be_clickable(locator)(driver)
        if not element:
            return False
        try:
            element.click()
        except ElementClickInterceptedException:
            return False
        return element
    return wait(driver, timeout).until(click_now)


def click(driver, css, timeout=10):
    return clicked(driver, (By.CSS_SELECTOR, css), timeout)


def click_text(driver, tag, text, timeout=10):
    return clicked(driver, (By.XPATH, f"//{tag}[contains(normalize-space(.), {quote(text)})]"), timeout)


def quote(text):
    return "'" + text + "'" if "'" not in text else '"' + text + '"'


def wait_text(driver, css, text, timeout=10):
    wait(driver, timeout).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, css), text))


def fill(driver, css, value):
    """Types `value` into the field; a field the page drew again meanwhile is found afresh."""
    def typed(driver):
        element = find(driver, css)
        element.clear()
        element.send_keys(value)
        return element
    return wait(driver).until(typed)


def set_up_family(driver, url, email="ada@example.org"):
    driver.get(url + "/")
    find(driver, "#setup-form")
    fill(driver, "input[name=familyName]", "Rossi")
    fill(driver, "input[name=parentName]", "Ada")
    fill(driver, "input[name=email]", email)
    fill(driver, "input[name=password]", PASSWORD)
    click(driver, "#setup-form button[type=submit]")


def sign_in(driver, url, email="ada@example.org"):
    driver.get(url + "/")
    find(driver, "#signin-form")
    fill(driver, "input[name=email]", email)
    fill(driver, "input[name=password]", PASSWORD)
    click(driver, "#signin-form button[type=submit]")


def gate_answer(driver):
    question = find(driver, "#gate-question").text
    left, right = map(int, re.findall(r"\d+", question))
    return left * right


def answer_gate(driver, answer):
    fill(driver, "#gate-answer", str(answer))
    click(driver, "#gate-submit")


def confirm_purchase(driver, password=None):
    """The purchase sheet after the gate: it names the product and price; a parent's password buys."""
    find(driver, "#purchase-form")
    assert "$0.99" in find(driver, "#purchase-confirm").text
    fill(driver, "#purchase-password", password or PASSWORD)
    click(driver, "#purchase-confirm")


def add_first_child(driver, name, grade=None, avatar=None):
    """Right after set-up: the picker's "Add a child" → the parent area's form."""
    click_text(driver, "a", "Add a child")
    # The parent area loads the family first; on a busy 2-core CI machine that took over 10 s once.
    find(driver, "#add-child-form", timeout=30)
    fill(driver, "#add-child-form input[name=name]", name)
    if grade:
        click(driver, f"#add-child-form select[name=grade] option[value='{grade}']")
    if avatar:
        click(driver, f"#add-child-form label[aria-label='Avatar {avatar}']")
    click(driver, "#add-child-form button[type=submit]")
    wait_text(driver, ".item h3", name)


def play_as(driver, name):
    """From the parent area back to the kids, and the child taps their avatar."""
    click(driver, "#back-to-kids")
    click(driver, f"button.avatar-button[aria-label='{name}']")
    find(driver, ".tile")


def unlock_parent_area(driver):
    """On the parent area's door: the gate's sum, then the parent's password."""
    answer_gate(driver, gate_answer(driver))
    fill(driver, "#parent-password", PASSWORD)
    click(driver, "#password-submit")


def open_parent_tab(driver, url, tab):
    """Straight to a tab of the parent area, through the gate and the password."""
    driver.get(f"{url}/parent/#{tab}")
    unlock_parent_area(driver)


def set_offline(driver, offline):
    """Cuts (or restores) the tab's network, as a tablet losing its Wi-Fi."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


# What a child taps: buttons, links, form controls and the recording's player.
KID_TARGETS = "button, a[href], input:not([type=hidden]), select, textarea, audio[controls], [role=button]"

SMALL_TARGETS = """
const [css, width, height] = arguments;
const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden" && !e.closest("dialog:not([open])");
// A control inside a <label> is tapped through its label too: the target is the two together.
const target = (e) => {
  const boxes = [e, e.closest("label")].filter(Boolean).map((x) => x.getBoundingClientRect());
  const left = Math.min(...boxes.map((b) => b.left)), right = Math.max(...boxes.map((b) => b.right));
  const top = Math.min(...boxes.map((b) => b.top)), bottom = Math.max(...boxes.map((b) => b.bottom));
  return { width: right - left, height: bottom - top };
};
const name = (e) => (e.getAttribute("aria-label") || e.textContent || e.getAttribute("title") || "").trim().replace(/\\s+/g, " ").slice(0, 30);
return [...document.querySelectorAll(css)].filter(shown).map((e) => [e, target(e)])
  .filter(([, box]) => box.width < width - 0.5 || box.height < height - 0.5)
  .map(([e, box]) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${[...e.classList].map((c) => "." + c).join("")} "${name(e)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
"""


def small_kid_targets(driver, css=KID_TARGETS, width=64, height=44):
    """The targets `css` finds on the page (an open sheet included) that are narrower than `width`
    or lower than `height` px (the team's rule for kids: 64 × 44), each as `tag#id.class "name" W×H`."""
    return driver.execute_script(SMALL_TARGETS, css, width, height)


def assert_fits_kids(driver, screen):
    """A kids' screen: the page does not scroll sideways and every kid target is at least 64 × 44 px."""
    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{screen}: the page scrolls sideways by {overflow} px"
    small = small_kid_targets(driver)
    assert small == [], f"{screen}: kid targets under 64×44 px: {small}"


# Keeps what the recording sheet's level meter shows, with the time, from now on.
WATCH_THE_METER = """
window.meterLevels = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.matches(".meter-fill")) window.meterLevels.push([performance.now(), parseFloat(change.target.style.transform.slice(7)) || 0]);
  }
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["style"] });
"""

# Whether the meter has shown a whole phrase: quiet, then a voice, then quiet again, each quiet
# stretch longer than the gap between two words. Returns the time it started (ms), or null.
WHOLE_PHRASE = """
const QUIET = 0.05, VOICE = 0.1, PAUSE = 400;
const levels = window.meterLevels ?? [];
let phase = "waiting", quietSince = null;
for (const [time, level] of levels) {
  if (level < QUIET) { quietSince ??= time; continue; }
  const paused = quietSince !== null && time - quietSince >= PAUSE;
  quietSince = null;
  if (paused && phase === "speaking") return levels[0][0];
  if (paused && phase === "waiting") phase = "quiet";
  if (level >= VOICE && phase === "quiet") phase = "speaking";
}
return phase === "speaking" && quietSince !== null && performance.now() - quietSince >= PAUSE ? levels[0][0] : null;
"""


def watch_the_meter(driver):
    """From now on the page keeps what a recording's level meter shows (call before recording)."""
    driver.execute_script(WATCH_THE_METER)


def wait_for_a_whole_phrase(driver, timeout=15):
    """Waits until the level meter has shown a whole phrase said into the microphone, from the
    silence before it to the silence after it. Returns when the meter started, in the page's ms.
    On a time-out, says what the meter showed (how many readings, how loud, over how long)."""
    try:
        return wait(driver, timeout).until(lambda d: d.execute_script(WHOLE_PHRASE))
    except TimeoutException:
        seen = driver.execute_script(
            "const l = window.meterLevels ?? []; return l.length ? [l.length, Math.max(...l.map(x => x[1])), l[l.length - 1][0] - l[0][0]] : [0, 0, 0]")
        raise AssertionError(f"no whole phrase on the meter in {timeout} s: {seen[0]} readings, loudest {seen[1]:.2f}, over {seen[2]:.0f} ms")

"""Small helpers that read like what a user does."""
import re
import time

from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "correct horse battery"


def wait(driver, timeout=10):
    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))


def find(driver, css, timeout=10):
    return wait(driver, timeout).until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))


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
    find(driver, "#add-child-form")
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

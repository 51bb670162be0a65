"""Small helpers that read like what a user does."""
import re
import time

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "correct horse battery"


def wait(driver, timeout=10):
    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))


def find(driver, css, timeout=10):
    return wait(driver, timeout).until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))


def click(driver, css, timeout=10):
    element = wait(driver, timeout).until(EC.element_to_be_clickable((By.CSS_SELECTOR, css)))
    element.click()
    return element


def click_text(driver, tag, text, timeout=10):
    xpath = f"//{tag}[contains(normalize-space(.), {quote(text)})]"
    element = wait(driver, timeout).until(EC.element_to_be_clickable((By.XPATH, xpath)))
    element.click()
    return element


def quote(text):
    return "'" + text + "'" if "'" not in text else '"' + text + '"'


def wait_text(driver, css, text, timeout=10):
    wait(driver, timeout).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, css), text))


def fill(driver, css, value):
    element = find(driver, css)
    element.clear()
    element.send_keys(value)
    return element


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

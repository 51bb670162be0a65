"""Headless Chromium for the browser benchmarks, and a family with one child picked on it."""
import contextlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# A new family (first run), its child Mia (grade 2) picked on this browser; `extra` runs after.
FAMILY = """
const done = arguments[arguments.length - 1];
(async () => {
  const { api } = await import("/shared/api.js");
  await api("/api/setup", { method: "POST", body: { familyName: "Bench", parentName: "Ada", email: "bench@example.org", password: "correct horse battery" } });
  const child = await api("/api/parent/children", { method: "POST", body: { name: "Mia", grade: 2, avatar: "🦊" } });
  %s
  await api("/api/kids/select", { method: "POST", body: { childId: child.id } });
  %s
  done("ok");
})().catch((error) => done(String(error)));
"""


def family_script(as_parent="", as_child=""):
    """The set-up script: `as_parent` runs before the child is picked, `as_child` after."""
    return FAMILY % (as_parent, as_child)


def browser(extra_arguments=(), script_timeout=60):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000", *extra_arguments]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(script_timeout)
    return driver


@contextlib.contextmanager
def family_session(url, setup, make_browser):
    """A server (the one at `url`, or a release one built and started here) and a browser on it
    with a new family set up by the `setup` script; yields (url, driver)."""
    speech = __import__("speech")
    with (contextlib.nullcontext(url) if url else speech.release_server()) as url:
        driver = make_browser()
        try:
            driver.get(url + "/")
            assert driver.execute_async_script(setup) == "ok"
            yield url, driver
        finally:
            driver.quit()

#!/usr/bin/env python3
"""Every byte a child's tablet transfers to show the hub (HTML, CSS, JS, icon, API calls), and then
SpeakUp's Today screen for a grade-6 speaker, measured in headless Chromium with an empty cache.
Target: the hub <= 150 KB; SpeakUp's Today is printed as a ratio to the hub. Usage:
Benchmarks/page-weight.py (run from the repository root after `swift build --product funzone`)."""
import json
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from pages import add_first_child, find, play_as, set_up_family  # noqa: E402

port = 18191
data = tempfile.mkdtemp()
server = subprocess.Popen([str(ROOT / ".build/debug/funzone"), "serve", "--host", "127.0.0.1", "--no-https", "--data-dir", data, "--port", str(port),
                           "--bcrypt-cost", "10", "--log-level", "error"], cwd=ROOT)
url = f"http://127.0.0.1:{port}"
for _ in range(100):
    try:
        urllib.request.urlopen(url + "/healthz")
        break
    except OSError:
        time.sleep(0.1)

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1024,768"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def weigh(path, ready, name):
    driver.get(url + path)
    find(driver, ready, timeout=20)
    time.sleep(1.0)
    entries = driver.execute_script("""
        return [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
          .map(e => ({name: e.name.replace(location.origin, ''), bytes: e.transferSize}));
    """)
    total = sum(e["bytes"] for e in entries)
    print(f"{name}:")
    for e in sorted(entries, key=lambda e: -e["bytes"])[:12]:
        print(f"{e['bytes']:>8,}  {e['name']}")
    print(f"{name} page weight: {total / 1024:.1f} KB in {len(entries)} requests")
    return total


try:
    set_up_family(driver, url)
    add_first_child(driver, "Leo", grade=6)
    play_as(driver, "Leo")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    hub = weigh("/hub/", ".tile", "hub")
    print(f"hub page weight: {hub / 1024:.1f} KB (target <= 150 KB)")
    speakup = weigh("/speakup/", "#challenge-card", "SpeakUp Today")
    print(f"SpeakUp Today: {speakup / 1024:.1f} KB, {speakup / hub:.2f} × the hub's {hub / 1024:.1f} KB")
finally:
    driver.quit()
    server.terminate()

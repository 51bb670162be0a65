#!/usr/bin/env python3
"""Spellflare: time from tapping a level to hearing the first word, in headless Chromium against a
release server, with the word's speech uncached (synthesised on the request) and cached.

"Hearing" is the moment the page's audio element fires `playing`. Ads are removed first (the
5-second pre-test countdown would otherwise come first; it is reported separately as a constant).
Baseline from the same run: a plain GET /api/spellflare/me round trip from the same page.

    python3 Benchmarks/spellflare-first-word.py [--runs 12]
"""
import argparse
import math
import statistics
import sys
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).parent))
chromium = __import__("chromium")
spelling_bench = __import__("speech-spelling")

SETUP = chromium.family_script(
    as_parent='await api("/api/store/purchase", { method: "POST", body: { productId: "remove_ads" } });',
    as_child="""await api("/api/spellflare/player", { method: "PUT", body: { name: "Mia", grade: 2, voice: null } });
  await api("/api/spellflare/progress/sync", { method: "POST", body: { completed: [], current: [{ grade: 2, level: 50 }] } });""")

# Records when any audio element starts playing (the player makes its own, off the DOM).
HOOK = """
window.__played = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  this.addEventListener("playing", () => window.__played.push(performance.now()), { once: true });
  return play.apply(this, arguments);
};
"""

BASELINE = """
const done = arguments[arguments.length - 1];
const start = performance.now();
fetch("/api/spellflare/me").then((r) => r.json()).then(() => done(performance.now() - start));
"""

# Makes every word the level can ask in this voice, within the family's speech rate limit
# (120 new syntheses a minute; audio already made is free): a 429 waits out its Retry-After.
# Resolves to how many times it had to wait.
WARM = """
const done = arguments[arguments.length - 1];
const [words, voice] = [arguments[0], arguments[1]];
const url = (text) => { const q = new URLSearchParams({ text, rate: "1", pitch: "1", format: "opus" }); q.set("voice", voice); return `/api/speech/say?${q}`; };
(async () => {
  let waits = 0;
  for (const word of words) {
    for (;;) {
      const response = await fetch(url(word));
      if (response.status !== 429) { if (!response.ok) throw new Error(`${word}: ${response.status}`); await response.arrayBuffer(); break; }
      waits += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get("Retry-After") ?? 5)));
    }
  }
  return waits;
})().then(done, (error) => done(String(error)));
"""

VOICE = """
const done = arguments[arguments.length - 1];
(async () => {
  const { api } = await import("/shared/api.js");
  const voices = (await api("/api/speech/voices")).voices.filter((v) => v.language.startsWith("en")).map((v) => v.id);
  if (arguments[0]) await api("/api/spellflare/player", { method: "PUT", body: { name: "Mia", grade: 2, voice: arguments[0] } });
  done(voices);
})().catch((error) => done(String(error)));
"""


def browser():
    driver = chromium.browser(["--autoplay-policy=no-user-gesture-required", "--window-size=1024,768"], script_timeout=300)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    return driver


def tap_to_first_word(d, url, level):
    """Opens Spellflare home, taps `level`, returns milliseconds until the first word plays."""
    d.get(url + "/spellflare/")
    WebDriverWait(d, 10).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, f".level[data-level='{level}']"))
    d.execute_script("window.__played = [];")
    start = d.execute_script("return performance.now();")
    d.find_element(By.CSS_SELECTOR, f".level[data-level='{level}']").click()
    WebDriverWait(d, 20).until(lambda driver: driver.execute_script("return window.__played.length > 0;"))
    return d.execute_script("return window.__played[0];") - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=8, help="voices to try (each gives one uncached and one cached tap)")
    parser.add_argument("--url", help="use a server already running (with no family yet) instead of building a release one")
    args = parser.parse_args()
    with chromium.family_session(args.url, SETUP, browser) as (url, d):
        baseline = [d.execute_async_script(BASELINE) for _ in range(20)]
        uncached, cached, failures = [], [], []
        # Speech is cached by voice and text: each voice is new to the server and the browser once.
        voices = d.execute_async_script(VOICE, None)[: args.runs]
        print(f"{len(voices)} voices, about a minute each (warming stays within the speech rate limit)", flush=True)
        for run, voice in enumerate(voices):
            level = 1 + run % 50
            d.execute_async_script(VOICE, voice)
            d.execute_cdp_cmd("Network.clearBrowserCache", {})
            try:
                uncached.append(tap_to_first_word(d, url, level))
                # Cached: every word the level can ask was already spoken in this voice.
                waits = d.execute_async_script(WARM, spelling_candidates(level), voice)
                assert isinstance(waits, int), waits
                cached.append(tap_to_first_word(d, url, level))
                if run < len(voices) - 1:
                    time.sleep(61)  # warming used the minute's budget: the next uncached tap needs room
            except TimeoutException:
                failures.append(voice)
    base = statistics.median(baseline)
    for name, values in [("uncached", uncached), ("cached", cached)]:
        median = statistics.median(values)
        print(f"tap → first word, {name}: median {median:.0f} ms, p90 {sorted(values)[max(0, math.ceil(0.9 * len(values)) - 1)]:.0f} ms "
              f"over {len(values)} taps; {median / base:.1f}× the baseline")
    if failures:
        print(f"no first word heard within 20 s with: {', '.join(failures)}")
    print(f"baseline (GET /api/spellflare/me from the page): median {base:.1f} ms")
    print("with ads (no remove_ads): add the 5 s pre-test countdown; the words are fetched during it")


def spelling_candidates(level, grade=2):
    """The word bank's words for a grade and level (difficulty ±1), as Sources/Spelling/WordBank.swift."""
    tiers = spelling_bench.word_tiers()
    difficulty = min(grade + (level - 1) // 10, 12)
    return [w for t in range(max(1, difficulty - 1), min(difficulty + 1, 12) + 1) for w in tiers.get(t, [])]


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""SpeakUp read-aloud accuracy: flite reads The Lost Kite in three voices, once as written and once
with four words changed and a sentence left out; each recording is sent whole to a fresh server
(POST /api/speakup/read-aloud/the-lost-kite) and the score is printed beside the exact score (100 for
the right reading; 71 for the changed one: 35 of 49 words read) as a ratio, with whether each changed
word was marked misread. A benchmark, not a test: the exit code is non-zero only on errors.
Usage: python3 Benchmarks/speakup-read-aloud.py (from the repository root after `swift build --product funzone`;
needs flite and sox)."""
import json
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from conftest import launch  # noqa: E402
from test_cli import Client  # noqa: E402

KITE = ("Sam had a red kite. One windy day the kite flew up over the trees. Sam ran and ran. A kind dog barked at the top "
        "of the hill. There was the kite, stuck in a little tree. Sam pulled it down and gave the dog a big hug.")
CHANGED = ("Sam had a blue kite. One rainy day the kite flew up over the houses. Sam ran and ran. A kind cat barked at the top "
           "of the hill. Sam pulled it down and gave the dog a big hug.")
CHANGED_AT = [3, 6, 14, 19]  # red, windy, trees, dog
READINGS = [("as written", KITE, 100), ("4 changed, 1 sentence left out", CHANGED, 71)]


def wav(text, voice):
    folder = Path(tempfile.mkdtemp())
    subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(folder / "raw.wav")], check=True)
    subprocess.run(["sox", str(folder / "raw.wav"), "-r", "16000", "-c", "1", "-b", "16", str(folder / "r.wav")], check=True)
    return (folder / "r.wav").read_bytes()


url, stop = launch()
try:
    client = Client(url)
    client.call("POST", "/api/setup", {"familyName": "R", "parentName": "Ada", "email": "a@example.org", "password": "correct horse battery"})
    client.csrf = client.call("GET", "/api/session")[1]["csrfToken"]
    child = client.call("POST", "/api/parent/children", {"name": "Leo", "grade": 6, "avatar": "🦊"})[1]
    client.call("POST", "/api/kids/select", {"childId": child["id"]})
    ratios = []
    for name, text, exact in READINGS:
        for voice in ["kal16", "slt", "rms"]:
            request = urllib.request.Request(url + "/api/speakup/read-aloud/the-lost-kite", data=wav(text, voice), method="POST",
                                             headers={"Content-Type": "audio/wav", "X-CSRF-Token": client.csrf})
            with client.opener.open(request) as response:
                result = json.loads(response.read())["reading"]
            marks = "".join({"read": ".", "misread": "x", "skipped": "-"}[w["mark"]] for w in result["words"])
            caught = "" if exact == 100 else f"  changed words marked misread: {sum(marks[i] == 'x' for i in CHANGED_AT)}/4"
            ratios.append(result["score"] / exact)
            print(f"{name:32} {voice:6} score {result['score']:3} (exact {exact}, ratio {result['score'] / exact:.2f})  "
                  f"read {result['read']} misread {result['misread']} skipped {result['skipped']} extra {result['extra']}{caught}")
            print(f"{'':39} {marks}")
    print(f"mean ratio to the exact score: {sum(ratios) / len(ratios):.2f}")
finally:
    stop()

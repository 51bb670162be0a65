#!/usr/bin/env python3
"""SpeakUp's live take against its upload, through the real server (SQLite), in one run:
- Stop → score: a ~60 s take streamed over WS /api/speakup/live at the pace it was spoken, then
  Stop; the seconds until the scored take arrives, as a share of the take's length (target <= 0.05).
  Baseline from the same run: the same recording uploaded whole (POST /api/speakup/takes), the way
  a take was scored before the live stream.
- Lag from a spoken word to the live count: (a) freshness, the time a count arrives minus the time
  the last audio it covers was spoken (the count includes the decoder's best guess at the words so
  far, so a word shows once its audio has been heard); (b) for the k-th word of the labelled truth,
  the time the live count first reached k minus the end of that word (negative when the guess
  counted words early, e.g. one word heard as two before it was revised).
- Peak memory (max RSS) analysing a 10-minute take with `funzone speakup analyze` and `--live`,
  against a 1-minute take in the same run.
The takes come from the labelled set (Benchmarks/speakup-labelled-set.py; made if missing).
Usage: python3 Benchmarks/speakup-live.py [--binary PATH] [--takes N] [--set DIR]
(default binary: a release build, made first; the debug build's speech and signal code is optimised
too, so `--binary .build/debug/funzone` gives close figures.)"""
import argparse
import http.cookiejar
import json
import re
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import websocket  # websocket-client (a dependency of selenium, installed by scripts/install-deps --test)

import speech

ROOT = Path(__file__).resolve().parents[1]
PIECE = 4000  # samples: a quarter second, as the page sends


class Speaker:
    """A family with a grade-6 speaker picked on this device."""

    def __init__(self, url):
        self.url = url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.csrf = json.load(self.opener.open(url + "/api/session"))["csrfToken"]
        self.csrf = self.post("/api/setup", {"familyName": "Bench", "parentName": "Ada", "email": "bench@example.org",
                                             "password": "correct horse battery"})["csrfToken"]
        child = self.post("/api/parent/children", {"name": "Leo", "grade": 6, "avatar": "🦊"})
        self.post("/api/kids/select", {"childId": child["id"]})

    def post(self, path, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method="POST",
                                         headers={"Content-Type": content_type, "X-CSRF-Token": self.csrf})
        return json.load(self.opener.open(request, timeout=600))

    def cookie(self):
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def pcm(wav):
    """16 kHz mono 16-bit samples of a WAV (converted with sox when it is not already)."""
    with tempfile.NamedTemporaryFile(suffix=".raw") as raw:
        subprocess.run(["sox", str(wav), "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-t", "raw", raw.name], check=True)
        return Path(raw.name).read_bytes()


def live_take(speaker, samples, prompt=None):
    """Streams `samples` at the pace they were spoken; returns (counts [(t, words)], stop_to_score, take)."""
    url = speaker.url.replace("http://", "ws://") + "/api/speakup/live" + (f"?promptId={prompt}" if prompt else "")
    socket = websocket.create_connection(url, cookie=speaker.cookie(), origin=speaker.url, timeout=600)
    counts, answer, done = [], {}, threading.Event()
    began = time.monotonic()

    def read():
        try:
            while True:
                message = json.loads(socket.recv())
                if message["type"] == "live" and message.get("words") is not None:
                    counts.append((time.monotonic() - began, message["words"], message["seconds"]))
                elif message["type"] in ("take", "error"):
                    answer.update(message, at=time.monotonic())
                    break
        except Exception as error:  # noqa: BLE001 - the benchmark reports whatever ended the stream
            answer.setdefault("error", str(error))
        done.set()

    threading.Thread(target=read, daemon=True).start()
    for index, start in enumerate(range(0, len(samples), PIECE * 2)):
        due = began + start / 2 / 16000
        time.sleep(max(0.0, due - time.monotonic()))
        socket.send_binary(samples[start:start + PIECE * 2])
    stopped = time.monotonic()
    socket.send(json.dumps({"type": "stop"}))
    done.wait(600)
    socket.close()
    if "take" not in answer:
        raise RuntimeError(f"no take: {answer}")
    return counts, answer["at"] - stopped, answer["take"]


def lags(counts, truth_words):
    """Seconds from the end of the k-th spoken word to the live count reaching k."""
    found = []
    for k, word in enumerate(truth_words, start=1):
        shown = next((t for t, words, _ in counts if words >= k), None)
        if shown is None:
            break
        found.append(shown - word["end"])
    return found


def peak_rss(binary, wav, *flags):
    result = subprocess.run(["/usr/bin/time", "-v", str(binary), "speakup", "analyze", *flags, str(wav)],
                            capture_output=True, text=True, check=True)
    return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", help="funzone to run (default: build a release one)")
    parser.add_argument("--takes", type=int, default=4, help="takes of about a minute to stream")
    parser.add_argument("--set", default="/tmp/speakup-labelled-set", help="the labelled set's folder")
    options = parser.parse_args()
    folder = Path(options.set)
    if not list(folder.glob("take-*.wav")):
        subprocess.run(["python3", str(ROOT / "Benchmarks/speakup-labelled-set.py"), "--out", str(folder)], check=True)
    binary = Path(options.binary) if options.binary else ROOT / ".build/release/funzone"

    truths = sorted((json.loads(p.read_text()) | {"wav": p.with_suffix("").with_suffix(".wav")} for p in folder.glob("take-*.truth.json")),
                    key=lambda t: abs(t["duration"] - 60))[:options.takes]
    with speech.release_server(Path(options.binary) if options.binary else None) as url:
        speaker = Speaker(url)
        rows, all_lags, freshness = [], [], []
        for truth in truths:
            wav, seconds = truth["wav"], truth["duration"]
            start = time.monotonic()
            uploaded = speaker.post("/api/speakup/takes", Path(wav).read_bytes(), content_type="audio/wav")
            upload = time.monotonic() - start
            counts, stop_to_score, take = live_take(speaker, pcm(wav))
            took = lags(counts, truth["words"])
            all_lags += took
            freshness += [arrived - seconds for arrived, _, seconds in counts]
            rows.append((wav.name, seconds, upload, stop_to_score, uploaded["wordCount"], take["wordCount"], len(truth["words"]),
                         statistics.median(took) if took else float("nan")))
        print(f"binary: {binary}")
        print(f"{'take':<14}{'seconds':>8}{'upload→score':>14}{'live stop→score':>17}{'ratio':>8}{'words up/live/truth':>22}{'lag med':>9}")
        for name, seconds, upload, live, up_words, live_words, truth_words, lag in rows:
            print(f"{name:<14}{seconds:>8.1f}{upload:>13.2f}s{live:>16.2f}s{live / seconds:>8.3f}{f'{up_words}/{live_words}/{truth_words}':>22}{lag:>8.2f}s")
        ratio = statistics.median(r[3] / r[1] for r in rows)
        baseline = statistics.median(r[2] / r[1] for r in rows)
        print(f"Stop→score, median share of the take: live {ratio:.3f} (target <= 0.05); upload baseline {baseline:.3f}; "
              f"live is {baseline / ratio:.1f}x faster")
        fresh = sorted(freshness)
        print(f"live count freshness (arrival − end of the audio it covers): median {statistics.median(fresh):.2f} s, "
              f"p90 {fresh[int(0.9 * (len(fresh) - 1))]:.2f} s, max {fresh[-1]:.2f} s over {len(fresh)} counts "
              f"(one every {60 / max(1, len(fresh) / len(rows)):.2f} s)")
        if all_lags:
            ordered = sorted(all_lags)
            print(f"k-th true word's end → live count reaching k: median {statistics.median(ordered):.2f} s, "
                  f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:.2f} s, max {ordered[-1]:.2f} s over {len(ordered)} words")

    # Peak memory: ten minutes of the set's takes end to end, against one minute.
    long_take = Path(tempfile.mkdtemp(prefix="speakup-ten-minutes-")) / "ten-minutes.wav"
    parts = sorted(folder.glob("take-*.wav"))
    subprocess.run(["sox", *map(str, parts * 2), str(long_take), "trim", "0", "600"], check=True)
    short_take = truths[0]["wav"]
    for flags in ((), ("--live",)):
        ten, one = peak_rss(binary, long_take, *flags), peak_rss(binary, short_take, *flags)
        print(f"peak memory, analyse {' '.join(flags) or '(whole)'}: 10 min {ten:.0f} MB, 1 min {one:.0f} MB ({ten / one:.2f}x)")


if __name__ == "__main__":
    main()

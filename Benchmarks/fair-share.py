#!/usr/bin/env python3
"""Whether one family's costly work keeps another's waiting (issue 26, items 1 and 2), through a real
server on SQLite:

- speech: family B's 1-s transcription alone (the baseline, same run), then while family A has
  8 transcriptions of 60 s each in flight; the ratio of B's times, and how A's 8 ended (answered,
  or 503 server_busy with Retry-After);
- drawings: family B's thumbnail of a small drawing alone, then while A asks for 8 thumbnails of
  the costliest drawing a family may keep (39 fills of a 4096x4096 paper); the same ratio;
- a drawing over the cost limit (5,000 fills of 4096x4096) is refused when saved (422);
- stop: the time from SIGTERM to the process's exit while A's work is running.

    python3 Benchmarks/fair-share.py [--binary .build/release/funzone]

Needs flite and sox (the recordings are made here).
"""
import argparse
import concurrent.futures
import http.cookiejar
import json
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Family:
    """A signed-in family device with a child picked (Coloring Fun is the child's)."""

    def __init__(self, url, index):
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = json.load(self.opener.open(url + "/api/session"))["csrfToken"]
        self.csrf = self.call("POST", "/api/setup", {"familyName": f"Family {index}", "parentName": "Ada", "email": f"fair{index}@example.org",
                                                     "password": "correct horse battery"})["csrfToken"]
        child = self.call("POST", "/api/parent/children", {"name": f"Kid{index}", "grade": 3, "avatar": "🦊"})
        self.call("POST", "/api/kids/select", {"childId": child["id"]})

    def call(self, method, path, body=None, content_type="application/json", timeout=600):
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": content_type, "X-CSRF-Token": self.csrf})
        with self.opener.open(request, timeout=timeout) as answer:
            raw = answer.read()
        return json.loads(raw) if raw and answer.headers.get("Content-Type", "").startswith("application/json") else raw

    def timed(self, method, path, body=None, content_type="application/json"):
        """(seconds, status, Retry-After) of one request."""
        started = time.perf_counter()
        try:
            self.call(method, path, body, content_type)
            return time.perf_counter() - started, 200, None
        except urllib.error.HTTPError as error:
            return time.perf_counter() - started, error.code, error.headers.get("Retry-After")


def recording(text, seconds, folder):
    """flite saying `text`, padded with the same words over and over to `seconds` (16 kHz WAV)."""
    spoken = folder / f"{seconds}-spoken.wav"
    subprocess.run(["flite", "-voice", "slt", "-t", text, "-o", str(spoken)], check=True)
    out = folder / f"{seconds}.wav"
    length = float(subprocess.run(["soxi", "-D", str(spoken)], capture_output=True, text=True, check=True).stdout)
    repeats = max(0, int(seconds / max(length, 0.1)) - 1)
    subprocess.run(["sox", str(spoken), "-r", "16000", "-c", "1", "-b", "16", str(out), "repeat", str(repeats), "trim", "0", str(seconds)], check=True)
    return out.read_bytes()


def fills(count, side):
    actions = [{"type": "fill", "at": [5 + i % 50, 5], "color": "#ff0000" if i % 2 else "#0000ff"} for i in range(count)]
    return {"version": 1, "width": side, "height": side, "actions": actions}


def while_busy(pool, flood, measure):
    """Starts `flood` (a list of callables) and, once they run, `measure` once; the flood's results too."""
    running = [pool.submit(work) for work in flood]
    time.sleep(1.0)
    measured = measure()
    return measured, [future.result() for future in running]


def describe(results):
    statuses = [status for _, status, _ in results]
    answered = statuses.count(200)
    busy = [retry for _, status, retry in results if status == 503]
    slowest = max(seconds for seconds, _, _ in results)
    text = f"{answered} answered, {len(busy)} refused 503 busy"
    if busy:
        text += f" (Retry-After {sorted(set(busy))})"
    return text + f", slowest {slowest:.1f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build/release/funzone"))
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="fair-share-"))
    port = free_port()
    server = subprocess.Popen([options.binary, "serve", "--host", "127.0.0.1", "--no-https", "--data-dir", str(folder / "data"),
                               "--port", str(port), "--open-signup", "--web-root", str(ROOT / "Web")],
                              stdout=open(folder / "server.log", "w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    a, b = Family(url, 1), Family(url, 2)
    short = recording("please open the door", 1, folder)
    long = recording("we are going to the park today and then we read a book about space", 60, folder)
    pool = concurrent.futures.ThreadPoolExecutor(16)

    print(f"binary: {options.binary}")
    alone = statistics.median(b.timed("POST", "/api/speech/transcribe", short, "audio/wav")[0] for _ in range(3))
    (during, status, _), flood = while_busy(pool, [lambda: a.timed("POST", "/api/speech/transcribe", long, "audio/wav")] * 8,
                                            lambda: b.timed("POST", "/api/speech/transcribe", short, "audio/wav"))
    print(f"speech: B's 1-s transcription alone {alone:.2f} s; while A has 8 x 60 s in flight {during:.2f} s (status {status}), "
          f"{during / alone:.1f}x the baseline; A's 8: {describe(flood)}")

    heavy = [a.call("POST", "/api/coloring/drawings", fills(39, 4096))["id"] for _ in range(8)]
    # A thumbnail is kept once drawn: each measure is of a new drawing's first.
    fresh = [b.call("POST", "/api/coloring/drawings", fills(4, 1024))["id"] for _ in range(4)]
    alone = statistics.median(b.timed("GET", f"/api/coloring/drawings/{drawing}/thumbnail")[0] for drawing in fresh[:3])
    other = fresh[3]
    (during, status, _), flood = while_busy(pool, [lambda drawing=drawing: a.timed("GET", f"/api/coloring/drawings/{drawing}/thumbnail") for drawing in heavy],
                                            lambda: b.timed("GET", f"/api/coloring/drawings/{other}/thumbnail"))
    print(f"drawings: B's new thumbnail alone {alone:.2f} s; another while A renders 8 of the costliest allowed "
          f"{during:.2f} s (status {status}), {during / max(alone, 0.001):.1f}x; A's 8: {describe(flood)}")
    seconds, status, _ = a.timed("POST", "/api/coloring/drawings", json.dumps(fills(5000, 4096)).encode())
    print(f"a drawing of 5,000 fills of 4096x4096: status {status} in {seconds:.2f} s")

    # Stop while A's work runs: 8 fresh transcriptions and 8 renders of new revisions.
    again = [a.call("POST", "/api/coloring/drawings", fills(39, 4096))["id"] for _ in range(4)]
    busy = [pool.submit(a.timed, "POST", "/api/speech/transcribe", long, "audio/wav") for _ in range(4)]
    busy += [pool.submit(a.timed, "GET", f"/api/coloring/drawings/{drawing}/thumbnail") for drawing in again]
    time.sleep(2)
    started = time.perf_counter()
    server.terminate()
    try:
        code = server.wait(timeout=30)
        print(f"stop: SIGTERM to exit {time.perf_counter() - started:.1f} s (exit status {code}) with A's work running")
    except subprocess.TimeoutExpired:
        server.kill()
        print("stop: still running 30 s after SIGTERM (killed)")
    for future in busy:
        try:
            future.result()
        except OSError:
            pass  # cut off by the stop
    pool.shutdown()


if __name__ == "__main__":
    main()

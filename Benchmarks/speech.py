#!/usr/bin/env python3
"""Speech figures through the real server (release build, SQLite), in one run:
- recognition word error rate on a labelled flite set (12 sentences x 4 voices x 2 rates),
- real-time factor (server time / audio length, one request at a time; target <= 0.25),
- throughput with 2 concurrent requests against 1 at a time,
- text-to-speech time to first byte, uncached and cached.
Usage: python3 Benchmarks/speech.py   (needs flite; builds funzone in release mode first)"""
import concurrent.futures
import contextlib
import http.cookiejar
import json
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SENTENCES = [
    "hello world this is a test", "the quick brown fox jumps over the lazy dog", "please open the door for me",
    "i would like to read a book about space", "my favourite colour is green", "we are going to the park today",
    "can you help me with my homework", "the cat is sleeping on the sofa", "i can count to one hundred",
    "thank you very much for the present", "it is raining outside so we stay in", "let us play a game after lunch",
]
VOICES = ["kal16", "rms", "awb", "slt"]
RATES = [1.0, 1.25]  # flite duration_stretch: 1.25 is slower speech


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Family:
    """A signed-in family device (each family has its own speech rate limit)."""

    def __init__(self, url, index):
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = json.load(self.opener.open(url + "/api/session"))["csrfToken"]
        body = json.dumps({"familyName": f"Bench {index}", "parentName": "Ada", "email": f"bench{index}@example.org",
                           "password": "correct horse battery"}).encode()
        response = self.opener.open(urllib.request.Request(url + "/api/setup", data=body, method="POST",
                                                           headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf}))
        self.csrf = json.load(response)["csrfToken"]

    def transcribe(self, wav, query=""):
        request = urllib.request.Request(self.url + "/api/speech/transcribe" + query, data=wav, method="POST",
                                         headers={"Content-Type": "audio/wav", "X-CSRF-Token": self.csrf})
        return json.load(self.opener.open(request))

    def first_byte(self, path):
        start = time.perf_counter()
        with self.opener.open(self.url + path) as response:
            response.read(1)
            elapsed = time.perf_counter() - start
            response.read()
        return elapsed


def word_errors(reference, hypothesis):
    r, h = reference.split(), hypothesis.split()
    d = list(range(len(h) + 1))
    for i in range(1, len(r) + 1):
        previous, d[0] = d[0], i
        for j in range(1, len(h) + 1):
            previous, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, previous + (r[i - 1] != h[j - 1]))
    return d[len(h)], len(r)


def flite(text, voice, stretch, folder):
    path = folder / f"{voice}-{stretch}-{abs(hash(text))}.wav"
    subprocess.run(["flite", "-voice", voice, "--setf", f"duration_stretch={stretch}", "-t", text, "-o", str(path)], check=True)
    data = path.read_bytes()
    return data, (len(data) - 44) / 2 / 16000


@contextlib.contextmanager
def release_server(binary=None):
    """Builds funzone in release mode (unless `binary` is given) and serves it on a temporary SQLite
    database; yields the URL (the data folder is LAST_DATA_DIR)."""
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "funzone"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    global LAST_DATA_DIR
    data_dir = Path(tempfile.mkdtemp(prefix="speech-bench-"))
    LAST_DATA_DIR = data_dir
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([str(binary or ROOT / ".build/release/funzone"), "serve", "--host", "127.0.0.1", "--no-https", "--data-dir", str(data_dir), "--port", str(port),
                               "--open-signup", "--web-root", str(ROOT / "Web")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait()


def main():
    with release_server() as url:
        families = [Family(url, i) for i in range(4)]
        folder = Path(tempfile.mkdtemp(prefix="speech-set-"))
        samples = [(text, voice, rate, *flite(text, voice, rate, folder)) for text in SENTENCES for voice in VOICES for rate in RATES]
        families[0].transcribe(samples[0][3])  # warm the decoder pool

        errors = words = 0
        times, audio = [], []
        by_voice = {}
        for index, (text, voice, rate, wav, seconds) in enumerate(samples):
            start = time.perf_counter()
            heard = families[index % 2].transcribe(wav)["text"]
            times.append(time.perf_counter() - start)
            audio.append(seconds)
            e, n = word_errors(text, heard)
            errors, words = errors + e, words + n
            ve, vn = by_voice.get(voice, (0, 0))
            by_voice[voice] = (ve + e, vn + n)
        rtf = sum(times) / sum(audio)
        print(f"Recognition: {len(samples)} utterances ({sum(audio):.0f} s of flite speech, {len(VOICES)} voices x {len(RATES)} rates)")
        print(f"  word error rate {errors / words:.1%} ({errors}/{words}); by voice: "
              + ", ".join(f"{v} {e / n:.1%}" for v, (e, n) in by_voice.items()))
        print(f"  real-time factor {rtf:.3f} (server time / audio length, one request at a time; target <= 0.25)")

        batch = [s[3] for s in samples[:24]]
        start = time.perf_counter()
        for wav in batch:
            families[2].transcribe(wav)
        serial = time.perf_counter() - start
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda pair: families[2 + pair[0] % 2].transcribe(pair[1]), enumerate(batch)))
        parallel = time.perf_counter() - start
        print(f"  throughput: {len(batch)} requests in {serial:.2f} s one at a time, {parallel:.2f} s two at a time: "
              f"{serial / parallel:.2f}x")

        uncached = [families[3].first_byte(f"/api/speech/say?voice=flite:slt&text=word{i}") for i in range(10)]
        cached = [families[3].first_byte(f"/api/speech/say?voice=flite:slt&text=word{i}") for i in range(10)]
        print(f"Text to speech (one word, flite slt, WAV): time to first byte uncached {statistics.median(uncached) * 1000:.1f} ms, "
              f"cached {statistics.median(cached) * 1000:.1f} ms (medians of 10)")


if __name__ == "__main__":
    main()

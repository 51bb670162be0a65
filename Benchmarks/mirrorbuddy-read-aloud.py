#!/usr/bin/env python3
"""MirrorBuddy's read-aloud highlighting: how far the lit word is from the word heard.

On a running server, each sentence of a few Italian and English study texts is made into a material
(its word positions as the page gets them) and said by the server's espeak-ng voice for its
language (`/api/speech/say`, as the page plays it). The truth is the synthesiser's own word events:
libespeak-ng (through ctypes) makes the same audio sample for sample as the server's espeak-ng, and
reports when each word starts. Three ways of lighting the words are measured against it:
- the server's timings (`/api/speech/timings`: its audio aligned with the words by pocketsphinx),
  which the page uses now;
- characters (Web/mirrorbuddy/word-timing.js, ported below): the audio's length shared out in
  proportion to the characters, the page's fallback;
- evenly by words: the baseline, in the same run.
Prints the median and 90th-percentile gap between a word's lit start and its heard start.

    swift build --product funzone && python3 Benchmarks/mirrorbuddy-read-aloud.py
"""
import ctypes
import http.cookiejar
import json
import statistics
import struct
import subprocess
import sys
import urllib.parse
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))

SENTENCES = {
    "it": [
        "La fotosintesi è il processo con cui le piante verdi producono il proprio nutrimento.",
        "Nelle foglie la clorofilla cattura la luce del Sole e trasforma acqua e anidride carbonica in zuccheri.",
        "Durante questo processo la pianta libera ossigeno, che serve alla respirazione degli esseri viventi.",
        "Il popolo di Parigi assaltò la Bastiglia, la prigione simbolo del potere assoluto del re.",
        "Nei primi secoli del Medioevo le città si spopolarono e la vita si spostò nelle campagne.",
        "I mercanti italiani viaggiarono fino in Oriente e portarono spezie, seta e nuove idee.",
    ],
    "en": [
        "Heat from the Sun makes water evaporate from oceans, lakes and rivers.",
        "The water vapour rises, cools and condenses into tiny droplets that form clouds.",
        "Farmers grew wheat and barley along the banks of the river Nile.",
        "A fraction is a way of writing a part of a whole.",
        "The number below the line tells us how many equal parts the whole is divided into.",
        "Scribes kept records of taxes, laws and stories on sheets made from papyrus.",
    ],
}


def by_characters(text, words, duration):
    """word-timing.js's wordTimings: a word owns the characters up to the next word."""
    spans = []
    for index, word in enumerate(words):
        start = 0 if index == 0 else word["start"]
        end = words[index + 1]["start"] if index + 1 < len(words) else len(text.encode("utf-16-le")) // 2
        spans.append(max(1, end - start))
    total, at, out = sum(spans), 0.0, []
    for span in spans:
        out.append(at)
        at += span / total * duration
    return out


def by_words(words, duration):
    return [index * duration / len(words) for index in range(len(words))]


def wav_seconds(data):
    channels, rate = struct.unpack("<HI", data[22:28])
    bits = struct.unpack("<H", data[34:36])[0]
    at = 12
    while at + 8 <= len(data):
        chunk, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
        if chunk == b"data":
            return size / (rate * channels * bits // 8)
        at += 8 + size
    return 0


class Event(ctypes.Structure):
    """espeak_EVENT of speak_lib.h."""
    _fields_ = [("type", ctypes.c_int), ("unique_identifier", ctypes.c_uint), ("text_position", ctypes.c_int),
                ("length", ctypes.c_int), ("audio_position", ctypes.c_int), ("sample", ctypes.c_int),
                ("user_data", ctypes.c_void_p), ("id", ctypes.c_char * 8)]


def espeak_word_starts(text, voice, rate=165):
    """{character index: seconds} of each word's start, from libespeak-ng's own word events for
    `text` in `voice` at `rate` words a minute (the server's espeak-ng at rate 1, pitch 50). In a
    process of its own each time: the library reports wrong times once it has spoken another language."""
    made = subprocess.run([sys.executable, __file__, "--truth", voice, str(rate), text], check=True, capture_output=True, text=True)
    return {int(index): seconds for index, seconds in json.loads(made.stdout).items()}


def print_word_starts(voice, rate, text):
    library = ctypes.CDLL("libespeak-ng.so.1")
    callback_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.POINTER(Event))
    starts = {}

    def heard(_wav, _count, events):
        index = 0
        while events[index].type != 0:      # espeakEVENT_LIST_TERMINATED
            if events[index].type == 1 and events[index].text_position > 0:  # espeakEVENT_WORD, characters from 1
                starts[events[index].text_position - 1] = events[index].audio_position / 1000
            index += 1
        return 0

    keep = callback_type(heard)
    library.espeak_Initialize(2, 500, None, 0x8000)   # synchronous, into the callback
    library.espeak_SetSynthCallback(keep)
    library.espeak_SetVoiceByName(voice.encode())
    library.espeak_SetParameter(1, rate, 0)           # espeakRATE
    library.espeak_SetParameter(3, 50, 0)             # espeakPITCH
    data = text.encode()
    library.espeak_Synth(data, len(data) + 1, 0, 1, 0, 1, None, None)
    library.espeak_Synchronize()
    print(json.dumps(starts))


def main():
    from conftest import launch
    url, stop = launch()
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        token = {"value": json.load(opener.open(url + "/api/session"))["csrfToken"]}

        def call(method, path, body=None, raw=None, kind="application/json", parse=True):
            data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
            request = urllib.request.Request(url + path, data=data, method=method, headers={"Content-Type": kind, "X-CSRF-Token": token["value"]})
            try:
                answer = opener.open(request).read()
            except urllib.error.HTTPError as error:
                raise RuntimeError(f"{method} {path[:80]}: {error.code} {error.read()[:300]}") from None
            return json.loads(answer) if parse else answer

        session = call("POST", "/api/setup", {"familyName": "Rossi", "parentName": "Ada", "email": "ada@example.org", "password": "correct horse battery"})
        token["value"] = session.get("csrfToken", token["value"])  # a new session, a new token
        child = call("POST", "/api/parent/children", {"name": "Mario", "grade": 8, "avatar": "🦊"})
        call("POST", "/api/kids/select", {"childId": child["id"]})
        voices = call("GET", "/api/speech/voices")["voices"]
        methods = ("server", "characters", "words")
        per_language = {}
        for language, sentences in SENTENCES.items():
            voice = next(v["id"] for v in voices if v["id"].startswith("espeak-ng:") and v["language"].lower().startswith(language))
            mine = {name: [] for name in methods}
            for sentence in sentences:
                material = call("POST", "/api/mirrorbuddy/materials", {"text": sentence, "language": language})
                words = material["words"]
                query = urllib.parse.urlencode({"text": sentence, "voice": voice}, quote_via=urllib.parse.quote)
                audio = call("GET", "/api/speech/say?" + query + "&format=wav", parse=False)
                duration = wav_seconds(audio)
                truth = espeak_word_starts(sentence, voice.split(":", 1)[1])
                server = call("GET", "/api/speech/timings?" + query)["words"]
                if len(server) != len(words):
                    print(f"{language}: the server timed {len(server)} words of {len(words)}: {sentence[:40]}…")
                    continue
                lit = {"server": [w["start"] for w in server], "characters": by_characters(sentence, words, duration),
                       "words": by_words(words, duration)}
                for index, word in enumerate(words):
                    start = len(sentence.encode("utf-16-le")[:word["start"] * 2].decode("utf-16-le"))
                    if start not in truth:
                        continue  # the synthesiser reported no word starting here (it splits or joins some)
                    for name in methods:
                        mine[name].append(abs(lit[name][index] - truth[start]))
            per_language[language] = mine
        for language, mine in per_language.items():
            if not mine["server"]:
                print(f"{language}: no word measured")
                continue
            parts = []
            for name, label in (("server", "server timings (the page)"), ("characters", "by characters (the fallback)"),
                                ("words", "evenly by words (baseline)")):
                gaps = mine[name]
                parts.append(f"{label}: median {statistics.median(gaps) * 1000:.0f} ms, 90th {statistics.quantiles(gaps, n=10)[-1] * 1000:.0f} ms")
            ratio = statistics.median(mine["server"]) / max(statistics.median(mine["words"]), 1e-9)
            print(f"{language}: {len(mine['server'])} words; " + "; ".join(parts) + f"; ratio server / baseline {ratio:.2f}")
    finally:
        stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--truth"]:
        print_word_starts(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        main()

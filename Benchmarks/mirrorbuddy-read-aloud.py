#!/usr/bin/env python3
"""MirrorBuddy's read-aloud highlighting: how far the lit word is from the word heard.

On a running server, each sentence of a few Italian and English study texts is made into a material
(its word positions as the page gets them), said by the server's voice for its language
(`/api/speech/say`, as the page plays it), and the words in that audio are found by aligning it
with the sentence (`/api/speech/transcribe`, pocketsphinx with the sentence as its grammar): the
word heard. The page lights each word at a time shared out by characters (Web/mirrorbuddy/
word-timing.js, ported below); the baseline in the same run shares the time out evenly by words.
Prints the median and 90th-percentile gap between a word's lit start and its heard start.

    swift build --product funzone && python3 Benchmarks/mirrorbuddy-read-aloud.py
"""
import http.cookiejar
import json
import statistics
import struct
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
        gaps = {"characters": [], "words": []}
        per_language = {}
        for language, sentences in SENTENCES.items():
            voice = next(v["id"] for v in voices if v["language"].startswith(language))
            mine = {"characters": [], "words": []}
            for sentence in sentences:
                material = call("POST", "/api/mirrorbuddy/materials", {"text": sentence, "language": language})
                words = material["words"]
                audio = call("GET", "/api/speech/say?" + urllib.parse.urlencode({"text": sentence, "voice": voice, "format": "wav"}, quote_via=urllib.parse.quote), parse=False)
                duration = wav_seconds(audio)
                spoken = [sentence[w["start"]:w["end"]].lower() for w in words]
                grammar = "#JSGF V1.0;\ngrammar sentence;\npublic <sentence> = " + " ".join(spoken) + ";\n"
                try:
                    heard = call("POST", "/api/speech/transcribe?" + urllib.parse.urlencode(
                        {"mode": "grammar", "language": language, "grammar": grammar}, quote_via=urllib.parse.quote), raw=audio, kind="audio/wav")["words"]
                except RuntimeError as error:
                    print(f"{language}: not aligned ({str(error)[-80:]}): {sentence[:40]}…")
                    continue
                heard = [w for w in heard if w.get("word", "").lower() not in ("<s>", "</s>", "<sil>", "")]
                if len(heard) != len(words):
                    continue  # the aligner lost a word: no truth for this sentence
                truth = [w["start"] for w in heard]
                for name, lit in (("characters", by_characters(sentence, words, duration)), ("words", by_words(words, duration))):
                    mine[name] += [abs(a - b) for a, b in zip(lit, truth)]
            per_language[language] = mine
            for name in gaps:
                gaps[name] += mine[name]
        for language, mine in per_language.items():
            if not mine["characters"]:
                print(f"{language}: no sentence aligned")
                continue
            c, w = mine["characters"], mine["words"]
            print(f"{language}: {len(c)} words; lit by characters: median {statistics.median(c) * 1000:.0f} ms, "
                  f"90th {statistics.quantiles(c, n=10)[-1] * 1000:.0f} ms; evenly by words (baseline): median "
                  f"{statistics.median(w) * 1000:.0f} ms; ratio {statistics.median(c) / max(statistics.median(w), 1e-9):.2f}")
    finally:
        stop()


if __name__ == "__main__":
    main()

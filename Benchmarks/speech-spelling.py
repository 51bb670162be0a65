#!/usr/bin/env python3
"""Spelling by voice: word accuracy and false accepts on a labelled set, through the server
(POST /api/speech/spelling?expected=word, the same judge Spellflare's game uses).

The set: every word of the grade 1–7 word bank (tiers 1–7 of Sources/Spelling/WordBank.swift),
each spelled aloud once correctly and once wrongly (a dropped, doubled, swapped, transposed,
E-set or phonetic mistake). Letters are synthesised one by one with flite (voices kal16, rms,
awb, slt; rates 1.0, 1.2, 1.4, rotated), joined with 0.25–0.6 s pauses over a −54 dBFS noise
floor, as a child is asked to spell ("C… A… T…").

    python3 Benchmarks/speech-spelling.py

accuracy = correct spellings accepted; false accepts = wrong spellings accepted;
said = wrong spellings whose returned letters are what was actually spelled. The baseline for
speed is the audio's own length (real-time factor).
"""
import json
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
import wave
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
speech_bench = __import__("speech")

ROOT = Path(__file__).resolve().parents[1]
VOICES = ["kal16", "rms", "awb", "slt"]
RATES = ["1.0", "1.2", "1.4"]
SWAP = {"b": "d", "d": "b", "p": "b", "t": "d", "v": "b", "g": "j", "z": "c", "e": "i", "c": "k", "k": "c", "m": "n",
        "n": "m", "s": "c", "f": "s"}
KINDS = ["drop", "double", "vowel", "transpose", "eset", "phonetic"]


def word_tiers():
    """The seed's word bank as Sources/Spelling/WordBank.swift has it: {difficulty: [words]}."""
    text = (ROOT / "Sources/Spelling/WordBank.swift").read_text()
    return {int(n): re.findall(r'"([a-z]+)"', body) for n, body in re.findall(r"(\d+): \[(.*?)\]", text, re.S)}


def word_bank():
    tiers = word_tiers()
    words, seen = [], set()
    for tier in range(1, 8):
        for word in tiers[tier]:
            if word not in seen:
                seen.add(word)
                words.append((tier, word))
    return words


def mistakes(word, rng):
    """One wrong spelling of each kind that applies."""
    out = {}
    i = rng.randrange(1, len(word))
    out["drop"] = word[:i] + word[i + 1:]
    doubles = [i for i in range(len(word) - 1) if word[i] == word[i + 1]]
    if doubles:
        i = rng.choice(doubles)
        out["double"] = word[:i] + word[i + 1:]
    else:
        i = rng.choice([i for i, c in enumerate(word) if c not in "aeiou"])
        out["double"] = word[:i] + word[i] + word[i:]
    vowels = [i for i, c in enumerate(word) if c in "aei"]
    if vowels:
        i = rng.choice(vowels)
        out["vowel"] = word[:i] + rng.choice([x for x in "aei" if x != word[i]]) + word[i + 1:]
    i = rng.choice([i for i in range(len(word) - 1) if word[i] != word[i + 1]])
    out["transpose"] = word[:i] + word[i + 1] + word[i] + word[i + 2:]
    eset = [i for i, c in enumerate(word) if c in "bdptvgz"]
    if eset:
        i = rng.choice(eset)
        out["eset"] = word[:i] + SWAP[word[i]] + word[i + 1:]
    if "ph" in word:
        out["phonetic"] = word.replace("ph", "f", 1)
    elif "ck" in word:
        out["phonetic"] = word.replace("ck", "k", 1)
    else:
        spots = [i for i, c in enumerate(word) if c in "ckms"]
        if spots:
            i = rng.choice(spots)
            out["phonetic"] = word[:i] + SWAP[word[i]] + word[i + 1:]
    return {kind: wrong for kind, wrong in out.items() if wrong != word}


def letter_clip(folder, voice, rate, letter, cache={}):
    key = (voice, rate, letter)
    if key not in cache:
        raw, out = folder / "raw.wav", folder / f"{voice}_{rate}_{letter}.wav"
        subprocess.run(["flite", "-voice", voice, "--setf", f"duration_stretch={rate}", "-t", f"{letter.upper()}.", "-o", str(raw)], check=True)
        subprocess.run(["sox", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(out),
                        "silence", "1", "0.02", "0.5%", "reverse", "silence", "1", "0.02", "0.5%", "reverse"], check=True)
        with wave.open(str(out)) as f:
            cache[key] = f.readframes(f.getnframes())
    return cache[key]


def spelled(folder, letters, voice, rate, rng, name):
    silence = lambda seconds: b"\0\0" * int(16000 * seconds)
    data = silence(0.3)
    for index, letter in enumerate(letters):
        if index:
            data += silence(rng.uniform(0.25, 0.6))
        data += letter_clip(folder, voice, rate, letter)
    data += silence(0.3)
    plain, path = folder / f"{name}.plain.wav", folder / f"{name}.wav"
    with wave.open(str(plain), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(16000)
        f.writeframes(data)
    subprocess.run(f"sox -R {plain} -p synth whitenoise vol 0.002 | sox -R -m {plain} - -b 16 {path}", shell=True, check=True)  # -R: the same noise every run
    return path.read_bytes(), len(data) / 2 / 16000


def build_set(folder):
    rng = random.Random(1234)
    rows = []
    for i, (tier, word) in enumerate(word_bank()):
        voice, rate = VOICES[i % 4], RATES[(i // 4) % 3]
        rows.append(dict(word=word, said=word, kind="correct", tier=tier, voice=voice, rate=rate,
                         audio=spelled(folder, word, voice, rate, rng, f"{i}-ok")))
        options = mistakes(word, rng)
        kind = KINDS[i % 6]
        while kind not in options:
            kind = KINDS[(KINDS.index(kind) + 1) % 6]
        voice, rate = VOICES[(i + 2) % 4], RATES[(i // 4 + 1) % 3]
        rows.append(dict(word=word, said=options[kind], kind=kind, tier=tier, voice=voice, rate=rate,
                         audio=spelled(folder, options[kind], voice, rate, rng, f"{i}-bad")))
    return rows


def main():
    folder = Path(tempfile.mkdtemp(prefix="spelling-set-"))
    rows = build_set(folder)
    with speech_bench.release_server() as url:
        families = [speech_bench.Family(url, i) for i in range(4)]
        # Warm-up, not timed: the server makes its letter templates once at start.
        start = time.perf_counter()
        warm = urllib.request.Request(f"{url}/api/speech/spelling?expected=cat", data=rows[0]["audio"][0], method="POST",
                                      headers={"Content-Type": "audio/wav", "X-CSRF-Token": families[0].csrf})
        families[0].opener.open(warm).read()
        print(f"warm-up (letter templates made at start): {time.perf_counter() - start:.1f} s")
        for index, row in enumerate(rows):
            family = families[index % len(families)]
            wav, seconds = row["audio"]
            request = urllib.request.Request(f"{url}/api/speech/spelling?expected={row['word']}", data=wav, method="POST",
                                             headers={"Content-Type": "audio/wav", "X-CSRF-Token": family.csrf})
            start = time.perf_counter()
            row["result"] = json.load(family.opener.open(request))
            row["time"], row["seconds"] = time.perf_counter() - start, seconds
    correct = [r for r in rows if r["kind"] == "correct"]
    wrong = [r for r in rows if r["kind"] != "correct"]
    accepted = sum(r["result"]["accepted"] for r in correct)
    false_accepts = sum(r["result"]["accepted"] for r in wrong)
    said = sum(r["result"]["letters"] == r["said"] for r in wrong)
    print(f"set: {len(correct)} words of grades 1–7 spelled right and {len(wrong)} spelled wrong ({len(rows)} recordings)")
    print(f"word accuracy: {accepted}/{len(correct)} = {accepted / len(correct):.1%} (target ≥ 90%)")
    print(f"false accepts: {false_accepts}/{len(wrong)} = {false_accepts / len(wrong):.1%} (target ≤ 2%)")
    print(f"wrong spellings heard as said: {said}/{len(wrong)} = {said / len(wrong):.1%}")
    print(f"real-time factor: {sum(r['time'] for r in rows) / sum(r['seconds'] for r in rows):.3f} (server time / audio length)")
    for label, key in [("voice", "voice"), ("rate", "rate"), ("tier", "tier")]:
        groups = defaultdict(lambda: [0, 0, 0, 0])
        for r in rows:
            g = groups[r[key]]
            if r["kind"] == "correct":
                g[0] += r["result"]["accepted"]; g[1] += 1
            else:
                g[2] += r["result"]["accepted"]; g[3] += 1
        print(f"by {label}: " + ", ".join(f"{k} {a}/{n} acc, {fa}/{m} FA" for k, (a, n, fa, m) in sorted(groups.items())))
    kinds = defaultdict(lambda: [0, 0])
    for r in wrong:
        kinds[r["kind"]][0] += r["result"]["accepted"]
        kinds[r["kind"]][1] += 1
    print("false accepts by mistake: " + ", ".join(f"{k} {a}/{n}" for k, (a, n) in sorted(kinds.items())))


if __name__ == "__main__":
    main()

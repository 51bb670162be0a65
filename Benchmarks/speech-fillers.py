#!/usr/bin/env python3
"""Filler figures through the real server (release build, SQLite, POST /api/speech/transcribe?fillers=true):
- filled pauses (um, uh, er, ah, hmm): precision and recall per kind on a labelled flite set,
- discourse markers used as fillers ("like", "you know", "I mean", "so", "basically", "actually") against
  content uses of the same words,
- word error rate of the other words with and without the filler pass, and the real-time factor.

Set A: 50 child-like sentences with fillers at known places + 12 without, each in 2 of 8 conditions (flite voices
kal16/rms/awb/slt x duration_stretch 1.0/1.3). Each filler is synthesised on its own, sustained (stretch x1.8-2.8),
and spliced in with 0-0.35 s of silence around it (um -> "um", uh -> "uh", er -> "er", ah -> "ah", hmm -> "hum",
since flite spells "hmm" letter by letter). Set B: 30 sentences synthesised whole (commas make flite pause).
The rules were tuned on the kal16/awb half ("tuning"); rms/slt are voices they never saw ("held out").
Every sox call runs with -R (no random dither), so a seed always makes the same audio.
Usage: python3 Benchmarks/speech-fillers.py [--seed N] [--dump FILE]   (needs flite and sox; the figures in the notes use
seed 7, the default; another seed draws other filler lengths and pauses around them, same sentences and voices;
--dump writes every recording's path, labels and transcripts as JSON, for looking at the misses and false alarms)"""
import collections
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speech import Family, release_server  # noqa: E402

random.seed(int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 7)
VOICES = ["kal16", "rms", "awb", "slt"]
RATES = [1.0, 1.3]
CONDITIONS = [(v, r) for v in VOICES for r in RATES]
FLITE_TEXT = {"um": "um", "uh": "uh", "er": "er", "ah": "ah", "hmm": "hum"}
KINDS = list(FLITE_TEXT)
MARKERS = ["like", "you know", "i mean", "so", "basically", "actually"]
A = """so i went to the {um} store and {uh} it was closed
my dog is called {um} biscuit and he likes {uh} bones
{um} yesterday we played football at school
we went to the beach and {uh} i found a crab
{uh} my favourite animal is the {um} tiger
i think {er} the answer is seven
{um} i want to be a doctor when i grow up
my sister has a {uh} red bike
and then {um} the teacher said we can go outside
{hmm} i do not know what to say
the dinosaur was {uh} really big and {um} scary
{ah} i remember now it was on monday
we made a cake with {um} chocolate and {uh} strawberries
my best friend is {uh} sam
{um} {uh} i forgot my homework
the book is about a {er} dragon who can fly
when it rains {um} we stay inside and play games
{uh} my grandma lives in a big house
i saw a {um} rainbow after school
the train was {uh} very fast
{hmm} maybe we can go to the zoo
my brother is {um} eight years old
we have {uh} two cats and a fish
{er} i like to draw pictures
the movie was {um} funny and {uh} a bit sad
{ah} that is my favourite song
then {uh} we went home for dinner
my project is about {um} volcanoes
{um} the sun is a star
i have a {uh} green pencil
we read a story about {er} a little mouse
{hmm} i think it was blue
on saturday {um} we went swimming
the monkey ate {uh} a banana
{ah} my mum made pancakes
i can count to {um} one hundred
the planet mars is {uh} red
{um} my teacher is very nice
and {uh} then the bell rang
{er} we planted seeds in the garden
i built a tower with {um} blocks
{uh} the bird was sitting on the fence
my favourite food is {um} pizza
{hmm} that is a hard question
we saw {ah} a big elephant
{um} so the end of the story is happy
i want a {uh} puppy for my birthday
the snow was {um} cold and {uh} wet
{er} my dad drives a bus
{uh} i like reading books""".split("\n")
CLEAN = """my favourite colour is purple
we went to the park after lunch
the cat sat on the mat
i have a new pair of shoes
my friend and i built a sandcastle
the teacher read us a story
we saw a rainbow in the sky
i like to eat apples and bananas
my brother plays the drums
the bus was late this morning
we go to school on monday
the sun is very hot today""".split("\n")
# *x* marks a filler use of a marker; the other uses of the same words are content uses.
B = """*so*, i went to the park with my friend
it was, *like*, really huge
i like apples and oranges
do you know the answer to the question
we were, *you know*, very tired
*basically*, the game is about running
it was so big that it did not fit
*actually*, i changed my mind
i actually finished my homework
*i mean*, it was a good movie
i mean the blue one not the red one
*so*, um, then we went home
she looks like her mother
and then, *like*, the dog ran away
you know my brother
*you know*, the book was long
*so*, the answer is ten
it is basically a big box
we were so happy
i like, *like*, dogs more than cats
*basically*, we won the game
the water was, *like*, freezing
i know you know the way
*actually*, it was my idea
he actually ate the whole pizza
it is so cold today
*so*, yeah, that is my project
i mean what i say
they were, *actually*, really nice
i would like a cookie""".split("\n")


def run(command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def seconds(path):
    return float(subprocess.run(["soxi", "-D", str(path)], capture_output=True, text=True, check=True).stdout)


def synth(text, voice, stretch, out, trim=True):
    raw = out.with_suffix(".raw.wav")
    run(["flite", "-voice", voice, "--setf", f"duration_stretch={stretch:.3f}", "-t", text, "-o", str(raw)])
    if trim:
        run(["sox", "-R", str(raw), str(out), "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01", "0.3%", "reverse"])
        raw.unlink()
    else:
        raw.rename(out)


def silence(length, out):
    run(["sox", "-R", "-n", "-r", "16000", "-b", "16", "-c", "1", str(out), "trim", "0", f"{length:.3f}"])


def spliced(text, condition, out, scratch):
    """Speech with fillers synthesised apart and joined with sox; returns the words, fillers included."""
    voice, rate = condition
    parts, words, chunk = [], [], []

    def part(name):
        path = scratch / f"{name}{len(parts)}.wav"
        parts.append(path)
        return path

    def flush():
        if chunk:
            synth(" ".join(chunk), voice, rate, part("c"))
            chunk.clear()

    def pause(length):
        if length > 0:
            silence(length, part("s"))

    pause(0.3)
    for token in text.split():
        if token.startswith("{"):
            kind = token.strip("{}")
            flush()
            pause(random.choice([0.0, 0.08, 0.15, 0.25, 0.35]))
            synth(FLITE_TEXT[kind], voice, rate * random.uniform(1.8, 2.8), part("f"))
            pause(random.choice([0.0, 0.08, 0.15, 0.25]))
        else:
            chunk.append(token)
        words.append(token.strip("{}"))
    flush()
    pause(0.3)
    run(["sox", "-R"] + [str(p) for p in parts] + [str(out)])
    for p in parts:
        p.unlink()
    return words


def make_sets(folder):
    set_a, set_b = [], []
    for index, text in enumerate(A + CLEAN):
        for copy, condition in enumerate([CONDITIONS[(2 * index + k) % 8] for k in (0, 5)] if index < len(A)
                                         else [CONDITIONS[(2 * index + k) % 8] for k in (1, 6)]):
            path = folder / f"a{index:02d}_{copy}.wav"
            if index < len(A):
                words = spliced(text, condition, path, folder)
            else:
                synth(text, condition[0], condition[1], folder / "x.wav")
                run(["sox", "-R", str(folder / "x.wav"), str(path), "pad", "0.3", "0.3"])
                words = text.split()
            set_a.append(dict(path=path, words=words, voice=condition[0], held_out=condition[0] in ("rms", "slt")))
    for index, text in enumerate(B):
        tokens, inside = [], False
        for word in text.replace(",", " ").split():
            if word.startswith("*"):
                inside = True
            tokens.append((word.strip("*"), inside))
            if word.endswith("*"):
                inside = False
        for copy, condition in enumerate([CONDITIONS[(3 * index) % 8], CONDITIONS[(3 * index + 4) % 8]]):
            path = folder / f"b{index:02d}_{copy}.wav"
            synth(text.replace("*", ""), condition[0], condition[1], path, trim=False)
            set_b.append(dict(path=path, tokens=tokens, voice=condition[0], held_out=condition[0] in ("rms", "slt")))
    return set_a, set_b


def align(reference, hypothesis):
    """Word-level edit-distance alignment: (reference index or None, hypothesis index or None) pairs, and the distance."""
    n, m = len(reference), len(hypothesis)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (reference[i - 1] != hypothesis[j - 1]))
    i, j, pairs = n, m, []
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (reference[i - 1] != hypothesis[j - 1]):
            pairs.append((i - 1, j - 1)); i -= 1; j -= 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            pairs.append((i - 1, None)); i -= 1
        else:
            pairs.append((None, j - 1)); j -= 1
    return pairs[::-1], d[n][m]


def timeline(transcript, kinds):
    """Words and the fillers of the given kinds, in time order."""
    items = [(w["start"], w["word"]) for w in transcript["words"]]
    items += [(f["start"], f["word"]) for f in transcript["fillers"] if f["kind"] in kinds]
    return [word for _, word in sorted(items)]


def score_a(results, subset):
    counts = collections.Counter()
    for item, transcript, plain in results:
        if not subset(item):
            continue
        reference = item["words"]
        heard = timeline(transcript, {"filled-pause"})
        pairs, _ = align(reference, heard)
        for word in reference:
            if word in KINDS:
                counts["ref", word] += 1
        for word in heard:
            if word in KINDS:
                counts["hyp", word] += 1
        for i, j in pairs:
            if i is not None and j is not None and reference[i] in KINDS and heard[j] == reference[i]:
                counts["tp", reference[i]] += 1
        spoken = [w for w in reference if w not in KINDS]
        counts["wer_words"] += len(spoken)
        counts["wer_with"] += align(spoken, [w["word"] for w in transcript["words"]])[1]
        counts["wer_without"] += align(spoken, [w["word"] for w in plain["words"]])[1]
    return counts


def score_b(results, subset):
    counts = collections.Counter()
    for item, transcript, _ in results:
        if not subset(item):
            continue
        words = [w for w, _ in item["tokens"]]
        events = {}
        for i in range(len(words)):
            for marker in MARKERS:
                if words[i:i + len(marker.split())] == marker.split():
                    events[i] = (marker, item["tokens"][i][1])
                    break
        heard = [w["word"] for w in transcript["words"]]
        pairs, _ = align(words, heard)
        to_reference = {j: i for i, j in pairs if i is not None and j is not None}
        starts = {w["start"]: index for index, w in enumerate(transcript["words"])}
        for marker, is_filler in events.values():
            counts["ref_filler" if is_filler else "ref_content"] += 1
        for filler in transcript["fillers"]:
            if filler["kind"] != "discourse-marker":
                continue
            counts["hyp"] += 1
            i = to_reference.get(starts.get(filler["start"]))
            if i is not None and i in events and events[i][0] == filler["word"]:
                counts["tp" if events[i][1] else "content_flagged"] += 1
    return counts


def ratio(a, b):
    return f"{a / b:.2f} ({a}/{b})" if b else "n/a (0/0)"


def main():
    folder = Path(tempfile.mkdtemp(prefix="filler-set-"))
    print("making the labelled sets with flite and sox ...", flush=True)
    set_a, set_b = make_sets(folder)
    with release_server() as url:
        families = [Family(url, index) for index in range(2)]
        results_a, results_b, decode_time, audio_time = [], [], 0.0, 0.0
        for index, item in enumerate(set_a + set_b):
            wav = item["path"].read_bytes()
            family = families[index % 2]
            start = time.perf_counter()
            transcript = family.transcribe(wav, "?fillers=true")
            decode_time += time.perf_counter() - start
            audio_time += transcript["duration"]
            plain = family.transcribe(wav) if "words" in item else None
            (results_a if "words" in item else results_b).append((item, transcript, plain))
    if "--dump" in sys.argv:
        dump = [dict(item, path=str(item["path"]), transcript=transcript, plain=plain)
                for item, transcript, plain in results_a + results_b]
        Path(sys.argv[sys.argv.index("--dump") + 1]).write_text(json.dumps(dump, indent=1))
    print(f"Set A: {len(set_a)} recordings, Set B: {len(set_b)}; real-time factor with fillers {decode_time / audio_time:.3f} "
          "(two decodes: words with confidences, then the filler pass)")
    failed = sum(1 for _, transcript, _ in results_a + results_b if transcript.get("fillerPassFailed"))
    print(f"  recordings on which the filler pass aborted (its child process; the server kept going): {failed}")
    for name, subset in [("all voices", lambda item: True), ("tuning voices (kal16, awb)", lambda item: not item["held_out"]),
                         ("held-out voices (rms, slt)", lambda item: item["held_out"])]:
        a, b = score_a(results_a, subset), score_b(results_b, subset)
        print(f"[{name}]")
        for kind in KINDS:
            print(f"  {kind:4} precision {ratio(a['tp', kind], a['hyp', kind])}  recall {ratio(a['tp', kind], a['ref', kind])}")
        print(f"  WER of the other words: {a['wer_with'] / a['wer_words']:.1%} with the filler pass, "
              f"{a['wer_without'] / a['wer_words']:.1%} without ({a['wer_words']} words)")
        print(f"  discourse markers: precision {ratio(b['tp'], b['hyp'])}  recall {ratio(b['tp'], b['ref_filler'])}  "
              f"content uses flagged {b['content_flagged']}/{b['ref_content']}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""SpeakUp's labelled set: short school talks spoken by flite with fillers, pauses and pace changes at known places,
each take a 16 kHz mono 16-bit WAV and a truth file, for Benchmarks/speakup-accuracy.py to score an analyser against.

Each take (20-90 s) is one voice (kal16, awb, rms, slt in turn) at one base pace (flite duration_stretch 0.8-1.3;
half the takes speak two to four sentences at the other extreme), sentences from Benchmarks/speakup_sentences.py
joined by 0.15-0.3 s, plus, at random but seeded places:
- pauses of silence: short 0.5-0.8 s, medium 1.2-3 s, long 3-5 s; between sentences ("strategic") or inside one
  ("hesitation"); the truth pause is the real silence between the last sound before and the first sound after;
- hesitations (um, uh, er, hmm) synthesised on their own, drawn out (stretch x1.8-2.8) and spliced in with 0-0.25 s
  of silence either side, as Benchmarks/speech-fillers.py does;
- lexical fillers set off by commas ("So, ...", "..., like, ...", "..., you know.", "Basically, ...",
  "..., actually, ..."), and near misses: the same words as content ("it looks like rain", "so that", "do you know
  why", "I like apples", "is that actually true");
- a gain (peak -1 to -12 dBFS) and sometimes a faint noise floor (-70 to -55 dBFS).
Word times come from flite's phone timings (see speakup_truth.py). take-NN.truth.json holds the words (non-filler,
in order, with times), fillers (kind hesitation|lexical), near misses, pauses (kind strategic|hesitation, length
short|medium|long), pace runs, and the truth WPM at a 0.4 s pause threshold.

Usage: python3 Benchmarks/speakup-labelled-set.py [--out DIR] [--takes 64] [--seed 7] [--jobs N]
Takes already in DIR with the same seed and generator version are kept (only missing ones are made). Needs flite
and sox. Every sox call runs with -R and every random choice comes from the seed, so a seed always makes the same set."""
import argparse
import array
import concurrent.futures
import json
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speakup_sentences import HESITATIONS, LEXICAL, NEAR_MISSES, TOPICS, check  # noqa: E402
from speakup_truth import RATE, VOICES, Segment, run, truth_wpm, words_of, write_wav  # noqa: E402

VERSION = 3
PACES = [0.8, 0.9, 1.0, 1.1, 1.2, 1.3]
PAUSE_LENGTHS = {"short": (0.5, 0.8), "medium": (1.2, 3.0), "long": (3.0, 5.0)}
PAUSE_MIX = {"strategic": {"short": 0.35, "medium": 0.45, "long": 0.2},
             "hesitation": {"short": 0.4, "medium": 0.45, "long": 0.15}}
# A speaker says "we were, like, tired", rarely "the, like, days": mid-sentence fillers never follow these.
FUNCTION_WORDS = {"a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "from", "my", "our", "their", "its",
                  "his", "her", "your", "and", "but", "or", "than", "that", "very", "is", "are", "was", "can", "be"}
CHANCE = {"near_miss": 0.18, "lexical": 0.3, "hesitation": 0.3, "mid_pause": 0.12, "strategic_pause": 0.35}


def sentence_items(sentence):
    """A sentence as items (text, role): role ("word",), or ("near", words) for a *marked* content use."""
    items = []
    for index, part in enumerate(sentence.split("*")):
        if index % 2:
            items.append((part, ("near", part.lower())))
        else:
            items += [(token, ("word",)) for token in part.split()]
    return items


def with_lexical(items, filler, rng):
    """The items with `filler` put in as a filler, set off by commas as a speaker's voice would set it off."""
    place = rng.choice(LEXICAL[filler])
    role = ("lexical", filler)
    if place == "start":
        first, kind = items[0]
        return [(filler.capitalize() + ",", role), (first[0].lower() + first[1:], kind)] + items[1:]
    if place == "end":
        last, kind = items[-1]
        mark = re.search(r"[.?!]*$", last).group()
        return items[:-1] + [(last[:len(last) - len(mark)] + ",", kind), (filler + (mark or "."), role)]
    slots = [k for k in range(2, len(items) - 1)
             if re.fullmatch(r"[\w']+", items[k - 1][0]) and items[k - 1][0].lower() not in FUNCTION_WORDS]
    if not slots:
        return items
    k = rng.choice(slots)
    return items[:k - 1] + [(items[k - 1][0] + ",", items[k - 1][1]), (filler + ",", role)] + items[k:]


def plan_sentence(sentence, near, rng):
    """The pieces of one sentence: ("speech", items), ("hesitation", name), ("silence", seconds, pause or None)."""
    items = sentence_items(sentence)
    if not near and rng.random() < CHANCE["lexical"]:
        items = with_lexical(items, rng.choice(list(LEXICAL)), rng)
    # Split points sit between two plain words, so no split breaks a comma filler or a near miss.
    splits = [k for k in range(1, len(items)) if items[k - 1][1] == items[k][1] == ("word",)
              and re.fullmatch(r"[\w']+", items[k - 1][0])]
    cuts = {}
    if rng.random() < CHANCE["hesitation"]:
        k = rng.choice([0] + splits)
        cuts[k] = [("silence", rng.choice([0.0, 0.08, 0.15, 0.25]), None), ("hesitation", rng.choice(list(HESITATIONS))),
                   ("silence", rng.choice([0.0, 0.08, 0.15, 0.25]), None)]
    free = [k for k in splits if k not in cuts]
    if free and rng.random() < CHANCE["mid_pause"]:
        length, size = pause_length("hesitation", rng)
        cuts[rng.choice(free)] = [("silence", length, ("hesitation", size))]
    pieces, start = [], 0
    for k in sorted(cuts) + [len(items)]:
        if k > start:
            pieces.append(("speech", items[start:k]))
        pieces += cuts.get(k, [])
        start = k
    return pieces


def pause_length(kind, rng):
    length = rng.choices(list(PAUSE_MIX[kind]), weights=list(PAUSE_MIX[kind].values()))[0]
    low, high = PAUSE_LENGTHS[length]
    return round(rng.uniform(low, high), 3), length


class Take:
    """A take being assembled: its samples and the truth of everything put in, in seconds from its start."""

    def __init__(self, voice, scratch):
        self.voice, self.scratch = voice, scratch
        self.parts, self.length, self.unaligned = [], 0, 0
        self.quiet_since = 0.0  # where the silence now at the end began (None after a sound)
        self.truth = dict(words=[], fillers=[], nearMisses=[], pauses=[], pace=[], text=[])

    @property
    def seconds(self):
        return self.length / RATE

    def append(self, samples, sound=True):
        self.parts.append(samples)
        self.length += len(samples)
        if sound:
            self.quiet_since = None

    def silence(self, seconds, pause=None):
        """Silence; a pause's truth is all the silence around it (a filler's gap may follow it), not just its own length."""
        if self.quiet_since is None:
            self.quiet_since = self.seconds
        pauses = self.truth["pauses"]
        self.append(array.array("h", bytes(2 * round(seconds * RATE))), sound=False)
        if pause:
            kind, size = pause
            pauses.append(dict(start=round(self.quiet_since, 3), end=round(self.seconds, 3), kind=kind, length=size))
            self.truth["text"].append(f"<{seconds:.2f}s {kind}>")
        elif pauses and pauses[-1]["start"] == round(self.quiet_since, 3):
            pauses[-1]["end"] = round(self.seconds, 3)

    def speech(self, items, stretch):
        segment = Segment(" ".join(text for text, _ in items), self.voice, stretch, self.scratch)
        self.unaligned += not segment.aligned
        at, words = self.seconds, iter(segment.words)
        for text, role in items:
            timed = [next(words) for _ in words_of(text)]
            start, end = round(at + timed[0][1], 3), round(at + timed[-1][2], 3)
            if role[0] in ("word", "near"):
                self.truth["words"] += [dict(text=w, start=round(at + s, 3), end=round(at + e, 3)) for w, s, e in timed]
            if role[0] == "near":
                self.truth["nearMisses"].append(dict(text=role[1], start=start, end=end))
            if role[0] == "lexical":
                self.truth["fillers"].append(dict(text=role[1], start=start, end=end, kind="lexical"))
            self.truth["text"].append(f"[{text}]" if role[0] == "lexical" else text)
        self.append(segment.samples)
        return segment

    def hesitation(self, name, stretch):
        segment = Segment(HESITATIONS[name], self.voice, stretch, self.scratch)
        start = self.seconds
        self.append(segment.samples)
        self.truth["fillers"].append(dict(text=name, start=round(start, 3), end=round(self.seconds, 3), kind="hesitation"))
        self.truth["text"].append(f"[{name}]")

    def finish(self, rng, path):
        """Writes the take at a peak of -1 to -12 dBFS, over a faint white-noise floor in some takes (sox -R: the
        noise is the same on every run). Returns the two levels."""
        peak_db, noise_db = rng.choice([-1, -4, -8, -12]), rng.choice([None, None, -70, -60, -55])
        clean = Path(self.scratch) / "clean.wav"
        samples = array.array("h")
        for part in self.parts:
            samples += part
        write_wav(clean, samples)
        if noise_db is None:
            run(["sox", "-R", "-D", str(clean), str(path), "gain", "-n", str(peak_db)])
        else:
            # sox's white noise has an RMS of -7.8 dBFS before the gain.
            gained = f"sox -R -D {clean} -p gain -n {peak_db}"
            noise = f"sox -R -n -r {RATE} -c 1 -b 16 -p synth {self.seconds:.4f} whitenoise gain {noise_db + 7.8:.2f}"
            run(["sox", "-R", "-D", "-m", "-v", "1", "|" + gained, "-v", "1", "|" + noise, "-b", "16", str(path)])
        return peak_db, noise_db


def make_take(index, seed, out):
    rng = random.Random(f"{seed}-{index}")
    voice, base = VOICES[index % len(VOICES)], PACES[(index // len(VOICES)) % len(PACES)]
    target = 20 + 70 * ((index * 0.6180339887) % 1)  # golden-ratio steps: lengths spread evenly over 20-90 s
    topics = list(TOPICS)
    first = topics.pop(index % len(topics))
    rng.shuffle(topics)
    sentences = rng.sample(TOPICS[first], len(TOPICS[first])) + [s for t in topics for s in rng.sample(TOPICS[t], len(TOPICS[t]))]
    near_misses = rng.sample(NEAR_MISSES, len(NEAR_MISSES))
    contrast = (1.3 if base <= 1.0 else 0.8) if index % 2 else None
    contrast_from = rng.randrange(1, 5)
    contrast_to = contrast_from + rng.randint(2, 4)
    lead, trail = round(rng.uniform(0.3, 1.5), 3), round(rng.uniform(0.3, 2.0), 3)
    with tempfile.TemporaryDirectory() as scratch:
        take = Take(voice, scratch)
        take.silence(lead)
        for number, sentence in enumerate(sentences):
            near = near_misses and rng.random() < CHANCE["near_miss"]
            if near:
                sentence = near_misses.pop()
            stretch = contrast if contrast and contrast_from <= number < contrast_to else base
            pieces = plan_sentence(sentence, near, rng)
            if number > 0:
                pause = rng.random() < CHANCE["strategic_pause"]
                length, size = pause_length("strategic", rng) if pause else (round(rng.uniform(0.15, 0.3), 3), None)
                pieces.insert(0, ("silence", length, ("strategic", size) if pause else None))
            mark = (len(take.parts), take.length, take.quiet_since, {k: len(v) for k, v in take.truth.items()})
            words_before, start = len(take.truth["words"]), None
            for piece in pieces:
                if piece[0] == "silence":
                    take.silence(piece[1], piece[2])
                elif piece[0] == "hesitation":
                    take.hesitation(piece[1], stretch * rng.uniform(1.8, 2.8))
                else:
                    start = take.seconds if start is None else start
                    take.speech(piece[1], stretch)
            if take.seconds + trail > 90:  # this sentence would make the take too long: leave it out
                del take.parts[mark[0]:]
                take.length, take.quiet_since = mark[1], mark[2]
                for key, count in mark[3].items():
                    del take.truth[key][count:]
                break
            take.truth["pace"].append(dict(start=round(start, 3), end=round(take.seconds, 3), stretch=stretch,
                                           words=len(take.truth["words"]) - words_before))
            if take.seconds + trail >= target:
                break
        take.silence(trail)
        name = f"take-{index + 1:02d}"
        peak_db, noise_db = take.finish(rng, out / f"{name}.partial.wav")
    truth = dict(version=VERSION, seed=seed, take=name, voice=voice, baseStretch=base, peakDBFS=peak_db, noiseDBFS=noise_db,
                 duration=round(take.seconds, 3), text=" ".join(take.truth.pop("text")), **take.truth)
    truth["wordCount"] = len(truth["words"])
    truth["segmentsTimedByLetters"] = take.unaligned  # word times spread by letters: flite's phones did not split
    overall, speaking = truth_wpm(truth, 0.4)
    truth["wpm"] = dict(overall=round(overall, 2), speaking=round(speaking, 2), pauseThreshold=0.4)
    (out / f"{name}.truth.json.partial").write_text(json.dumps(truth, indent=1))
    (out / f"{name}.partial.wav").replace(out / f"{name}.wav")
    (out / f"{name}.truth.json.partial").replace(out / f"{name}.truth.json")
    return truth


def is_current(out, index, seed):
    name = f"take-{index + 1:02d}"
    try:
        truth = json.loads((out / f"{name}.truth.json").read_text())
        return (out / f"{name}.wav").exists() and truth["version"] == VERSION and truth["seed"] == seed
    except (OSError, ValueError, KeyError):
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "speakup-labelled-set")
    parser.add_argument("--takes", type=int, default=64)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    check()
    args.out.mkdir(parents=True, exist_ok=True)
    missing = [i for i in range(args.takes) if not is_current(args.out, i, args.seed)]
    began = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for truth in pool.map(lambda i: make_take(i, args.seed, args.out), missing):
            print(f"{truth['take']}: {truth['duration']:5.1f} s {truth['voice']:5} x{truth['baseStretch']} "
                  f"{truth['wordCount']} words, {len(truth['fillers'])} fillers, {len(truth['pauses'])} pauses", flush=True)
    print(f"{args.takes} takes in {args.out} ({len(missing)} made in {time.perf_counter() - began:.0f} s, "
          f"{args.takes - len(missing)} kept)")


if __name__ == "__main__":
    main()

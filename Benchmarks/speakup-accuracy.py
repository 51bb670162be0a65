#!/usr/bin/env python3
"""SpeakUp's accuracy figures: an analyser's TakeAnalysis JSON for every take of the labelled set
(Benchmarks/speakup-labelled-set.py) scored against the truth, beside an energy-only baseline
(Benchmarks/speakup_baseline.py) run on the same audio, with the issue's target for each figure:
- WPM error |found - truth| / truth, median and p90 over the takes, for both WPMs: whole take (`wpm.overall`, truth:
  words / max(duration, 1 s)) and speaking time (`wpm.speaking`, truth: words / speaking time, where speaking time is
  the first word's start to the last word's end less every gap of at least the pause threshold between consecutive
  non-filler words, as the contract defines it); target median <= 5 %;
- pauses (`pauses.items`): a found pause is right if it overlaps a truth pause (inserted silence); recall counts the
  truth pauses of at least the threshold that a found pause overlaps. Found pauses that overlap no silence but span a
  filler (the words around an "um" are far apart once it is taken out) are listed apart, not scored; target >= 0.9;
- fillers (`fillers.items`), hesitations and lexical apart: a found filler matches a truth filler of the same kind
  whose time it overlaps within 0.3 s, one to one; target precision and recall >= 0.8; and the near misses ("looks
  like", "so that", "do you know why") a found lexical filler lands on;
- pitch error on synthetic tones (sox synth, 3 s: sine, sawtooth and a four-harmonic buzz; 80-440 Hz; -3 and -20 dB):
  |pitch.medianHz - f| / f, target <= 2 %.
The analyser is a command given the WAV path as its last argument that prints one JSON object
(--analyser "/path/funzone speakup analyze"), or JSON files already made, one per WAV named <wav stem>.json
(--analyser-json DIR, for takes and tones alike: for f in SET/take-*.wav SET/tones/*.wav; do funzone speakup analyze
"$f" > DIR/$(basename "$f" .wav).json; done); with neither, only the baseline runs. The exit code is non-zero only
on errors (an analyser that fails or a missing JSON file), never on a missed target: this is a benchmark, not a test.
Usage: python3 Benchmarks/speakup-accuracy.py [--analyser CMD | --analyser-json DIR] [--set DIR] [--limit N]
       [--pause-threshold 0.4] [--jobs N] [--dump FILE]   (makes the set first if it is missing; needs flite and sox)"""
import argparse
import concurrent.futures
import json
import math
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from speakup_baseline import analyse as baseline  # noqa: E402
from speakup_truth import RATE, filled_gaps, read_wav, run, truth_wpm  # noqa: E402

# A "buzz" is the first four harmonics at equal strength: voice-like, and four times the zero crossings of its pitch.
TONES = [(shape, hertz, gain) for shape in ("sine", "sawtooth", "buzz") for hertz in (80, 110, 150, 220, 300, 440) for gain in (-3, -20)]
FILLER_SLACK = 0.3


def value(analysis, path):
    """analysis["a"]["b"] for path "a.b", None where absent."""
    for key in path.split("."):
        analysis = analysis.get(key) if isinstance(analysis, dict) else None
    return analysis


def overlaps(a, b, slack=0.0):
    return a["start"] - slack < b["end"] and b["start"] - slack < a["end"]


def percentile(values, share):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else None


def make_tones(folder):
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for shape, hertz, gain in TONES:
        path = folder / f"tone-{shape}-{hertz}-{-gain}dB.wav"
        if path.exists():
            pass
        elif shape == "buzz":
            harmonics = " ".join(f"sine {k * hertz}" for k in range(1, 5))
            run(["sox", "-R", f"|sox -R -n -r {RATE} -c 4 -b 16 -p synth 3 {harmonics}", "-c", "1", "-b", "16", str(path), "remix", "-", "gain", "-n", str(gain)])
        else:
            run(["sox", "-R", "-n", "-r", str(RATE), "-c", "1", "-b", "16", str(path), "synth", "3", shape, str(hertz), "gain", str(gain)])
        paths.append((path, hertz))
    return paths


class Analyser:
    """Our analyser's JSON for a WAV: from the command, from a folder of JSON files, or None when neither is given."""

    def __init__(self, command, folder):
        self.command, self.folder, self.seconds, self.failures = command, folder, 0.0, []

    def __call__(self, wav):
        try:
            if self.folder:
                return json.loads((self.folder / f"{wav.stem}.json").read_text())
            if self.command:
                began = time.perf_counter()
                output = subprocess.run(shlex.split(self.command) + [str(wav)], capture_output=True, text=True, timeout=600)
                self.seconds += time.perf_counter() - began
                if output.returncode != 0:
                    raise RuntimeError(f"exit {output.returncode}: {output.stderr.strip()[-300:]}")
                return json.loads(output.stdout)
        except (OSError, ValueError, RuntimeError, subprocess.TimeoutExpired) as error:
            self.failures.append(f"{wav.name}: {error}")
        return None


def score(results, threshold):
    """The figures for one analyser: results is a list of (truth, analysis or None)."""
    wpm_errors = {"overall": [], "speaking": []}
    counts = dict(analysed=0, pause_found=0, pause_right=0, pause_filled=0, pause_truth=0, pause_recalled=0, kind_agree=0,
                  near=0, near_flagged=0, words=0, word_error=0)
    for kind in ("hesitation", "lexical"):
        counts.update({f"{kind}_found": 0, f"{kind}_truth": 0, f"{kind}_matched": 0})
    for truth, analysis in results:
        if analysis is None:
            continue
        counts["analysed"] += 1
        for which, expected in zip(("overall", "speaking"), truth_wpm(truth, threshold)):
            found = value(analysis, f"wpm.{which}")
            if found is not None and expected > 0:
                wpm_errors[which].append(abs(found - expected) / expected)
        counts["words"] += len(truth["words"])
        counts["word_error"] += abs((value(analysis, "wordCount") or 0) - len(truth["words"]))
        silences = truth["pauses"]
        filled = [dict(start=a, end=b) for a, b in filled_gaps(truth, threshold)]
        for pause in value(analysis, "pauses.items") or []:
            if any(overlaps(pause, s) for s in silences):
                counts["pause_found"] += 1
                counts["pause_right"] += 1
            elif any(overlaps(pause, f) for f in filled):
                counts["pause_filled"] += 1
            else:
                counts["pause_found"] += 1
        for silence in silences:
            if silence["end"] - silence["start"] < threshold:
                continue
            counts["pause_truth"] += 1
            match = next((p for p in value(analysis, "pauses.items") or [] if overlaps(p, silence)), None)
            if match:
                counts["pause_recalled"] += 1
                mid_phrase = match.get("kind") in ("hesitation", "short")
                counts["kind_agree"] += (silence["kind"] == "strategic") != mid_phrase
        found_fillers = value(analysis, "fillers.items") or []
        for kind in ("hesitation", "lexical"):
            found = [f for f in found_fillers if f.get("kind") == kind]
            taken = set()
            for filler in (f for f in truth["fillers"] if f["kind"] == kind):
                match = next((i for i, f in enumerate(found) if i not in taken and overlaps(f, filler, FILLER_SLACK)), None)
                if match is not None:
                    taken.add(match)
            counts[f"{kind}_found"] += len(found)
            counts[f"{kind}_truth"] += sum(1 for f in truth["fillers"] if f["kind"] == kind)
            counts[f"{kind}_matched"] += len(taken)
            if kind == "lexical":
                stray = [f for i, f in enumerate(found) if i not in taken]
                counts["near"] += len(truth["nearMisses"])
                counts["near_flagged"] += sum(1 for n in truth["nearMisses"] if any(overlaps(f, n, FILLER_SLACK) for f in stray))
    return wpm_errors, counts


def pitch_errors(analyse, tones):
    errors = []
    for path, hertz in tones:
        found = value(analyse(path) or {}, "pitch.medianHz")
        errors.append(abs(found - hertz) / hertz if found else 1.0)
    return errors


def ratio(part, whole):
    return part / whole if whole else None


def figures(wpm_errors, counts, pitch, threshold):
    """(label, target text, value, higher is better, format) for every figure the issue names."""
    f = []
    for which, label in (("overall", "whole take (wpm.overall)"), ("speaking", "speaking time (wpm.speaking)")):
        errors = wpm_errors[which]
        f.append((f"WPM error, {label}, median", "<= 5 %", statistics.median(errors) if errors else None, False, "%"))
        f.append((f"WPM error, {label}, p90", "", percentile(errors, 0.9), False, "%"))
    f.append(("word count error (all takes)", "", ratio(counts["word_error"], counts["words"]), False, "%"))
    f.append((f"pauses >= {threshold:g} s, precision", ">= 0.90", ratio(counts["pause_right"], counts["pause_found"]), True, "r"))
    f.append((f"pauses >= {threshold:g} s, recall", ">= 0.90", ratio(counts["pause_recalled"], counts["pause_truth"]), True, "r"))
    f.append(("pause kind agrees (strategic / mid-phrase)", "", ratio(counts["kind_agree"], counts["pause_recalled"]), True, "r"))
    for kind in ("hesitation", "lexical"):
        label = "hesitations (um uh er hmm)" if kind == "hesitation" else "lexical (like, you know, so, basically...)"
        f.append((f"fillers, {label}, precision", ">= 0.80", ratio(counts[f"{kind}_matched"], counts[f"{kind}_found"]), True, "r"))
        f.append((f"fillers, {label}, recall", ">= 0.80", ratio(counts[f"{kind}_matched"], counts[f"{kind}_truth"]), True, "r"))
    f.append(("near misses counted as fillers", "0", counts["near_flagged"] if counts["analysed"] else None, False, "n"))
    f.append(("pitch error on synthetic tones, median", "<= 2 %", statistics.median(pitch) if pitch else None, False, "%"))
    f.append(("pitch error on synthetic tones, worst", "<= 2 %", max(pitch) if pitch else None, False, "%"))
    f.append(("synthetic tones within 2 %", "", ratio(sum(1 for e in pitch if e <= 0.02), len(pitch)), True, "r"))
    return f


def shown(number, style):
    if number is None:
        return "n/a"
    if style == "%":
        return f"{100 * number:.{2 if number < 0.01 else 1}f} %"
    return f"{number:.2f}" if style == "r" else f"{number:d}"


def meets(target, number, style):
    if not target or number is None:
        return ""
    limit = float(target.split()[1]) / (100 if style == "%" else 1) if " " in target else float(target)
    return "met" if (number >= limit if target.startswith(">") else number <= limit) else "MISSED"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--analyser", help='command printing TakeAnalysis JSON for a WAV, e.g. "/path/funzone speakup analyze"')
    parser.add_argument("--analyser-json", type=Path, help="folder of <wav stem>.json files already made")
    parser.add_argument("--set", type=Path, default=Path(tempfile.gettempdir()) / "speakup-labelled-set")
    parser.add_argument("--limit", type=int, help="score only the first N takes (quick runs)")
    parser.add_argument("--pause-threshold", type=float, default=0.4)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--dump", type=Path, help="write every take's truth and both analyses as JSON")
    args = parser.parse_args()
    generator = [sys.executable, str(HERE / "speakup-labelled-set.py"), "--out", str(args.set), "--jobs", str(args.jobs)]
    subprocess.run(generator + (["--takes", str(args.limit)] if args.limit else []), check=True, stdout=subprocess.DEVNULL)
    truths = [json.loads(p.read_text()) for p in sorted(args.set.glob("take-*.truth.json"))][:args.limit]
    tones = make_tones(args.set / "tones")
    ours = Analyser(args.analyser, args.analyser_json) if args.analyser or args.analyser_json else None
    wav = lambda truth: args.set / f"{truth['take']}.wav"  # noqa: E731
    began = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        found = list(pool.map(lambda t: ours(wav(t)), truths)) if ours else [None] * len(truths)
    elapsed = time.perf_counter() - began
    based = [baseline(read_wav(wav(t)), args.pause_threshold) for t in truths]
    baseline_of = lambda path: baseline(read_wav(path), args.pause_threshold)  # noqa: E731
    table_ours = figures(*score(list(zip(truths, found)), args.pause_threshold), pitch_errors(ours, tones) if ours else [], args.pause_threshold)
    table_base = figures(*score(list(zip(truths, based)), args.pause_threshold), pitch_errors(baseline_of, tones), args.pause_threshold)

    audio = sum(t["duration"] for t in truths)
    print(f"SpeakUp accuracy: {len(truths)} takes of the labelled set in {args.set} ({audio / 60:.1f} min, "
          f"{sum(len(t['words']) for t in truths)} words, {sum(len(t['fillers']) for t in truths)} fillers, "
          f"{sum(len(t['pauses']) for t in truths)} pauses, {sum(len(t['nearMisses']) for t in truths)} near misses), "
          f"{len(tones)} tones; pause threshold {args.pause_threshold:g} s")
    print(f"ours: {args.analyser or args.analyser_json or 'none given (baseline only)'}"
          + (f"; real-time factor {ours.seconds / audio:.3f} ({args.jobs} at a time)" if ours and args.analyser else ""))
    print(f"baseline: energy only (speakup_baseline.py)\n")
    print(f"{'figure':64} {'target':>8} {'ours':>9} {'':6} {'baseline':>9} {'ours/base':>9}")
    for (label, target, mine, higher, style), (_, _, base, _, _) in zip(table_ours, table_base):
        versus = f"{mine / base:.2f}" if mine is not None and base not in (None, 0) else "n/a"
        print(f"{label:64} {target:>8} {shown(mine, style):>9} {meets(target, mine, style):6} {shown(base, style):>9} {versus:>9}")
    if ours:
        _, counts = score(list(zip(truths, found)), args.pause_threshold)
        print(f"\nours: {counts['pause_filled']} found pauses span a filler (not scored)"
              + (f"; analysed in {elapsed:.0f} s" if args.analyser else ""))
    if args.dump:
        args.dump.write_text(json.dumps([dict(truth=t, ours=o, baseline=b) for t, o, b in zip(truths, found, based)], indent=1))
    if ours and ours.failures:
        print(f"\n{len(ours.failures)} analyses failed:\n  " + "\n  ".join(ours.failures[:20]), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

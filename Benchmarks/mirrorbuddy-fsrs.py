#!/usr/bin/env python3
"""FSRS's time per review: Study.FSRSScheduler (Swift, release build) against py-fsrs 6.3.2, the
open-spaced-repetition reference it matches (the baseline, measured in the same run on the same work):
1,000 cards × 10 reviews = 10,000 reviews, each at the card's due time, ratings drawn once (seed 7)
and given to both; fuzz off, so both schedules must give the same due dates (their checksums are compared).
Each side's best of five runs.
Usage: pip install 'fsrs==6.3.2' && python3 Benchmarks/mirrorbuddy-fsrs.py"""
import json
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from fsrs import Card, Rating, Scheduler

ROOT = Path(__file__).resolve().parents[1]
CARDS, REVIEWS = 1_000, 10


def py_fsrs(ratings):
    scheduler = Scheduler(enable_fuzzing=False)
    start = datetime(2022, 11, 29, 12, 30, tzinfo=timezone.utc)
    best, checksum = float("inf"), 0.0
    for _ in range(5):
        total = 0.0
        began = time.perf_counter()
        for index in range(CARDS):
            card = Card(due=start)
            for review in range(REVIEWS):
                card, _ = scheduler.review_card(card, Rating(ratings[index * REVIEWS + review]), review_datetime=card.due)
                total += card.due.timestamp()
        best = min(best, time.perf_counter() - began)
        checksum = total
    return best, checksum


def main():
    # Mostly Good, as students answer: again 10 %, hard 15 %, good 60 %, easy 15 %.
    rng = random.Random(7)
    ratings = rng.choices([1, 2, 3, 4], weights=[10, 15, 60, 15], k=CARDS * REVIEWS)
    subprocess.run(["swift", "build", "-c", "release", "--product", "study-bench"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        file.write("\n".join(map(str, ratings)))
        file.flush()
        swift = json.loads(subprocess.run([str(ROOT / ".build/release/study-bench"), "fsrs", file.name],
                                          capture_output=True, text=True, check=True).stdout)
    python_seconds, python_checksum = py_fsrs(ratings)
    same = abs(swift["checksum"] - python_checksum) < 1e-3 * CARDS * REVIEWS
    per_swift, per_python = swift["seconds"] / swift["reviews"] * 1e6, python_seconds / (CARDS * REVIEWS) * 1e6
    print(f"FSRS, {CARDS * REVIEWS:,} reviews (1,000 cards x 10, fuzz off), best of 5:")
    print(f"  Study.FSRSScheduler (Swift, release): {swift['seconds'] * 1000:.1f} ms, {per_swift:.2f} us a review")
    print(f"  py-fsrs 6.3.2 (baseline):             {python_seconds * 1000:.1f} ms, {per_python:.2f} us a review")
    print(f"  ratio Swift / py-fsrs: {per_swift / per_python:.4f}   same schedule: {'yes' if same else 'NO'}"
          f" (due-date checksums {swift['checksum']:.3f} / {python_checksum:.3f})")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()

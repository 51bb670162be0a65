#!/usr/bin/env python3
"""Known answers for the Swift FSRS-6 scheduler (Sources/Study/FSRS.swift), made by py-fsrs 6, the
open-spaced-repetition reference implementation: every review's card (state, step, stability,
difficulty, due, last review) and the retrievability before it, for
- the two sequences of mirrorbuddy.md §4.3 (A: Good×6, Again×2, Good×5, each at the previous due time;
  B: Again, Good×5 with gaps 0, 0, 1, 3, 8, 21 days);
- random walks (ratings and gaps from a minute to half a year, seeded) under several schedulers:
  the defaults, desired retention 0.80 and 0.97, no learning steps, three learning and two
  relearning steps, a 100-day maximum interval, other parameters;
- fuzzing on, with the random numbers py-fsrs drew recorded so the Swift side can draw the same.

    pip install 'fsrs==6.3.2' && python3 Tests/StudyTests/Fixtures/fsrs-vectors.py > Tests/StudyTests/Fixtures/fsrs-vectors.json
"""
import json
import random as stdrandom
import sys
from datetime import datetime, timedelta, timezone

from importlib import metadata

import fsrs.scheduler as scheduler_module
from fsrs import Card, Rating, Scheduler

START = datetime(2022, 11, 29, 12, 30, tzinfo=timezone.utc)


def stamp(moment):
    return None if moment is None else round(moment.timestamp(), 6)


def snapshot(card):
    return {"state": int(card.state), "step": card.step, "stability": card.stability, "difficulty": card.difficulty,
            "due": stamp(card.due), "lastReview": stamp(card.last_review)}


def describe(scheduler):
    return {"parameters": list(scheduler.parameters), "desiredRetention": scheduler.desired_retention,
            "learningSteps": [int(s.total_seconds()) for s in scheduler.learning_steps],
            "relearningSteps": [int(s.total_seconds()) for s in scheduler.relearning_steps],
            "maximumInterval": scheduler.maximum_interval, "fuzzing": scheduler.enable_fuzzing}


def run(name, scheduler, plan, drawn=None):
    """`plan`: (rating, when) pairs; `when(card, previous review)` gives the review's time."""
    card = Card(card_id=1, due=START)
    reviews, previous = [], START
    for rating, when in plan:
        at = when(card, previous)
        before = scheduler.get_card_retrievability(card, current_datetime=at)
        card, _ = scheduler.review_card(card, Rating(rating), review_datetime=at)
        reviews.append({"at": stamp(at), "rating": rating, "retrievabilityBefore": before, "card": snapshot(card)})
        previous = at
    case = {"name": name, "scheduler": describe(scheduler), "start": stamp(START), "reviews": reviews}
    if drawn is not None:
        case["random"] = drawn
    return case


def at_due(card, _):
    return card.due


def after(seconds):
    return lambda _card, previous: previous + timedelta(seconds=seconds)


def walk(seed, length):
    rng = stdrandom.Random(seed)
    gaps = [60, 300, 600, 3600, 6 * 3600, 2 * 86400, 5 * 86400, 20 * 86400, 60 * 86400, 180 * 86400]
    # A day to the second either side (same-day review or not), kept exact.
    edges = [86400 - 1, 86400, 86400 + 1]
    plan = []
    for _ in range(length):
        rating = rng.choice([1, 2, 3, 3, 3, 4])
        draw = rng.random()
        if draw < 0.4:
            plan.append((rating, at_due))
        elif draw < 0.6:
            plan.append((rating, after(rng.choice(edges))))
        else:
            plan.append((rating, after(rng.choice(gaps) + rng.randrange(0, 600))))
    return plan


def main():
    cases = []
    plain = Scheduler(enable_fuzzing=False)
    sequence_a = [3] * 6 + [1, 1] + [3] * 5
    cases.append(run("sequence A", plain, [(r, at_due) for r in sequence_a]))
    gaps_b = [0, 0, 1, 3, 8, 21]
    cases.append(run("sequence B", plain, [(r, after(d * 86400)) for r, d in zip([1, 3, 3, 3, 3, 3], gaps_b)]))
    cases.append(run("ten Easy", plain, [(4, at_due)] * 10))
    # Intervals past any integer before the cap: a tiny desired retention, and same-day Easy runs.
    cases.append(run("retention 0.001", Scheduler(desired_retention=0.001, enable_fuzzing=False), [(4, at_due), (4, at_due)]))
    steep = Scheduler(parameters=(0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614,
                                  0.2629, 1.6483, 0.6014, 1.8729, 2.0, 2.0, 0.0, 0.1542), enable_fuzzing=False)
    cases.append(run("same-day Easy runs", steep, [(4, after(60))] * 12))
    for rating in [1, 2, 3, 4]:
        cases.append(run(f"first review {rating}", plain, [(rating, at_due)]))
    schedulers = {
        "defaults": plain,
        "retention 0.80": Scheduler(desired_retention=0.80, enable_fuzzing=False),
        "retention 0.97": Scheduler(desired_retention=0.97, enable_fuzzing=False),
        "no learning steps": Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False),
        "three learning steps": Scheduler(learning_steps=(timedelta(minutes=1), timedelta(minutes=10), timedelta(hours=1)),
                                          relearning_steps=(timedelta(minutes=10), timedelta(hours=1)), enable_fuzzing=False),
        "one learning step": Scheduler(learning_steps=(timedelta(minutes=1),), relearning_steps=(timedelta(minutes=10),), enable_fuzzing=False),
        "maximum 100 days": Scheduler(maximum_interval=100, enable_fuzzing=False),
        "other parameters": Scheduler(parameters=(0.5, 1.5, 3.0, 10.0, 5.5, 1.2, 2.0, 0.02, 1.5, 0.2, 1.0, 1.8, 0.1, 0.3, 1.5, 0.5, 2.5,
                                                  0.6, 0.2, 0.1, 0.3), enable_fuzzing=False),
    }
    for index, (name, scheduler) in enumerate(schedulers.items()):
        for seed in range(3):
            cases.append(run(f"walk {seed}, {name}", scheduler, walk(1000 * index + seed, 40)))
    # Fuzzing: the numbers random() gave, recorded in order.
    for seed in range(3):
        rng = stdrandom.Random(seed)
        drawn = []

        def draw():
            value = rng.random()
            drawn.append(value)
            return value

        scheduler_module.random = draw
        try:
            cases.append(run(f"fuzzed walk {seed}", Scheduler(enable_fuzzing=True), walk(9000 + seed, 40), drawn))
        finally:
            scheduler_module.random = stdrandom.random
    json.dump({"generator": f"py-fsrs {metadata.version('fsrs')}", "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

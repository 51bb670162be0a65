"""Tune the grammar + template rule on the Swift port's own features (port.md).
Input: dumps written by dump_slots.swift.txt for round 3's set 1 and set 2 (/tmp/spell-research3/set.tsv, set2.tsv)
and the benchmark's set (labels from the benchmark's own generator, see port.md); edit the paths below.
Prints each set's figures for round 3's parameters, the parameters tuned on set 1 + set 2, and cross-tuning."""
import sys, random, collections
MIST = dict(b="dpv", d="bt", p="b", t="d", v="bf", g="j", j="g", z="sc", c="ks", k="c", s="cz", m="n", n="m", f="vs",
            a="eiou", e="ai", i="eay", o="au", u="oa", y="i", q="k", x="z")
def cls(c): return 1 if c in "bcdegptvz" else 2 if c in "aeiou" else 3 if c in "mn" else 0
IX = {c: i for i, c in enumerate("abcdefghijklmnopqrstuvwxyz")}
def load(dump, labels):
    U = []
    for d, l in zip(open(dump), open(labels)):
        d = d.rstrip("\n").split("\t"); l = l.rstrip("\n").split("\t")
        word = d[1]; said = l[4] if len(l) > 7 else l[3]
        ok = (l[5] == "correct") if len(l) > 7 else (l[4] == "correct")
        voice = l[7] if len(l) > 7 else l[5]
        hmm = [[float(x) for x in s.split(",")] for s in d[5].split(" ")] if d[5] else []
        dtw = [[float(x) for x in s.split(",")] for s in d[6].split(" ")] if d[6] else []
        u = dict(word=word, ok=ok, voice=voice, slots=None, idx=len(U) // 2)
        if len(hmm) == len(word) and dtw:
            sl = []
            for j, e in enumerate(word):
                h, t = hmm[j], dtw[j]; E = IX[e]; comp = []
                for r in MIST.get(e, ""): comp.append((cls(e), h[E] - h[IX[r]], t[E] - t[IX[r]]))
                for q in (j - 1, j + 1):
                    if 0 <= q < len(word) and word[q] != e: comp.append((4, h[E] - h[IX[word[q]]], t[E] - t[IX[word[q]]]))
                sl.append((comp, h[E]))
            u["slots"] = sl
        U.append(u)
    return U
def accept(u, P):
    if u["slots"] is None: return False
    a, m = P[0:5], P[5:10]
    for comp, ha in u["slots"]:
        if ha > 20: return False
        for g, dh, dt in comp:
            if dh + a[g] * dt - m[g] > 0: return False
    return True
def stats(us, P):
    ok = [u for u in us if u["ok"]]; bad = [u for u in us if not u["ok"]]
    return sum(accept(u, P) for u in ok), len(ok), sum(accept(u, P) for u in bad), len(bad)
def fmt(s): a, n, f, m = s; return f"acc {a}/{n}={a/max(n,1):.1%} FA {f}/{m}={f/max(m,1):.1%}"
AG = [0, 0.5, 1, 2, 3, 5, 8, 12, 20, 30, 50]
MG = [-4, -2, -1, 0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 99]
def obj(us, P, famax=0.02, lam=3.0):
    a, n, f, m = stats(us, P); return (f / m <= famax, a / n - lam * f / m)
def tune(us, seeds=6, famax=0.02):
    best = None
    for s in range(seeds):
        rng = random.Random(s)
        P = [rng.choice(AG) for _ in range(5)] + [rng.choice(MG) for _ in range(5)]
        if s == 0: P = [2, 20, 20, 20, 5, -4, 1, 3, 6, 6]
        cur = obj(us, P, famax)
        for it in range(8):
            changed = False
            for i in range(10):
                for v in (AG if i < 5 else MG):
                    Q = list(P); Q[i] = v; o = obj(us, Q, famax)
                    if o > cur: cur, P, changed = o, Q, True
            if not changed: break
        if best is None or cur > best[0]: best = (cur, P)
    return best[1]
if __name__ == "__main__":
    sets = {}
    sets["set1"] = load("/tmp/dumplist.tsv.out", "/tmp/spell-research3/set.tsv")
    try: sets["set2"] = load("/tmp/dumplist2.tsv.out", "/tmp/spell-research3/set2.tsv")
    except FileNotFoundError: pass
    try: sets["bench"] = load("/tmp/dumplist3.tsv.out", "/tmp/benchset.tsv")
    except FileNotFoundError: pass
    R = [2, 20, 20, 20, 5, -4, 1, 3, 6, 6]
    for k, v in sets.items(): print("research params on", k, fmt(stats(v, R)))
    train = sets["set1"] + sets.get("set2", [])
    P = tune(train); print("tuned on set1+set2:", P)
    for k, v in sets.items(): print("  ", k, fmt(stats(v, P)))
    if "set2" in sets:
        for a, b in (("set1", "set2"), ("set2", "set1")):
            Q = tune(sets[a]); print(f"tuned on {a} {Q}: {a} {fmt(stats(sets[a], Q))} | held {b} {fmt(stats(sets[b], Q))}" + (f" | bench {fmt(stats(sets['bench'], Q))}" if 'bench' in sets else ""))

def explain(us, P, labels):
    rows = [l.rstrip("\n").split("\t") for l in open(labels)]
    for u, r in zip(us, rows):
        if accept(u, P) != u["ok"] and not u["ok"]:
            print("FA", r)

"""Labels of the benchmark's spelling set (Benchmarks/speech-spelling.py) without synthesising it:
usage: bench_labels.py <the spelling-set-* folder the benchmark left> -> /tmp/benchset.tsv and /tmp/dumplist3.tsv."""
import sys, importlib.util
sys.path.insert(0, "/work/main/Benchmarks")
spec = importlib.util.spec_from_file_location("sp", "/work/main/Benchmarks/speech-spelling.py"); sp = importlib.util.module_from_spec(spec); spec.loader.exec_module(sp)
folder = sys.argv[1]
def fake(folder_, letters, voice, rate, rng, name):
    for i in range(1, len(letters)): rng.uniform(0.25, 0.6)
    return (name, 0)
sp.spelled = fake
rows = sp.build_set(folder)
with open("/tmp/benchset.tsv", "w") as f:
    for r in rows:
        f.write("\t".join([r["audio"][0], str(r["tier"]), r["word"], r["said"], r["kind"], r["voice"], r["rate"]]) + "\n")
with open("/tmp/dumplist3.tsv", "w") as f:
    for r in rows: f.write(f"{folder}/{r['audio'][0]}.wav\t{r['word']}\n")
print(len(rows))

#!/usr/bin/env python3
"""greenlight preflight on a generated project of 5,000 Swift files, against the time to read the
same files with cat, in the same run. Targets: <= 1 s, ratio <= 3x. Prints peak memory too.
Usage: Benchmarks/greenlight-speed.py [files, default 5000] (builds the release binary first)."""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
subprocess.run(["swift", "build", "-c", "release", "--product", "greenlight"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
binary = ROOT / ".build" / "release" / "greenlight"

project = Path(tempfile.mkdtemp(prefix="greenlight-bench-"))
random.seed(7)
body = """import SwiftUI
import Foundation

/// Screen {n}: a list with a detail view, like most app screens.
struct Screen{n}View: View {{
    @State private var items: [String] = []
    @State private var query = ""
    private let endpoint = URL(string: "https://api.example.com/v1/items/{n}")!

    var body: some View {{
        NavigationStack {{
            List(items.filter {{ query.isEmpty || $0.contains(query) }}, id: \\.self) {{ item in
                NavigationLink(item) {{ Text("Details for \\(item)") }}
            }}
            .searchable(text: $query)
            .navigationTitle("Screen {n}")
        }}
        .task {{ await load() }}
    }}

    // Loads the items; errors show an empty list.
    func load() async {{
        guard let (data, _) = try? await URLSession.shared.data(from: endpoint) else {{ return }}
        items = (try? JSONDecoder().decode([String].self, from: data)) ?? []
    }}
}}
{extra}
"""
extras = ["", "", "", 'let legacy = "http://old.example-shop.com/feed"', "// TODO: tidy", 'let note = "Coming soon"', "let m = UserDefaults.standard"]
for n in range(count):
    folder = project / f"Module{n // 100}"
    folder.mkdir(exist_ok=True)
    (folder / f"Screen{n}View.swift").write_text(body.format(n=n, extra=random.choice(extras)))
total_bytes = sum(p.stat().st_size for p in project.rglob("*.swift"))


def timed(command, repeat=5):
    times, peak = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, shell=isinstance(command, str))
        _, status, usage = os.wait4(process.pid, 0)
        times.append(time.perf_counter() - start)
        peak = max(peak, usage.ru_maxrss)
    return statistics.median(times), peak


subprocess.run(f"find {project} -name '*.swift' -print0 | xargs -0 cat > /dev/null", shell=True)  # warm the page cache for both
read_time, _ = timed(f"find {project} -name '*.swift' -print0 | xargs -0 cat > /dev/null")
scan_time, peak_kb = timed([str(binary), "preflight", str(project), "--format", "json"])
print(f"{count} Swift files, {total_bytes / 1e6:.1f} MB, {os.cpu_count()} cores")
print(f"read with cat: {read_time * 1000:.0f} ms; greenlight preflight: {scan_time * 1000:.0f} ms "
      f"(target <= 1000 ms); ratio {scan_time / read_time:.2f}x (target <= 3x); peak memory {peak_kb / 1024:.0f} MB")
if os.environ.get("KEEP_PROJECT"):
    print(f"project kept at {project}")
else:
    shutil.rmtree(project)

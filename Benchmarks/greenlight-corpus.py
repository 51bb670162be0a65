#!/usr/bin/env python3
"""greenlight on a corpus of real, public iOS projects, against hand-made labels.

The projects and their commits are in Benchmarks/greenlight-corpus/projects.tsv; the judged findings
and the real risks found by reading the code are in Benchmarks/greenlight-corpus/labels.tsv. The
projects' code stays outside this repository (default /work/corpus/<name>).

    Benchmarks/greenlight-corpus.py [--corpus DIR] [--greenlight BIN] [--only a,b] [--save DIR]
                                    [--show unlabelled,false,missed] [--check]
    Benchmarks/greenlight-corpus.py setup [--corpus DIR] [--mirror-root DIR | --url-template T]

Prints, per project, the findings by severity, then one line per figure: precision on CRITICAL+HIGH
(debatable left out, counted as false, counted as true), unlabelled CRITICAL+HIGH findings, labelled
CRITICAL+HIGH findings no longer reported, recall on the labelled risks, findings per project and
files per second on the largest project. --check exits 1 when precision (debatable left out) or
recall is below 0.9. Python 3 standard library only.
"""
import argparse
import csv
import fnmatch
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "Benchmarks" / "greenlight-corpus"
SEVERITIES = ["CRITICAL", "HIGH", "WARN", "INFO"]
TARGET = 0.9


def read_tsv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        rows = [row for row in csv.reader(handle, delimiter="\t") if row and not row[0].startswith("#")]
    header, body = rows[0], rows[1:]
    for number, row in enumerate(body, start=2):
        if len(row) != len(header):
            sys.exit(f"{path}:{number}: expected {len(header)} tab-separated columns, found {len(row)}")
    return [dict(zip(header, row)) for row in body]


def git(directory, *args, check=True):
    return subprocess.run(["git", "-C", str(directory), *args], capture_output=True, text=True, check=check)


# ---------------------------------------------------------------------------------------------
# setup: lay each project out at its recorded commit

def export_tree(source, commit, destination):
    """Writes the tree of `commit` from the git directory `source` into `destination`, skipping
    blobs the source lacks (snapshots may leave out very large files). Returns (files, skipped)."""
    listing = subprocess.run(["git", "--git-dir", str(source), "ls-tree", "-r", "-z", "--full-tree", commit],
                             capture_output=True, check=True).stdout
    entries = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, path = record.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((mode, sha, path.decode("utf-8", "surrogateescape")))
    reader = subprocess.Popen(["git", "--git-dir", str(source), "cat-file", "--batch"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    skipped = 0
    for mode, sha, path in entries:
        reader.stdin.write(sha + b"\n")
        reader.stdin.flush()
        header = reader.stdout.readline().split()
        if len(header) < 3:
            skipped += 1
            continue
        data = reader.stdout.read(int(header[2]))
        reader.stdout.read(1)
        target = Path(destination) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if mode == b"120000":
            if not target.is_symlink():
                os.symlink(data.decode("utf-8", "surrogateescape"), target)
        else:
            target.write_bytes(data)
            if mode == b"100755":
                target.chmod(0o755)
    reader.stdin.close()
    reader.wait()
    return len(entries), skipped


def setup(args, projects):
    corpus = Path(args.corpus)
    corpus.mkdir(parents=True, exist_ok=True)
    for project in projects:
        name, repo, commit = project["name"], project["repository"], project["commit"]
        destination = corpus / name
        if destination.exists():
            print(f"{name}: already there ({destination})")
            continue
        mirror = Path(args.mirror_root) / repo.replace("/", "+") / "repo" if args.mirror_root else None
        source = str(mirror) if mirror and mirror.exists() else args.url_template.format(repo=repo)
        print(f"{name}: cloning {source}")
        clone = subprocess.run(["git", "clone", "--quiet", "--no-checkout", source, str(destination)],
                               capture_output=True, text=True)
        if clone.returncode != 0:
            print(f"{name}: NOT SET UP: git clone failed: {clone.stderr.strip()}")
            continue
        if git(destination, "cat-file", "-e", f"{commit}^{{commit}}", check=False).returncode != 0:
            print(f"{name}: NOT SET UP: commit {commit} is not in {source}")
            continue
        git(destination, "update-ref", "--no-deref", "HEAD", commit)
        files, skipped = export_tree(destination / ".git", commit, destination)
        git(destination, "reset", "--quiet", check=False)  # index = HEAD, so `git status` shows what is missing
        note = f", {skipped} file(s) absent from the snapshot" if skipped else ""
        print(f"{name}: {files} files at {commit[:12]}{note}")


# ---------------------------------------------------------------------------------------------
# benchmark

def find_binary(explicit):
    if explicit:
        return Path(explicit)
    for candidate in (ROOT / ".build" / "release" / "greenlight", ROOT / ".build" / "debug" / "greenlight"):
        if candidate.exists():
            return candidate
    sys.exit("no greenlight binary: build one (swift build -c release --product greenlight) or pass --greenlight")


def prepare(directory, commit, name):
    """Returns a note when the project is not exactly at its recorded commit (labels may not match)."""
    if not (directory / ".git").exists():
        return "not a git work tree: cannot confirm the commit; labels may not match"
    head = git(directory, "rev-parse", "HEAD", check=False).stdout.strip()
    if head == commit:
        return None
    moved = git(directory, "checkout", "--quiet", "--force", commit, check=False)
    if moved.returncode == 0:
        return f"checked out {commit[:12]} (was {head[:12]})"
    return (f"at {head[:12]}, not the recorded {commit[:12]}, and checkout failed "
            f"({moved.stderr.strip().splitlines()[-1] if moved.stderr.strip() else 'no detail'}); labels may not match")


def run_greenlight(binary, directory, options=(), attempts=3):
    last = ""
    for attempt in range(attempts):
        if not binary.exists():
            last = f"{binary} is missing"
            time.sleep(10)
            continue
        start = time.perf_counter()
        try:
            process = subprocess.run([str(binary), "preflight", str(directory), "--format", "json", *options],
                                     capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as error:  # e.g. the binary being rebuilt right now
            last = str(error)
            time.sleep(10)
            continue
        elapsed = time.perf_counter() - start
        try:
            return json.loads(process.stdout), elapsed, None
        except json.JSONDecodeError:
            last = f"exit {process.returncode}, no JSON: {process.stderr.strip()[:300]}"
            time.sleep(5)
    return None, 0.0, last


def location_of(finding):
    file = finding.get("file") or ""
    return f"{file}:{finding.get('line') or 0}" if file else "-"


def split_location(location):
    file, _, line = location.rpartition(":")
    return (file, line) if line.isdigit() else (location, "")


def risk_hit(risk, findings):
    patterns = [pattern.strip() for pattern in risk["rule"].split("|") if pattern.strip()]
    places = [place.strip() for place in risk["location"].split("|") if place.strip()]
    files = {split_location(place)[0] for place in places}
    for finding in findings:
        location = location_of(finding)
        rule_matches = any(fnmatch.fnmatch(finding.get("rule_id", ""), pattern) for pattern in patterns)
        if location in places:
            return finding
        if rule_matches and ("-" in places or (finding.get("file") or "") in files):
            return finding
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="run", choices=["run", "setup"])
    parser.add_argument("--corpus", default=os.environ.get("GREENLIGHT_CORPUS", "/work/corpus"))
    parser.add_argument("--greenlight", help="binary (default .build/release/greenlight, else .build/debug/greenlight)")
    parser.add_argument("--only", help="comma-separated project names")
    parser.add_argument("--save", help="write each project's JSON report into this folder")
    parser.add_argument("--show", default="", help="comma-separated: unlabelled, false, debatable, missed, gone")
    parser.add_argument("--check", action="store_true", help=f"exit 1 if precision or recall < {TARGET}")
    parser.add_argument("--mirror-root", default="/work/.mirror", help="setup: folder of <owner>+<name>/repo git dirs")
    parser.add_argument("--url-template", default="https://github.com/{repo}.git", help="setup: clone URL otherwise")
    args = parser.parse_args()

    projects = read_tsv(DATA / "projects.tsv")
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {project["name"] for project in projects}
        if unknown:
            sys.exit(f"unknown project(s): {', '.join(sorted(unknown))}")
        projects = [project for project in projects if project["name"] in wanted]
    if args.command == "setup":
        setup(args, projects)
        return 0

    labels = read_tsv(DATA / "labels.tsv")
    binary = find_binary(args.greenlight)
    show = set(filter(None, args.show.split(",")))
    corpus = Path(args.corpus)
    kind = "debug" if "/debug/" in str(binary) else "release" if "/release/" in str(binary) else "custom"
    print(f"greenlight: {binary} ({kind} build); corpus: {corpus}; {len(projects)} projects, "
          f"{sum(1 for label in labels if label['verdict'] != 'risk')} judged findings, "
          f"{sum(1 for label in labels if label['verdict'] == 'risk')} labelled risks")

    verdicts = Counter()          # verdicts of the C+H findings reported now
    unlabelled, gone, missing = [], [], []
    risks_total = risks_hit = 0
    per_project, speeds = [], []
    print(f"\n{'project':<20} {'CRIT':>5} {'HIGH':>5} {'WARN':>5} {'INFO':>5} {'total':>6} {'files':>6} {'secs':>7}  C+H verdicts")
    for project in projects:
        name, commit = project["name"], project["commit"]
        directory = corpus / name
        project_labels = [label for label in labels if label["project"] == name]
        risks = [label for label in project_labels if label["verdict"] == "risk"]
        if not directory.is_dir():
            missing.append(name)
            print(f"{name:<20} SKIPPED: {directory} is missing; fetch {project['repository']} at {commit} "
                  f"(Benchmarks/greenlight-corpus.py setup); its {len(risks)} risks are left out of recall")
            continue
        note = prepare(directory, commit, name)
        if note:
            print(f"{name:<20} note: {note}")
        # A project's own options, as its developer would run it (e.g. --kids for a Kids Category app).
        report, elapsed, error = run_greenlight(binary, directory, project.get("options", "").split())
        if report is None:
            missing.append(name)
            print(f"{name:<20} FAILED: greenlight gave no report ({error}); left out of every figure")
            continue
        if args.save:
            Path(args.save).mkdir(parents=True, exist_ok=True)
            (Path(args.save) / f"{name}.json").write_text(json.dumps(report, indent=1))
        findings = report.get("findings", [])
        counts = Counter(finding.get("severity") for finding in findings)
        files = (report.get("summary") or {}).get("files_scanned") or 0
        judged = {(label["rule"], label["location"]): label for label in project_labels if label["verdict"] != "risk"}
        seen, project_verdicts, details = set(), Counter(), []
        for finding in findings:
            if finding.get("severity") not in ("CRITICAL", "HIGH"):
                continue
            key = (finding.get("rule_id", ""), location_of(finding))
            label = judged.get(key)
            if label is None:
                unlabelled.append((name, finding))
                project_verdicts["unlabelled"] += 1
                continue
            seen.add(key)
            project_verdicts[label["verdict"]] += 1
            if label["verdict"] in show:
                details.append(f"    {label['verdict']}: {key[0]} {key[1]} ({label['reason']})")
        for key, label in judged.items():
            if label["severity"] in ("CRITICAL", "HIGH") and key not in seen:
                gone.append(label)
        verdicts.update(project_verdicts)
        for risk in risks:
            risks_total += 1
            hit = risk_hit(risk, findings)
            if hit:
                risks_hit += 1
            elif "missed" in show:
                details.append(f"    missed risk: {risk['rule']} {risk['location']} ({risk['reason']})")
        per_project.append((name, len(findings)))
        speeds.append((files, elapsed, name))
        summary = ", ".join(f"{count} {verdict}" for verdict, count in sorted(project_verdicts.items()))
        print(f"{name:<20} {counts['CRITICAL']:>5} {counts['HIGH']:>5} {counts['WARN']:>5} {counts['INFO']:>5} "
              f"{len(findings):>6} {files:>6} {elapsed:>7.2f}  {summary or '-'}")
        for line in details:
            print(line)

    if "unlabelled" in show:
        for name, finding in unlabelled:
            print(f"    unlabelled: {name} {finding.get('severity')} {finding.get('rule_id')} {location_of(finding)}"
                  f" | {(finding.get('code') or finding.get('title') or '')[:100]}")
    if "gone" in show:
        for label in gone:
            print(f"    gone ({label['verdict']}): {label['project']} {label['rule']} {label['location']}")

    def ratio(numerator, denominator):
        return f"{numerator / denominator:.3f}" if denominator else "n/a"

    true, false, debatable = verdicts["true"], verdicts["false"], verdicts["debatable"]
    strict = true / (true + false) if true + false else None
    recall = risks_hit / risks_total if risks_total else None
    gone_counts = Counter(label["verdict"] for label in gone)
    print()
    if missing:
        print(f"projects skipped or failed: {len(missing)} ({', '.join(missing)}) -- figures cover the rest only")
    print(f"precision C+H (debatable left out): {ratio(true, true + false)}  ({true} true, {false} false; {debatable} debatable)")
    print(f"precision C+H (debatable = false): {ratio(true, true + false + debatable)}")
    print(f"precision C+H (debatable = true): {ratio(true + debatable, true + false + debatable)}")
    print(f"unlabelled C+H findings: {len(unlabelled)}" + ("  (label them: --show unlabelled)" if unlabelled else ""))
    print(f"labelled C+H findings no longer reported at C+H: {len(gone)}  "
          f"({gone_counts['true']} true, {gone_counts['false']} false, {gone_counts['debatable']} debatable)")
    print(f"recall on labelled risks: {ratio(risks_hit, risks_total)}  ({risks_hit} of {risks_total} hit)")
    if per_project:
        counts = [count for _, count in per_project]
        top = max(per_project, key=lambda item: item[1])
        print(f"findings per project: median {statistics.median(counts):g}, mean {statistics.mean(counts):.1f}, "
              f"max {top[1]} ({top[0]}), total {sum(counts)}")
    if speeds:
        files, elapsed, name = max(speeds)
        print(f"files/s on the largest project: {files / elapsed if elapsed else 0:.0f}  "
              f"({name}, {files} files in {elapsed:.2f} s, {kind} build)")
    if args.check:
        failed = (strict is None or strict < TARGET) or (recall is None or recall < TARGET) or missing
        return 1 if failed else 0
    return 0 if per_project else 1


if __name__ == "__main__":
    sys.exit(main())

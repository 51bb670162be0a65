#!/usr/bin/env python3
"""What one address can do to everyone else (issue 26): a flood of connections held open with half a
request head (slowloris), from 127.0.0.2, against a release server, while this machine's
127.0.0.1 asks GET /healthz as a supervisor would.

Prints, for the binary given: /healthz latency before the flood (the baseline, same run) and during
it (median, worst, failures, and the ratio of the medians), how many of the flood's sockets the
server still holds 2 s in and after its header timeout, and how many it refused at once.

    Benchmarks/abuse.py [--binary .build/release/funzone] [--sockets 1100] [--server-files 1024] [--wait 12]

Python 3 standard library only. The flood needs `ulimit -n` above --sockets (raised here when the
hard limit allows).
"""
import argparse
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthz(port, count=20, timeout=3.0):
    """`count` GET /healthz on new connections: the latencies in ms of those answered, and the failures."""
    times, failures = [], 0
    for _ in range(count):
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as answer:
                answer.read()
            times.append((time.perf_counter() - started) * 1000)
        except Exception:
            failures += 1
        time.sleep(0.05)
    return times, failures


def state(sock):
    """'open' (nothing to read yet), 'answered' (bytes waiting), or 'closed' by the server."""
    try:
        data = sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        return "answered" if data else "closed"
    except (BlockingIOError, TimeoutError):
        return "open"
    except OSError:
        return "closed"


def flood(port, count):
    sockets, refused = [], 0
    for _ in range(count):
        sock = socket.socket()
        sock.bind(("127.0.0.2", 0))
        sock.settimeout(1)
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            sock.settimeout(None)  # blocking again: a peek with MSG_DONTWAIT then says "nothing yet" plainly
            sockets.append(sock)
        except OSError:
            refused += 1
            sock.close()
    return sockets, refused


def tally(sockets):
    counts = {"open": 0, "answered": 0, "closed": 0}
    for sock in sockets:
        counts[state(sock)] += 1
    return counts


def describe(label, times, failures):
    if not times:
        return f"{label}: no answer ({failures} failed)"
    return (f"{label}: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms, "
            f"{len(times)} answered, {failures} failed")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/release/funzone"))
    parser.add_argument("--sockets", type=int, default=1100)
    parser.add_argument("--server-files", type=int, default=1024,
                        help="the server's open-file limit (ulimit -n), 1024 as a service gets by default")
    parser.add_argument("--wait", type=float, default=12, help="seconds before the second count (past the header timeout)")
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.sockets + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.sockets + 200), hard))

    port = free_port()
    data = tempfile.mkdtemp(prefix="funzone-abuse-")
    server = subprocess.Popen([args.binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-https",
                               "--data-dir", data, "--log-level", "error", "--web-root", str(ROOT / "Web")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (args.server_files, max(args.server_files, hard))))
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
                break
            except Exception:
                time.sleep(0.1)
        print(f"{args.binary} (ulimit -n {args.server_files}): {args.sockets} connections from 127.0.0.2, each with half a request head")
        before, before_failed = healthz(port)
        print(describe("/healthz from 127.0.0.1 before the flood", before, before_failed), flush=True)
        started = time.perf_counter()
        sockets, refused = flood(port, args.sockets)
        took = time.perf_counter() - started
        held = tally(sockets)
        print(f"flood made in {took:.1f} s: {held['open']} held open by the server, {held['answered']} answered "
              f"(refused, or timed out), {held['closed']} closed, {refused} could not connect")
        during, during_failed = healthz(port)
        print(describe("/healthz from 127.0.0.1 during the flood", during, during_failed))
        if before and during:
            print(f"ratio during/before (median): {statistics.median(during) / statistics.median(before):.2f}")
        time.sleep(max(0, args.wait - (time.perf_counter() - started)))
        later = tally(sockets)
        print(f"{args.wait:.0f} s after the flood began: {later['open']} still held open, {later['answered'] + later['closed']} answered or closed")
        for sock in sockets:
            sock.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

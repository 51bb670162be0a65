#!/usr/bin/env bash
# SpotCheck's GET /policy with device auth (Bearer secret + X-Device-Token, as the Shortcut sends it):
# requests per second and p99 latency at 64 connections, as a ratio of the plain-text route
# (GET /api/ping) of the same server in the same run, on SQLite and on PostgreSQL. Then the
# pairing-code guessing figure from the server's limits.
# Targets: ratio >= 0.5 and p99 <= 10 ms. Usage: Benchmarks/spotcheck-policy.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
source Benchmarks/wrk-server.sh

run_wrk() {  # prints "requests/s p99-ms" for a URL (extra args: headers)
  local url=$1; shift
  wrk -t2 -c64 -d"${duration}s" --latency "$@" "$url" | python3 -c '
import re, sys
text = sys.stdin.read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", text).groups()
p99 = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if errors: sys.exit(f"{errors.group(1)} requests failed")
print(rps, p99)'
}

measure() {  # $1 = label; the server takes its database from the environment
  local label=$1 port=18091 jar="$work/cookies-$1"
  start_server $port "$label"
  local base="http://127.0.0.1:$port" secret token
  read -r secret token < <(paired_phone "$base" "$jar")
  local auth=(-H "Authorization: Bearer $secret" -H "X-Device-Token: $token")
  curl -sf "${auth[@]}" "$base/policy" | grep -q '"enforce"' || { echo "GET /policy not reachable"; exit 1; }

  run_wrk "$base/policy" "${auth[@]}" >/dev/null  # warm-up
  local ping policy
  ping=$(run_wrk "$base/api/ping")
  policy=$(run_wrk "$base/policy" "${auth[@]}")
  python3 - "$label" $ping $policy <<'PY'
import sys
label, ping_rps, ping_p99, rps, p99 = sys.argv[1], *map(float, sys.argv[2:])
print(f"{label}: ping {ping_rps:,.0f} req/s (p99 {ping_p99:.2f} ms); GET /policy {rps:,.0f} req/s (p99 {p99:.2f} ms); "
      f"ratio {rps / ping_rps:.2f} (target >= 0.5), p99 {'<=' if p99 <= 10 else '>'} 10 ms")
PY
  stop_server
}

echo "wrk -t2 -c64 -d${duration}s --latency, release build, $(nproc) cores"
unset DATABASE_URL
measure sqlite
admin=$(scripts/postgres-scratch start 55435 "$pg_dir")
psql "$admin" -qc "CREATE DATABASE bench" >/dev/null
DATABASE_URL="${admin%/postgres}/bench" measure postgres

# Pairing codes: the limits in SpotCheckDeviceController and the code space in PairingCode.
python3 - <<'PY'
space = 32 ** 8
per_address_hour = 10 * 6          # 10 tries per 10 minutes per address (an IPv6 client per /64); no server-wide budget
addresses = [1, 10_000]            # one guesser; a botnet of 10,000 addresses
live = [1, 20]                     # one code live all along; a family's 20 phones all with fresh codes all along
print(f"pairing codes: {space:,} possible; at most {per_address_hour} guesses an hour from one address")
for a in addresses:
    for n in live:
        year = 1 - (1 - n / space) ** (a * per_address_hour * 24 * 365)
        print(f"  {a:,} address(es), {n} code(s) live all year: chance a guesser pairs within a year of guessing nonstop {year:.1e}")
PY

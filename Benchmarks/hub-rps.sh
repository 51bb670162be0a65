#!/usr/bin/env bash
# Requests per second of the hub API (GET /api/hub for a signed-in child) as a ratio of the plain-text
# route (GET /api/ping) of the same server in the same run, on SQLite and on PostgreSQL.
# Target: ratio ≥ 0.5. Usage: Benchmarks/hub-rps.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
source Benchmarks/wrk-server.sh

rps() {  # wrk's Requests/sec for a URL (extra args: headers)
  local url=$1; shift
  wrk -t2 -c32 -d"${duration}s" "$@" "$url" | awk '/Requests\/sec/ {print $2}'
}

measure() {  # $1 = label, $2 = read-cache TTL; the server takes its database from the environment
  local label=$1 port=18090 jar="$work/cookies-$1-$2"
  start_server $port "$label" --read-cache-ttl "$2"
  local cookie
  cookie=$(hub_cookie "http://127.0.0.1:$port" "$jar")

  rps "http://127.0.0.1:$port/api/hub" -H "Cookie: $cookie" >/dev/null  # warm-up
  local ping hub
  ping=$(rps "http://127.0.0.1:$port/api/ping")
  hub=$(rps "http://127.0.0.1:$port/api/hub" -H "Cookie: $cookie")
  python3 -c "p=$ping; h=$hub; print(f'$label, read cache $2 s: ping {p:,.0f} req/s, hub {h:,.0f} req/s, ratio {h/p:.2f} (target >= 0.5)')"
  stop_server
}

echo "wrk -t2 -c32 -d${duration}s, release build, $(nproc) cores"
unset DATABASE_URL
measure sqlite 1
measure sqlite 0
admin=$(scripts/postgres-scratch start 55434 "$pg_dir")
for ttl in 1 0; do
  psql "$admin" -qc "DROP DATABASE IF EXISTS bench" -c "CREATE DATABASE bench" >/dev/null
  DATABASE_URL="${admin%/postgres}/bench" measure postgres $ttl
done

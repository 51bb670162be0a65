#!/usr/bin/env bash
# Two server builds side by side: requests per second of the hub API (read cache 1 s and off) and of
# SpotCheck's GET /policy, each as a ratio of the same server's plain GET /api/ping in the same
# start, on SQLite and on PostgreSQL, for an older build and this tree's release build, alternated
# round by round. Issue 20 asks that its change leave these ratios no more than 5 % worse.
# The server runs on core 0 and wrk on core 1 (taskset), so the load generator does not take the
# server's CPU; the figure is each ratio's median over the rounds and the change new/old − 1.
# Usage: Benchmarks/rps-before-after.sh OLD_BINARY [rounds, default 3] [seconds per run, default 4]
# (NEW_BINARY=path measures another build in place of this tree's)
# (an older build: git worktree add /tmp/old <commit> && swift build -c release --product funzone there)
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1")
rounds=${2:-3}
duration=${3:-4}
source Benchmarks/wrk-server.sh
new=$(realpath "${NEW_BINARY:-$binary}")
pin="taskset -c 0"
results="$work/results"

rps() {  # wrk's Requests/sec for a URL (extra args: headers), from core 1
  local url=$1; shift
  taskset -c 1 wrk -t1 -c32 -d"${duration}s" "$@" "$url" | awk '/Requests\/sec/ {print $2}'
}

one() {  # $1 = old|new, $2 = sqlite|postgres, $3 = hub-cached|hub-uncached|policy
  local which=$1 db=$2 route=$3 port=18092 jar="$work/cookies" base
  base="http://127.0.0.1:$port"
  rm -f "$jar"
  binary=${!which}
  if [[ $db == postgres ]]; then
    psql "$admin" -qc "DROP DATABASE IF EXISTS bench" -c "CREATE DATABASE bench" >/dev/null
    export DATABASE_URL="${admin%/postgres}/bench"
  else
    unset DATABASE_URL
  fi
  local headers=() url templates=(--letter-templates "$work/templates-$which.bin")
  case $route in
    hub-cached|hub-uncached)
      start_server $port "$which" "${templates[@]}" --read-cache-ttl "$([[ $route == hub-cached ]] && echo 1 || echo 0)"
      headers=(-H "Cookie: $(hub_cookie "$base" "$jar")"); url="$base/api/hub" ;;
    policy)
      start_server $port "$which" "${templates[@]}"
      local secret token
      read -r secret token < <(paired_phone "$base" "$jar")
      headers=(-H "Authorization: Bearer $secret" -H "X-Device-Token: $token"); url="$base/policy" ;;
  esac
  rps "$url" "${headers[@]}" >/dev/null  # warm-up
  local ping answer
  ping=$(rps "$base/api/ping")
  answer=$(rps "$url" "${headers[@]}")
  echo "$which $db $route $ping $answer" | tee -a "$results"
  stop_server
}

echo "old: $old"
echo "new: $new"
echo "wrk -t1 -c32 -d${duration}s on core 1, server on core 0, $rounds rounds, $(nproc) cores"
admin=$(scripts/postgres-scratch start 55436 "$pg_dir")
# Each server makes spelling by voice's letter templates at its first start (about half a minute
# of CPU on the server's core); made once per build here, so no measurement runs beside it.
for which in old new; do
  binary=${!which}
  unset DATABASE_URL
  start_server 18092 "templates-$which" --letter-templates "$work/templates-$which.bin"
  for _ in $(seq 300); do [[ -s "$work/templates-$which.bin" ]] && break; sleep 0.5; done
  stop_server
done
for round in $(seq "$rounds"); do
  order=(old new); (( round % 2 == 0 )) && order=(new old)
  for db in sqlite postgres; do
    for route in hub-cached hub-uncached policy; do
      for which in "${order[@]}"; do one "$which" "$db" "$route"; done
    done
  done
done

python3 - "$results" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    which, db, route, ping, answer = line.split()
    runs.setdefault((db, route), {}).setdefault(which, []).append(float(answer) / float(ping))
print(f"{'database':9} {'route':13} {'old ratio':>9} {'new ratio':>9} {'change':>7}   (median of each build's route/ping)")
for (db, route), by in runs.items():
    old, new = statistics.median(by["old"]), statistics.median(by["new"])
    print(f"{db:9} {route:13} {old:9.3f} {new:9.3f} {new / old - 1:+7.1%}   old {[round(r, 3) for r in by['old']]} new {[round(r, 3) for r in by['new']]}")
PY

# Sourced by the wrk benchmarks (hub-rps.sh, spotcheck-policy.sh, rps-before-after.sh): installs what
# they need, builds the release server, gives a scratch folder and a PostgreSQL folder cleaned up on
# exit, and starts, stops and signs up a family on a benchmark server. `binary` is the server run;
# `pin` (e.g. "taskset -c 0") is put before it.
scripts/install-deps --test >/dev/null
swift build -c release --product funzone >/dev/null
binary=.build/release/funzone

work=$(mktemp -d /tmp/funzone-bench.XXXXXX)
pg_dir=$(mktemp -d /tmp/funzone-bench-pg.XXXXXX)
server_pid=""
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  scripts/postgres-scratch stop "$pg_dir"
  rm -rf "$work"
}
trap cleanup EXIT

start_server() {  # $1 = port, $2 = label (its data folder), then extra `funzone serve` options; database from the environment
  local port=$1 label=$2; shift 2
  rm -rf "$work/data-$label"
  ${pin:-} "$binary" serve --host 127.0.0.1 --no-https --port "$port" --data-dir "$work/data-$label" --log-level error --bcrypt-cost 10 "$@" &
  server_pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
}

stop_server() {
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

sign_up_family() {  # $1 = base URL, $2 = cookie jar; prints the signed-in parent's CSRF token
  local csrf
  csrf=$(curl -s -c "$2" -b "$2" "$1/api/session" | python3 -c 'import sys,json;print(json.load(sys.stdin)["csrfToken"])')
  curl -s -c "$2" -b "$2" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
    -d '{"familyName":"Bench","parentName":"Ada","email":"bench@example.org","password":"benchmark pass"}' \
    "$1/api/setup" | python3 -c 'import sys,json;print(json.load(sys.stdin)["csrfToken"])'
}

hub_cookie() {  # $1 = base URL, $2 = cookie jar; signs up a family with one child, picks her, prints her session cookie
  local csrf child
  csrf=$(sign_up_family "$1" "$2")
  child=$(curl -s -c "$2" -b "$2" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
    -d '{"name":"Mia","grade":2,"avatar":"🦊"}' "$1/api/parent/children" | python3 -c 'import sys,json;print(json.load(sys.stdin)["id"])')
  curl -s -c "$2" -b "$2" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
    -d "{\"childId\":\"$child\"}" "$1/api/kids/select" >/dev/null
  local cookie
  cookie=$(awk '$6 == "fz_session" {print "fz_session=" $7}' "$2")
  curl -sf -H "Cookie: $cookie" "$1/api/hub" | grep -q '"tiles"' || { echo "hub API not reachable" >&2; exit 1; }
  echo "$cookie"
}

paired_phone() {  # $1 = base URL, $2 = cookie jar; signs up a family, pairs a SpotCheck phone with quiet time on, prints "secret token"
  local csrf created device code credentials
  csrf=$(sign_up_family "$1" "$2")
  created=$(curl -s -c "$2" -b "$2" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' -d '{"name":"Bench phone"}' \
    "$1/api/parent/spotcheck/devices")
  device=$(python3 -c 'import sys,json;print(json.loads(sys.argv[1])["device"]["id"])' "$created")
  code=$(python3 -c 'import sys,json;print(json.loads(sys.argv[1])["pairing"]["code"])' "$created")
  # Quiet time on, so each request also evaluates the window in its time zone.
  curl -sf -b "$2" -X PATCH -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
    -d '{"quietHours":{"start":"22:00","end":"07:00","timeZone":"Europe/Rome"}}' "$1/api/parent/spotcheck/devices/$device/policy" >/dev/null
  credentials=$(curl -s -H 'Content-Type: application/json' -d "{\"code\":\"$code\"}" "$1/pair")
  python3 -c 'import sys,json;c=json.loads(sys.argv[1]);print(c["deviceSecret"], c["deviceToken"])' "$credentials"
}

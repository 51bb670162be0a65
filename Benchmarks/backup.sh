#!/usr/bin/env bash
# What `funzone backup` and `funzone restore` cost on a family server's worth of data, against a
# plain copy of the same data folder (tar) in the same run, and that the restore finds every row.
#
#   bash Benchmarks/backup.sh [events] [files] [file-kb]     (default 200000 events, 200 files of 500 KB)
#
# The data: one family, one paired phone with `events` activity reports (SpotCheck's biggest table)
# and `files` recordings. tar copies the folder as it is (not safe while the server writes: it can
# catch SQLite's file and its log at different moments); the backup reads one transaction's rows.
# FUNZONE_BIN picks the binary (default .build/release/funzone, else .build/debug/funzone).
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-200000} files=${2:-200} kb=${3:-500}
bin=${FUNZONE_BIN:-.build/release/funzone}
[ -x "$bin" ] || bin=.build/debug/funzone
work=$(mktemp -d /tmp/funzone-backup-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
data="$work/data"

FUNZONE_PASSWORD=bench-password-1 "$bin" create-parent --data-dir "$data" --email bench@example.org --family Bench >/dev/null
python3 - "$data" "$events" "$files" "$kb" <<'PY'
import os, sqlite3, sys, uuid
data, events, files, kb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
db = sqlite3.connect(f"{data}/funzone.sqlite")
family = db.execute("SELECT id FROM families").fetchone()[0]
device = str(uuid.uuid4())
db.execute("""INSERT INTO spotcheck_devices (id, family_id, name, created_at, hotspot_off, rotate_password, gap_ms)
              VALUES (?, ?, 'Phone', 0, 1, 0, 7200000)""", (device, family))
db.executemany("""INSERT INTO spotcheck_events (id, device_id, family_id, kind, received_at, ts, trigger, shortcut_version, actions, ok, errors)
                  VALUES (?, ?, ?, 'shortcut', ?, ?, 'app-open', '3', '["hotspot-off","rotate-password"]', 1, '[]')""",
               ((str(uuid.uuid4()), device, family, i * 60000, i * 60000) for i in range(events)))
db.commit()
os.makedirs(f"{data}/blobs/requests/{family}", exist_ok=True)
for i in range(files):
    with open(f"{data}/blobs/requests/{family}/{i:05d}.wav", "wb") as out:
        out.write(os.urandom(kb * 1024))
PY
size=$(du -sm "$data" | cut -f1)

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); echo "$end - $start" | bc; }
tar_s=$(seconds tar -cf "$work/copy.tar" -C "$work" data)
backup_s=$(seconds "$bin" backup --data-dir "$data" --to "$work/backup.zip")
restore_s=$(seconds "$bin" restore --data-dir "$work/restored" --from "$work/backup.zip")
tar_x=$(seconds tar -xf "$work/copy.tar" -C "$work/restored" --transform 's,^data,untarred,')

python3 - "$data" "$work/restored" "$events" "$files" <<'PY'
import os, sqlite3, sys
original, restored, events, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def counts(folder):
    db = sqlite3.connect(f"{folder}/funzone.sqlite")
    return {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("families", "parents", "spotcheck_devices", "spotcheck_events")}
a, b = counts(original), counts(restored)
kept = sum(len(f) for _, _, f in os.walk(f"{restored}/blobs"))
assert a == b and b["spotcheck_events"] == events and kept == files, (a, b, kept)
print(f"restored: every row ({sum(b.values())}) and every file ({kept})")
PY
zip_mb=$(du -sm "$work/backup.zip" | cut -f1)
printf 'data folder: %s MB (%s events, %s files of %s KB); backup zip %s MB; binary %s\n' "$size" "$events" "$files" "$kb" "$zip_mb" "$bin"
printf 'backup  %6.2f s   tar -c of the folder %6.2f s   ratio %.1f\n' "$backup_s" "$tar_s" "$(echo "$backup_s / $tar_s" | bc -l)"
printf 'restore %6.2f s   tar -x of the folder %6.2f s   ratio %.1f\n' "$restore_s" "$tar_x" "$(echo "$restore_s / $tar_x" | bc -l)"

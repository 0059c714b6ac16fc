#!/usr/bin/env bash
# Every shared puzzle (testdata/positions/puzzles.jsonl) solved three ways, as docs/solver.md
# ("Reach") quotes them: cold, `DDZ_WARM=0 ./ddz solve POSITION --json` in a process of its own
# (process wall time, and the solve's own time_ms in that cold process); warm, the solve's
# time_ms of the last of 200 solves of the puzzle in one `ddz solve --batch --json` process; and
# through the warm engine, `./ddz solve POSITION --json` once an engine is up (process wall time).
# Prints a line a puzzle (medians over the rounds) with cold wall / warm solve.
# Usage: bench/cold-puzzles.sh [ROUNDS]   (default 3). Needs tools/target/ddz.jar and /usr/bin/time.
set -euo pipefail
if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "cold-puzzles.sh: ROUNDS must be a whole number above 0, not '$rounds'" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "cold-puzzles.sh: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
export XDG_RUNTIME_DIR="$(mktemp -d)"
work="$(mktemp -d)"
trap '"$here/ddz" warm stop >/dev/null 2>&1 || true; rm -rf "$work" "$XDG_RUNTIME_DIR"' EXIT
unset DDZ_WARM DDZ_DEBUG DDZ_JAVA_OPTS
# id, position (spaces as _), bans (comma-separated), the batch line
sed -n 's/.*"id": "\([^"]*\)", "position": "\([^"]*\)", "rules": "[^"]*", "bans": \(\[[^]]*\]\).*/\1\t\2\t\3/p' \
  "$here/testdata/positions/puzzles.jsonl" > "$work/puzzles.tsv"
wall() { /usr/bin/time -o "$work/t" -f '%e' "$@" > "$work/out.json" 2>/dev/null || true; cat "$work/t"; }
field() { grep -o "\"$1\":[0-9.]*" "$work/out.json" | head -1 | cut -d: -f2; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
while IFS=$'\t' read -r id position bans; do
  ban=()
  b="$(tr -d '[]" ' <<< "$bans")"
  [[ -n "$b" ]] && ban=(--ban "$b")
  : > "$work/cold"; : > "$work/coldms"; : > "$work/engine"
  for _ in $(seq "$rounds"); do
    DDZ_WARM=0 wall "$here/ddz" solve "$position" "${ban[@]}" --json >> "$work/cold"
    field time_ms >> "$work/coldms"
  done
  for _ in $(seq 200); do echo "{\"position\": \"$position\", \"bans\": $bans}"; done \
    | DDZ_WARM=0 "$here/ddz" solve --batch --json 2>/dev/null | tail -1 > "$work/out.json"
  warm="$(field time_ms)"
  "$here/ddz" solve "$position" "${ban[@]}" --json > /dev/null 2>&1 || true   # starts an engine if none runs
  for _ in $(seq 60); do "$here/ddz" warm status >/dev/null 2>&1 && break; sleep 0.5; done
  for _ in $(seq "$rounds"); do wall "$here/ddz" solve "$position" "${ban[@]}" --json >> "$work/engine"; done
  c="$(median < "$work/cold")"
  printf '%-4s cold %5.2f s (solve %7.2f ms)  warm solve %8.3f ms  cold/warm %8.0fx  warm engine %5.2f s\n' \
    "$id" "$c" "$(median < "$work/coldms")" "$warm" "$(awk -v c="$c" -v w="$warm" 'BEGIN { print c * 1000 / w }')" \
    "$(median < "$work/engine")"
done < "$work/puzzles.tsv"

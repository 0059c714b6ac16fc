#!/usr/bin/env bash
# Cold against warm ddz solve, through the launcher, on every puzzle of testdata/positions/puzzles.jsonl
# (docs/cli/warm.md): per puzzle and round, one run with DDZ_WARM=0 (a process of its own) and one
# answered by the warm engine, interleaved; prints per puzzle the median process wall time and CPU
# (user + system of the launcher and its JVM; the warm engine's own CPU is not the caller's) and the
# solve's own time_ms, then the medians over all puzzles.
# Usage: bench/warm-solve.sh [ROUNDS]   (default 3; a temporary XDG_RUNTIME_DIR keeps the server apart)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds="${1:-3}"
export XDG_RUNTIME_DIR="$(mktemp -d)"
export DDZ_WARM_IDLE=120
trap './ddz warm stop >/dev/null 2>&1 || true; rm -rf "$XDG_RUNTIME_DIR"' EXIT
./ddz solve >/dev/null                      # builds what is missing; starts the warm engine
for _ in $(seq 60); do ./ddz warm status >/dev/null 2>&1 && break; sleep 0.5; done
./ddz warm status
measure() { # MODE POSITION -> "wall cpu time_ms"
  local t out
  t="$(mktemp)"
  if [[ "$1" == cold ]]; then
    out="$(DDZ_WARM=0 /usr/bin/time -f '%e %U %S' -o "$t" ./ddz solve --json "$2")"
  else
    out="$(/usr/bin/time -f '%e %U %S' -o "$t" ./ddz solve --json "$2")"
  fi
  awk '{printf "%.3f %.3f ", $1, $2 + $3}' "$t"
  rm -f "$t"
  sed -n 's/.*"time_ms":\([0-9.]*\).*/\1/p' <<<"$out"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf '%-5s %10s %10s %10s %10s %10s %10s %7s\n' id cold_wall cold_cpu cold_ms warm_wall warm_cpu warm_ms ratio
all=()
while IFS= read -r line; do
  id="$(sed -n 's/.*"id": *"\([^"]*\)".*/\1/p' <<<"$line")"
  pos="$(sed -n 's/.*"position": *"\([^"]*\)".*/\1/p' <<<"$line")"
  cw=(); cc=(); cm=(); ww=(); wc=(); wm=()
  for _ in $(seq "$rounds"); do
    read -r a b c <<<"$(measure cold "$pos")"; cw+=("$a"); cc+=("$b"); cm+=("$c")
    read -r a b c <<<"$(measure warm "$pos")"; ww+=("$a"); wc+=("$b"); wm+=("$c")
  done
  m() { printf '%s\n' "$@" | median; }
  r=($(m "${cw[@]}") $(m "${cc[@]}") $(m "${cm[@]}") $(m "${ww[@]}") $(m "${wc[@]}") $(m "${wm[@]}"))
  printf '%-5s %10s %10s %10s %10s %10s %10s %7.1f\n' "$id" "${r[@]}" "$(awk -v a="${r[0]}" -v b="${r[3]}" 'BEGIN {print a / b}')"
  all+=("${r[0]} ${r[3]}")
done < testdata/positions/puzzles.jsonl
printf '%s\n' "${all[@]}" | awk '{print $1}' | median | xargs printf 'median cold wall %s s, '
printf '%s\n' "${all[@]}" | awk '{print $2}' | median | xargs printf 'median warm wall %s s\n'

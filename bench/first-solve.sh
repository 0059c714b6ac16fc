#!/usr/bin/env bash
# A person's first `ddz solve` of the built-in puzzle (level 50), through the launcher, on one or
# more checkouts: per round and checkout, interleaved, (1) `DDZ_WARM=0 ./ddz solve POSITION` (a
# process of its own, no warm engine asked), (2) the same command where no warm engine runs (the
# first command of a session: it answers in its own process and starts one for the next), (3) the
# next command, once that engine is up. Prints each checkout's median process wall time and CPU
# (user + system of the launcher and its JVM) of each. docs/performance.md, "Where a cold ddz solve
# goes", has the figures.
# Usage: bench/first-solve.sh [ROUNDS [CHECKOUT...]]   (default 5 rounds, this checkout; each
# checkout's tools/target/ddz.jar must be built; a temporary XDG_RUNTIME_DIR keeps the engines apart)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-5}"
shift || true
roots=("$@")
(( ${#roots[@]} )) || roots=("$here")
position='448999TJJQQAD/336688TAA22X 0'
export XDG_RUNTIME_DIR="$(mktemp -d)"
export DDZ_WARM_IDLE=60
unset DDZ_WARM DDZ_DEBUG DDZ_JAVA_OPTS
stop_all() {
  local x
  for x in "${roots[@]}"; do "$x/ddz" warm stop >/dev/null 2>&1 || true; done
  sleep 0.3
  rm -f "$XDG_RUNTIME_DIR"/ddz-warm/*.lock
}
trap 'stop_all; rm -rf "$XDG_RUNTIME_DIR"' EXIT
timed() { # ARGS... -> "wall cpu"
  local t
  t="$(mktemp)"
  /usr/bin/time -f '%e %U %S' -o "$t" "$@" >/dev/null
  awk '{printf "%.3f %.3f\n", $1, $2 + $3}' "$t"
  rm -f "$t"
}
declare -A res
for r in "${roots[@]}"; do DDZ_WARM=0 "$r/ddz" solve >/dev/null; done   # the launcher's caches
for _ in $(seq "$rounds"); do
  for r in "${roots[@]}"; do
    stop_all
    res["$r cold"]+="$(DDZ_WARM=0 timed "$r/ddz" solve "$position");"
    res["$r first"]+="$(timed "$r/ddz" solve "$position");"
    for _ in $(seq 60); do "$r/ddz" warm status >/dev/null 2>&1 && break; sleep 0.5; done
    res["$r next"]+="$(timed "$r/ddz" solve "$position");"
    stop_all
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf '%-40s %-6s %9s %9s\n' checkout run wall_s cpu_s
for r in "${roots[@]}"; do
  for k in cold first next; do
    v="${res["$r $k"]}"
    w="$(tr ';' '\n' <<<"$v" | awk 'NF {print $1}' | median)"
    c="$(tr ';' '\n' <<<"$v" | awk 'NF {print $2}' | median)"
    printf '%-40s %-6s %9s %9s\n' "$r" "$k" "$w" "$c"
  done
done

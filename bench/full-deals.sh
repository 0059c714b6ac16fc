#!/usr/bin/env bash
# Full deals solved open, one cold process a deal, as a person runs them: for each seed, the deals
# of `FullDeals SEED TWO THREE 0 1 positions` (17 v 17 and 20/17/17, the landlord to lead), each
# solved by `DDZ_WARM=0 ./ddz solve POSITION --threads THREADS --timeout-ms CAP --json` in a process
# of its own. Prints a line a deal (verdict, nodes, process wall and CPU seconds, peak resident
# memory in MiB, from /usr/bin/time) and, per group, the median wall time and the deals past the
# cap (docs/solver.md, "Reach"). Needs tools/target/ddz.jar, bench/target/benchmarks.jar and
# /usr/bin/time.
# Usage: bench/full-deals.sh [TWO THREE CAP_MS THREADS SEED...]   (default 0 5 60000 2 17 23 29)
set -euo pipefail
if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r two three cap threads <<< "${1:-0} ${2:-5} ${3:-60000} ${4:-2}"
shift 4 || shift $#
seeds=("$@")
(( ${#seeds[@]} )) || seeds=(17 23 29)
for a in "$two" "$three" "$cap" "$threads" "${seeds[@]}"; do
  [[ "$a" =~ ^[0-9]+$ ]] || { echo "full-deals.sh: '$a' is not a whole number (usage: bench/full-deals.sh [TWO THREE CAP_MS THREADS SEED...])" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "full-deals.sh: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
printf '%-6s %-12s %-8s %13s %8s %8s %8s\n' seed deal verdict nodes wall_s cpu_s rss_mib
for seed in "${seeds[@]}"; do
  while read -r id position; do
    timing="$(mktemp)"
    json="$(DDZ_WARM=0 /usr/bin/time -o "$timing" -f '%e %U %S %M' \
      "$here/ddz" solve "$position" --threads "$threads" --timeout-ms "$cap" --json 2>/dev/null || true)"
    read -r wall user sys rss < "$timing"
    rm -f "$timing"
    verdict="$(grep -o '"verdict":"[a-z]*"' <<< "$json" | cut -d'"' -f4)"
    nodes="$(grep -o '"nodes":[0-9]*' <<< "$json" | cut -d: -f2)"
    cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')"
    printf '%-6s %-12s %-8s %13s %8s %8s %8d\n' "$seed" "$id" "${verdict:-error}" "${nodes:-0}" "$wall" "$cpu" $((rss / 1024))
    echo "${id%-*} $wall ${verdict:-error}" >> "$results"
  done < <(java -cp "$here/bench/target/benchmarks.jar" io.github.ddzengine.bench.FullDeals "$seed" "$two" "$three" 0 1 positions)
done
for group in 17v17 20-17-17; do
  n="$(awk -v g="$group" '$1 == g' "$results" | wc -l)"
  (( n )) || continue
  median="$(awk -v g="$group" '$1 == g { print $2 }' "$results" | sort -n \
    | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')"
  past="$(awk -v g="$group" '$1 == g && $3 != "win" && $3 != "loss"' "$results" | wc -l)"
  echo "$group: $n deals, median $median s wall, $past past the cap of $cap ms"
done

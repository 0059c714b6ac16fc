#!/usr/bin/env bash
# Measures the wall time of ddz runs under candidate JVM flag sets, to choose the ./ddz launcher's
# flags (README.md, "Launcher JVM flags"). Runs are interleaved (one run of each candidate per
# round) so that background load hits every candidate alike; prints the median and minimum of each.
#
# usage: bench/launcher-flags.sh [ROUNDS [WORKLOAD...]]    (from anywhere; default 15 rounds of all
#   workloads, about 15 minutes on 2 cores)
# workloads: short (ddz moves --json), batch6k and batch60k (ddz moves --batch on the 6,000 reference
#   positions, once and ten times over), solve (ddz solve: the built-in level-50 puzzle), solveAll
#   (the same with --all), solve3 (ddz solve on the three-seat position 10-10-10-0), solveBatch
#   (ddz solve --batch --all on the 18 puzzles of testdata/positions/puzzles.jsonl)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds="${1:-15}"
shift || true
workloads=("$@")
[[ ${#workloads[@]} -gt 0 ]] || workloads=(short batch6k batch60k solve solveAll solve3 solveBatch)

./ddz --version >/dev/null # builds the jar and the CDS archive if needed
jar=tools/target/ddz.jar
jsa=tools/target/ddz.jsa
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
zcat testdata/reference/legal-moves-standard.jsonl.gz >"$work/6k.jsonl"
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/6k.jsonl"; done >"$work/60k.jsonl"
three="$(grep '"id": "10-10-10-0"' testdata/positions/three-seat.jsonl |
  sed 's/.*"position": "\([^"]*\)".*/\1/')"

names=(default SerialGC CDS SerialGC+CDS C1only SerialGC+CDS+THP SerialGC+CDS+THP+PreTouch ./ddz)
flags=("" "-XX:+UseSerialGC" "-XX:SharedArchiveFile=$jsa" "-XX:+UseSerialGC -XX:SharedArchiveFile=$jsa"
  "-XX:TieredStopAtLevel=1"
  "-XX:+UseSerialGC -XX:SharedArchiveFile=$jsa -XX:+UseTransparentHugePages"
  "-XX:+UseSerialGC -XX:SharedArchiveFile=$jsa -XX:+UseTransparentHugePages -XX:+AlwaysPreTouch"
  "")

run() { # candidate index, workload
  local cmd
  if [[ "${names[$1]}" == ./ddz ]]; then cmd=(./ddz); else
    # shellcheck disable=SC2206 # flags are words
    cmd=(java ${flags[$1]} -jar "$jar")
  fi
  case "$2" in
    short) "${cmd[@]}" moves --json >/dev/null 2>&1 ;;
    batch6k) "${cmd[@]}" moves --batch <"$work/6k.jsonl" >/dev/null ;;
    batch60k) "${cmd[@]}" moves --batch <"$work/60k.jsonl" >/dev/null ;;
    solve) "${cmd[@]}" solve --json >/dev/null 2>&1 ;;
    solveAll) "${cmd[@]}" solve --all --json >/dev/null 2>&1 ;;
    solve3) "${cmd[@]}" solve "$three" --json >/dev/null ;;
    solveBatch) "${cmd[@]}" solve --batch --all <testdata/positions/puzzles.jsonl >/dev/null ;;
    *) echo "unknown workload $2" >&2; exit 2 ;;
  esac
}

for ((r = 0; r < rounds; r++)); do
  for w in "${workloads[@]}"; do
    for i in "${!names[@]}"; do
      start=$(date +%s%N)
      run "$i" "$w"
      echo "$w $i $((($(date +%s%N) - start) / 1000000))" >>"$work/times"
    done
  done
done

echo "wall time in ms over $rounds interleaved rounds ($(nproc) cores, $(java -version 2>&1 | head -1))"
printf '%-10s %-26s %8s %8s\n' workload flags median min
for w in "${workloads[@]}"; do
  for i in "${!names[@]}"; do
    mapfile -t t < <(awk -v w="$w" -v i="$i" '$1 == w && $2 == i { print $3 }' "$work/times" | sort -n)
    printf '%-10s %-26s %8s %8s\n' "$w" "${names[$i]}" "${t[$(((${#t[@]} - 1) / 2))]}" "${t[0]}"
  done
done

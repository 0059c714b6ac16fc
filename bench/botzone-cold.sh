#!/usr/bin/env bash
# Measures a cold Botzone turn: the wall time of one process that starts, reads one turn, decides
# and prints its response, as Botzone runs a bot (a fresh process per turn). Runs are interleaved
# (one run of each candidate per round) so that background load hits every candidate alike; prints
# the median and the minimum of each, in ms.
#
# usage: bench/botzone-cold.sh [ROUNDS [BUDGET_MS]]    (default 15 rounds, a 50 ms think)
# turns: bid (a bidding turn), lead (the landlord's first lead, 20 cards), follow (landlord_up's
#   second turn)
# candidates: plain (java -cp ddz.jar BotzoneMain), serial+c1 (-XX:+UseSerialGC
#   -XX:TieredStopAtLevel=1), serial+cds (-XX:+UseSerialGC and the class-data sharing archive
#   tools/target/ddz-botzone.jsa that ./ddz botzone makes), serial+c1+cds (both), ./ddz (the launcher:
#   serial+c1+cds plus the launcher's own work)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds="${1:-15}"
budget="${2:-50}"

./ddz --version >/dev/null # builds the jar if needed
jar=tools/target/ddz.jar
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

own='[0,4,8,12,16,20,24,28,32,36,40,44,48,52,1,5,9]'
up='[3,7,11,15,19,23,27,31,35,39,43,47,51,53,13,17,21]'
echo "{\"requests\":[{\"own\":$own,\"bid\":[1]}],\"responses\":[]}" >"$work/bid"
echo "{\"requests\":[{\"own\":$own,\"bid\":[]},{\"history\":[[],[]],\"own\":$own,\"publiccard\":[2,6,10],\"landlord\":0,\"pos\":0,\"finalbid\":2}],\"responses\":[2]}" >"$work/lead"
echo "{\"requests\":[{\"history\":[[0],[]],\"own\":$up,\"publiccard\":[2,6,10],\"landlord\":0,\"pos\":2,\"finalbid\":1},{\"history\":[[4],[14]]}],\"responses\":[[]]}" >"$work/follow"
turns=(bid lead follow)

./ddz botzone --budget-ms "$budget" <"$work/lead" >/dev/null # creates the archive if needed
jsa=tools/target/ddz-botzone.jsa
main=io.github.ddzengine.tools.botzone.BotzoneMain
names=(plain serial+c1 serial+cds serial+c1+cds ./ddz)
flags=("" "-XX:+UseSerialGC -XX:TieredStopAtLevel=1" "-XX:+UseSerialGC -XX:SharedArchiveFile=$jsa -Xlog:disable"
  "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:SharedArchiveFile=$jsa -Xlog:disable" "")

for ((r = 0; r < rounds; r++)); do
  for t in "${turns[@]}"; do
    for i in "${!names[@]}"; do
      start=$(date +%s%N)
      if [[ "${names[$i]}" == ./ddz ]]; then
        ./ddz botzone --budget-ms "$budget" <"$work/$t" >"$work/out"
      else
        # shellcheck disable=SC2086 # flags are words
        java ${flags[$i]} -cp "$jar" "$main" --budget-ms "$budget" <"$work/$t" >"$work/out"
      fi
      echo "$t $i $((($(date +%s%N) - start) / 1000000))" >>"$work/times"
      grep -q '^{"response":' "$work/out" || { echo "no response: $(cat "$work/out")" >&2; exit 1; }
    done
  done
done

printf '%-8s %-15s %8s %8s\n' turn candidate median min
for t in "${turns[@]}"; do
  for i in "${!names[@]}"; do
    awk -v t="$t" -v i="$i" '$1 == t && $2 == i { print $3 }' "$work/times" | sort -n |
      awk -v t="$t" -v n="${names[$i]}" '{ a[NR] = $1 } END {
        m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
        printf "%-8s %-15s %8d %8d\n", t, n, m, a[1] }'
  done
done
echo "rounds $rounds, budget $budget ms, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

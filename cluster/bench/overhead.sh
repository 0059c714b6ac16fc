#!/usr/bin/env bash
# Spark's overhead on one machine: games/s of the same match with `ddz play --threads 1/2` and with
# `--cluster local[1]/local[2]` (one executor of 1 or 2 cores), in interleaved rounds so that
# background load hits every candidate alike. Prints one line per run: candidate, round, the
# match's own games/s (JSON games_per_s: the match, or the Spark jobs, without JVM and Spark
# start-up) and the wall time of the whole command.
#
#   cluster/bench/overhead.sh ROUNDS DEALS AGENT_A AGENT_B [more ddz play options]
#   cluster/bench/overhead.sh 3 2000 rule rule
#   cluster/bench/overhead.sh 2 20 mc rule
#
# Needs tools/target/ddz.jar and cluster/target/ddz-cluster-local.jar (mvn -B -DskipTests package -pl cluster -am).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
rounds=$1 deals=$2 a=$3 b=$4
shift 4
ddz=(java -XX:+UseSerialGC -jar "$root/tools/target/ddz.jar")
spark=(java -jar "$root/cluster/target/ddz-cluster-local.jar")
match=(play --a "$a" --b "$b" --deals "$deals" --seed 7 --json "$@")
echo "# $(date -u +%FT%TZ) $(uptime)"
echo "# candidate round games_per_s wall_s"
for r in $(seq 1 "$rounds"); do
  for c in threads1 threads2 local1 local2; do
    case $c in
      threads1) cmd=("${ddz[@]}" "${match[@]}" --threads 1) ;;
      threads2) cmd=("${ddz[@]}" "${match[@]}" --threads 2) ;;
      local1) cmd=("${spark[@]}" "${match[@]}" --cluster 'local[1]') ;;
      local2) cmd=("${spark[@]}" "${match[@]}" --cluster 'local[2]') ;;
    esac
    t0=$(date +%s.%N)
    out=$("${cmd[@]}" 2>/dev/null)
    t1=$(date +%s.%N)
    gps=$(sed -n 's/.*"games_per_s":\([0-9.]*\).*/\1/p' <<<"$out")
    printf '%s %d %.1f %.2f\n' "$c" "$r" "$gps" "$(echo "$t1 - $t0" | bc)"
  done
done
echo "# $(date -u +%FT%TZ) $(uptime)"

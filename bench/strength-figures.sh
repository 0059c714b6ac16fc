#!/usr/bin/env bash
# The figures of issue 23 (docs/strength.md): a candidate Monte Carlo agent against rule, greedy
# and mc-v1 at the 50 ms-equivalent effort, without and with bidding, in chunks of 250 duplicate
# deals (seeds 7, 8, ... without bidding, 11, 12, ... with), then per baseline the match figures
# and the open-hand blunder audit of all its chunks together (bench BlunderAudit --stats).
#
#   bench/strength-figures.sh OUT_DIR [CANDIDATE [CHUNKS [BID_CHUNKS [SELF_CHUNKS]]]]
#
# Defaults: candidate mc:effort=60000, 8 chunks (2,000 deals) against rule and greedy, 4 with
# bidding (1,000 deals), 2 against mc-v1 (500 deals). Chunks already in OUT_DIR are kept, so a
# stopped run resumes. Needs tools/target/ddz.jar and bench/target/benchmarks.jar (mvn -B -DskipTests
# package); copy them first if the tree will change meanwhile (DDZ_JAR=..., BENCH_JAR=...). Runs
# under nice (NICE, default 15) with 2 threads; a chunk of 250 deals is 0.3-0.6 CPU-hours a baseline
# (twice that against mc-v1), the results the same on any load (effort budgets).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: bench/strength-figures.sh OUT_DIR [CANDIDATE [CHUNKS [BID_CHUNKS [SELF_CHUNKS]]]]}"
cand="${2:-mc:effort=60000}"
chunks="${3:-8}"
bidchunks="${4:-4}"
selfchunks="${5:-2}"
jar="${DDZ_JAR:-$root/tools/target/ddz.jar}"
bench="${BENCH_JAR:-$root/bench/target/benchmarks.jar}"
nice="${NICE:-15}"
effort="${cand##*effort=}"; effort="${effort%%,*}"
[[ "$cand" == *effort=* ]] || effort=60000
mkdir -p "$out"
cd "$out"

run() { # NAME SEED BIDDING BASELINE...
  local name=$1 seed=$2 bid=$3; shift 3
  local args=(); for b in "$@"; do args+=(--b "$b"); done
  [[ -f $name.json ]] && return 0
  # shellcheck disable=SC2086 # $bid is empty or --bidding
  echo "$(date -u +%FT%TZ) $name" >&2
  nice -n "$nice" java -XX:+UseSerialGC -jar "$jar" ladder --a "$cand" "${args[@]}" --deals 250 --seed "$seed" \
    --threads 2 $bid --tables /nonexistent-ddz-tables --out-dir "$name" --json > "$name.tmp" 2> "$name.err" \
    && mv "$name.tmp" "$name.json"
}

for ((i = 0; i < chunks || i < bidchunks || i < selfchunks; i++)); do
  ((i < chunks)) && run "nobid-s$((7 + i))" $((7 + i)) "" rule greedy
  ((i < bidchunks)) && run "bid-s$((11 + i))" $((11 + i)) --bidding rule greedy
  ((i < selfchunks)) && run "self-s$((7 + i))" $((7 + i)) "" "mc-v1:effort=$effort"
done

audit() { # LABEL FILE...
  echo "== $1"
  shift
  nice -n "$nice" java -cp "$bench" io.github.ddzengine.bench.BlunderAudit --threads 2 --stats "$@"
}
{
  audit "against rule, no bidding" nobid-s*/1-rule.jsonl
  audit "against greedy, no bidding" nobid-s*/2-greedy.jsonl
  audit "against mc-v1, no bidding" self-s*/1-mc-v1.jsonl
  audit "against rule, bidding" bid-s*/1-rule.jsonl
  audit "against greedy, bidding" bid-s*/2-greedy.jsonl
} > summary.txt
cat summary.txt

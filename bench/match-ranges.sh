#!/usr/bin/env bash
# One long duplicate match played as ranges of deals, kept: `ddz ladder --seed SEED --from K
# --deals STEP` for K = 0, STEP, 2 STEP, ... below DEALS, each finished range's games kept
# gzip-compressed beside its ladder JSON in RESULTS/NAME/rKKKK/ (ROW-BASELINE.jsonl.gz, as
# ddz ladder --out-dir names them, and ladder.json, whose games_file fields name those files). A
# match of thousands of deals can so be played over several sessions or machines: the ranges'
# games are the whole match's, and BlunderAudit pools them (it reads .gz records):
#
#   bench/match-ranges.sh RESULTS NAME SEED DEALS STEP LADDER-ARGS...
#   bench/match-ranges.sh bench/results t300 300 2000 200 --a mc:effort=60000 --b rule --b greedy --threads 2
#   java -cp bench/target/benchmarks.jar io.github.ddzengine.bench.BlunderAudit --max-cards 1 --stats bench/results/t300/r*/1-rule.jsonl.gz
#
# RESULTS/NAME/match.txt records the match (seed, deals, step and the ladder arguments); a run
# whose arguments differ from it is refused, so two matches never mix in one folder. Finished
# ranges (ladder.json present) are skipped; an unfinished one is played again from its first deal.
# Always without the endgame tables (--tables /nonexistent-ddz-tables), as docs/strength.md's
# figures. DDZ_JAR (default tools/target/ddz.jar) and JAVA (default java) choose what plays; copy
# the jar first if the tree will change meanwhile. Runs under nice (NICE, default 10). STOP_AT, a
# time of day as `date -d` reads it, starts no range after that time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: bench/match-ranges.sh RESULTS NAME SEED DEALS STEP LADDER-ARGS..."
[[ $# -ge 6 ]] || { echo "$usage" >&2; exit 2; }
results=$1 name=$2 seed=$3 deals=$4 step=$5
shift 5
for n in "$seed" "$deals" "$step"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "match-ranges.sh: SEED, DEALS and STEP are whole numbers, not $n" >&2; exit 2; }
done
((step > 0)) || { echo "match-ranges.sh: STEP must be at least 1" >&2; exit 2; }
for a in "$@"; do
  case "$a" in
    --seed|--seed=*|--from|--from=*|--deals|--deals=*|--out-dir|--out-dir=*|--tables|--tables=*|--json)
      echo "match-ranges.sh: $a is set by the script (SEED, DEALS, STEP and RESULTS)" >&2; exit 2 ;;
  esac
done
jar="${DDZ_JAR:-$root/tools/target/ddz.jar}"
java="${JAVA:-java}"
dir="$results/$name"
mkdir -p "$dir"
spec="seed $seed deals $deals step $step ladder $*"
if [[ -f "$dir/match.txt" ]]; then
  if [[ "$(cat "$dir/match.txt")" != "$spec" ]]; then
    echo "match-ranges.sh: $dir holds another match ($(cat "$dir/match.txt")), not $spec" >&2
    exit 2
  fi
else
  echo "$spec" > "$dir/match.txt"
fi
stop="${STOP_AT:+$(date -d "$STOP_AT" +%s)}"
for ((k = 0; k < deals; k += step)); do
  r="$dir/$(printf 'r%04d' "$k")"
  [[ -f "$r/ladder.json" ]] && continue
  if [[ -n "$stop" ]] && (($(date +%s) >= stop)); then
    echo "$(date -u +%FT%TZ) $name: STOP_AT reached before deals $k.." >&2
    exit 0
  fi
  n=$((deals - k < step ? deals - k : step))
  echo "$(date -u +%FT%TZ) $name: deals $k..$((k + n - 1))" >&2
  rm -rf "$r.tmp"
  mkdir -p "$r.tmp"
  nice -n "${NICE:-10}" "$java" -jar "$jar" ladder --seed "$seed" --from "$k" --deals "$n" \
    --tables /nonexistent-ddz-tables --out-dir "$r.tmp" --json "$@" > "$r.tmp/ladder.json"
  gzip -9n "$r.tmp"/*.jsonl
  # the games files as they are kept: the name beside ladder.json, not the path played into
  sed -i 's|"games_file":"[^"]*/\([^/"]*\.jsonl\)"|"games_file":"\1.gz"|g' "$r.tmp/ladder.json"
  rm -rf "$r"
  mv "$r.tmp" "$r"
done
echo "$(date -u +%FT%TZ) $name: all $deals deals played" >&2

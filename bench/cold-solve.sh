#!/usr/bin/env bash
# Cold against warm: the same `ddz solve` of one position in a fresh JVM (as a user's
# `./ddz solve POSITION` runs it) and warm (the last of several solves of it in one
# `ddz solve --batch`), for several JDK and flag sets. Rounds are interleaved (one run of each
# candidate per round). Prints per candidate the median solve time the JSON reports (time_ms), the
# median wall and CPU (user+sys) time of the whole process, and the nodes (which must agree).
#
# usage: bench/cold-solve.sh [ROUNDS [POSITION_ID]]   (default 5 rounds of 17v17-0 from
#   testdata/positions/random-1v1.jsonl). Run it pinned for steadier figures:
#   chrt -r 1 taskset -c 0 bench/cold-solve.sh 5 17v17-0
# JDKs: DDZ_JDK17 and DDZ_JDK25 (defaults: /usr/lib/jvm/java-17-openjdk-amd64,
#   /usr/lib/jvm/temurin-25-jdk-amd64). Candidates that need a JDK that is missing are skipped.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds="${1:-5}"
id="${2:-17v17-0}"
jdk17="${DDZ_JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}"
jdk25="${DDZ_JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
jar=tools/target/ddz.jar
[[ -f "$jar" ]] || { echo "cold-solve: build first: mvn -B -DskipTests package -pl tools -am" >&2; exit 1; }
pos="$(grep "\"id\": \"$id\"" testdata/positions/random-1v1.jsonl | sed 's/.*"position": "\([^"]*\)".*/\1/')"
[[ -n "$pos" ]] || { echo "cold-solve: no position $id" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
base=(-XX:+UseSerialGC -Xlog:disable -Xlog:all=warning:stderr)

# class-data / AOT caches. JDK 17's is the launcher's own (tools/target/ddz.jsa, made or renewed
# by one launcher run on JDK 17), so that the 17+CDS rows measure what a user's ./ddz runs: an
# archive dumped at the end of a large solve instead made every later solve with it 5-20x slower,
# warm ones too (docs/solver-speed.md, "The quiet machine").
JAVA_HOME="$jdk17" ./ddz moves --json >/dev/null 2>&1 || true
jsa17=tools/target/ddz.jsa
[[ -f "$jsa17" ]] || { echo "cold-solve: the launcher made no class-data archive on JDK 17 ($jsa17)" >&2; exit 1; }
if [[ -x "$jdk25/bin/java" ]]; then
  # JEP 483/515: the training run records loaded classes and method profiles
  "$jdk25/bin/java" "${base[@]}" -XX:AOTCacheOutput="$work/25.aot" -jar "$jar" solve --json "$pos" >/dev/null 2>&1 || true
fi

names=(17 17+CDS 17+CDS-C2only 25 25+AOT)
jdks=("$jdk17" "$jdk17" "$jdk17" "$jdk25" "$jdk25")
extra=("" "-XX:SharedArchiveFile=$jsa17" "-XX:SharedArchiveFile=$jsa17 -XX:-TieredCompilation" ""
  "-XX:AOTCache=$work/25.aot")

cold() { # candidate -> "time_ms nodes wall cpu"
  local out t
  # shellcheck disable=SC2086 # extra flags are words
  t="$( { /usr/bin/time -f '%e %U %S' "${jdks[$1]}/bin/java" "${base[@]}" ${extra[$1]} -jar "$jar" solve --json "$pos" \
    >"$work/out.json"; } 2>&1 | tail -1)"
  out="$(sed 's/.*"nodes":\([0-9]*\),"time_ms":\([0-9.]*\).*/\2 \1/' "$work/out.json")"
  echo "$out $(awk '{print $1 * 1000, ($2 + $3) * 1000}' <<<"$t")"
}
warm() { # candidate -> "time_ms nodes" of the last of 6 solves in one batch
  # shellcheck disable=SC2086
  for _ in 1 2 3 4 5 6; do echo "$pos"; done |
    "${jdks[$1]}/bin/java" "${base[@]}" ${extra[$1]} -jar "$jar" solve --batch --json 2>/dev/null | tail -1 |
    sed 's/.*"nodes":\([0-9]*\),"time_ms":\([0-9.]*\).*/\2 \1/'
}
for c in "${!names[@]}"; do : >"$work/cold$c"; : >"$work/warm$c"; done
for ((r = 0; r < rounds; r++)); do
  for c in "${!names[@]}"; do
    [[ -x "${jdks[$c]}/bin/java" ]] || continue
    cold "$c" >>"$work/cold$c"
    warm "$c" >>"$work/warm$c"
  done
done
median() { sort -n | awk '{a[NR] = $1} END {if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2); else print "-"}'; }
printf '%-16s %10s %10s %10s %10s %12s %8s\n' candidate cold_solve cold_wall cold_cpu warm_solve cold/warm nodes
for c in "${!names[@]}"; do
  [[ -s "$work/cold$c" ]] || continue
  cs="$(awk '{print $1}' "$work/cold$c" | median)"
  cw="$(awk '{print $3}' "$work/cold$c" | median)"
  cc="$(awk '{print $4}' "$work/cold$c" | median)"
  ws="$(awk '{print $1}' "$work/warm$c" | median)"
  nodes="$(awk '{print $2}' "$work/cold$c" "$work/warm$c" | sort -u | tr '\n' ' ')"
  printf '%-16s %10.0f %10.0f %10.0f %10.0f %12.2f %8s\n' "${names[$c]}" "$cs" "$cw" "$cc" "$ws" "$(awk -v a="$cs" -v b="$ws" 'BEGIN {print a / b}')" "$nodes"
done

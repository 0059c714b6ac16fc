#!/usr/bin/env bash
# baselines/build.sh COMMIT: builds the engine jars of COMMIT (ddz-core, ddz-tables, ddz-mc) into
# baselines/SHORT/ (SHORT: the commit's first 7 hex digits) with the full commit and the jars'
# SHA-256 sums. A line of baselines/agents.txt then names a frozen agent that plays that build
# (docs/baselines.md).
# Needs git (the repository's history) and Maven; touches nothing else of the working tree.
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "usage: baselines/build.sh COMMIT" >&2
  exit 2
fi
commit="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
full="$(git -C "$root" rev-parse --verify "$commit^{commit}")"
name="${full:0:7}"
tmp="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$tmp/src" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$root" worktree add --detach "$tmp/src" "$full" >/dev/null 2>&1
(cd "$tmp/src" && mvn -B -q ${MVN_OFFLINE:+-o} package -DskipTests -Dddz.docs.skip=true -Dmaven.javadoc.skip=true \
  -Dmaven.source.skip=true -pl mc-engine -am)
out="$root/baselines/$name"
rm -rf "$out"
mkdir -p "$out"
for m in solver-core:ddz-core endgame-tables:ddz-tables mc-engine:ddz-mc; do
  dir="${m%%:*}"
  art="${m##*:}"
  jar="$(ls "$tmp/src/$dir/target/$art"-*.jar | grep -v -e '-tests.jar' -e '-sources.jar' -e '-javadoc.jar' | head -n 1)"
  cp "$jar" "$out/$art.jar"
done
echo "$full" > "$out/commit"
(cd "$out" && sha256sum ddz-core.jar ddz-tables.jar ddz-mc.jar > SHA256SUMS)
echo "baselines/$name: the engine jars of $full"

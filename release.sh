#!/usr/bin/env bash
# The release command (docs/releasing.md): builds every release file of version VERSION into one
# folder, from a clone of the current commit with the version set in every pom and in the Python
# package, and never publishes or tags anything.
#
#   ./release.sh VERSION [--dry-run] [--out DIR]
#
# VERSION is X.Y.Z (no -SNAPSHOT). The folder (default target/release-VERSION) gets:
#   ddz-VERSION.jar                    the runnable command line, every dependency inside
#   maven/ARTIFACT-VERSION{.pom,.jar,-sources.jar,-javadoc.jar}
#                                      every published module and the BOM (pom only)
#   ddz_engine-VERSION-py3-none-any.whl, ddz_engine-VERSION.tar.gz
#                                      the Python package; the wheel carries ddz-VERSION.jar
#   CHANGELOG-VERSION.md               the CHANGELOG section of the version
#   SHA256SUMS                         sha256sum's lines for every file above
# Without --dry-run the commit must be clean and CHANGELOG.md must have a "## [VERSION]" section;
# with it (CI) the working tree may differ and the [Unreleased] section stands in. The tests are
# not run here: a release commit is one whose `mvn -B verify` passed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

usage() { echo "usage: ./release.sh VERSION [--dry-run] [--out DIR]" >&2; exit 2; }
version=""
dry=false
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) dry=true ;;
    --out) [[ $# -ge 2 ]] || usage; out="$2"; shift ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "release.sh: unknown option $1" >&2; usage ;;
    *) [[ -z "$version" ]] || usage; version="$1" ;;
  esac
  shift
done
[[ -n "$version" ]] || usage
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "release.sh: version '$version' is not X.Y.Z (a release has no -SNAPSHOT)" >&2
  exit 2
fi
out="${out:-target/release-$version}"
out="$(realpath -m "$out")"
current="$(sed -n 's|^  <version>\(.*\)</version>$|\1|p' pom.xml | head -1)"
if ! $dry; then
  if [[ -n "$(git status --porcelain)" ]]; then
    echo "release.sh: the working tree has changes; commit them first (or --dry-run)" >&2
    exit 2
  fi
  grep -q "^## \[$version\]" CHANGELOG.md || { echo "release.sh: CHANGELOG.md has no '## [$version]' section" >&2; exit 2; }
fi
section="$version"
$dry && ! grep -q "^## \[$version\]" CHANGELOG.md && section="Unreleased"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "release.sh: building $version (from $current, commit $(git rev-parse --short HEAD)) in $work" >&2
git clone -q . "$work/src"
if $dry; then
  # a dry run builds the working tree as it is, uncommitted changes included
  git diff HEAD --binary > "$work/wip.diff"
  [[ -s "$work/wip.diff" ]] && (cd "$work/src" && git apply --whitespace=nowarn "$work/wip.diff")
fi
cd "$work/src"
# the version, set in one step everywhere it is written: every pom, the BOM, the example project
# and the Python package
grep -rl --include=pom.xml -F "$current" . | xargs sed -i "s|$current|$version|g"
sed -i "s|^version = \".*\"$|version = \"$version\"|" python/pyproject.toml
# (the cluster's 230 MB jar with Spark inside is not a release file: assembly skipped)
mvn -B -q -DskipTests -Dassembly.skipAssembly=true package >&2
cd - >/dev/null

rm -rf "$out"
mkdir -p "$out/maven"
cp "$work/src/target/release/ddz-$version.jar" "$out/"
for pom in "$work"/src/*/pom.xml; do
  dir="$(dirname "$pom")"
  own="$(sed -n '/<\/parent>/,$p' "$pom" | sed -n 's|^  <artifactId>\(.*\)</artifactId>$|\1|p' | head -1)"
  [[ -z "$own" ]] && own="$(sed -n 's|^  <artifactId>\(.*\)</artifactId>$|\1|p' "$pom" | head -1)"
  case "$own" in ddz-bench|ddz-doctest|"") continue ;; esac
  cp "$pom" "$out/maven/$own-$version.pom"
  for kind in "" -sources -javadoc; do
    jar="$dir/target/$own-$version$kind.jar"
    [[ -f "$jar" ]] && cp "$jar" "$out/maven/"
  done
done
cp "$work/src/pom.xml" "$out/maven/ddz-parent-$version.pom"
(cd "$work/src/python" && DDZ_WHEEL_JAR="$work/src/target/release/ddz-$version.jar" python3 -c '
import sys
sys.path.insert(0, "_backend")
import ddz_build
print(ddz_build.build_wheel(sys.argv[1]), ddz_build.build_sdist(sys.argv[1]))' "$out" >&2)
awk -v s="## [$section]" 'index($0, s) == 1 {on = 1; print; next} on && /^## \[/ {exit} on {print}' CHANGELOG.md \
  > "$out/CHANGELOG-$version.md"
[[ -s "$out/CHANGELOG-$version.md" ]] || { echo "release.sh: no CHANGELOG section [$section]" >&2; exit 1; }
(cd "$out" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)
echo "release.sh: $(wc -l < "$out/SHA256SUMS") files in $out$($dry && echo ' (dry run: nothing is tagged or published)')"

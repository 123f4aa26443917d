#!/bin/bash
# The main job (README's first command) built from a clean clone, N builds quiet and N beside one busy-loop process,
# alternating; `git clean -fdx` before each, the Maven repository warm (offline). Writes <out>/runs.tsv (each build's
# Surefire totals), every build's console (gzipped when the build was clean) and, for a build with a failure or a skip,
# its Surefire and jlbh reports.
# usage: jlbh-benchmarks/scripts/main-job-builds.sh <builds per condition> <out dir> <commit>
set -u
n=$1
out=$(realpath -m "$2")
rev=$3
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
clone="${TMPDIR:-/tmp}/jlbh-main-job-clone"
mkdir -p "$out"
rm -rf "$clone"
git clone -q "$repo" "$clone"
cd "$clone" || exit 1
git checkout -q "$rev"
echo -e "run\tcondition\ttests\tfailures\terrors\tskipped\tseconds" > "$out/runs.tsv"
for i in $(seq 1 "$n"); do
  for busy in 0 1; do
    git clean -q -fdx
    pids=""
    for _ in $(seq 1 $busy); do sh -c 'while :; do :; done' & pids="$pids $!"; done
    start=$(date +%s)
    if grep -q '<id>main-job</id>' pom.xml; then
      mvn -B -o -pl sample-tests -am test -Pmain-job > "$out/console-$i-$busy.txt" 2>&1
    else # the README's command before the main-job profile (2026-11-28)
      mvn -B -o -pl sample-tests -am verify -Dtest='Sample*' -Dsurefire.failIfNoSpecifiedTests=false \
          -Dinvoker.skip=true > "$out/console-$i-$busy.txt" 2>&1
    fi
    took=$(( $(date +%s) - start ))
    for p in $pids; do kill "$p"; done
    read -r t f e s <<< "$(python3 - <<'PY'
import glob, re
t = f = e = s = 0
for x in glob.glob('sample-tests/target/surefire-reports/TEST-*.xml'):
    suite = re.search(r'<testsuite[^>]*', open(x).read(3000)).group(0)
    g = lambda k: int(re.search(k + r'="(\d+)"', suite).group(1))
    t += g('tests'); f += g('failures'); e += g('errors'); s += g('skipped')
print(t, f, e, s)
PY
)"
    condition=$([ "$busy" = 0 ] && echo quiet || echo "one busy loop")
    echo -e "$i\t$condition\t$t\t$f\t$e\t$s\t$took" >> "$out/runs.tsv"
    if [ "$f$e$s" = "000" ] && [ "$t" != "0" ]; then
      gzip "$out/console-$i-$busy.txt" # kept small: the samples print their figures there
    else
      mkdir -p "$out/kept-$i-$busy"
      cp -r sample-tests/target/surefire-reports sample-tests/target/jlbh-reports "$out/kept-$i-$busy/" 2>/dev/null
    fi
  done
done

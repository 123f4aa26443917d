#!/bin/bash
# Sample 5 (a ported JLBH benchmark judged as measured) and the heap's growth, from the working tree, the Maven
# repository warm (offline). Two parts, N of each:
#  1. DateSerialiseJLBH.main in a fresh JVM (3 runs), alternately with the JVM's default heap and with a fixed heap
#     touched in advance (-Xms1g -Xmx1g -XX:+AlwaysPreTouch): each run's p50, and the GC log;
#  2. the sample through Surefire (mvn test, 5 runs), quiet and beside one busy-loop process, alternating: each run's
#     p50, the result, the seconds.
# Writes <out>/standalone.tsv, <out>/builds.tsv, the GC logs and every console (gzipped).
# usage: jlbh-benchmarks/scripts/sample05-builds.sh <N> <out dir>
set -u
n=$1
out=$(realpath -m "$2")
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
mkdir -p "$out"
cd "$repo" || exit 1
mvn -B -o -q -pl sample-tests -am install -DskipTests -Dinvoker.skip=true || exit 1
mvn -B -o -q -pl sample-tests dependency:build-classpath -Dmdep.outputFile="$out/classpath.txt" \
    -Dmdep.includeScope=test || exit 1
cp="sample-tests/target/test-classes:$(cat "$out/classpath.txt")"
p50s() { grep -m1 '^50.0:' "$1" | awk '{$1=""; $NF=""; print}' | xargs | tr ' ' ','; }

echo -e "jvm\theap\trun p50s (µs)" > "$out/standalone.tsv"
for i in $(seq 1 "$n"); do
  for heap in default fixed; do
    flags=""; [ "$heap" = fixed ] && flags="-Xms1g -Xmx1g -XX:+AlwaysPreTouch"
    log="$out/standalone-$i-$heap.txt"
    # shellcheck disable=SC2086
    java $flags -Xlog:gc:file="$out/gc-$i-$heap.log" -cp "$cp" \
        'org.jlbh.samples.Sample05_PortedJLBHTask$DateSerialiseJLBH' > "$log" 2>&1
    echo -e "$i\t$heap\t$(p50s "$log")" >> "$out/standalone.tsv"
    gzip -f "$log"
  done
done

echo -e "build\tcondition\tresult\trun p50s (µs)\tseconds" > "$out/builds.tsv"
for i in $(seq 1 "$n"); do
  for busy in 0 1; do
    pids=""
    for _ in $(seq 1 $busy); do sh -c 'while :; do :; done' & pids="$pids $!"; done
    log="$out/build-$i-$busy.txt"
    start=$(date +%s)
    mvn -B -o -pl sample-tests test -Dtest='Sample05*' -Dsurefire.failIfNoSpecifiedTests=false > "$log" 2>&1
    result=$([ $? = 0 ] && echo passed || echo FAILED)
    took=$(( $(date +%s) - start ))
    for p in $pids; do kill "$p"; done
    condition=$([ "$busy" = 0 ] && echo quiet || echo "one busy loop")
    echo -e "$i\t$condition\t$result\t$(p50s "$log")\t$took" >> "$out/builds.tsv"
    gzip -f "$log"
  done
done

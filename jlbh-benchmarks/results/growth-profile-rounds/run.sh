#!/bin/bash
# usage: run.sh N label jdkhome
N=$1; label=$2; jdk=$3
cd /tmp/repro/workspace
mkdir -p /tmp/repro/out
for i in $(seq 1 $N); do
  rm -rf target/jlbh-reports
  JAVA_HOME=$jdk PATH=$jdk/bin:$PATH mvn -B -o test -Dgroups=latency \
   -Djlbh.paired.base=../base/target/test-classes:../base/target/classes:@../base/target/jlbh-base.classpath > /tmp/repro/out/$label-$i.log 2>&1
  cp -r target/jlbh-reports /tmp/repro/out/$label-$i-reports 2>/dev/null; echo "== $label $i $(date +%T)"
  grep -m1 -o "end to end p50 on the code's own account.*" /tmp/repro/out/$label-$i.log | cut -c1-250
  grep -m1 "^=== Where the change spent" /tmp/repro/out/$label-$i.log | grep -o "[0-9,]* calls of each.*in the base's"
  grep -m4 "^===    [0-9]\.\|Not profiled\|no frame of the code" /tmp/repro/out/$label-$i.log | cut -c1-200
done

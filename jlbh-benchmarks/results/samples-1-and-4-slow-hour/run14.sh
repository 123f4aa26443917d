#!/bin/bash
# Samples 1 and 4 alone, quiet and beside one busy loop, N builds each; console kept per build
cd /work/main
for i in $(seq 1 $1); do
  for mode in quiet busy; do
    pid=""
    if [ $mode = busy ]; then (while :; do :; done) & pid=$!; fi
    start=$(date +%s)
    mvn -B -o -q -pl sample-tests test -Pmain-job -Dtest='Sample01*,Sample04*' -Dsurefire.failIfNoSpecifiedTests=false > /work/s38/s14-$mode-$i.log 2>&1
    rc=$?
    [ -n "$pid" ] && kill $pid
    echo "$mode $i rc=$rc $(( $(date +%s) - start )) s" >> /work/s38/summary14.txt
  done
done

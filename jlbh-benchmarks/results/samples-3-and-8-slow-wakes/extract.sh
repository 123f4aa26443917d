#!/bin/bash
# per build: Sample 3's two lines, Sample 8's knee and per-rate end-to-end p50/p99 with the halves' p50 and p99, each test's time
for f in /work/s38/{quiet,busy}-*.log; do
  echo "== $(basename $f .log)"
  grep -h "^At " $f
  awk '/=== SWEEP/{on=1;next}
       on&&/^=== Knee/{print "  " substr($0,1,60); on=0}
       on&&/end to end/{r=$1; a=$2; e50=$6; e99=$8; n=0}
       on&&/(server2client|client2server)/{h50[n]=$2; h99[n]=$4; n++; if(n==2) printf "  %s (achieved %s): e2e p50 %s p99 %s; halves p50 %s + %s, p99 %s + %s\n", r, a, e50, e99, h50[0], h50[1], h99[0], h99[1]}' $f
  grep -h "Tests run:.*Sample0" $f | sed 's/.*Time elapsed: \([0-9.]*\) s.*in org.jlbh.samples./  \1 s /'
done

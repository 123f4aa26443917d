#!/usr/bin/env python3
"""Per version, condition and library over the campaign's halves: builds, flagged, p50 interval holding zero, median test seconds."""
import csv, glob, statistics, sys
from collections import defaultdict
rows = defaultdict(list)
for name in sys.argv[1:]:
    version = name.split('-')[0]
    for f in glob.glob(f'/work/camp/{name}/library-pairs-builds.tsv'):
        for r in csv.DictReader(open(f), delimiter='\t'):
            rows[(version, r['condition'], r['library'])].append(r)
print('| jars | condition | library | builds | flagged | p50 interval holds zero | median time of the test (s) | times (s) |')
print('| --- | --- | --- | --- | --- | --- | --- | --- |')
for (version, cond, lib), rs in sorted(rows.items()):
    flagged = sum(1 for r in rs if any(r[k].split(' ')[0] in ('REGRESSION', 'IMPROVED') for k in ('end to end p50', 'p90', 'p99')))
    zero = sum(1 for r in rs if r['p50 interval holds zero'] == 'yes')
    times = sorted(float(r['test seconds']) for r in rs)
    print(f'| {version} | {cond} | {lib} | {len(rs)} | {flagged} | {zero} | {statistics.median(times):.1f} | {times[0]:.1f}–{times[-1]:.1f} |')

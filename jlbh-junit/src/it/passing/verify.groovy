def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0') : 'the latency test did not pass'
assert log.contains('=== Latency budgets met (MEDIAN_RUN): end to end p99.9 <= 5000') : 'no verdict line'
assert log.contains('SUMMARY (end to end, us)') && log.contains('SUMMARY (parse, us)') : 'no JLBH report in the output'
assert log.contains('BUILD SUCCESS')
return true

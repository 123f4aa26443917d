def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 2, Failures: 1, Errors: 0, Skipped: 0') : 'one latency test passed, one failed'
assert log =~ /=== Latency budgets met \(MEDIAN_RUN\): end to end p99 <= 1000 µs: [\d.]+ µs/ : 'the pass, as the README shows it'
assert log =~ /=== PriceLatencyTest\.price measured for [\d.]+ s: decided after 3 runs of 10,000 iterations \(1\.0 s each\)/
assert log =~ /=== FAILED SlowPriceLatencyTest\.price: end to end p99 was [\d,.]+ µs, budget 1000 µs \(runs: [^)]*10,000\/s; coordinated omission on\); late samples over 1000 µs: [\d,]+/ : 'the breach, as the README shows it'
// where the late prices spent their time: a profiled run after the verdict, through mvn test on the installed jars
assert log =~ /=== Where the late iterations spent their time: one more run after the verdict, [\d.]+ s, async-profiler/ : 'the breach profiled'
assert log =~ /Where the late iterations \(end to end over 1000 µs\) spent their time, profiled in one more run after the verdict/ : 'the profile in the failure message'
assert !log.contains('Not profiled') : 'the profiler started'
assert log.contains('BUILD FAILURE')
return true

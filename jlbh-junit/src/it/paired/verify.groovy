def log = new File(basedir, 'build.log').text
// the change's test ran paired with the base's compiled classes, eight pairs an attempt, its runs in turns with the
// base's (a change surely slower but not yet surely by more than 5% is measured again: 16 pairs, 24...)
assert log =~ /=== Change against the base \[.*base\/target\/test-classes\] \((8|16|24|32) pairs of runs taken in turns in this JVM/
assert log.contains("=== The base's side of attempt 1, its runs taken in turns with the change's:")
// 22 µs of work against 20 µs: the median pair 10% slower, its whole interval above the 5% tolerance. The work is a
// spin on the clock, so each pair's ratio is near 1.10 whatever else the machine does: the interval is narrow
assert log =~ /Regression against the base \(paired runs\): end to end p50 on the code's own account, (8|16|24|32) pairs: base 2\d\.\d{3} .s, change 2\d\.\d{3} .s, \+\d+\.\d% \(interval \+\d+\.\d\.\.\+\d+\.\d%\), tolerance \+5%, detectable \+\d+%: REGRESSION/
assert log.contains('Tests run: 1, Failures: 1')
// the JSON result carries the paired rows
def result = new File(basedir, 'change/target/jlbh-reports/com.example.QuoteLatencyTest.quote.json')
assert result.isFile() && result.text.contains('"paired": {') && result.text.contains('"decision": "REGRESSION"')
// where the change spent more time than its base: each side measured once more under async-profiler, through
// mvn test on the installed jars (which frames it names is not asserted: 2 µs more of a spin on the clock)
assert log =~ /=== Where the change spent more time than its base: one more measurement of each after the verdict, [0-9.]+ s, async-profiler/
assert result.text.contains('"growth": {')
assert new File(basedir, 'change/target/jlbh-reports/com.example.QuoteLatencyTest.quote.change-vs-base.html').isFile()
return true

def log = new File(basedir, 'build.log').text
// builds 1-3 recorded a history of three builds in the project's tree
def baseline = new File(basedir, 'src/test/jlbh-baseline/com.example.PricingLatencyTest.price.json')
assert baseline.isFile() && baseline.text.contains('"format": "jlbh-junit baseline 1"')
assert log =~ /=== Baseline written: .*\(3 of at most 5 builds\)/
// build 4, unchanged, was compared with those three at p50, p90 and p99, each judged, and passed: within noise
assert log =~ /=== Change against the baseline .*price\.json \(3 recorded builds/
for (p in ['50', '90', '99']) {
    assert log =~ "end to end p${p}: history [\\d.,]+–[\\d.,]+ .s \\(3 builds\\), now [\\d.,]+ .s, [+-]\\d+% \\(interval [+-]\\d+\\.\\.[+-]\\d+%\\), threshold \\+25%: within noise" : "p${p} of the unchanged build"
}
// build 5 failed on the regression at p50 and p99, each naming probe, percentile, history, now, interval and threshold
assert log =~ /Regression against the baseline in src\/test\/jlbh-baseline: end to end p50: history [\d.,]+–[\d.,]+ .s \(3 builds\), now 4\d\.\d{3} .s, \+\d+% \(interval \+\d+\.\.\+\d+%\), threshold \+25%: REGRESSION/
assert log =~ /end to end p99: history [\d.,]+–[\d.,]+ .s \(3 builds\), now 1[3-9]\d\.\d{3} .s, \+\d+% \(interval \+\d+\.\.\+\d+%\), threshold \+25%: REGRESSION/
assert log.contains('Tests run: 1, Failures: 1')
// build 6 restarted the history with the slower build, and build 7 passed against it
assert log =~ /=== Baseline written: .*\(1 of at most 1 builds\)/
assert log =~ /(?s)Tests run: 1, Failures: 1.*Baseline written: .*\(1 of at most 1 builds\).*Change against the baseline .*\(1 recorded build;.*Tests run: 1, Failures: 0, Errors: 0, Skipped: 0.*BUILD SUCCESS/
return true

def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 1') : 'the latency test did not fail'
assert log.contains('BUILD FAILURE')
// the budget message, in the Surefire report (UTF-8) and the console
def report = new File(basedir, 'target/surefire-reports/TEST-com.example.SlowServiceLatencyTest.xml').getText('UTF-8')
assert report =~ /end to end p50 was [2-9]\d\d\.\d{3} \u00b5s, budget 50 \u00b5s \(runs: [\d.]+, [\d.]+, [\d.]+ \u00b5s; 1,000\/s; coordinated omission on\)/
assert log =~ /end to end p50 was [2-9]\d\d\.\d{3} .s, budget 50 .s/
return true

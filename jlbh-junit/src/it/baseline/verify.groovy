def log = new File(basedir, 'build.log').text
// build 1 wrote the baseline into the project's tree
assert new File(basedir, 'src/test/jlbh-baseline/com.example.PricingLatencyTest.price.json').isFile()
assert log.contains('=== Baseline written: ')
// build 2 failed on the regression, naming probe, percentile, before and after
assert log =~ /Regression against the baseline in src\/test\/jlbh-baseline: end to end p50 was [\d.]+ .s, now 4\d\.\d{3} .s \(\+\d+\.\d%, tolerance \d+\.\d%/
assert log.contains('Tests run: 1, Failures: 1')
assert log =~ /end to end\s+50\s+[\d.,]+\s+4\d\.\d{3}\s+\+[\d.]+%\s+[\d.]+%  REGRESSION/ : 'no change-per-percentile table'
// build 4 compared the slower body with the refreshed baseline and passed
assert log =~ /(?s)Tests run: 1, Failures: 1.*Baseline written: .*Change against the baseline.*Tests run: 1, Failures: 0, Errors: 0, Skipped: 0.*BUILD SUCCESS/
return true

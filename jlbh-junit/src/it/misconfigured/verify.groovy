def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 1') || log.contains('Tests run: 1, Failures: 1') : 'the test did not fail'
assert log.contains('BUILD FAILURE')
assert log.contains('ExtensionConfigurationException')
assert log.contains("Configuration error: @LatencyTest on method [void com.example.MisconfiguredLatencyTest.percentileAbove100()] has 'percentile' = 150. Fix: 'percentile' must be in (0, 100]")
assert !log.contains('BENCHMARK RESULTS') : 'it measured although misconfigured'
// the unknown parameter, once for the run, in Surefire's forked JVM
def warning = '=== WARNING: jlbh.retries is not a configuration parameter of jlbh-junit and is ignored: did you mean jlbh.retry.failed?'
assert log.count(warning) == 1 : 'the unknown parameter, warned of once'
return true

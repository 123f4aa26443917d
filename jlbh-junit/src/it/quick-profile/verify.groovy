def log = new File(basedir, 'build.log').text
// the profile reached the tests: a tenth of the iterations, and the breach reported, not failing the build
assert log.contains('3 runs x 2,000 iterations') : 'the quick profile did not scale the iterations to a tenth'
assert log =~ /=== Latency budget breached \(jlbh\.mode = report, not failing\): end to end p50 was/
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('BUILD SUCCESS')
return true

def log = new File(basedir, 'build.log').text
def builds = log.split(/(?m)^\[INFO\] Scanning for projects/).findAll { it.contains('T E S T S') }
assert builds.size() == 2 : "two builds in ${basedir}/build.log"
// 1. by default: skipped, the build green, the reason and what would decide it said
assert builds[0].contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 1')
assert builds[0] =~ /=== INCONCLUSIVE SplitLatencyTest\.split \(reported as skipped\): Inconclusive: the runs disagree about a latency budget, and 2 attempts did not settle it/
assert builds[0].contains('To decide it: more runs, which jlbh.remeasure.undecided (now 1, at most 10) measures while they disagree')
assert builds[0].contains('BUILD SUCCESS')
// 2. jlbh.inconclusive=fail: the same test fails the build, saying why
assert builds[1].contains('Tests run: 1, Failures: 1, Errors: 0, Skipped: 0')
assert builds[1] =~ /=== INCONCLUSIVE SplitLatencyTest\.split \(failing the test: jlbh\.inconclusive = fail\): Inconclusive: the runs disagree/
assert builds[1].contains('(failed: jlbh.inconclusive = fail fails a test that could not be decided)')
assert builds[1].contains('BUILD FAILURE')
return true

import groovy.json.JsonSlurper

// A modular project's latency tests pass through Surefire (the tests patched into the project's module) and on the
// module path through the ConsoleLauncher (jlbh-junit, jlbh-core and JUnit as named modules; the test module's own
// @BeforeAll asserts that jlbh's modules are named and export their API packages only).
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0') : 'the latency test did not pass in Surefire'
assert (log =~ /\[\s+1 tests successful\s+\]/) && (log =~ /\[\s+0 tests failed\s+\]/) :
        'the latency test did not pass on the module path'
assert log.contains('=== Latency budgets met (MEDIAN_RUN)') : 'no verdict line'
assert log.contains('BUILD SUCCESS')

def results = [
        'target/jlbh-reports/com.example.pricing.PricerLatencyTest.price.json',
        'target/jlbh-reports-modules/com.example.pricing.latency.PricerOnTheModulePathTest.price.json']
for (path in results) {
    def file = new File(basedir, path)
    assert file.exists() : 'no result ' + path
    def json = new JsonSlurper().parse(file)
    assert json.verdict.outcome == 'PASSED' : path + ': ' + json.verdict
    assert json.runs.size() == 3 && json.runs.every { it.status == 'COMPLETE' } : path + ' runs: ' + json.runs*.status
    assert json.probes*.name.containsAll(['end to end', 'price']) : path + ' probes: ' + json.probes*.name
    if (System.getProperty('os.name').toLowerCase().contains('linux')) {
        // the evidence is read on the module path too: /proc for the scheduler, jdk.jfr for the JVM's pauses
        assert json.runs.every { it.evidence != null && it.evidence.schedulerMissing == null
                && it.evidence.jvmMissing == null } : path + ' evidence: ' + json.runs*.evidence
    }
}
return true

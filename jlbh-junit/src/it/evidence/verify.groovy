import groovy.json.JsonSlurper

// The same latency tests ran through Surefire (`mvn test`) and through JUnit's ConsoleLauncher: on Linux, every run
// of every latency test, in both, carries the scheduler's evidence of its harness threads and the JVM's pauses.
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 10, Failures: 0, Errors: 0, Skipped: 0') : 'the latency tests did not all pass in Surefire'
assert log =~ /\[\s+10 tests successful\s+\]/ : 'the latency tests did not all pass in the ConsoleLauncher'
assert log.contains('BUILD SUCCESS')

def linux = System.getProperty('os.name').toLowerCase().contains('linux')
def expected = [
        'com.example.EvidenceKindsTest.fastBody', 'com.example.EvidenceKindsTest.slowBody',
        'com.example.EvidenceKindsTest.allocatingBody', 'com.example.EvidenceKindsTest.withProbe',
        'com.example.EvidenceKindsTest.onTwoHarnessThreads', 'com.example.EvidenceRetriedTest.slowThenFast']
def missing = []
for (folder in ['target/jlbh-reports', 'target/jlbh-reports-console']) {
    def reports = new File(basedir, folder)
    def results = reports.listFiles().findAll { it.name.startsWith('com.example.') && it.name.endsWith('.json') }
    // 6 tests, 2 sweep rates, 2 parameterized invocations
    assert results.size() == 10 : folder + ' holds ' + results*.name
    for (id in expected) {
        assert new File(reports, id + '.json').exists() : folder + ': no result for ' + id
    }
    for (file in results) {
        def json = new JsonSlurper().parse(file)
        assert json.runs.size() == 2 : file.name + ' has ' + json.runs.size() + ' runs'
        for (run in json.runs) {
            assert run.evidence != null : file.name + ' run ' + run.run + ' has no evidence'
            if (linux && run.evidence.schedulerMissing != null) {
                missing << "${folder}/${file.name} run ${run.run}: ${run.evidence.schedulerMissing}"
            }
            if (run.evidence.jvmMissing != null) {
                missing << "${folder}/${file.name} run ${run.run}: ${run.evidence.jvmMissing}"
            }
        }
    }
}
assert missing.isEmpty() : 'runs without their evidence:\n' + missing.join('\n')

// the retried test was measured twice, and passed on its second attempt, in both launchers
for (folder in ['target/jlbh-reports', 'target/jlbh-reports-console']) {
    def retried = new JsonSlurper().parse(new File(basedir, folder + '/com.example.EvidenceRetriedTest.slowThenFast.json'))
    assert retried.verdict.outcome == 'PASSED' && retried.verdict.attempt == 2 : folder + ': ' + retried.verdict
}
return true

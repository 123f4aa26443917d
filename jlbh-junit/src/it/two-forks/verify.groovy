import groovy.json.JsonSlurper
import java.time.Instant

def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 4, Failures: 0, Errors: 0, Skipped: 0') : 'Surefire ran the four latency tests'
def reports = new File(basedir, 'target/jlbh-reports')
def results = reports.listFiles().findAll { it.name.startsWith('com.example.') && it.name.endsWith('.json') }
assert results.size() == 4 : "one result per test class, all four kept: ${results*.name}"
def windows = results.collect { file ->
    def verdict = new JsonSlurper().parse(file).verdict
    assert verdict.outcome == 'PASSED' : "${file.name}: ${verdict.detail}"
    def machine = verdict.machine
    assert machine != null && machine.lock == 'on' : "${file.name} says how it had the machine"
    assert machine.waitedSeconds >= 0 && machine.shared == null : "${file.name} had its turn: ${machine}"
    [name: file.name, from: Instant.parse(machine.from), to: Instant.parse(machine.to), waited: machine.waitedSeconds,
     heldBy: machine.heldBy]
}.sort { it.from }
for (int i = 1; i < windows.size(); i++) {
    assert !windows[i].from.isBefore(windows[i - 1].to) :
            "measurements overlapped: ${windows[i - 1].name} until ${windows[i - 1].to}, ${windows[i].name} from ${windows[i].from}"
}
// the two forks start together: at least one test waited for the other fork's, and said whose
def waited = windows.findAll { it.waited > 0 && !it.heldBy.isEmpty() }
assert !waited.isEmpty() : "no test waited for the machine: ${windows}"
assert log =~ /=== Waited \d+\.\d s for the machine, while other latency tests measured \(pid \d+: \w+LatencyTest\.hash/
// the job summary: each JVM appended a table of the tests it ran; every test has one row, as its result says
def summary = new File(basedir, 'target/step-summary.md').getText('UTF-8')
def rows = summary.readLines().findAll { it.startsWith('| `') }
assert rows.size() == 4 : "one row per test in the job summary: ${summary}"
assert summary.readLines().count { it.startsWith('### Latency tests: ') } >= 2 : 'a table from each fork'
results.each { file ->
    def json = new JsonSlurper().parse(file)
    def row = rows.find { it.startsWith("| `${json.test.displayName}` |") }
    assert row != null : "no row for ${json.test.displayName}"
    assert row.contains(" ${json.verdict.outcome} | ") : "the row's outcome is the result's: ${row}"
    assert row.contains(String.format(Locale.ROOT, '%.1f s |', json.verdict.measuringSeconds as double))
}
def page = new File(reports, 'index.html').getText('UTF-8')
assert page.contains('4 tests: 4 PASSED') : 'the page lists the four tests of two JVMs'
['Orders', 'Quotes', 'Trades', 'Fills'].each { assert page.contains(">${it}LatencyTest.hash<") }
return true

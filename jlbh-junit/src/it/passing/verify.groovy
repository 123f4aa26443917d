import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0') : 'the latency test did not pass'
// met as measured or on the code's own account, on the first attempt or, where its runs disagreed, a later one
assert log =~ /=== Latency budgets met( on the code's own account)? \(MEDIAN_RUN\)( on attempt \d of \d)?( \(by the sequential rule[^)]*\))?: end to end p99\.9 / : 'no verdict line'
assert log.contains('SUMMARY (end to end) us') && log.contains('SUMMARY (parse) us') : 'no JLBH report in the output'
assert log.contains('BUILD SUCCESS')

// the figures reach the JUnit XML that CI servers read: one line per probe in the test case's system-out
def xml = new XmlSlurper().parse(new File(basedir, 'target/surefire-reports/TEST-com.example.OrderParserLatencyTest.xml'))
def out = xml.testcase.find { it.@name.text().startsWith('parseNewOrderSingle') }.'system-out'.text()
assert out =~ /jlbh figures \[end to end\] p50=[\d.]+us p90=[\d.]+us p99=[\d.]+us p99\.9=[\d.]+us worst=[\d.]+us count=60000 throughput=\d+\/s verdict=PASSED/
assert out =~ /jlbh figures \[parse\] p50=[\d.]+us p90=[\d.]+us p99=[\d.]+us p99\.9=[\d.]+us worst=[\d.]+us count=60000 throughput=\d+\/s verdict=PASSED/

// the report folder: JSON result, one .hgrm per probe, and the suite page
def reports = new File(basedir, 'target/jlbh-reports')
def id = 'com.example.OrderParserLatencyTest.parseNewOrderSingle'
def json = new JsonSlurper().parse(new File(reports, id + '.json'))
assert json.verdict.outcome == 'PASSED'
assert json.settings.throughputPerSecond == 20000 && json.settings.runs == 3
assert json.environment.cores > 0 && json.environment.javaVersion
assert json.runs.size() == 3 && json.runs.every { it.status == 'COMPLETE' && it.harnessLateness.count == 20000 }
assert json.probes*.name == ['end to end', 'parse', 'OS jitter']
def endToEnd = json.probes[0]
assert endToEnd.runs.every { it.count == 20000 && it.percentilesNanos.'99.9' >= it.percentilesNanos.'50' && it.maxNanos >= it.minNanos }
for (probe in ['end-to-end', 'parse', 'OS-jitter']) {
    def hgrm = new File(reports, id + '.' + probe + '.hgrm')
    assert hgrm.text.contains('Value     Percentile TotalCount 1/(1-Percentile)') : hgrm.name + ' is not HdrHistogram output'
}
def html = new File(reports, 'index.html').getText('UTF-8')
assert html.contains('OrderParserLatencyTest.parseNewOrderSingle') && html.contains('<svg') && !html.contains('<script')

// a user who only annotates tests gets neither AssertJ nor Byte Buddy from jlbh-junit
def tree = new File(basedir, 'target/dependency-tree.txt').text
assert tree.contains('org.jlbh:jlbh-junit:jar') && tree.contains('org.hdrhistogram:HdrHistogram:jar')
assert !tree.contains('assertj') && !tree.contains('byte-buddy') : 'AssertJ or Byte Buddy on the consumer\'s classpath:\n' + tree
return true

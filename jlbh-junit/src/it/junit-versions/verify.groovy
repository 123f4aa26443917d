def log = new File(basedir, 'build.log').text
// three builds, each ran its three latency tests (one passed, the breach failed, the misconfiguration is an error)
// and a plain test that prints which JUnit ran
def runs = (log =~ /Tests run: 4, Failures: 1, Errors: 1, Skipped: 0\n/).size()
assert runs == 3 : "expected three builds of four tests, two passing, found ${runs}"
assert !(log =~ /Tests run: 0/) : 'a build ran no test: mixed JUnit jars?'
assert !log.contains('NoClassDefFoundError') && !log.contains('NoSuchMethodError')
assert (log =~ /end to end p50 was [2-9]\d\d\.\d{3} .s, budget 50 .s/).size() >= 3 : 'the breach, in each build'
assert (log =~ /Configuration error: @LatencyTest on method \[void com\.example\.QuoteLatencyTest\.misconfigured\(\)\] has 'percentile' = 150/).size() >= 3
// no deprecation warning from JUnit about the extension's store resources, on any version
assert !log.contains('CloseableResource') : 'JUnit warned about a CloseableResource'
assert !(log =~ /(?i)WARNING.*jlbh/) : 'a warning names jlbh'
// each version was the one that ran, the user's: jlbh-junit brought no JUnit of its own
['5.10.5', '5.14.4', '6.1.3'].each { version ->
    assert log.contains("JUnit Jupiter API ${version}") : "JUnit ${version} did not run"
}
// JUnit 5.12 and later hold the JSON result as a file the test published (JUnit 5.10 has no published files)
def published = new File(basedir, 'target/junit-output/junit-jupiter/com.example.QuoteLatencyTest/quotes()/com.example.QuoteLatencyTest.quotes.json')
assert published.isFile() && published.text.contains('"format": "jlbh-junit result 1"') : 'the published result'
return true

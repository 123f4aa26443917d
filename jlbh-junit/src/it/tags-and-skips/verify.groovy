def log = new File(basedir, 'build.log').text
def builds = log.split(/(?m)^\[INFO\] Scanning for projects/)
assert builds.size() >= 3 : 'two builds'
def latencyOnly = builds[1]
def withoutLatency = builds[2]
// 1. -Dgroups=latency: the two latency tests, not the ordinary one; the crowded one skipped as inconclusive
assert latencyOnly.contains('ran the latency test') && !latencyOnly.contains('ran the ordinary test')
assert latencyOnly =~ /Tests run: 2, Failures: 0, Errors: 0, Skipped: 1\n/
// its reason on a line of its own on the console, and as the skip message in the Surefire XML
assert latencyOnly =~ /=== INCONCLUSIVE CrowdedLatencyTest\.quickWhileCrowded \(reported as skipped\): Inconclusive: the budgets broke only through late samples that are not the code's/
// (Surefire, 3.5 and 3.6 alike, writes an aborted test's reason as the text of its <skipped> element, not as a
// message attribute)
def xml = new File(basedir, 'target/surefire-reports/TEST-com.example.CrowdedLatencyTest.xml').getText('UTF-8')
assert xml =~ /(?s)<skipped type="org\.opentest4j\.TestAbortedException"><!\[CDATA\[org\.opentest4j\.TestAbortedException: \s*Inconclusive: the budgets broke only through late samples that are not the code's \(jlbh\.noise = aware\):\s+end to end p90 was [\d.,]+ \u00b5s, budget 50 \u00b5s .*late samples over 50 \u00b5s: [\d,]+ while the harness thread waited/
// 2. -DexcludedGroups=latency: the ordinary test alone
assert withoutLatency.contains('ran the ordinary test') && !withoutLatency.contains('ran the latency test')
assert withoutLatency =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: 0\n/
return true

def log = new File(basedir, 'build.log').text
def builds = log.split(/(?m)^\[INFO\] Scanning for projects/)
assert builds.size() >= 3 : 'two builds'
def latencyOnly = builds[1]
def withoutLatency = builds[2]
// 1. -Dgroups=latency: the two latency tests, not the ordinary one; the crowded one met on the code's own account
assert latencyOnly.contains('ran the latency test') && !latencyOnly.contains('ran the ordinary test')
assert latencyOnly =~ /Tests run: 2, Failures: 0, Errors: 0, Skipped: 0\n/
// both figures on a line of their own on the console, which the Surefire XML keeps in the test's system-out
def verdict = /=== Latency budgets met on the code's own account \(MEDIAN_RUN\)[^:]*: end to end p90 [\d.]+ \u00b5s on the code's own account \(runs: [^)]*\), budget 50 \u00b5s; as measured [\d.,]+ \u00b5s, [\d,]+ late samples the platform or the JVM account for: late samples over 50 \u00b5s: [\d,]+ while the harness thread waited/
assert latencyOnly =~ verdict
def xml = new File(basedir, 'target/surefire-reports/TEST-com.example.CrowdedLatencyTest.xml').getText('UTF-8')
assert xml =~ verdict
// 2. -DexcludedGroups=latency: the ordinary test alone
assert withoutLatency.contains('ran the ordinary test') && !withoutLatency.contains('ran the latency test')
assert withoutLatency =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: 0\n/
return true

package org.jlbh.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;

/**
 * One suite page per report folder: every test with a result there is listed, from this run and every other that
 * wrote to the folder (Surefire then Failsafe, forks, an IDE's single test), failures first, and a test that ended
 * without a result (a configuration error) is listed as such. Each {@code EngineTestKit} run below stands for one JVM.
 */
class SuitePageTests {
    @TempDir
    Path reports;

    static class Passing {
        @LatencyTest(throughput = 5_000, iterations = 500, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void quick() {
        }
    }

    static class Breaching {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 50)
        void tooSlow() {
            busyWaitMicros(200);
        }
    }

    static class Misconfigured {
        @LatencyTest(throughput = -5, percentile = 99, maxMicros = 100)
        void negativeThroughput() {
        }
    }

    private void run(Class<?>... fixtures) {
        EngineRuns.run(reports, Map.of(), fixtures);
    }

    private String page() throws IOException {
        return Files.readString(reports.resolve("index.html"));
    }

    @Test
    void everyTestOfEveryRunThatWroteToTheFolderIsListedFailuresFirst() throws IOException {
        run(Passing.class);
        assertThat(page()).contains(">Passing.quick<").doesNotContain("Breaching");

        run(Breaching.class, Misconfigured.class);

        String page = page();
        assertThat(page).contains("3 tests: 2 FAILED, 1 PASSED");
        int breaching = page.indexOf(">Breaching.tooSlow<");
        int misconfigured = page.indexOf(">Misconfigured.negativeThroughput<");
        int passing = page.indexOf(">Passing.quick<");
        assertThat(breaching).as("the breach, listed").isPositive();
        assertThat(misconfigured).as("the configuration error, listed").isPositive();
        assertThat(passing).as("failures first").isGreaterThan(Math.max(breaching, misconfigured));
        assertThat(page).contains("Configuration error: @LatencyTest on method [void " + Misconfigured.class.getName()
                + ".negativeThroughput()] has &#39;throughput&#39; = -5", "no result: the test ended before a verdict");
    }

    @Test
    void theKeyFiguresArePublishedAsReportEntriesForTheToolsThatShowThem() {
        var entries = EngineRuns.run(reports, Map.of(), Passing.class).allEvents().reportingEntryPublished().stream()
                .map(event -> event.getPayload(org.junit.platform.engine.reporting.ReportEntry.class).orElseThrow()
                        .getKeyValuePairs())
                .toList();

        assertThat(entries).anySatisfy(entry -> assertThat(entry.get("jlbh figures [end to end]"))
                .matches("p50=[\\d.]+us .*count=500 throughput=\\d+/s verdict=PASSED"));
        assertThat(entries).anySatisfy(entry -> assertThat(entry.get("jlbh verdict")).startsWith("PASSED: budgets met"));
        assertThat(entries).anySatisfy(entry -> assertThat(entry.get("jlbh result"))
                .endsWith(Passing.class.getName() + ".quick.json"));
    }

    @Test
    void aTestThatEndsWithoutAResultLeavesARecordOfWhy() throws IOException {
        run(Misconfigured.class);

        String ended = Files.readString(reports.resolve(Misconfigured.class.getName() + ".negativeThroughput.json"));
        assertThat(ended).contains("\"format\": \"jlbh-junit ended test 1\"", "\"outcome\": \"FAILED\"",
                "has 'throughput' = -5");
    }

    @Test
    void aResultReplacesTheRecordOfAnEarlierEnd() throws IOException {
        run(Misconfigured.class);
        Path file = reports.resolve(Passing.class.getName() + ".quick.json");
        Files.writeString(file, Files.readString(reports.resolve(Misconfigured.class.getName()
                + ".negativeThroughput.json")).replace(Misconfigured.class.getName(), Passing.class.getName()));

        run(Passing.class);

        assertThat(Files.readString(file)).contains("\"format\": \"jlbh-junit result 1\"");
        assertThat(page()).contains("2 tests: 1 FAILED, 1 PASSED");
    }
}

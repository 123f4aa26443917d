package org.jlbh.junit;

import org.jlbh.junit.internal.report.JsonReader;
import org.jlbh.junit.internal.report.JsonWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Reports and baselines on bad input, through the JUnit engine: a missing or corrupt baseline never changes a
 * test's own verdict, and a report folder that cannot be written never crashes the suite. The console is captured
 * to check what the user is told.
 */
class ReportAndBaselineTests {
    @TempDir
    Path work;

    static class Quick {
        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 100, runs = 2, percentile = 50,
                maxMicros = 100_000)
        void quick() {
        }
    }

    private static final String ID = Quick.class.getName() + ".quick";

    private String run(Map<String, String> configuration, Events[] events) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            events[0] = EngineTestKit.engine("junit-jupiter").selectors(selectClass(Quick.class))
                    .configurationParameters(configuration).execute().testEvents();
        } finally {
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private Map<String, String> config(String... keysAndValues) {
        Map<String, String> configuration = new HashMap<>();
        configuration.put(LatencyTestConfiguration.REPORT_DIR, work.resolve("reports").toString());
        for (int i = 0; i < keysAndValues.length; i += 2) {
            configuration.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return configuration;
    }

    @Test
    void aMissingBaselineEntryIsSaidOnceAndNotCompared() {
        Events[] events = new Events[1];
        String out = run(config(LatencyTestConfiguration.BASELINE_DIR, work.resolve("baseline").toString()), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(out.split("=== Baseline: none for this test", -1)).hasSize(2);
        assertThat(out).doesNotContain("Change against the baseline");
    }

    @Test
    void aCorruptBaselineIsReportedByNameWithTheParseErrorAndTheVerdictStands() throws IOException {
        Path baseline = Files.createDirectories(work.resolve("baseline"));
        Files.writeString(baseline.resolve(ID + ".json"), "{ \"probes\": [ oops ] }");
        Events[] events = new Events[1];
        String out = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString()), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(out).contains("=== Baseline: " + baseline.resolve(ID + ".json") + " is not a valid jlbh-junit baseline "
                + "(unexpected character 'o' at line 1, column 15); not compared, this test's own verdict stands");
    }

    @Test
    void aWrittenBaselineIsComparedWithOnTheNextRun() {
        String baseline = work.resolve("baseline").toString();
        Events[] events = new Events[1];
        String first = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline,
                LatencyTestConfiguration.BASELINE_WRITE, "true"), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(first).contains("=== Baseline written: ");
        assertThat(Path.of(baseline, ID + ".json")).isRegularFile();

        String second = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline,
                LatencyTestConfiguration.BASELINE_TOLERANCE, "100000"), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(second).contains("=== Change against the baseline ")
                .containsPattern("end to end p50: history [\\d.,]+–[\\d.,]+ \u00b5s \\(1 build\\), now [\\d.,]+ \u00b5s, "
                        + "[+-]\\d+% \\(interval [+-]\\d+\\.\\.[+-]\\d+%\\), threshold \\+100000%: ");
    }

    @Test
    void writingABaselineWithoutABaselineFolderIsAConfigurationError() {
        Events[] events = new Events[1];
        run(config(LatencyTestConfiguration.BASELINE_WRITE, "true"), events);
        events[0].assertStatistics(s -> s.failed(1));
        assertThat(events[0].failed().stream().findFirst().orElseThrow().getPayload(
                org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow()
                .getMessage()).contains("jlbh.baseline.write = 'true' is not valid").contains("also set jlbh.baseline.dir");
    }

    @Test
    void aReportFolderThatCannotBeWrittenIsSaidAndTheTestStillPasses() throws IOException {
        Path notAFolder = Files.writeString(work.resolve("a-file"), "in the way");
        Events[] events = new Events[1];
        String out = run(Map.of(LatencyTestConfiguration.REPORT_DIR, notAFolder.toString()), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(out).contains("=== jlbh result: could not write the reports to " + notAFolder.toAbsolutePath());
    }

    @Test
    void jsonWrittenIsReadBackAsWritten() {
        String json = new JsonWriter().beginObject().value("name", "a \"quoted\"\nline").value("whole", 42)
                .value("fraction", 0.125).value("yes", true).name("none").nullValue()
                .name("points").beginArray(true).beginArray(true).number(99.9).number(1_234).endArray().endArray()
                .endObject().toString();
        @SuppressWarnings("unchecked")
        Map<String, Object> read = (Map<String, Object>) JsonReader.parse(json);
        assertThat(read).containsEntry("name", "a \"quoted\"\nline").containsEntry("whole", 42.0)
                .containsEntry("fraction", 0.125).containsEntry("yes", true).containsEntry("none", null)
                .containsEntry("points", List.of(List.of(99.9, 1234.0)));
        assertThatThrownBy(() -> JsonReader.parse("{\"a\": 1,}")).hasMessage("expected a member name in quotes at line 1, column 9");
    }
}

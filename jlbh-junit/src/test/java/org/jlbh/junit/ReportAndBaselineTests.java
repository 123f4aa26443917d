package org.jlbh.junit;

import org.jlbh.junit.internal.store.JsonReader;
import org.jlbh.junit.internal.store.JsonWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Reports and baselines on bad input, through the JUnit engine: a new test's missing baseline is said and leaves its
 * verdict alone, a corrupt one makes a test that would pass inconclusive (its gate could not compare), and a report
 * folder that cannot be written never crashes the suite. The console is captured
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
    void aMissingBaselineEntryIsSaidOnceAndNotCompared() throws IOException {
        // a folder of other tests' histories: this test is new
        Path baseline = Files.createDirectories(work.resolve("baseline"));
        Files.writeString(baseline.resolve("com.example.Other.m.json"), "{}");
        Events[] events = new Events[1];
        String out = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString()), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(out.split("=== Baseline: none for this test", -1)).hasSize(2);
        assertThat(out).doesNotContain("Change against the baseline");
    }

    @Test
    void aCorruptBaselineIsReportedByNameWithTheParseErrorAndTheTestIsInconclusive() throws IOException {
        Path baseline = Files.createDirectories(work.resolve("baseline"));
        Files.writeString(baseline.resolve(ID + ".json"), "{ \"probes\": [ oops ] }");
        Events[] events = new Events[1];
        String out = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString()), events);
        events[0].assertStatistics(s -> s.aborted(1));
        assertThat(out).contains("=== Baseline: could not compare: " + baseline.resolve(ID + ".json").toAbsolutePath()
                + " is not a valid jlbh-junit baseline (unexpected character 'o' at line 1, column 15). To repair: "
                + "restore ");
    }

    @Test
    void aResultInTheReportFolderThatCannotBeReadIsNamedWhereThePageIsSaid() throws IOException {
        Path reports = Files.createDirectories(work.resolve("reports"));
        // as if edited by hand, or cut short by a full disk
        Files.writeString(reports.resolve("com.example.Edited.m.json"), "{\"format\": \"jlbh-junit result 1\", \"te");
        Events[] events = new Events[1];
        String out = run(config(), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(out).contains("=== jlbh report: " + reports.resolve("index.html").toAbsolutePath() + " (1 test in ")
                .contains("; left off the page, not read: com.example.Edited.m.json (unterminated string at line 1, column 38)");
    }

    @Test
    void noFileInTheReportFolderCrashesTheBuildAndEachThatCannotBeReadIsNamed() throws IOException {
        Path reports = Files.createDirectories(work.resolve("reports"));
        // another tool's output, or a hostile one; and what a build killed while writing left behind
        Files.writeString(reports.resolve("other-tool.json"), "[".repeat(100_000));
        try (RandomAccessFile huge = new RandomAccessFile(reports.resolve("huge.json").toFile(), "rw")) {
            huge.setLength(3L << 30); // 3 GiB, sparse
        }
        Path crashed = Files.writeString(reports.resolve(".com.example.A.m.json.0123456789abcdef.tmp"), "{\"fo");
        Files.setLastModifiedTime(crashed, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        Events[] events = new Events[1];

        String out = run(config(), events);

        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(out).contains("=== jlbh report: " + reports.resolve("index.html").toAbsolutePath() + " (1 test in ")
                .contains("; left off the page, not read: huge.json (3,221,225,472 bytes: larger than the 64 MiB a "
                        + "jlbh-junit file is read up to), other-tool.json (nested deeper than 64 arrays and objects at "
                        + "line 1, column 65)");
        assertThat(crashed).doesNotExist();
    }

    @Test
    void anotherTestsBaselineInThisTestsPlaceIsSaidAndNotCompared() throws IOException {
        Path baseline = work.resolve("baseline");
        Path file = baseline.resolve(ID + ".json");
        Events[] events = new Events[1];
        run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString(), LatencyTestConfiguration.BASELINE_WRITE,
                "true"), events);
        // as if copied by hand from another test's baseline
        Files.writeString(file, Files.readString(file).replace("\"id\": \"" + ID + "\"",
                "\"id\": \"com.example.Other.m\""));

        String out = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString()), events);

        events[0].assertStatistics(s -> s.aborted(1));
        assertThat(out).contains("=== Baseline: could not compare: " + file.toAbsolutePath() + " is not this test's "
                + "baseline (it records the test \"com.example.Other.m\", not this one)")
                .doesNotContain("Change against the baseline");
    }

    @Test
    void anyPercentileIsComparedThatTheSamplesSupportAndOneTheyDoNotIsSaidNotCompared() {
        String out = recordThenCompare(recorded -> { }, LatencyTestConfiguration.BASELINE_PERCENTILES, "75,99.99");

        // 200 samples a run: p75 (not one the report shows by itself) is recorded and compared; p99.99 (needs
        // 100,000) is beyond them, and said so
        assertThat(out).contains("end to end p75 on the code's own account: history ")
                .contains("end to end p99.99: too few samples (run 1 has 200, and p99.99 needs at least 100,000), "
                        + "not compared");
    }

    /**
     * Records a baseline of one build, then compares a second build with it, each passing.
     *
     * @param between       what is done to the recorded file before the second build
     * @param keysAndValues configuration parameters of both builds, besides the baseline folder
     * @return what the second build printed
     */
    private String recordThenCompare(FileEdit between, String... keysAndValues) {
        String baseline = work.resolve("baseline").toString();
        List<String> parameters = new ArrayList<>(List.of(keysAndValues));
        parameters.addAll(List.of(LatencyTestConfiguration.BASELINE_DIR, baseline));
        Events[] events = new Events[1];
        List<String> writing = new ArrayList<>(parameters);
        writing.addAll(List.of(LatencyTestConfiguration.BASELINE_WRITE, "true"));
        String first = run(config(writing.toArray(String[]::new)), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(first).contains("=== Baseline written: ");
        assertThat(Path.of(baseline, ID + ".json")).isRegularFile();
        try {
            between.edit(Path.of(baseline, ID + ".json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        String second = run(config(parameters.toArray(String[]::new)), events);
        events[0].assertStatistics(s -> s.succeeded(1));
        return second;
    }

    /** Changes a file. */
    private interface FileEdit {
        void edit(Path file) throws IOException;
    }

    @Test
    void aWrittenBaselineIsComparedWithOnTheNextRun() {
        String second = recordThenCompare(recorded -> { }, LatencyTestConfiguration.BASELINE_TOLERANCE, "100000");

        // the recorded build kept its figures on the code's own account, and they are what is compared
        assertThat(second).contains("=== Change against the baseline ")
                .containsPattern("end to end p50 on the code's own account: history [\\d.,]+–[\\d.,]+ \u00b5s \\(1 "
                        + "build\\), now [\\d.,]+ \u00b5s \\(as measured [\\d.,]+ \u00b5s\\), [+-]\\d+% \\(interval "
                        + "[+-]\\d+\\.\\.[+-]\\d+%\\), tolerance \\+100000%, detectable: none: not judged: 1 recorded "
                        + "build cannot tell the noise between builds");
    }

    @Test
    void aBaselineRecordsEachRunsFiguresOnTheCodesOwnAccount() throws IOException {
        Path baseline = work.resolve("baseline");
        Events[] events = new Events[1];
        run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString(),
                LatencyTestConfiguration.BASELINE_WRITE, "true"), events);

        String recorded = Files.readString(baseline.resolve(ID + ".json"));
        assertThat(recorded.split("\"codesOwnNanos\": \\{\\s*\"50\": \\d+", -1)).as("one per run").hasSize(3);
    }

    @Test
    void aBuildWithoutTheEvidenceOfItsRunsIsNeitherRecordedNorGatedAndSaysSo() {
        Path baseline = work.resolve("baseline");
        Path file = baseline.resolve(ID + ".json");
        Events[] events = new Events[1];

        String recording = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString(),
                LatencyTestConfiguration.BASELINE_WRITE, "true", LatencyTestConfiguration.EVIDENCE, "off"), events);

        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(recording).contains("=== Baseline: this build is not recorded in " + file.toAbsolutePath()
                + ": run 1 has no evidence to replay its late samples against (");
        assertThat(file).doesNotExist();

        run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString(),
                LatencyTestConfiguration.BASELINE_WRITE, "true"), events);
        String gating = run(config(LatencyTestConfiguration.BASELINE_DIR, baseline.toString(),
                LatencyTestConfiguration.EVIDENCE, "off"), events);

        events[0].assertStatistics(s -> s.succeeded(1));
        assertThat(gating).contains("=== Baseline: not compared: run 1 has no evidence to replay its late samples "
                + "against (").contains("a baseline gates the figures on the code's own account, which need the "
                + "scheduler's and the JVM's evidence of every run").doesNotContain("Change against the baseline");
    }

    @Test
    void aBaselineRecordedBeforeTheCodesOwnFiguresWereKeptIsComparedAsMeasuredAndSaysSo() {
        // as a baseline file written by an earlier version reads: figures as measured only
        String second = recordThenCompare(recorded -> Files.writeString(recorded, Files.readString(recorded)
                .replaceAll(",\\s*\"codesOwnNanos\": \\{[^}]*\\}", "")));

        assertThat(second).contains("end to end p50 as measured: history ")
                .contains("end to end: compared as measured: 1 of the 1 recorded builds have no figures on the code's "
                        + "own account for it (recorded before they were kept)");
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

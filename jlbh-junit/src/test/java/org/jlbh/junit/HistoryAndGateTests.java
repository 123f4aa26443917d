package org.jlbh.junit;

import org.jlbh.junit.internal.store.JsonReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
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
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A baseline history nothing loses, and a gate that is never off without a word, as a CI workspace treats their files:
 * a history holding a merge's conflict markers, one cut short by a cache restored half-way, a baseline folder that was
 * not restored, one folder given for both the reports and the history. Through the JUnit engine, the console captured.
 */
class HistoryAndGateTests {
    @TempDir
    Path work;

    /** The test each build runs: {@link ReportAndBaselineTests.Quick}, 2 runs of 200 iterations, p50 within 0.1 s. */
    private static final Class<?> QUICK = ReportAndBaselineTests.Quick.class;
    private static final String ID = QUICK.getName() + ".quick";

    private Path reports() {
        return work.resolve("reports");
    }

    private Path baseline() {
        return work.resolve("baseline");
    }

    private Path history() {
        return baseline().resolve(ID + ".json");
    }

    /** What one build printed, and its test's events. */
    private record Build(String out, Events events) {
        Throwable failure() {
            return events.failed().stream().findFirst().orElseThrow().getPayload(TestExecutionResult.class)
                    .orElseThrow().getThrowable().orElseThrow();
        }
    }

    private Build build(String... keysAndValues) {
        Map<String, String> configuration = new HashMap<>();
        configuration.put(LatencyTestConfiguration.REPORT_DIR, reports().toString());
        configuration.put(LatencyTestConfiguration.BASELINE_DIR, baseline().toString());
        for (int i = 0; i < keysAndValues.length; i += 2) {
            configuration.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(QUICK))
                    .configurationParameters(configuration).execute().testEvents();
            return new Build(out.toString(StandardCharsets.UTF_8), events);
        } finally {
            System.setOut(original);
        }
    }

    private Build record() {
        return build(LatencyTestConfiguration.BASELINE_WRITE, "true");
    }

    /** @return how many builds a baseline's text holds */
    private static int builds(String baseline) {
        return ((List<?>) ((Map<?, ?>) JsonReader.parse(baseline)).get("builds")).size();
    }

    /** @return the test's JSON result in the report folder, member by member */
    private Map<String, Object> result() throws IOException {
        return object(JsonReader.parse(Files.readString(reports().resolve(ID + ".json"))));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object member) {
        return (Map<String, Object>) member;
    }

    /** @return the files in the baseline folder besides the test's history, by name */
    private List<Path> besidesTheHistory() throws IOException {
        try (Stream<Path> files = Files.list(baseline())) {
            return files.filter(file -> !file.equals(history()) && file.getFileName().toString().endsWith(".json"))
                    .sorted().toList();
        }
    }

    /** @return a history of three recorded builds, as its file holds it */
    private String threeBuilds() throws IOException {
        for (int i = 0; i < 3; i++) {
            record().events().assertStatistics(s -> s.succeeded(1));
        }
        String recorded = Files.readString(history());
        assertThat(builds(recorded)).isEqualTo(3);
        return recorded;
    }

    /**
     * @return the history as git leaves it when two branches both recorded a build into it: both sides between
     *         conflict markers, this branch's (three builds) first
     */
    private static String conflicted(String ours) {
        String theirs = ours.replaceFirst("\"time\": \"[^\"]+\"", "\"time\": \"2026-11-01T10:00:00Z\"");
        return "<<<<<<< HEAD\n" + ours + "=======\n" + theirs + ">>>>>>> latency-history\n";
    }

    // ---------------------------------------------------------------- 1. nothing recorded is overwritten unread

    @Test
    void aHistoryHoldingAMergesConflictMarkersIsKeptAsideWithAllItsBuildsWhenRecordedAgain() throws IOException {
        String conflicted = conflicted(threeBuilds());
        Files.writeString(history(), conflicted);

        Build recording = record();

        recording.events().assertStatistics(s -> s.succeeded(1));
        List<Path> aside = besidesTheHistory();
        assertThat(aside).as("the unreadable history, kept beside the new one").hasSize(1);
        Path kept = aside.get(0);
        assertThat(kept.getFileName().toString()).matches(Pattern.quote(ID) + "\\.unreadable-\\d{8}T\\d{6}Z\\.json");
        // kept as it was, each side of the conflict a history of three builds
        assertThat(Files.readString(kept)).isEqualTo(conflicted);
        String ours = conflicted.substring(conflicted.indexOf('\n') + 1, conflicted.indexOf("=======\n"));
        assertThat(builds(ours)).isEqualTo(3);
        // and the history goes on from this build
        assertThat(builds(Files.readString(history()))).isEqualTo(1);

        assertThat(recording.out()).contains("=== Baseline history kept aside: " + history().toAbsolutePath()
                + " holds the conflict "
                + "markers of a merge (<<<<<<< at line 1)").contains("its builds are kept in " + kept.toAbsolutePath())
                .contains("=== Baseline written: " + history().toAbsolutePath() + " (1 of at most 5 builds)");
        Map<String, Object> said = object(result().get("baselineHistory"));
        assertThat(said).containsEntry("state", "KEPT_ASIDE")
                .containsEntry("file", history().toAbsolutePath().toString())
                .containsEntry("keptAs", kept.toAbsolutePath().toString());
        assertThat((String) said.get("why")).contains("conflict markers");
        assertThat(Files.readString(reports().resolve("index.html"))).contains("Baseline history kept aside: ")
                .contains(kept.getFileName().toString());
    }

    @Test
    void aHistoryThatCannotBeReadAtAllIsKeptAsideToo() throws IOException {
        // a folder in the history's place (a tool that unpacked it wrongly)
        Files.createDirectories(history().resolve("not-a-history"));

        Build recording = record();

        recording.events().assertStatistics(s -> s.succeeded(1));
        assertThat(besidesTheHistory()).hasSize(1);
        assertThat(besidesTheHistory().get(0).resolve("not-a-history")).isDirectory();
        assertThat(builds(Files.readString(history()))).isEqualTo(1);
        assertThat(recording.out()).contains("=== Baseline history kept aside: could not read "
                + history().toAbsolutePath());
    }

    // ---------------------------------------------------------------- 2. the gate is never off without a word

    @Test
    void aHistoryCutShortFailsTheTestUnderTheStrictGateSayingWhyAndHowToRepairIt() throws IOException {
        String recorded = threeBuilds();
        // a cache restored half-way
        Files.writeString(history(), recorded.substring(0, recorded.length() / 2));

        Build strict = build(LatencyTestConfiguration.INCONCLUSIVE, "fail");

        strict.events().assertStatistics(s -> s.failed(1));
        assertThat(strict.failure()).isInstanceOf(AssertionError.class).hasMessageContaining("Inconclusive: the "
                + "baseline gate could not compare this build: " + history().toAbsolutePath() + " is not a valid "
                + "jlbh-junit baseline (").hasMessageContaining("To decide it: restore "
                + history().toAbsolutePath()).hasMessageContaining("or record the history again "
                + "(-Djlbh.baseline.write=true), which keeps this file aside");
        assertThat(strict.out()).contains("=== Baseline: could not compare: " + history().toAbsolutePath()
                + " is not a valid jlbh-junit baseline (").contains("=== INCONCLUSIVE Quick.quick (failing the test");
        Map<String, Object> result = result();
        assertThat(object(result.get("verdict"))).containsEntry("outcome", "INCONCLUSIVE");
        assertThat(object(result.get("baselineHistory"))).containsEntry("state", "NOT_COMPARED")
                .containsEntry("file", history().toAbsolutePath().toString());
        assertThat(Files.readString(reports().resolve("index.html"))).contains("the baseline gate could not compare "
                + "this build");

        // the default: reported as skipped, saying so
        Build lenient = build();
        lenient.events().assertStatistics(s -> s.aborted(1));
        assertThat(lenient.out()).contains("=== INCONCLUSIVE Quick.quick (reported as skipped): Inconclusive: the "
                + "baseline gate could not compare this build");
        assertThat(Files.readString(history())).as("compared, never written").isEqualTo(recorded.substring(0,
                recorded.length() / 2));
    }

    @Test
    void aHistoryHoldingAMergesConflictMarkersIsNotComparedAndSaysHowToResolveIt() throws IOException {
        Files.writeString(history(), conflicted(threeBuilds()));

        Build comparing = build();

        comparing.events().assertStatistics(s -> s.aborted(1));
        assertThat(comparing.out()).contains("=== Baseline: could not compare: " + history().toAbsolutePath()
                + " holds the conflict markers of a merge (<<<<<<< at line 1)").contains("To repair: resolve the "
                + "conflict in " + history().toAbsolutePath());
    }

    @Test
    void aBaselineFolderThatHoldsNoHistoryTurnsTheGateOffVisiblyWhileANewTestInAFolderOfOthersIsNotGated()
            throws IOException {
        // the folder asked for is not there: a cache not restored, a path misnamed
        Build nothing = build(LatencyTestConfiguration.INCONCLUSIVE, "fail");

        nothing.events().assertStatistics(s -> s.failed(1));
        assertThat(nothing.failure()).hasMessageContaining("the baseline gate could not compare this build: the "
                + "baseline folder " + baseline().toAbsolutePath() + " does not exist")
                .hasMessageContaining("record a history first (-Djlbh.baseline.write=true)");
        assertThat(object(result().get("baselineHistory"))).containsEntry("state", "NOT_COMPARED");

        // a folder holding other tests' histories: this test is new, said so, and its own verdict stands
        Files.createDirectories(baseline());
        Files.writeString(baseline().resolve("com.example.Other.m.json"), "{}");
        Build fresh = build(LatencyTestConfiguration.INCONCLUSIVE, "fail");
        fresh.events().assertStatistics(s -> s.succeeded(1));
        assertThat(fresh.out()).contains("=== Baseline: none for this test (" + history() + " does not exist): not "
                + "compared");
        assertThat(result()).doesNotContainKey("baselineHistory");
    }

    // ---------------------------------------------------------------- 3. folders that would collide

    @Test
    void oneFolderGivenForTheReportsAndTheHistoryIsAConfigurationErrorAndTheHistoryIsLeftAsItWas()
            throws IOException {
        String recorded = threeBuilds();

        Build same = build(LatencyTestConfiguration.REPORT_DIR, baseline().toString());

        same.events().assertStatistics(s -> s.failed(1));
        assertThat(same.failure()).hasMessageContaining("Configuration error: configuration parameter "
                + "jlbh.baseline.dir = '" + baseline() + "' is the report folder, jlbh.report.dir = '" + baseline()
                + "'").hasMessageContaining("Fix: give jlbh.baseline.dir and jlbh.report.dir folders of their own");
        assertThat(Files.readString(history())).isEqualTo(recorded);
    }
}

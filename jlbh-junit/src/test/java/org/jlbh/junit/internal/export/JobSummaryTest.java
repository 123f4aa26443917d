package org.jlbh.junit.internal.export;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.ResultJsonTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The job summary's table: failures first, each cell kept in its cell, nothing for a run without tests. */
class JobSummaryTest {

    private static EndedTest ended(String name, Outcome outcome, String detail) {
        return new EndedTest(new ResultSnapshot.Test("com.example." + name, "com.example.T", "com.example.T", "m",
                List.of(), name, ""), outcome, detail, "2026-11-27T15:00:00Z");
    }

    @Test
    void failuresComeFirstAndATablesCellsStayInTheirCells() {
        String table = JobSummary.table(List.of(), List.of(ended("B.inconclusive", Outcome.INCONCLUSIVE, "split"),
                ended("A.failed", Outcome.FAILED, "end to end p99 | was\n2 ms <b>")));

        List<String> lines = table.lines().toList();
        assertThat(lines.get(0)).startsWith("### Latency tests: 2, 1 failed (jlbh-junit, pid ");
        assertThat(lines.get(2)).isEqualTo("| test | outcome | verdict | runs | measured for |");
        assertThat(lines.get(4)).isEqualTo("| `A.failed` | ❌ FAILED | end to end p99 \\| was 2 ms &lt;b&gt; | no result |  |");
        assertThat(lines.get(5)).startsWith("| `B.inconclusive` | ⚠️ INCONCLUSIVE | split |");
    }

    @Test
    void onlyAFileTheEnvironmentNamesIsWrittenToAndNotWhenSwitchedOff() {
        assertThat(JobSummary.target(Map.of(), false)).as("no variable: nothing is written anywhere").isEmpty();
        assertThat(JobSummary.target(Map.of(JobSummary.VARIABLE, " "), false)).as("a blank one").isEmpty();
        assertThat(JobSummary.target(Map.of(JobSummary.VARIABLE, "/tmp/summary.md"), true)).as("off").isEmpty();
        assertThat(JobSummary.target(Map.of(JobSummary.VARIABLE, "/tmp/summary.md"), false))
                .contains(Path.of("/tmp/summary.md"));
    }

    @Test
    void aRunWithoutLatencyTestsAddsNothing() {
        assertThat(JobSummary.table(List.of(), List.of())).isEmpty();
    }

    @Test
    void aBaselineHistoryThatCouldNotBeUsedIsSaidWholeUnderTheTable() {
        ResultSnapshot result = ResultJsonTest.everything().withHistory(
                new ResultSnapshot.HistoryState(ResultSnapshot.HistoryState.State.KEPT_ASIDE, "/p/A.m.json",
                        "/p/A.m.json holds the conflict markers of a merge (<<<<<<< at line 1)",
                        Optional.of("/p/A.m.unreadable-20261202T040500Z.json"), "repair that file"));

        List<String> lines = JobSummary.table(List.of(result), List.of()).lines().toList();

        assertThat(lines).contains("- ⚠️ `" + result.test().displayName() + "`: Baseline history kept aside: /p/A.m.json "
                + "holds the conflict markers of a merge (&lt;&lt;&lt;&lt;&lt;&lt;&lt; at line 1); its builds are kept "
                + "in /p/A.m.unreadable-20261202T040500Z.json, and the history started again with this build. To go "
                + "on from them: repair that file");
    }
}

package org.jlbh.junit.internal.judge.baseline;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How {@link HistoryDraws} reads a campaign's builds and judges them against a history through the gate as shipped.
 * The figures are made up, and far apart, so that the gate's decision is certain; the rates themselves come from the
 * builds real launchers measured (jlbh-benchmarks' README, "How much the history drawn decides").
 */
class HistoryDrawsTest {
    private static final String HEADER = "phase\tcondition\tlauncher\tversion\tbuild\tflagged\tseconds\texit\trows\t"
            + "end to end runs (measured | on the code's own account, ns)";

    private static String line(String phase, String version, int build, int p50) {
        String run = "50=" + (p50 + 40) + ",90=" + (p50 + 80) + ",99=" + (p50 + 900) + " | 50=" + p50 + ",90="
                + (p50 + 50) + ",99=" + (p50 + 300);
        return phase + "\tquiet\tmvn test\t" + version + "\t" + build + "\t-\t10.0\t0\t-\t" + run + "; " + run
                + "; " + run;
    }

    private static final List<String> CAMPAIGN = List.of(HEADER,
            line("history", "unchanged", 1, 326), line("history", "unchanged", 2, 330),
            line("gate", "unchanged", 1, 328), line("gate", "slower", 1, 500),
            "gate\tquiet\tmvn test\tunchanged\t2\tno result\t3.0\t1\t-\t");

    @Test
    void eachBuildsRunsAreReadOnTheCodesOwnAccountAndAsMeasured() {
        List<HistoryDraws.Build> builds = HistoryDraws.read(CAMPAIGN);

        assertThat(builds).as("the header and a build without figures are skipped").hasSize(4);
        HistoryDraws.Build slower = builds.get(3);
        assertThat(slower.version()).isEqualTo("slower");
        assertThat(slower.endToEnd().runs()).hasSize(3);
        assertThat(slower.endToEnd().codesOwnByRun("50")).containsExactly(500.0, 500.0, 500.0);
        assertThat(slower.endToEnd().percentileByRun("99")).containsExactly(1400.0, 1400.0, 1400.0);
    }

    @Test
    void theGateFlagsTheSlowerBuildAndNotTheUnchangedOne() {
        List<HistoryDraws.Build> builds = HistoryDraws.read(CAMPAIGN);

        assertThat(HistoryDraws.judge(builds.subList(0, 2), builds)).containsExactly(
                new HistoryDraws.Count("quiet", "unchanged", 0, 1),
                new HistoryDraws.Count("quiet", "slower", 1, 1));
    }

    @Test
    void theTableCountsTheDrawsInWhichEveryTargetHeld() {
        String table = HistoryDraws.table(HistoryDraws.read(CAMPAIGN), "quiet", 2, 4);

        assertThat(table).startsWith("4 histories of 2 builds drawn from 3 unchanged builds quiet")
                .contains("| quiet | slower | 1 | 1 / 1 / 1 / 1 / 1 | 4 of 4 |")
                .contains("in 4 of 4 histories");
        assertThatThrownBy(() -> HistoryDraws.table(HistoryDraws.read(CAMPAIGN), "quiet", 3, 1))
                .hasMessage("only 3 unchanged builds quiet to draw histories of 3 from");
    }
}

package org.jlbh.junit.internal.run;

import org.jlbh.core.JLBHResult;
import org.jlbh.junit.internal.Results;
import org.jlbh.junit.internal.run.paired.PairSchedule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** One side's share of a paired harness's runs, on chosen samples: each run's p50 says whose run it was. */
class SideResultTest {
    /**
     * Four rounds in PairSchedule's order (base, change, change's copy, control; change, control, base, change's copy;
     * control, change's copy, change, base; change's copy, base, control, change): the base's runs at 1 µs, the
     * change's 2, the control's 1.5, the change's second copy's 1.8.
     */
    private static final JLBHResult ALL = Results.result(1_000,
            Results.run(100, 1_000), Results.run(100, 2_000), Results.run(100, 1_800), Results.run(100, 1_500),
            Results.run(100, 2_000), Results.run(100, 1_500), Results.run(100, 1_000), Results.run(100, 1_800),
            Results.run(100, 1_500), Results.run(100, 1_800), Results.run(100, 2_000), Results.run(100, 1_000),
            Results.run(100, 1_800), Results.run(100, 1_000), Results.run(100, 1_500), Results.run(100, 2_000));

    @Test
    void eachSideHasItsOwnRunsNumberedAsItsOwn() {
        SideResult base = new SideResult(ALL, 4, PairSchedule.BASE);
        SideResult change = new SideResult(ALL, 4, PairSchedule.CHANGE);

        assertThat(p50s(base)).containsExactly(1_000L, 1_000L, 1_000L, 1_000L);
        assertThat(p50s(change)).containsExactly(2_000L, 2_000L, 2_000L, 2_000L);
        assertThat(p50s(new SideResult(ALL, 4, PairSchedule.CONTROL))).containsExactly(1_500L, 1_500L, 1_500L,
                1_500L);
        assertThat(p50s(new SideResult(ALL, 4, PairSchedule.CHANGE_COPY))).containsExactly(1_800L, 1_800L, 1_800L,
                1_800L);
        assertThat(base.endToEnd().eachRunSummary()).extracting(JLBHResult.RunResult::run).containsExactly(1, 2, 3, 4);
        assertThat(change.runs()).extracting(JLBHResult.RunSummary::run).containsExactly(1, 2, 3, 4);
        assertThat(change.runs().get(0).harnessLateness().run()).isEqualTo(1);
        assertThat(base.endToEnd().summaryOfLastRun().percentile(50).toNanos()).isEqualTo(1_000);
    }

    @Test
    void theChangesTwoCopiesAreOneSideTheirRunsInTheOrderTaken() {
        SideResult change = new SideResult(ALL, 4, PairSchedule.CHANGE, PairSchedule.CHANGE_COPY);

        assertThat(p50s(change)).containsExactly(2_000L, 1_800L, 2_000L, 1_800L, 1_800L, 2_000L, 1_800L, 2_000L);
        assertThat(change.runs()).extracting(JLBHResult.RunSummary::run).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(change.harnessRun(8)).isEqualTo(16);
        JLBHResult threeRuns = Results.result(1_000, Results.run(20, 1_000), Results.run(20, 2_000),
                Results.run(20, 1_800));
        assertThat(new SideResult(threeRuns, 4, PairSchedule.CHANGE, PairSchedule.CHANGE_COPY).runCount())
                .as("ended after the third run").isEqualTo(2);
    }

    @Test
    void aHarnessThatEndedEarlyLeavesEachSideTheRunsItMeasured() {
        JLBHResult fiveRuns = Results.result(1_000, Results.run(20, 1_000), Results.run(20, 2_000),
                Results.run(20, 1_800), Results.run(20, 1_500), Results.run(20, 2_000));

        assertThat(new SideResult(fiveRuns, 4, PairSchedule.BASE).runCount()).isEqualTo(1);
        assertThat(p50s(new SideResult(fiveRuns, 4, PairSchedule.CHANGE))).containsExactly(2_000L, 2_000L);
        assertThat(p50s(new SideResult(fiveRuns, 4, PairSchedule.CONTROL))).containsExactly(1_500L);
        assertThat(p50s(new SideResult(fiveRuns, 4, PairSchedule.CHANGE_COPY))).containsExactly(1_800L);
    }

    private static List<Long> p50s(SideResult side) {
        return side.endToEnd().eachRunSummary().stream().map(run -> run.percentile(50).toNanos()).toList();
    }
}

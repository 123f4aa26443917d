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
        SideResult base = new SideResult(ALL, PairSchedule.BASE, 4);
        SideResult change = new SideResult(ALL, PairSchedule.CHANGE, 4);

        assertThat(p50s(base)).containsExactly(1_000L, 1_000L, 1_000L, 1_000L);
        assertThat(p50s(change)).containsExactly(2_000L, 2_000L, 2_000L, 2_000L);
        assertThat(p50s(new SideResult(ALL, PairSchedule.CONTROL, 4))).containsExactly(1_500L, 1_500L, 1_500L,
                1_500L);
        assertThat(p50s(new SideResult(ALL, PairSchedule.CHANGE_COPY, 4))).containsExactly(1_800L, 1_800L, 1_800L,
                1_800L);
        assertThat(base.endToEnd().eachRunSummary()).extracting(JLBHResult.RunResult::run).containsExactly(1, 2, 3, 4);
        assertThat(change.runs()).extracting(JLBHResult.RunSummary::run).containsExactly(1, 2, 3, 4);
        assertThat(change.runs().get(0).harnessLateness().run()).isEqualTo(1);
        assertThat(base.endToEnd().summaryOfLastRun().percentile(50).toNanos()).isEqualTo(1_000);
    }

    @Test
    void aHarnessThatEndedEarlyLeavesEachSideTheRunsItMeasured() {
        JLBHResult fiveRuns = Results.result(1_000, Results.run(20, 1_000), Results.run(20, 2_000),
                Results.run(20, 1_800), Results.run(20, 1_500), Results.run(20, 2_000));

        assertThat(new SideResult(fiveRuns, PairSchedule.BASE, 4).runCount()).isEqualTo(1);
        assertThat(p50s(new SideResult(fiveRuns, PairSchedule.CHANGE, 4))).containsExactly(2_000L, 2_000L);
        assertThat(p50s(new SideResult(fiveRuns, PairSchedule.CONTROL, 4))).containsExactly(1_500L);
        assertThat(p50s(new SideResult(fiveRuns, PairSchedule.CHANGE_COPY, 4))).containsExactly(1_800L);
    }

    private static List<Long> p50s(SideResult side) {
        return side.endToEnd().eachRunSummary().stream().map(run -> run.percentile(50).toNanos()).toList();
    }
}

package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.SizingTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A paired test whose runs are sized takes, in each attempt, the pairs its comparison needs; one that sets them not. */
class PairsNeededTest {
    private static final String BASE = "jlbh.paired.base";

    @Test
    void eachAttemptTakesThePairsOfRunsItsComparisonJudgesWith() {
        // p50, p90 and p99 of end to end: three rows at 2% / 3 a side need 8 rounds of runs, each of the change's
        // two copies taking half the test's runs: 15 runs
        assertThat(TestPreparation.withPairsNeeded(SizingTest.settings("card", Map.of(BASE, "target"))).run())
                .satisfies(plan -> assertThat(plan.runs()).isEqualTo(15));
        assertThat(TestPreparation.withPairsNeeded(SizingTest.settings("card", Map.of(BASE, "target",
                "jlbh.baseline.percentiles", "50"))).run().runs()).as("one row at 2%: 6 rounds").isEqualTo(11);
        assertThat(TestPreparation.withPairsNeeded(SizingTest.settings("allSet", Map.of(BASE, "target"))).run().runs())
                .as("as set").isEqualTo(5);
        assertThat(TestPreparation.withPairsNeeded(SizingTest.settings("card", Map.of())).run().runs())
                .as("not paired: the rule's margin").isEqualTo(3);
    }
}

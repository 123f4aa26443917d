package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.core.JLBHResult;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.jlbh.junit.internal.Results.result;
import static org.jlbh.junit.internal.Results.run;

/** The stall arithmetic, on chosen stalls and samples. */
class StallExplanationTest {
    private static final long BUDGET_NANOS = 50_000;
    /** 1,000 iterations per second, with coordinated omission accounted for. */
    private static final double PER_NANO = 1_000 / 1e9;

    private static Optional<PlatformStalls> stalls(long... nanos) {
        return Optional.of(new PlatformStalls(nanos));
    }

    @Test
    void aStallMakesTheIterationsDueDuringItLateByWhatIsLeftOfIt() {
        // (150 ms - 50 µs) x 1,000/s + 1 = 150.95: the iterations due in the 150 ms, and the one it interrupted
        assertThat(StallExplanation.explainableSamples(stalls(150_000_000).orElseThrow(), BUDGET_NANOS, PER_NANO))
                .isCloseTo(150.95, within(1e-9));
        // a stall within the budget makes nothing late; without coordinated omission a stall delays one sample
        assertThat(StallExplanation.explainableSamples(stalls(40_000).orElseThrow(), BUDGET_NANOS, PER_NANO)).isZero();
        assertThat(StallExplanation.explainableSamples(stalls(150_000_000, 2_000_000).orElseThrow(), BUDGET_NANOS, 0))
                .isEqualTo(2);
    }

    @Test
    void aBreachIsExplainedWhenWithoutTheLateSamplesThePercentileWouldHold() {
        // 200 samples, 151 of them over the budget: p50 breaks; 151 late samples explained, 100 allowed over p50
        JLBHResult.ProbeResult probe = result(1_000, run(49, 10_000, 151, 200_000)).endToEnd();

        Optional<StallExplanation> explained = StallExplanation.of(probe, 50, BUDGET_NANOS, PER_NANO,
                List.of(stalls(150_000_000)));

        assertThat(explained).hasValueSatisfying(explanation -> {
            assertThat(explanation.runs()).singleElement().satisfies(run -> {
                assertThat(run.run()).isEqualTo(1);
                assertThat(run.stalls()).isEqualTo(1);
                assertThat(run.worstNanos()).isEqualTo(150_000_000);
                assertThat(run.samplesOverBudget()).isEqualTo(151);
            });
            assertThat(explanation.describe()).isEqualTo("inconclusive: the platform itself stalled (OS jitter beyond "
                    + "its median wake-up) in every run that broke the budget; run 1: 1 stall longer than the budget, "
                    + "worst 150,000.000 \u00b5s, explain 151 of the 151 samples over budget");
        });
    }

    @Test
    void aStallTooShortForTheLateSamplesExplainsNothing() {
        JLBHResult.ProbeResult probe = result(1_000, run(49, 10_000, 151, 200_000)).endToEnd();
        // 1 ms explains 1.95 samples: 149 remain over the budget, more than the 100 that p50 allows
        assertThat(StallExplanation.of(probe, 50, BUDGET_NANOS, PER_NANO, List.of(stalls(1_000_000)))).isEmpty();
    }

    @Test
    void everyRunThatBrokeMustBeExplainedAndRunsWithinBudgetNeedNoExplanation() {
        JLBHResult.ProbeResult probe = result(1_000, run(200, 10_000), run(49, 10_000, 151, 200_000)).endToEnd();

        assertThat(StallExplanation.of(probe, 50, BUDGET_NANOS, PER_NANO, List.of(Optional.empty(),
                stalls(150_000_000)))).hasValueSatisfying(explanation ->
                assertThat(explanation.runs()).extracting(StallExplanation.RunExplanation::run).containsExactly(2));
        assertThat(StallExplanation.of(probe, 50, BUDGET_NANOS, PER_NANO, List.of(stalls(150_000_000),
                Optional.empty()))).as("no evidence for the run that broke").isEmpty();
    }

    @Test
    void nothingBrokeNothingToExplain() {
        JLBHResult.ProbeResult probe = result(1_000, run(200, 10_000)).endToEnd();
        assertThat(StallExplanation.of(probe, 50, BUDGET_NANOS, PER_NANO, List.of(stalls(150_000_000)))).isEmpty();
    }
}

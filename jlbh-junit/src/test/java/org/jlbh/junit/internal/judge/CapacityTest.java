package org.jlbh.junit.internal.judge;

import org.jlbh.junit.internal.config.Sweep;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The knee of a sweep, and how it reads against a capacity budget, from given rates. */
class CapacityTest {
    private static final Sweep SWEEP = new Sweep(List.of(1_000, 2_000, 4_000, 8_000), 2_000);

    private static Capacity.Rate met(int rate) {
        return new Capacity.Rate(rate, Outcome.PASSED, "");
    }

    private static Capacity.Rate broken(int rate) {
        return new Capacity.Rate(rate, Outcome.FAILED, "end to end p99 was 180 µs, budget 100 µs");
    }

    private static Capacity.Rate platform(int rate) {
        return new Capacity.Rate(rate, Outcome.INCONCLUSIVE, "end to end p99 was 180 µs, budget 100 µs");
    }

    @Test
    void theKneeIsTheHighestRateUpToWhichEveryRateMetTheBudgets() {
        assertThat(Capacity.knee(List.of(met(1_000), met(2_000), broken(4_000), met(8_000)))).hasValue(2_000);
        assertThat(Capacity.knee(List.of(met(1_000), met(2_000), met(4_000), met(8_000)))).hasValue(8_000);
        assertThat(Capacity.knee(List.of(broken(1_000), met(2_000)))).isEmpty();
    }

    @Test
    void theDescriptionNamesTheKneeTheFirstBrokenRateAndTheCapacityVerdict() {
        assertThat(Capacity.describe(SWEEP, List.of(met(1_000), met(2_000), broken(4_000), broken(8_000))))
                .isEqualTo("Knee: 2,000/s, the highest rate up to which every rate met the latency budgets; they "
                        + "broke first at 4,000/s (end to end p99 was 180 µs, budget 100 µs). Capacity budget (at "
                        + "least 2,000/s): met.");
        assertThat(Capacity.describe(SWEEP, List.of(met(1_000), broken(2_000), broken(4_000), broken(8_000))))
                .startsWith("Knee: 1,000/s,").endsWith("broke first at 2,000/s (end to end p99 was 180 µs, budget "
                        + "100 µs). Capacity budget (at least 2,000/s): broken.");
        assertThat(Capacity.describe(SWEEP, List.of(broken(1_000), broken(2_000), broken(4_000), broken(8_000))))
                .startsWith("Knee: below 1,000/s: the latency budgets broke first at the lowest rate")
                .endsWith("Capacity budget (at least 2,000/s): broken.");
        assertThat(Capacity.describe(SWEEP, List.of(met(1_000), met(2_000), met(4_000), met(8_000))))
                .isEqualTo("Knee: above 8,000/s: every rate measured met the latency budgets. Capacity budget (at "
                        + "least 2,000/s): met.");
    }

    @Test
    void aRateBrokenOnlyByThePlatformLeavesTheKneeAndTheCapacityBudgetInconclusive() {
        assertThat(Capacity.describe(SWEEP, List.of(met(1_000), platform(2_000), broken(4_000), broken(8_000))))
                .contains("Knee: 1,000/s", "broke first, and only through the platform's stalls (inconclusive: the "
                        + "knee may be higher), at 2,000/s")
                .endsWith("Capacity budget (at least 2,000/s): inconclusive.");
    }

    @Test
    void aSweepWithRatesNotMeasuredSaysSoAndDoesNotJudgeARequiredRateItLacks() {
        assertThat(Capacity.describe(SWEEP, List.of(met(1_000))))
                .isEqualTo("Knee: above 1,000/s: every rate measured met the latency budgets (1 of the 4 rates "
                        + "measured). Capacity budget (at least 2,000/s): not judged, its rate was not measured.");
    }
}

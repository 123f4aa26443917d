package org.jlbh.junit.internal.judge;

import org.jlbh.core.JLBHResult;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.jlbh.junit.internal.Results.noRun;
import static org.jlbh.junit.internal.Results.result;
import static org.jlbh.junit.internal.Results.run;

/** The one budget check, on chosen samples (below 2,048 ns, where the histograms are exact). */
class PercentileCheckTest {
    // p50 of each run: 1,000, 1,500 and 1,900 ns; 100 samples each, so p50 and p90 are supported, p99 is not
    private static final JLBHResult RESULT = result(20_000, run(100, 1_000), run(100, 1_500), run(100, 1_900));
    private static final JLBHResult.ProbeResult THREE_RUNS = RESULT.endToEnd();

    @Test
    void theMedianRunIsJudgedAndABudgetEqualToItHolds() {
        PercentileCheck check = PercentileCheck.of(RESULT, THREE_RUNS, 50, 1.5, Verdict.MEDIAN_RUN);

        assertThat(check.judged()).isTrue();
        assertThat(check.judgedNanos()).isEqualTo(1_500);
        assertThat(check.runValuesNanos()).containsExactly(1_000.0, 1_500.0, 1_900.0);
        assertThat(check.met()).isTrue();
        assertThat(check.breach()).isEmpty();
        assertThat(check.measured()).isEqualTo("1.500 \u00b5s");
    }

    @Test
    void aBreachSaysProbePercentileValueBudgetRunsThroughputAndCoordinatedOmission() {
        PercentileCheck check = PercentileCheck.of(RESULT, THREE_RUNS, 50, 1.4, Verdict.MEDIAN_RUN);

        assertThat(check.met()).isFalse();
        assertThat(check.breach()).contains("end to end p50 was 1.500 \u00b5s, budget 1.4 \u00b5s (runs: 1.000, "
                + "1.500, 1.900 \u00b5s; 20,000/s; coordinated omission on)");
    }

    @Test
    void everyRunNamesTheRunThatBroke() {
        PercentileCheck check = PercentileCheck.of(RESULT, THREE_RUNS, 50, 1.8, Verdict.EVERY_RUN);

        assertThat(check.judgedNanos()).isEqualTo(1_900);
        assertThat(check.breach()).hasValueSatisfying(breach -> assertThat(breach)
                .startsWith("end to end p50 was 1.900 \u00b5s in run 3 (every run must be within budget), budget 1.8 \u00b5s"));
    }

    @Test
    void aPercentileTheSamplesCannotSupportIsNeverMet() {
        PercentileCheck check = PercentileCheck.of(RESULT, THREE_RUNS, 99, 1_000_000, Verdict.MEDIAN_RUN);

        assertThat(check.judged()).isFalse();
        assertThat(check.met()).isFalse();
        assertThat(check.judgedNanos()).isNaN();
        assertThat(check.measured()).isEqualTo("not judged");
        assertThat(check.breach()).contains("end to end p99 could not be judged: run 1 has 100 samples, and p99 "
                + "needs at least 1,000");
    }

    @Test
    void noRunIsNeverMet() {
        JLBHResult none = noRun(1_000);
        assertThat(PercentileCheck.of(none, none.endToEnd(), 50, 1, Verdict.MEDIAN_RUN).breach())
                .contains("end to end p50 could not be judged: no run was measured");
    }

    @Test
    void aPercentileOutsideZeroToHundredIsRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> PercentileCheck.of(RESULT, THREE_RUNS, 0, 1,
                Verdict.MEDIAN_RUN));
        assertThatIllegalArgumentException().isThrownBy(() -> PercentileCheck.ofRun("p", RESULT.endToEnd().summaryOfLastRun(), 100.5, 1));
    }

    @Test
    void oneRunIsCheckedOnItsOwn() {
        List<JLBHResult.RunResult> runs = THREE_RUNS.eachRunSummary();
        assertThat(PercentileCheck.ofRun("end to end", runs.get(2), 90, 1.5).breach())
                .contains("end to end p90 in run 3 was 1.900 \u00b5s, budget 1.5 \u00b5s");
        assertThat(PercentileCheck.ofRun("end to end", result(1_000, run(10, 1_900)).endToEnd().summaryOfLastRun(), 90,
                1.5).breach()).contains("end to end p90 in run 1 could not be judged: 10 samples, and it needs at least 100");
        assertThat(PercentileCheck.ofRun("end to end", runs.get(0), 90, 1).met()).isTrue();
    }

    @Test
    void theBudgetIsConvertedFromMicrosecondsOnce() {
        assertThat(Budget.nanos(1.5)).isEqualTo(1_500);
        assertThat(new Budget("p", 50, 1.5005, 1.5005).limitNanos()).isEqualTo(1_500);
        assertThat(PercentileCheck.of(RESULT, THREE_RUNS, 50, 1.5, Verdict.MEDIAN_RUN).limitNanos()).isEqualTo(1_500);
    }

    @Test
    void aScaledBudgetSaysItWasScaledInTheBreach() {
        Budget scaled = new Budget("end to end", 50, 1.4, 0.7);
        LatencyCheck check = new LatencyCheck(scaled, PercentileCheck.of(RESULT, THREE_RUNS, 50, 1.4,
                Verdict.MEDIAN_RUN), Optional.empty(), java.util.OptionalDouble.empty(), false, Optional.empty(),
                List.of());

        assertThat(check.budget()).isEqualTo("end to end p50 <= 1.4 \u00b5s (0.7 \u00b5s scaled by jlbh.budget.factor)");
        assertThat(check.breach()).hasValueSatisfying(breach -> assertThat(breach).endsWith(
                "coordinated omission on) [budget end to end p50 <= 1.4 \u00b5s (0.7 \u00b5s scaled by jlbh.budget.factor)]"));
    }
}

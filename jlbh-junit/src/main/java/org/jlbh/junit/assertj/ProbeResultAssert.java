package org.jlbh.junit.assertj;

import org.assertj.core.api.AbstractAssert;
import org.jlbh.core.JLBHResult;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.judge.PercentileCheck;

/** Assertions on one probe's results over all runs, from {@link JLBHResultAssert#probe(String)} or its end to end. */
public class ProbeResultAssert extends AbstractAssert<ProbeResultAssert, JLBHResult.ProbeResult> {
    private final JLBHResult result;

    ProbeResultAssert(JLBHResult.ProbeResult actual, JLBHResult result) {
        super(actual, ProbeResultAssert.class);
        this.result = result;
    }

    /**
     * Verifies that the median run's value at the percentile is at most {@code maxMicros}.
     * <p>With runs at p99.9 of 40, 45 and 90 µs, {@code hasPercentileAtMostMicros(99.9, 50)} passes (median 45)
     * and {@code hasPercentileAtMostMicros(99.9, 42)} fails with
     * {@code end to end p99.9 was 45.000 µs, budget 42 µs (runs: 40.000, 45.000, 90.000 µs; 10,000/s;
     * coordinated omission on)}.
     *
     * @param percentile a percentile in (0, 100]
     * @param maxMicros  the most it may be, in microseconds
     * @return this
     */
    public ProbeResultAssert hasPercentileAtMostMicros(double percentile, double maxMicros) {
        return hasPercentileAtMostMicros(percentile, maxMicros, Verdict.MEDIAN_RUN);
    }

    /**
     * Verifies that the value at the percentile is at most {@code maxMicros}, judged over the runs as the verdict
     * says; fails too when there is no run, or a run has fewer samples than the percentile needs.
     *
     * @param percentile a percentile in (0, 100]
     * @param maxMicros  the most it may be, in microseconds
     * @param verdict    which runs must be within the budget
     * @return this
     * @throws IllegalArgumentException when the percentile is outside (0, 100]
     */
    public ProbeResultAssert hasPercentileAtMostMicros(double percentile, double maxMicros, Verdict verdict) {
        isNotNull();
        PercentileCheck.of(result, actual, percentile, maxMicros, verdict).breach()
                .ifPresent(breach -> failWithMessage("%s", breach));
        return this;
    }

    /**
     * @param run 1-based
     * @return assertions on that run's distribution; fails when there is no such run
     */
    public RunResultAssert run(int run) {
        isNotNull();
        if (run < 1 || run > actual.eachRunSummary().size()) {
            failWithMessage("Expected run %d of %s but there are %d runs", run, actual.name(),
                    actual.eachRunSummary().size());
        }
        return new RunResultAssert(actual.eachRunSummary().get(run - 1), actual.name());
    }
}

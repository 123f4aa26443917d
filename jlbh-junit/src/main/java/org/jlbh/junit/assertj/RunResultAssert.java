package org.jlbh.junit.assertj;

import org.assertj.core.api.AbstractAssert;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.junit.internal.judge.PercentileCheck;

/** Assertions on one probe in one run, from {@link ProbeResultAssert#run(int)}. */
public class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {
    private final String probe;

    RunResultAssert(RunResult actual, String probe) {
        super(actual, RunResultAssert.class);
        this.probe = probe;
    }

    /**
     * Verifies that the run's value at the percentile is at most {@code maxMicros}.
     * <p>With a run whose p99 is 12 µs, {@code hasPercentileAtMostMicros(99, 20)} passes and
     * {@code hasPercentileAtMostMicros(99, 10)} fails with
     * {@code end to end p99 in run 1 was 12.000 µs, budget 10 µs}; so does a run with too few samples for it.
     *
     * @param percentile a percentile in (0, 100]
     * @param maxMicros  the most it may be, in microseconds
     * @return this
     * @throws IllegalArgumentException when the percentile is outside (0, 100]
     */
    public RunResultAssert hasPercentileAtMostMicros(double percentile, double maxMicros) {
        isNotNull();
        PercentileCheck.ofRun(probe, actual, percentile, maxMicros).breach()
                .ifPresent(breach -> failWithMessage("%s", breach));
        return this;
    }

    /**
     * Verifies the number of samples in the run.
     *
     * @param expected the expected count
     * @return this
     */
    public RunResultAssert hasCount(long expected) {
        isNotNull();
        if (actual.count() != expected) {
            failWithMessage("Expected %s in run %d to have %,d samples but it had %,d", probe, actual.run(), expected,
                    actual.count());
        }
        return this;
    }
}

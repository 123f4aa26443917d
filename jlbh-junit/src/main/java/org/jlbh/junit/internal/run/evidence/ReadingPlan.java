package org.jlbh.junit.internal.run.evidence;

/**
 * What the scheduler readings of a measurement are fitted to ({@link SchedulerReadings}). Immutable.
 *
 * @param threads           harness threads, each reading its own figures
 * @param runs              measured runs
 * @param lateNanos         an iteration that took at least this long from its intended start is late: the smallest
 *                          budget of the test, and at least {@value #LEAST_LATE_NANOS} ns
 * @param laneIntervalNanos the time between one harness thread's iterations: its next is due this long after the
 *                          intended start of the last (the mean, for Poisson arrivals)
 * @param fixedRate         whether that interval is exact (fixed-rate arrivals), or a mean (Poisson)
 * @param runNanos          a run's length on schedule, in nanoseconds
 */
public record ReadingPlan(int threads, int runs, long lateNanos, double laneIntervalNanos, boolean fixedRate,
                          long runNanos) {
    /** The least time an iteration must take to count as late, in nanoseconds. */
    public static final long LEAST_LATE_NANOS = 10_000;

    /** Checks the plan. */
    public ReadingPlan {
        if (threads < 1 || runs < 1 || laneIntervalNanos <= 0 || runNanos < 0) {
            throw new IllegalArgumentException("a reading plan needs a thread, a run and a positive interval: threads "
                    + threads + ", runs " + runs + ", interval " + laneIntervalNanos + " ns, run " + runNanos + " ns");
        }
        lateNanos = Math.max(LEAST_LATE_NANOS, lateNanos);
    }
}

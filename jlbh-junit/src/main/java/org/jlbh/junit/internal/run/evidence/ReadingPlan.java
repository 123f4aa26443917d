package org.jlbh.junit.internal.run.evidence;

/**
 * What the scheduler readings of a measurement are fitted to ({@link SchedulerReadings}). Immutable.
 *
 * @param threads           harness threads, each reading its own figures
 * @param runs              measured runs
 * @param lateNanos         the least time from an iteration's intended start that makes it late: the smallest budget,
 *                          at least {@value #LEAST_LATE_NANOS} ns
 * @param laneIntervalNanos the time between one harness thread's intended starts (the mean, for Poisson arrivals)
 * @param fixedRate         whether that interval is exact, or a mean
 * @param runNanos          a run's length on schedule
 */
public record ReadingPlan(int threads, int runs, long lateNanos, double laneIntervalNanos, boolean fixedRate,
                          long runNanos) {
    public static final long LEAST_LATE_NANOS = 10_000;

    public ReadingPlan {
        if (threads < 1 || runs < 1 || laneIntervalNanos <= 0 || runNanos < 0) {
            throw new IllegalArgumentException("a reading plan needs a thread, a run and a positive interval: threads "
                    + threads + ", runs " + runs + ", interval " + laneIntervalNanos + " ns, run " + runNanos + " ns");
        }
        lateNanos = Math.max(LEAST_LATE_NANOS, lateNanos);
    }
}

package org.jlbh.junit.internal.config;

import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTestConfiguration;

/**
 * One latency budget of a test: the probe's percentile must be at most {@link #maxMicros()}. Immutable.
 *
 * @param probe          {@code "end to end"} or a {@code @Probe} parameter's name
 * @param percentile     in (0, 100]
 * @param maxMicros      in microseconds, after {@code jlbh.budget.factor}
 * @param declaredMicros in microseconds, as declared
 */
public record Budget(String probe, double percentile, double maxMicros, double declaredMicros) {

    /** @return the microseconds in nanoseconds: the one conversion from a budget's unit to the histograms' */
    public static double nanos(double micros) {
        return micros * 1_000;
    }

    /** @return the budget in whole nanoseconds, rounded down: a sample above it is over budget */
    public long limitNanos() {
        return (long) Math.floor(nanos(maxMicros));
    }

    /** @return whether {@code jlbh.budget.factor} changed the declared budget */
    public boolean scaled() {
        return maxMicros != declaredMicros;
    }

    /** @return e.g. {@code end to end p99.9 <= 50 µs}, and the declared budget when it was scaled */
    public String describe() {
        String scaled = scaled() ? " (" + ReportFormat.plain(declaredMicros) + " \u00b5s scaled by "
                + LatencyTestConfiguration.BUDGET_FACTOR + ")" : "";
        return probe + " p" + Percentiles.label(percentile) + " <= " + ReportFormat.plain(maxMicros) + " \u00b5s"
                + scaled;
    }
}

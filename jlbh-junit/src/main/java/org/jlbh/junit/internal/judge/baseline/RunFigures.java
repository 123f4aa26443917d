package org.jlbh.junit.internal.judge.baseline;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One probe's figures in one run, in nanoseconds. Immutable.
 *
 * @param run               1-based run
 * @param count             samples
 * @param minNanos          the smallest sample (0 when there is none)
 * @param meanNanos         the mean, rounded to the nanosecond (0 when there is no sample)
 * @param maxNanos          the largest sample (0 when there is none)
 * @param percentilesNanos  by percentile label ({@code "50"}, {@code "99.9"}), ascending: the value at each
 *                          reported percentile the sample count supports
 * @param distribution      the distribution at points spaced evenly on the "nines" scale up to the highest
 *                          percentile the count supports, then the worst at 100, for charts
 * @param outOfRangeSamples samples clamped into the recordable range
 */
public record RunFigures(int run, long count, long minNanos, long meanNanos, long maxNanos,
                         Map<String, Long> percentilesNanos, List<Point> distribution, long outOfRangeSamples) {

    /**
     * One point of a distribution.
     *
     * @param percentile in [0, 100]
     * @param nanos      the value there
     */
    public record Point(double percentile, long nanos) {
    }

    /** Copies the percentiles (keeping their order) and the distribution. */
    public RunFigures {
        percentilesNanos = Collections.unmodifiableMap(new LinkedHashMap<>(percentilesNanos));
        distribution = List.copyOf(distribution);
    }
}

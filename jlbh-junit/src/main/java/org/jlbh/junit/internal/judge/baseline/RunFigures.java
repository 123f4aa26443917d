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
 * @param codesOwnNanos     by percentile label, as {@code percentilesNanos}: the value on the code's own account, with
 *                          the late samples the platform's waits and the JVM's safepoints made later replaced by their
 *                          latency without those pauses; empty when not known (the probe has no latency budget, so its
 *                          late samples were not kept, or the build was recorded before these figures were kept)
 */
public record RunFigures(int run, long count, long minNanos, long meanNanos, long maxNanos,
                         Map<String, Long> percentilesNanos, List<Point> distribution, long outOfRangeSamples,
                         Map<String, Long> codesOwnNanos) {

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
        codesOwnNanos = Collections.unmodifiableMap(new LinkedHashMap<>(codesOwnNanos));
    }

    /** Figures as measured only, without the code's own account. */
    public RunFigures(int run, long count, long minNanos, long meanNanos, long maxNanos,
                      Map<String, Long> percentilesNanos, List<Point> distribution, long outOfRangeSamples) {
        this(run, count, minNanos, meanNanos, maxNanos, percentilesNanos, distribution, outOfRangeSamples, Map.of());
    }

    /**
     * @param codesOwn the values on the code's own account, by percentile label
     * @return these figures with them
     */
    public RunFigures withCodesOwn(Map<String, Long> codesOwn) {
        return new RunFigures(run, count, minNanos, meanNanos, maxNanos, percentilesNanos, distribution,
                outOfRangeSamples, codesOwn);
    }

    /** @return these figures without the charts' distribution, as a baseline records them */
    public RunFigures withoutDistribution() {
        return new RunFigures(run, count, minNanos, meanNanos, maxNanos, percentilesNanos, List.of(),
                outOfRangeSamples, codesOwnNanos);
    }
}

package org.jlbh.junit.internal.judge.baseline;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One probe's figures in one 1-based run, in nanoseconds: its smallest, mean (rounded) and largest sample, 0 when it
 * has none; its percentiles by label ({@code "99.9"}), ascending, those its count supports, and likewise on the code's
 * own account (late samples the platform and the JVM made later, replayed without those pauses), empty when not
 * known; for charts, its distribution at points spaced evenly on the "nines" scale, then the worst at 100. Immutable.
 */
public record RunFigures(int run, long count, long minNanos, long meanNanos, long maxNanos,
                         Map<String, Long> percentilesNanos, List<Point> distribution, long outOfRangeSamples,
                         Map<String, Long> codesOwnNanos) {

    /** One point of a distribution: a percentile in [0, 100] and the value there. */
    public record Point(double percentile, long nanos) {
    }

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

    /** @return these figures with the values on the code's own account, by percentile label */
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

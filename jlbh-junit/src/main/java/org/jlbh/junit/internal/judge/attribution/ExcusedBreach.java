package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.core.ReportFormat;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A broken latency budget that holds without the pauses that are not the code's (the platform's and the JVM's
 * safepoints; see {@link LateSampleAttribution}): the code's own samples, collections included, are within it.
 * Immutable.
 *
 * @param what           the check, e.g. {@code end to end p99}
 * @param excused        how many late samples those pauses account for
 * @param codeOnlyNanos  the value judged without them, in nanoseconds
 * @param runValuesNanos each run's value without them, in nanoseconds
 */
public record ExcusedBreach(String what, long excused, double codeOnlyNanos, List<Double> runValuesNanos)
        implements BreachExplanation {

    /** Copies the values. */
    public ExcusedBreach {
        runValuesNanos = List.copyOf(runValuesNanos);
    }

    /**
     * @return e.g. {@code inconclusive: without the pauses not the code's, which account for 1,180 late samples, end
     *         to end p99 would be 45.000 µs (runs: 40.000, 45.000, 50.000 µs), within its budget}
     */
    @Override
    public String describe() {
        return String.format(Locale.ROOT, "inconclusive: without the pauses not the code's, which account for %,d late "
                        + "samples, %s would be %s \u00b5s (runs: %s \u00b5s), within its budget", excused,
                what, ReportFormat.micros(codeOnlyNanos),
                runValuesNanos.stream().map(ReportFormat::micros).collect(Collectors.joining(", ")));
    }
}

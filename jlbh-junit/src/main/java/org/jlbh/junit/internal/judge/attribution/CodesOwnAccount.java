package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.core.ReportFormat;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A latency budget that broke as measured and holds on the code's own account: without the late samples the platform,
 * the JVM's safepoints and the collections' copying of older objects account for ({@link LateSampleAttribution}).
 * In {@code jlbh.noise = aware} such a budget is met, and both figures are said. Immutable.
 *
 * @param what           the check, e.g. {@code end to end p99}
 * @param measuredNanos  the value as measured, in nanoseconds
 * @param excused        how many late samples those pauses account for
 * @param codeOnlyNanos  the value judged without them, in nanoseconds
 * @param runValuesNanos each run's value without them, in nanoseconds
 */
public record CodesOwnAccount(String what, double measuredNanos, long excused, double codeOnlyNanos,
                              List<Double> runValuesNanos) {

    public CodesOwnAccount {
        runValuesNanos = List.copyOf(runValuesNanos);
    }

    /**
     * @param budget the budget, e.g. {@code 100 µs}
     * @param late   the late samples' causes ({@link LateSamples#describe()})
     * @return e.g. {@code end to end p99 11.600 µs on the code's own account (runs: 11.2, 11.6, 12.0 µs), budget
     *         100 µs; as measured 3,690.000 µs, 5,011 late samples the platform or the JVM account for: ...}
     */
    public String describe(String budget, String late) {
        return String.format(Locale.ROOT, "%s %s \u00b5s on the code's own account (runs: %s \u00b5s), budget %s; as "
                        + "measured %s \u00b5s, %,d late samples the platform or the JVM account for: %s",
                what, ReportFormat.micros(codeOnlyNanos), runValuesNanos.stream().map(ReportFormat::micros)
                        .collect(Collectors.joining(", ")), budget, ReportFormat.micros(measuredNanos), excused, late);
    }
}

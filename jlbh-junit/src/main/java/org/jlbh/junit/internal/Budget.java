package org.jlbh.junit.internal;

import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;

/**
 * One latency budget, validated.
 *
 * @param probe       the probe's name ("end to end" or a probe parameter's)
 * @param percentile  the percentile, in (0, 100]
 * @param maxMicros   the most it may be, in microseconds, after {@code jlbh.budget.factor}
 * @param declaredMicros the budget as declared, before the factor
 */
public record Budget(String probe, double percentile, double maxMicros, double declaredMicros) {

    /** @return e.g. {@code end to end p99.9 <= 50 µs} */
    public String describe() {
        String scaled = maxMicros == declaredMicros ? "" : " (" + ReportFormat.plain(declaredMicros) + " \u00b5s scaled by jlbh.budget.factor)";
        return probe + " p" + Percentiles.label(percentile) + " <= " + ReportFormat.plain(maxMicros) + " \u00b5s" + scaled;
    }
}

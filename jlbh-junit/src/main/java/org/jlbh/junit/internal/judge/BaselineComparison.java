package org.jlbh.junit.internal.judge;

import org.jlbh.core.JLBH;
import org.jlbh.junit.Verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A test's figures compared with its baseline (the figures of an earlier build of the same test), per probe and
 * percentile. The value compared is the median run's, before and after. The tolerance of each row is the larger of
 * the configured minimum and the run-to-run variation the baseline showed there, {@code 100 × (max − min) /
 * ((max + min) / 2)} over its runs: a baseline whose runs disagreed by 30% cannot tell a 20% change from noise.
 * Percentiles are compared only where every run of both has them; OS jitter is the machine's, not the test's, and is
 * not compared; the worst is shown but never counts as a regression (one sample). Immutable.
 *
 * @param source      where the baseline was read from (its folder), for messages
 * @param rows        every probe and percentile compared, probe by probe, in ascending percentile
 * @param notCompared what this result has and the baseline lacks, each said as not compared, e.g.
 *                    {@code parse: no baseline for this probe, not compared}
 */
public record BaselineComparison(Path source, List<Row> rows, List<String> notCompared) {
    /** The label of the worst sample's row. */
    public static final String WORST = "worst";

    /**
     * One probe and percentile, before and after.
     *
     * @param probe                    the probe's name
     * @param percentile               a percentile label, e.g. {@code 99.9}, or {@link #WORST}
     * @param beforeNanos              the baseline's median run value
     * @param afterNanos               this result's median run value
     * @param tolerancePercent         how much slower counts as a regression
     * @param baselineVariationPercent the baseline's run-to-run variation at this percentile
     * @param gated                    whether this row can be a regression (the worst cannot)
     */
    public record Row(String probe, String percentile, double beforeNanos, double afterNanos, double tolerancePercent,
                      double baselineVariationPercent, boolean gated) {

        /** @return the change in percent, positive when slower */
        public double changePercent() {
            return beforeNanos == 0 ? (afterNanos == 0 ? 0 : Double.POSITIVE_INFINITY)
                    : 100 * (afterNanos - beforeNanos) / beforeNanos;
        }

        /** @return whether this row is slower than the tolerance allows */
        public boolean regressed() {
            return gated && changePercent() > tolerancePercent;
        }

        /** @return e.g. {@code end to end p99.9 was 12.000 µs, now 45.000 µs (+275.0%, tolerance 10.0%)} */
        public String describe() {
            return String.format(Locale.ROOT, "%s %s was %,.3f \u00b5s, now %,.3f \u00b5s (%+.1f%%, tolerance %.1f%%%s)",
                    probe, percentile.equals(WORST) ? WORST : "p" + percentile, beforeNanos / 1e3,
                    afterNanos / 1e3, changePercent(), tolerancePercent,
                    baselineVariationPercent > 0 ? String.format(Locale.ROOT, "; baseline runs varied %.1f%%",
                            baselineVariationPercent) : "");
        }
    }

    /** Copies the rows. */
    public BaselineComparison {
        rows = List.copyOf(rows);
        notCompared = List.copyOf(notCompared);
    }

    /**
     * @param source                  the baseline's folder, for messages
     * @param baseline                the baseline's probes
     * @param current                 this result's probes
     * @param minimumTolerancePercent the smallest change that can count as a regression
     * @return the comparison
     */
    public static BaselineComparison compare(Path source, List<ProbeFigures> baseline, List<ProbeFigures> current,
                                             double minimumTolerancePercent) {
        List<Row> rows = new ArrayList<>();
        List<String> notCompared = new ArrayList<>();
        for (ProbeFigures probe : current) {
            if (probe.name().equals(JLBH.OS_JITTER) || probe.runs().isEmpty()) {
                continue;
            }
            ProbeFigures before = baseline.stream().filter(p -> p.name().equals(probe.name())).reduce((a, b) -> b)
                    .orElse(null);
            if (before == null) {
                notCompared.add(probe.name() + ": no baseline for this probe, not compared");
                continue;
            }
            for (String percentile : probe.runs().get(0).percentilesNanos().keySet()) {
                List<Double> beforeValues = before.percentileByRun(percentile);
                List<Double> afterValues = probe.percentileByRun(percentile);
                if (!beforeValues.isEmpty() && !afterValues.isEmpty()) {
                    rows.add(row(probe.name(), percentile, beforeValues, afterValues, minimumTolerancePercent, true));
                } else if (beforeValues.isEmpty() && !afterValues.isEmpty()) {
                    notCompared.add(probe.name() + " p" + percentile + ": not in every run of the baseline, not compared");
                }
            }
            List<Double> beforeWorst = before.worstByRun();
            List<Double> afterWorst = probe.worstByRun();
            if (!beforeWorst.isEmpty() && !afterWorst.isEmpty()) {
                rows.add(row(probe.name(), WORST, beforeWorst, afterWorst, minimumTolerancePercent, false));
            }
        }
        return new BaselineComparison(source, rows, notCompared);
    }

    /** @return the rows slower than their tolerance */
    public List<Row> regressions() {
        return rows.stream().filter(Row::regressed).toList();
    }

    /** @return e.g. {@code Regression against the baseline in src/test/jlbh-baseline: end to end p50 was …}; empty when none */
    public String regressionMessage() {
        List<String> regressed = regressions().stream().map(Row::describe).toList();
        return regressed.isEmpty() ? "" : "Regression against the baseline in " + source + ": "
                + String.join("; ", regressed);
    }

    /** @return the change-per-percentile table for the console, in microseconds */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-24s %10s %14s %14s %9s %10s%n", "Probe", "Percentile",
                "Baseline (us)", "Now (us)", "Change", "Tolerance"));
        for (Row row : rows) {
            sb.append(String.format(Locale.ROOT, "%-24s %10s %,14.3f %,14.3f %+8.1f%% %9s%s%n", row.probe(),
                    row.percentile(), row.beforeNanos() / 1e3, row.afterNanos() / 1e3, row.changePercent(),
                    row.gated() ? String.format(Locale.ROOT, "%.1f%%", row.tolerancePercent()) : "-",
                    row.regressed() ? "  REGRESSION" : ""));
        }
        for (String line : notCompared) {
            sb.append(line).append(System.lineSeparator());
        }
        return sb.toString();
    }

    private static Row row(String probe, String percentile, List<Double> before, List<Double> after,
                           double minimumTolerancePercent, boolean gated) {
        double min = Collections.min(before);
        double max = Collections.max(before);
        double variation = max + min == 0 ? 0 : 100 * (max - min) / ((max + min) / 2);
        return new Row(probe, percentile, Verdict.MEDIAN_RUN.judge(before), Verdict.MEDIAN_RUN.judge(after),
                Math.max(minimumTolerancePercent, variation), variation, gated);
    }
}

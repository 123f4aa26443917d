package org.jlbh.junit.internal.report;

import org.jlbh.junit.Verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A test's result compared with its baseline (an earlier JSON result of the same test), per probe and
 * percentile. The value compared is the median run's, before and after. The tolerance of each row is the larger of
 * the configured minimum and the run-to-run variation the baseline showed there, {@code 100 × (max − min) /
 * ((max + min) / 2)} over its runs: a baseline whose runs disagreed by 30% cannot tell a 20% change from noise.
 * Percentiles are compared only where both results have them; OS jitter is the machine's, not the test's, and is
 * not compared; the worst is shown but never counts as a regression (one sample). Immutable.
 */
public final class BaselineComparison {
    private static final String OS_JITTER = "OS jitter";

    /**
     * One probe and percentile, before and after.
     *
     * @param probe            the probe's name
     * @param percentile       e.g. {@code 99.9}, or {@code worst}
     * @param beforeNanos      the baseline's median run value
     * @param afterNanos       this result's median run value
     * @param tolerancePercent how much slower counts as a regression
     * @param baselineVariationPercent the baseline's run-to-run variation at this percentile
     * @param gated            whether this row can be a regression (the worst cannot)
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
                    probe, percentile.equals("worst") ? "worst" : "p" + percentile, beforeNanos / 1e3,
                    afterNanos / 1e3, changePercent(), tolerancePercent,
                    baselineVariationPercent > 0 ? String.format(Locale.ROOT, "; baseline runs varied %.1f%%",
                            baselineVariationPercent) : "");
        }
    }

    private final List<Row> rows;

    private BaselineComparison(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    /**
     * @param baseline         the baseline's JSON result, as {@link JsonReader} reads it
     * @param current          this result's JSON, as {@link JsonReader} reads it
     * @param minimumTolerancePercent the smallest change that can count as a regression
     * @return the comparison
     * @throws IllegalArgumentException when the baseline lacks the expected structure (saying what is missing)
     */
    public static BaselineComparison compare(Object baseline, Object current, double minimumTolerancePercent) {
        List<Row> rows = new ArrayList<>();
        for (Map<String, Object> probe : list(member(current, "probes"))) {
            String name = (String) probe.get("name");
            if (OS_JITTER.equals(name)) {
                continue;
            }
            Map<String, Object> before = null;
            for (Map<String, Object> candidate : list(member(baseline, "probes"))) {
                if (name.equals(candidate.get("name"))) {
                    before = candidate;
                }
            }
            if (before == null) {
                continue;
            }
            List<Map<String, Object>> beforeRuns = list(before.get("runs"));
            List<Map<String, Object>> afterRuns = list(probe.get("runs"));
            for (String percentile : percentiles(afterRuns)) {
                List<Double> beforeValues = values(beforeRuns, "percentilesNanos", percentile);
                List<Double> afterValues = values(afterRuns, "percentilesNanos", percentile);
                if (beforeValues != null && afterValues != null) {
                    rows.add(row(name, percentile, beforeValues, afterValues, minimumTolerancePercent, true));
                }
            }
            List<Double> beforeWorst = values(beforeRuns, null, "maxNanos");
            List<Double> afterWorst = values(afterRuns, null, "maxNanos");
            if (beforeWorst != null && afterWorst != null) {
                rows.add(row(name, "worst", beforeWorst, afterWorst, minimumTolerancePercent, false));
            }
        }
        return new BaselineComparison(rows);
    }

    /** @return every row, probe by probe, in ascending percentile */
    public List<Row> rows() {
        return rows;
    }

    /** @return the rows slower than their tolerance */
    public List<Row> regressions() {
        List<Row> regressions = new ArrayList<>();
        for (Row row : rows) {
            if (row.regressed()) {
                regressions.add(row);
            }
        }
        return regressions;
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

    private static List<String> percentiles(List<Map<String, Object>> runs) {
        if (runs.isEmpty() || !(runs.get(0).get("percentilesNanos") instanceof Map)) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (Object name : ((Map<?, ?>) runs.get(0).get("percentilesNanos")).keySet()) {
            names.add((String) name);
        }
        return names;
    }

    /** @return each run's value of {@code key} (inside {@code group} if given), or null if a run lacks it */
    private static List<Double> values(List<Map<String, Object>> runs, String group, String key) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Object> run : runs) {
            Object holder = group == null ? run : run.get(group);
            Object value = holder instanceof Map ? ((Map<?, ?>) holder).get(key) : null;
            if (!(value instanceof Double)) {
                return null;
            }
            values.add((Double) value);
        }
        return values.isEmpty() ? null : values;
    }

    private static Object member(Object document, String name) {
        if (!(document instanceof Map) || !((Map<?, ?>) document).containsKey(name)) {
            throw new IllegalArgumentException("not a jlbh-junit result: it has no \"" + name + "\" member");
        }
        return ((Map<?, ?>) document).get(name);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object value) {
        if (!(value instanceof List)) {
            throw new IllegalArgumentException("not a jlbh-junit result: expected a list, found " + value);
        }
        for (Object element : (List<?>) value) {
            if (!(element instanceof Map)) {
                throw new IllegalArgumentException("not a jlbh-junit result: expected objects in a list, found " + element);
            }
        }
        return (List<Map<String, Object>>) value;
    }
}

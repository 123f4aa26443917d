package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.JLBH;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * This build's figures compared with its baseline, a history of recorded builds, per probe and percentile.
 *
 * <p>The method: for each gated percentile (those {@link BaselineGate#percentiles()} names that every run of this
 * build supports; the others are listed as not compared, saying why), the change is the ratio of this build's median
 * run to the history's median build (each build's median run), with an interval from a {@link HierarchicalBootstrap} over builds and runs. The interval's level is
 * corrected for the number of comparisons the test makes ({@code 1 − α/m}), so that many probes and percentiles do
 * not cry wolf by arithmetic. A percentile is a {@link Change#REGRESSION} when the whole interval lies above
 * {@code +tolerance}, {@link Change#IMPROVED} when it lies below {@code −tolerance}, else within noise. A history
 * whose own builds differ by more than a factor of {@value #TOO_NOISY} at a percentile is too noisy for that interval
 * (its ends rest on the history's outlying runs): there a change is judged by ranks instead ({@link RankBeyond}), a
 * regression only when every run of this build lies above every recorded run by more than the tolerance and an
 * unchanged build would do so by chance no more often than the corrected level allows, else the percentile is not
 * judged; and
 * a history of fewer than {@value #FEWEST_BUILDS_TO_GATE} builds is compared but does not gate;
 * builds recorded on another machine or JVM are reported against, not gated (unless the gate says otherwise). The
 * worst sample is shown, never gated; OS jitter is the machine's, never compared. Immutable.
 *
 * @param source      the baseline's folder, for messages
 * @param builds      how many recorded builds the comparison used
 * @param environment when the builds used were recorded on another machine or JVM, which; else empty
 * @param gated       whether the comparison can fail the test: the builds are from this machine and JVM, or the
 *                    gate compares across environments
 * @param rows        every probe and percentile compared, probe by probe, in ascending percentile, then the worst
 * @param notCompared what this build has and the baseline lacks, each said as not compared
 */
public record BaselineComparison(Path source, int builds, String environment, boolean gated, List<Row> rows,
                                 List<String> notCompared) {
    /** The label of the worst sample's row. */
    public static final String WORST = "worst";
    /** A history whose builds differ by more than this factor at a percentile cannot judge it. */
    public static final double TOO_NOISY = 2;
    /**
     * The fewest recorded builds that gate: one build says nothing of the noise between builds (a fresh JVM's JIT,
     * layout and the machine's state), which at high percentiles is most of the noise.
     */
    public static final int FEWEST_BUILDS_TO_GATE = 2;

    /** What a comparison decided. */
    public enum Change {
        /** Slower beyond the threshold, the whole interval above it. */
        REGRESSION,
        /** Faster beyond the threshold, the whole interval below it. */
        IMPROVED,
        /** The interval reaches within the threshold: no change that this history can tell from noise. */
        WITHIN_NOISE,
        /** The history cannot judge it (too noisy); {@link Row#why()} says why. */
        NOT_JUDGED,
        /** Shown but not gated: the worst sample, or builds recorded on another machine or JVM. */
        NOT_GATED
    }

    /**
     * One probe and percentile: the history, now, the change with its interval, the threshold and the decision.
     *
     * @param probe            the probe's name
     * @param percentile       a percentile label, e.g. {@code 99.9}, or {@link #WORST}
     * @param historyLowNanos  the history's lowest build (median run), in nanoseconds
     * @param historyHighNanos the history's highest build (median run), in nanoseconds
     * @param builds           how many recorded builds had this percentile
     * @param nowNanos         this build's median run, in nanoseconds
     * @param changePercent    the estimated change, in percent, positive when slower
     * @param lowPercent       the interval's lower end, in percent
     * @param highPercent      the interval's upper end, in percent
     * @param thresholdPercent the threshold the interval was judged against, in percent
     * @param change           the decision
     * @param why              why a percentile was not judged or not gated, or why a noisy history's regression or
     *                         improvement stands (beyond its spread); empty otherwise
     */
    public record Row(String probe, String percentile, double historyLowNanos, double historyHighNanos, int builds,
                      double nowNanos, double changePercent, double lowPercent, double highPercent,
                      double thresholdPercent, Change change, String why) {

        /** @return whether this row is a regression */
        public boolean regressed() {
            return change == Change.REGRESSION;
        }

        /**
         * @return e.g. {@code end to end p99: history 10.200–11.000 µs (5 builds), now 14.100 µs, +32% (interval
         *         +21..+44%), threshold +10%: REGRESSION}
         */
        public String describe() {
            String what = probe + " " + (percentile.equals(WORST) ? WORST : "p" + percentile);
            String history = String.format(Locale.ROOT, "history %s–%s \u00b5s (%d build%s), now %s \u00b5s",
                    ReportFormat.micros(historyLowNanos), ReportFormat.micros(historyHighNanos), builds,
                    builds == 1 ? "" : "s", ReportFormat.micros(nowNanos));
            if (percentile.equals(WORST)) {
                return what + ": " + history + ": shown, never gated";
            }
            String decision = switch (change) {
                case REGRESSION -> why.isEmpty() ? "REGRESSION" : "REGRESSION, " + why;
                case IMPROVED -> why.isEmpty() ? "IMPROVED" : "IMPROVED, " + why;
                case WITHIN_NOISE -> "within noise";
                case NOT_JUDGED -> "not judged: " + why;
                case NOT_GATED -> "not gated: " + why;
            };
            return String.format(Locale.ROOT, "%s: %s, %+.0f%% (interval %+.0f..%+.0f%%), threshold +%s%%: %s", what,
                    history, changePercent, lowPercent, highPercent, ReportFormat.plain(thresholdPercent), decision);
        }
    }

    /** Copies the rows. */
    public BaselineComparison {
        rows = List.copyOf(rows);
        notCompared = List.copyOf(notCompared);
    }

    /**
     * @param source             the baseline's folder, for messages
     * @param history            the recorded builds, oldest first, at least one
     * @param current            this build's probes
     * @param currentEnvironment this build's machine and JVM, as {@link RecordedBuild#environment()} says it
     * @param gate               how to compare
     * @param seed               the seed of the bootstrap (the same figures and seed give the same intervals)
     * @return the comparison
     */
    public static BaselineComparison compare(Path source, List<RecordedBuild> history, List<ProbeFigures> current,
                                             String currentEnvironment, BaselineGate gate, long seed) {
        List<RecordedBuild> sameEnvironment = history.stream()
                .filter(build -> build.environment().equals(currentEnvironment)).toList();
        boolean gated = gate.acrossEnvironments() || !sameEnvironment.isEmpty();
        List<RecordedBuild> builds = sameEnvironment.isEmpty() ? history : sameEnvironment;
        String environment = sameEnvironment.isEmpty() && !history.isEmpty()
                ? history.get(history.size() - 1).environment() : "";

        List<String> notCompared = new ArrayList<>();
        List<Pending> pending = new ArrayList<>();
        for (ProbeFigures probe : current) {
            if (probe.name().equals(JLBH.OS_JITTER) || probe.runs().isEmpty()) {
                continue;
            }
            List<ProbeFigures> recorded = builds.stream().flatMap(build -> build.probes().stream())
                    .filter(p -> p.name().equals(probe.name())).toList();
            if (recorded.isEmpty()) {
                notCompared.add(probe.name() + ": no baseline for this probe, not compared");
                continue;
            }
            for (String percentile : gate.percentiles()) {
                List<Double> now = probe.percentileByRun(percentile);
                if (now.isEmpty()) {
                    notCompared.add(probe.name() + " p" + percentile + ": " + unsupported(probe, percentile)
                            + ", not compared");
                    continue;
                }
                List<double[]> before = recorded.stream().map(p -> array(p.percentileByRun(percentile)))
                        .filter(values -> values.length > 0).toList();
                if (before.isEmpty()) {
                    notCompared.add(probe.name() + " p" + percentile + ": not in the baseline, not compared");
                } else {
                    pending.add(new Pending(probe.name(), percentile, before, array(now)));
                }
            }
            List<double[]> beforeWorst = recorded.stream().map(p -> array(p.worstByRun()))
                    .filter(values -> values.length > 0).toList();
            if (!beforeWorst.isEmpty() && !probe.worstByRun().isEmpty()) {
                pending.add(new Pending(probe.name(), WORST, beforeWorst, array(probe.worstByRun())));
            }
        }

        long comparisons = pending.stream().filter(p -> !p.percentile().equals(WORST)).count();
        double level = 1 - gate.familyAlpha() / Math.max(1, comparisons);
        List<Row> rows = new ArrayList<>();
        for (Pending p : pending) {
            rows.add(p.judge(gate, level, seed, gated, environment));
        }
        return new BaselineComparison(source, builds.size(), environment, gated, rows, notCompared);
    }

    /** @return the rows that regressed */
    public List<Row> regressions() {
        return rows.stream().filter(Row::regressed).toList();
    }

    /** @return the rows that improved */
    public List<Row> improvements() {
        return rows.stream().filter(row -> row.change() == Change.IMPROVED).toList();
    }

    /** @return e.g. {@code Regression against the baseline in src/test/jlbh-baseline: end to end p50: …}; empty if none */
    public String regressionMessage() {
        List<String> regressed = regressions().stream().map(Row::describe).toList();
        return regressed.isEmpty() ? "" : "Regression against the baseline in " + source + ": "
                + String.join("; ", regressed);
    }

    /** @return one line per row and per thing not compared, then a note when the history is short or foreign */
    public String table() {
        StringBuilder sb = new StringBuilder();
        for (Row row : rows) {
            sb.append(row.describe()).append(System.lineSeparator());
        }
        for (String line : notCompared) {
            sb.append(line).append(System.lineSeparator());
        }
        if (builds == 1) {
            sb.append("The baseline holds 1 build, so the noise between builds is unknown: record more with "
                    + "jlbh.baseline.write=true").append(System.lineSeparator());
        }
        if (!environment.isEmpty()) {
            sb.append("The baseline was recorded on another machine or JVM (").append(environment).append(gated
                    ? "): gated all the same, as jlbh.baseline.environment = any asks" : "): reported, not gated")
                    .append(System.lineSeparator());
        }
        if (!improvements().isEmpty()) {
            sb.append("Faster than the baseline: refresh it with jlbh.baseline.write=true")
                    .append(System.lineSeparator());
        }
        return sb.toString();
    }

    /** @return why this build has no value at the percentile: too few samples in a run, or not recorded */
    private static String unsupported(ProbeFigures probe, String percentile) {
        long needed = Percentiles.minimumSamples(Double.parseDouble(percentile));
        return probe.runs().stream().filter(run -> run.count() < needed).findFirst()
                .map(run -> String.format(Locale.ROOT, "too few samples (run %d has %,d, and p%s needs at least %,d)",
                        run.run(), run.count(), percentile, needed))
                .orElse("this build did not record it");
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** One comparison to make, once the number of comparisons (and so the level) is known. */
    private record Pending(String probe, String percentile, List<double[]> before, double[] now) {

        Row judge(BaselineGate gate, double level, long seed, boolean gated, String environment) {
            double low = Double.MAX_VALUE;
            double high = 0;
            for (double[] build : before) {
                double median = HierarchicalBootstrap.statistic(build);
                low = Math.min(low, median);
                high = Math.max(high, median);
            }
            double nowNanos = HierarchicalBootstrap.statistic(now);
            double tolerance = gate.tolerancePercent();
            if (low <= 0 || nowNanos <= 0) {
                double change = low <= 0 ? (nowNanos <= 0 ? 0 : Double.POSITIVE_INFINITY) : -100;
                return new Row(probe, percentile, low, high, before.size(), nowNanos, change, change, change,
                        tolerance, Change.NOT_JUDGED, "a value of 0 ns has no ratio");
            }
            HierarchicalBootstrap.Ratio ratio = HierarchicalBootstrap.ratio(before, now, level,
                    seed * 31 + (probe + " " + percentile).hashCode());
            double change = 100 * (ratio.estimate() - 1);
            double lowPercent = 100 * (ratio.low() - 1);
            double highPercent = 100 * (ratio.high() - 1);
            Change decision;
            String why = "";
            if (percentile.equals(WORST)) {
                decision = Change.NOT_GATED;
                why = "the worst is one sample";
            } else if (!gated) {
                decision = Change.NOT_GATED;
                why = "recorded on another machine or JVM (" + environment + ")";
            } else if (before.size() < FEWEST_BUILDS_TO_GATE) {
                decision = Change.NOT_JUDGED;
                why = "1 recorded build cannot tell the noise between builds; record at least one more";
            } else if (high / low > TOO_NOISY) {
                // too noisy for the bootstrap: judge by ranks whether this build lies beyond every recorded run
                RankBeyond ranks = RankBeyond.of(before, now, tolerance, level);
                decision = ranks.change();
                why = ranks.describe(high / low);
            } else if (lowPercent > tolerance) {
                decision = Change.REGRESSION;
            } else if (highPercent < -tolerance) {
                decision = Change.IMPROVED;
            } else {
                decision = Change.WITHIN_NOISE;
            }
            return new Row(probe, percentile, low, high, before.size(), nowNanos, change, lowPercent, highPercent,
                    tolerance, decision, why);
        }
    }
}

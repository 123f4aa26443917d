package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.JLBH;
import org.jlbh.core.ReportFormat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The change against its base, measured in the same JVM with their runs in turns (the paired mode), per probe and
 * percentile.
 *
 * <p>The method: run {@code i} of the change and run {@code i} of the base make a pair, measured one right after the
 * other, so whatever else the machine did then (a neighbour, a collection, a frequency step) fell on both alike; each
 * pair gives a log-ratio {@code rᵢ = ln(changeᵢ / baseᵢ)}. The change is {@code e^median(r) − 1}, and its interval
 * runs from the {@code k}-th smallest to the {@code k}-th largest log-ratio, {@code k} the largest for which the sign
 * test puts the chance that the true median lies below the {@code k}-th smallest at most {@link #rowAlpha()} (whatever
 * the distribution of the pairs, as long as they are independent): {@value #FAMILY_ALPHA} split evenly over the rows
 * compared, so that unchanged code is flagged by chance in at most {@value #FAMILY_ALPHA} of tests however many
 * percentiles are compared (as the history gate splits its own). With one row that is the smallest and the largest of 6
 * to 8 pairs, the second ones of 9 to 11; with three (p50, p90, p99) the smallest and the largest of 8 to 10 pairs. A
 * percentile is a {@link BaselineComparison.Change#REGRESSION} when the whole interval lies above {@code +tolerance},
 * {@link BaselineComparison.Change#IMPROVED} when it lies below {@code −tolerance}, else within noise; with too few
 * pairs for an interval at that level ({@link #fewestPairs}) it is not judged. Each judged
 * row says the smallest change that would have been flagged with these pairs' spread (detectable): the threshold
 * times how far the interval's lower end lies below the median. Figures on the code's own account are compared where
 * every run of both sides has them, else the figures as measured, and {@link #notes()} says so. OS jitter is the
 * machine's, never compared. Immutable.
 *
 * @param pairs            how many pairs of runs were compared
 * @param tolerancePercent the threshold, in percent
 * @param rows             every probe and percentile compared, probe by probe, in ascending percentile
 * @param notes            what was compared as measured, or not at all, and why
 */
public record PairedComparison(int pairs, double tolerancePercent, List<Row> rows, List<String> notes) {
    /**
     * The chance, at most, that a test's unchanged code is flagged (or flagged improved) by chance: the one-sided
     * chance that an end of some row's interval lies on the wrong side of its true change.
     */
    public static final double FAMILY_ALPHA = 0.02;

    /** Copies the rows and notes. */
    public PairedComparison {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /**
     * One probe and percentile.
     *
     * @param probe              the probe
     * @param percentile         the percentile's label, e.g. {@code "99"}
     * @param basis              which figures were compared
     * @param baseNanos          the base's figure in each pair, in nanoseconds
     * @param changeNanos        the change's figure in each pair, in nanoseconds
     * @param changePercent      the change's estimate, in percent (+ slower); NaN when not judged
     * @param lowPercent         its interval's lower end, in percent; NaN when not judged
     * @param highPercent        its interval's upper end, in percent; NaN when not judged
     * @param thresholdPercent   the threshold, in percent
     * @param detectablePercent  the smallest change these pairs would have flagged, in percent; NaN when not judged
     * @param decision           the decision
     * @param why                why it is not judged, else empty
     */
    public record Row(String probe, String percentile, BaselineComparison.Basis basis, long[] baseNanos,
                      long[] changeNanos, double changePercent, double lowPercent, double highPercent,
                      double thresholdPercent, double detectablePercent, BaselineComparison.Change decision, String why) {
        /** Copies the figures. */
        public Row {
            baseNanos = baseNanos.clone();
            changeNanos = changeNanos.clone();
        }

        /** @return the base's figures, a copy */
        @Override
        public long[] baseNanos() {
            return baseNanos.clone();
        }

        /** @return the change's figures, a copy */
        @Override
        public long[] changeNanos() {
            return changeNanos.clone();
        }

        /** Equal when every component is, the figures compared element by element. */
        @Override
        public boolean equals(Object other) {
            return other instanceof Row row && probe.equals(row.probe) && percentile.equals(row.percentile)
                    && basis == row.basis && Arrays.equals(baseNanos, row.baseNanos)
                    && Arrays.equals(changeNanos, row.changeNanos)
                    && Double.compare(changePercent, row.changePercent) == 0
                    && Double.compare(lowPercent, row.lowPercent) == 0
                    && Double.compare(highPercent, row.highPercent) == 0
                    && Double.compare(thresholdPercent, row.thresholdPercent) == 0
                    && Double.compare(detectablePercent, row.detectablePercent) == 0 && decision == row.decision
                    && why.equals(row.why);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(probe, percentile, basis, Arrays.hashCode(baseNanos),
                    Arrays.hashCode(changeNanos), changePercent, lowPercent, highPercent, thresholdPercent,
                    detectablePercent, decision, why);
        }

        @Override
        public String toString() {
            return describe();
        }

        /**
         * @return e.g. {@code end to end p50 on the code's own account, 6 pairs: base 0.330 µs, change 0.363 µs,
         *         +10.0% (interval +8.1..+12.3%), tolerance +5%, detectable +7%: REGRESSION}
         */
        public String describe() {
            String what = String.format(Locale.ROOT, "%s p%s %s, %d pair%s: base %s \u00b5s, change %s \u00b5s", probe,
                    percentile, basis.words(), baseNanos.length, baseNanos.length == 1 ? "" : "s",
                    ReportFormat.micros(Math.round(baseMedianNanos())), ReportFormat.micros(Math.round(changeMedianNanos())));
            if (decision == BaselineComparison.Change.NOT_JUDGED) {
                return what + ": " + why;
            }
            String decided = switch (decision) {
                case REGRESSION -> "REGRESSION";
                case IMPROVED -> "IMPROVED";
                default -> "within noise";
            };
            return String.format(Locale.ROOT, "%s, %+.1f%% (interval %+.1f..%+.1f%%), tolerance +%s%%, detectable "
                    + "%+.0f%%: %s", what, changePercent, lowPercent, highPercent,
                    ReportFormat.plain(thresholdPercent),
                    detectablePercent, decided);
        }

        /** @return the base's median figure, in nanoseconds */
        public double baseMedianNanos() {
            return median(Arrays.stream(baseNanos).asDoubleStream().toArray());
        }

        /** @return the change's median figure, in nanoseconds */
        public double changeMedianNanos() {
            return median(Arrays.stream(changeNanos).asDoubleStream().toArray());
        }
    }

    /**
     * @return the one-sided chance, at most, that an end of one row's interval lies on the wrong side of the true
     *         change: {@link #FAMILY_ALPHA} split evenly over the rows
     */
    public double rowAlpha() {
        return rowAlpha(rows.size());
    }

    private static double rowAlpha(int rows) {
        return FAMILY_ALPHA / Math.max(1, rows);
    }

    /**
     * @param alpha the one-sided chance asked of an interval's end
     * @return the fewest pairs with an interval at {@code alpha}: those whose all lying on one side has a chance of at
     *         most {@code alpha} (6 at 2%, 8 at 2% / 3)
     */
    public static int fewestPairs(double alpha) {
        int n = 1;
        while (Math.pow(0.5, n) > alpha) {
            n++;
        }
        return n;
    }

    /** @return whether any row is a regression */
    public boolean regressed() {
        return rows.stream().anyMatch(row -> row.decision() == BaselineComparison.Change.REGRESSION);
    }

    /** @return the rows that regressed, said in one message, or empty when none did */
    public String regressionMessage() {
        List<String> regressed = rows.stream().filter(row -> row.decision() == BaselineComparison.Change.REGRESSION)
                .map(Row::describe).toList();
        return regressed.isEmpty() ? "" : "Regression against the base (paired runs): " + String.join("; ", regressed);
    }

    /** @return one line per row, then the notes */
    public String table() {
        StringBuilder sb = new StringBuilder();
        for (Row row : rows) {
            sb.append(row.describe()).append(System.lineSeparator());
        }
        for (String note : notes) {
            sb.append(note).append(System.lineSeparator());
        }
        return sb.toString();
    }

    /**
     * A row whose change is surely a slowdown, its estimate past the threshold, but not yet surely by more than the
     * threshold: its whole interval above zero, its lower end below the threshold. More pairs would decide it one way
     * or the other (pairs of later attempts are compared together with these). A row whose interval also reaches
     * below zero (a wide p99, say) is left as it is: more pairs would rarely decide it, and unchanged code would be
     * measured again for nothing. Nor is one asked for once another row is a regression: the change fails whatever
     * more pairs would say of the leaning row, and measuring both sides again would only add to the test's time.
     *
     * @return the first such row, probe by probe in ascending percentile; empty when there is none or a row regressed
     */
    public Optional<Row> leaningToRegression() {
        if (regressed()) {
            return Optional.empty();
        }
        return rows.stream().filter(row -> row.decision() == BaselineComparison.Change.WITHIN_NOISE
                && row.changePercent() > row.thresholdPercent() && row.lowPercent() > 0).findFirst();
    }

    /**
     * @param base             the base's figures per probe, its runs in the order measured
     * @param change           the change's, likewise; run {@code i} of each probe pairs with the base's run {@code i}
     * @param percentiles      the percentiles to compare, as labels
     * @param tolerancePercent the threshold, in percent
     * @return the comparison
     */
    public static PairedComparison compare(List<ProbeFigures> base, List<ProbeFigures> change, List<String> percentiles,
                                           double tolerancePercent) {
        List<Pending> pending = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int pairs = 0;
        for (ProbeFigures changed : change) {
            if (changed.name().equals(JLBH.OS_JITTER)) {
                continue; // the machine's, not the code's: never compared
            }
            Optional<ProbeFigures> based = base.stream().filter(probe -> probe.name().equals(changed.name())).findFirst();
            if (based.isEmpty()) {
                notes.add(changed.name() + ": the base has no such probe, not compared");
                continue;
            }
            int n = Math.min(based.get().runs().size(), changed.runs().size());
            pairs = Math.max(pairs, n);
            List<RunFigures> baseRuns = based.get().runs().subList(0, n);
            List<RunFigures> changeRuns = changed.runs().subList(0, n);
            List<String> supported = percentiles.stream().filter(p -> has(baseRuns, p, false)
                    && has(changeRuns, p, false)).toList();
            boolean codesOwn = supported.stream().allMatch(p -> has(baseRuns, p, true) && has(changeRuns, p, true));
            if (!codesOwn) {
                notes.add(changed.name() + ": compared as measured: not every run of both sides has figures on the "
                        + "code's own account (a probe without a latency budget keeps no late samples to replay)");
            }
            for (String percentile : percentiles) {
                if (!has(baseRuns, percentile, false) || !has(changeRuns, percentile, false)) {
                    notes.add(String.format(Locale.ROOT, "%s p%s: too few samples in a run, not compared",
                            changed.name(), percentile));
                    continue;
                }
                pending.add(new Pending(changed.name(), percentile, codesOwn ? BaselineComparison.Basis.CODES_OWN
                        : BaselineComparison.Basis.MEASURED, figures(baseRuns, percentile, codesOwn),
                        figures(changeRuns, percentile, codesOwn)));
            }
        }
        List<Row> rows = pending.stream().map(row -> row(row.probe, row.percentile, row.basis, row.baseNanos,
                row.changeNanos, tolerancePercent, pending.size())).toList();
        return new PairedComparison(pairs, tolerancePercent, rows, notes);
    }

    /** A row's figures before it is judged, when the number of rows (and so each one's alpha) is not yet known. */
    private record Pending(String probe, String percentile, BaselineComparison.Basis basis, long[] baseNanos,
                           long[] changeNanos) {
    }

    /**
     * @param n     pairs
     * @param alpha the one-sided chance asked of each end
     * @return the rank, from either end, of the interval's ends: the largest {@code k} with
     *         {@code P(Binomial(n, ½) ≤ k − 1) ≤ alpha}; 0 when even the extremes are not that sure
     */
    static int rankOfEnds(int n, double alpha) {
        int k = 0;
        double below = 0; // P(Bin(n, ½) ≤ k − 1), built up term by term
        double logTerm = n * Math.log(0.5); // ln P(Bin(n, ½) = k): in logs, as 0.5^n is below a double from 1,075 on
        while (k < n && below + Math.exp(logTerm) <= alpha) {
            below += Math.exp(logTerm);
            k++;
            logTerm += Math.log((n - k + 1) / (double) k);
        }
        return k;
    }

    /**
     * @param compared how many rows the test compares, this one among them: {@link #FAMILY_ALPHA} is split over them
     */
    static Row row(String probe, String percentile, BaselineComparison.Basis basis, long[] baseNanos,
                   long[] changeNanos, double tolerancePercent, int compared) {
        int n = baseNanos.length;
        double alpha = rowAlpha(compared);
        int k = rankOfEnds(n, alpha);
        if (k == 0) {
            int fewest = fewestPairs(alpha);
            return new Row(probe, percentile, basis, baseNanos, changeNanos, Double.NaN, Double.NaN, Double.NaN,
                    tolerancePercent, Double.NaN, BaselineComparison.Change.NOT_JUDGED, String.format(Locale.ROOT,
                    "not judged: %d pair%s of runs, at least %d needed for an interval with %d percentile%s compared "
                    + "(runs = %d or more)", n, n == 1 ? "" : "s", fewest, compared, compared == 1 ? "" : "s",
                    fewest));
        }
        double[] logRatios = new double[n];
        for (int i = 0; i < n; i++) {
            logRatios[i] = Math.log(Math.max(1, changeNanos[i]) / (double) Math.max(1, baseNanos[i]));
        }
        Arrays.sort(logRatios);
        double median = median(logRatios);
        double low = logRatios[k - 1];
        double high = logRatios[n - k];
        double threshold = Math.log1p(tolerancePercent / 100);
        BaselineComparison.Change decision = low > threshold ? BaselineComparison.Change.REGRESSION
                : high < -threshold ? BaselineComparison.Change.IMPROVED : BaselineComparison.Change.WITHIN_NOISE;
        // shifted by d, every log-ratio moves by d: flagged once low + d > threshold, when the change is median + d
        double detectable = threshold + median - low;
        return new Row(probe, percentile, basis, baseNanos, changeNanos, percent(median), percent(low), percent(high),
                tolerancePercent, percent(detectable), decision, "");
    }

    private static boolean has(List<RunFigures> runs, String percentile, boolean codesOwn) {
        return runs.stream().allMatch(run -> (codesOwn ? run.codesOwnNanos() : run.percentilesNanos())
                .containsKey(percentile));
    }

    private static long[] figures(List<RunFigures> runs, String percentile, boolean codesOwn) {
        return runs.stream().mapToLong(run -> (codesOwn ? run.codesOwnNanos() : run.percentilesNanos())
                .get(percentile)).toArray();
    }

    private static double percent(double logRatio) {
        return Math.expm1(logRatio) * 100;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}

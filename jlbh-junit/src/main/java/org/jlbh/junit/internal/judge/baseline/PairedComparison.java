package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.JLBH;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow.Basis;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow.Change;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The change against its base, their runs taken in turns in one JVM (the paired mode), per probe and percentile. Each
 * side is measured as two copies of its code, loaded and compiled apart: the base's and the control, the change's own
 * and its second copy; one run of each copy a round. Pairs in one JVM cannot see what two copies of the same code
 * differ by for the whole JVM (each copy compiled apart, with state of its own in the libraries it calls), so the row's
 * interval is the union of four: each copy of the change against each copy of the base, round by round ({@code rᵢ =
 * ln(changeᵢ / baseᵢ)}), each from the {@code k}-th smallest to the {@code k}-th largest log-ratio of its rounds,
 * {@code k} the largest rank the sign test allows at {@link #rowAlpha()} each side, whatever the rounds' distribution
 * as long as they are independent. A copy that ran apart from the other three, of either side, then leaves the
 * interval no narrower than the copies are apart, and a row is flagged only when every copy of the change is beyond
 * every copy of the base. With too few rounds ({@link #fewestPairs}) a row is not judged. The change is the median
 * pair's, {@code e^median(r) − 1}, over the change against the base and its second copy against the control, round by
 * round; of an even count the lower of the two in the middle; a row shows that pair's two figures ({@link
 * ComparisonRow.Pairs}), not each side's median run, which can say slower where the pairs say faster. The row says how
 * far each side's two copies are apart ({@link ComparisonRow.Pairs#baseCopiesApartPercent()}, {@link
 * ComparisonRow.Pairs#changeCopiesApartPercent()}); the smallest slowdown flagged grows with it. Figures on the code's
 * own account are compared where every run of every copy has them, else as measured ({@link #notes()} says so); OS
 * jitter is never compared. Immutable.
 *
 * @param pairs            how many pairs of runs were compared, the most of any probe: two a round
 * @param tolerancePercent the tolerance, in percent
 * @param rows             every probe and percentile compared, probe by probe, in ascending percentile
 * @param notes            what was compared as measured, or not at all, and why
 */
public record PairedComparison(int pairs, double tolerancePercent, List<ComparisonRow> rows, List<String> notes) {
    /** The chance, at most, that a test's unchanged code is flagged, or flagged improved, by chance. */
    public static final double FAMILY_ALPHA = 0.02;

    public PairedComparison {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /**
     * @return the change's two copies against the base's two at the percentiles (labels), each copy's figures per
     *         probe with their runs in the order measured: run {@code i} of each copy is in round {@code i}
     */
    public static PairedComparison compare(List<ProbeFigures> base, List<ProbeFigures> change,
                                           List<ProbeFigures> control, List<ProbeFigures> changeCopy,
                                           List<String> percentiles, double tolerancePercent) {
        List<IntFunction<ComparisonRow>> rows = new ArrayList<>(); // each judged once the number of rows is known
        List<String> notes = new ArrayList<>();
        int pairs = 0;
        for (ProbeFigures changed : change) {
            if (changed.name().equals(JLBH.OS_JITTER)) {
                continue;
            }
            Optional<ProbeFigures> based = named(base, changed.name());
            Optional<ProbeFigures> controlled = named(control, changed.name());
            Optional<ProbeFigures> copied = named(changeCopy, changed.name());
            if (based.isEmpty() || controlled.isEmpty() || copied.isEmpty()) {
                notes.add(changed.name() + ": the base has no such probe, not compared");
                continue;
            }
            int n = Math.min(Math.min(based.get().runs().size(), changed.runs().size()),
                    Math.min(controlled.get().runs().size(), copied.get().runs().size()));
            pairs = Math.max(pairs, 2 * n);
            List<List<RunFigures>> sides = List.of(based.get().runs().subList(0, n), changed.runs().subList(0, n),
                    controlled.get().runs().subList(0, n), copied.get().runs().subList(0, n));
            List<String> supported = percentiles.stream().filter(p -> sides.stream()
                    .allMatch(runs -> has(runs, p, false))).toList();
            boolean codesOwn = supported.stream().allMatch(p -> sides.stream().allMatch(runs -> has(runs, p, true)));
            if (!codesOwn) {
                notes.add(changed.name() + ": compared as measured: not every run of every side has figures on the "
                        + "code's own account (a probe without a latency budget keeps no late samples to replay)");
            }
            Basis basis = codesOwn ? Basis.CODES_OWN : Basis.MEASURED;
            for (String percentile : percentiles) {
                if (!supported.contains(percentile)) {
                    notes.add(String.format(Locale.ROOT, "%s p%s: too few samples in a run, not compared",
                            changed.name(), percentile));
                    continue;
                }
                ComparisonRow.Pairs figures = new ComparisonRow.Pairs(figures(sides.get(0), percentile, codesOwn),
                        figures(sides.get(1), percentile, codesOwn), figures(sides.get(2), percentile, codesOwn),
                        figures(sides.get(3), percentile, codesOwn));
                rows.add(compared -> row(changed.name(), percentile, basis, figures, tolerancePercent, compared));
            }
        }
        return new PairedComparison(pairs, tolerancePercent, rows.stream().map(row -> row.apply(rows.size()))
                .toList(), notes);
    }

    /** @return the one-sided chance allowed each end of a row's interval: {@link #FAMILY_ALPHA} split over the rows */
    public double rowAlpha() {
        return ComparisonRow.alphaEach(FAMILY_ALPHA, rows.size());
    }

    /**
     * @return the fewest rounds (pairs of a copy of each side) with which each of a test's rows has an interval (6 for
     *         one row, 8 for three)
     */
    public static int fewestPairs(int rows) {
        double alpha = ComparisonRow.alphaEach(FAMILY_ALPHA, rows);
        int n = 1;
        while (Math.pow(0.5, n) > alpha) {
            n++;
        }
        return n;
    }

    /** @return the fewest runs of a test that make {@link #fewestPairs} rounds: each of the change's copies takes half */
    public static int fewestRuns(int rows) {
        return 2 * fewestPairs(rows) - 1;
    }

    /** @return whether any row is a regression */
    public boolean regressed() {
        return rows.stream().anyMatch(ComparisonRow::regressed);
    }

    /** @return the rows that regressed, said in one message, or empty when none did */
    public String regressionMessage() {
        return ComparisonRow.regressionMessage("base (paired runs)", rows);
    }

    /** @return one line per row, then the notes */
    public String table() {
        return ComparisonRow.table(rows, notes);
    }

    /**
     * @return the first row surely slower than its base, its estimate past the tolerance, but not surely by more: more
     *         pairs would decide it; empty when there is none or a row regressed (the change fails anyway)
     */
    public Optional<ComparisonRow> leaningToRegression() {
        if (regressed()) {
            return Optional.empty();
        }
        return rows.stream().filter(row -> row.decision() == Change.WITHIN_NOISE
                && row.changePercent() > row.thresholdPercent() && row.lowPercent() > 0).findFirst();
    }

    /**
     * @return the rank from either end of {@code n} pairs' interval: the largest {@code k} with
     *         {@code P(Binomial(n, ½) ≤ k − 1) ≤ alpha}; 0 when even the extremes are not that sure
     */
    static int rankOfEnds(int n, double alpha) {
        int k = 0;
        double below = 0;
        double logTerm = n * Math.log(0.5); // ln P(Bin(n, ½) = k), in logs as 0.5^n underflows from n = 1,075
        while (k < n && below + Math.exp(logTerm) <= alpha) {
            below += Math.exp(logTerm);
            k++;
            logTerm += Math.log((n - k + 1) / (double) k);
        }
        return k;
    }

    private static ComparisonRow row(String probe, String percentile, Basis basis, ComparisonRow.Pairs figures,
                                     double tolerancePercent, int compared) {
        int n = figures.baseNanos().size();
        int k = rankOfEnds(n, ComparisonRow.alphaEach(FAMILY_ALPHA, compared));
        if (k == 0) {
            int fewest = fewestPairs(compared);
            return new ComparisonRow(probe, percentile, basis, figures, Double.NaN, Double.NaN, Double.NaN,
                    tolerancePercent, Double.NaN, Change.NOT_JUDGED, String.format(Locale.ROOT, "not judged: %d "
                    + "round%s of runs, at least %d needed for an interval with %d percentile%s compared (runs = %d or "
                    + "more)", n, n == 1 ? "" : "s", fewest, compared, compared == 1 ? "" : "s",
                    fewestRuns(compared)));
        }
        double[] logRatios = figures.logRatios();
        double median = logRatios[figures.medianPair()]; // the pair whose figures the row shows
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double[] copyAgainstCopy : figures.copyAgainstCopy()) {
            // the union: no narrower than any copy of either side is apart from the others
            Arrays.sort(copyAgainstCopy);
            low = Math.min(low, copyAgainstCopy[k - 1]);
            high = Math.max(high, copyAgainstCopy[n - k]);
        }
        double threshold = Math.log1p(tolerancePercent / 100);
        // shifted by d, every log-ratio moves by d: flagged once low + d > threshold, when the change is median + d
        double detectable = threshold + median - low;
        return new ComparisonRow(probe, percentile, basis, figures, percent(median), percent(low), percent(high),
                tolerancePercent, percent(detectable), ComparisonRow.byInterval(low, high, threshold), "");
    }

    private static Optional<ProbeFigures> named(List<ProbeFigures> probes, String name) {
        return probes.stream().filter(probe -> probe.name().equals(name)).findFirst();
    }

    private static boolean has(List<RunFigures> runs, String percentile, boolean codesOwn) {
        return runs.stream().allMatch(run -> (codesOwn ? run.codesOwnNanos() : run.percentilesNanos())
                .containsKey(percentile));
    }

    private static List<Long> figures(List<RunFigures> runs, String percentile, boolean codesOwn) {
        return runs.stream().map(run -> (codesOwn ? run.codesOwnNanos() : run.percentilesNanos()).get(percentile))
                .toList();
    }

    private static double percent(double logRatio) {
        return Math.expm1(logRatio) * 100;
    }
}

package org.jlbh.junit.internal.judge.baseline;

import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;

/**
 * Whether every run of this build lies above ({@code slower}) or below ({@code faster}) every run of a history too
 * noisy for a bootstrap, by more than the tolerance. Were this build unchanged, its {@code n} runs and the history's
 * {@code N} would be exchangeable, and all would rank beyond all on one side with the {@code chance}
 * {@code 1 / C(N + n, n)}, {@code told} from noise when within the comparison's level. Nanoseconds. Immutable.
 */
record RankBeyond(int runs, boolean slower, boolean faster, double chance, boolean told, double highest,
                  double nowLowest) {

    /** @return where this build's runs, at least one, rank against a history's, {@code level} e.g. 1 − 0.01/6 */
    static RankBeyond of(List<double[]> history, double[] now, double tolerancePercent, double level) {
        DoubleSummaryStatistics before = history.stream().flatMapToDouble(Arrays::stream).summaryStatistics();
        DoubleSummaryStatistics after = Arrays.stream(now).summaryStatistics();
        int runs = (int) before.getCount();
        double factor = tolerancePercent / 100;
        double chance = 1 / binomial(runs + now.length, now.length);
        return new RankBeyond(runs, after.getMin() > before.getMax() * (1 + factor),
                after.getMax() < before.getMin() * (1 - factor), chance, chance <= 1 - level, before.getMax(),
                after.getMin());
    }

    /** @return how much slower this build would be flagged, a factor (below 1 when it is); infinite when never */
    double slowerFactorFlagged(double tolerancePercent) {
        return !told || nowLowest <= 0 ? Double.POSITIVE_INFINITY : highest * (1 + tolerancePercent / 100) / nowLowest;
    }

    /** @return a regression or an improvement where one is told from noise, else not judged */
    ComparisonRow.Change change() {
        return told && slower ? ComparisonRow.Change.REGRESSION
                : told && faster ? ComparisonRow.Change.IMPROVED : ComparisonRow.Change.NOT_JUDGED;
    }

    /**
     * @return why, the history's spread its highest build over its lowest, e.g. {@code beyond the history's own spread
     *         (its builds differ 8.1×): every run above all 15 recorded runs, which an unchanged build does by ...}
     */
    String describe(double spread) {
        if (change() != ComparisonRow.Change.NOT_JUDGED) {
            return String.format(Locale.ROOT, "beyond the history's own spread (its builds differ %.1f\u00d7): every "
                    + "run %s all %d recorded runs, which an unchanged build does by chance 1 in %s", spread,
                    slower ? "above" : "below", runs, odds());
        }
        String noisy = String.format(Locale.ROOT, "the history's own builds differ %.1f\u00d7 here, too noisy to gate "
                + "a change within that", spread);
        return slower || faster ? noisy + String.format(Locale.ROOT, "; every run is %s all %d recorded runs, but an "
                + "unchanged build does that by chance 1 in %s, too often to gate: record more builds",
                slower ? "above" : "below", runs, odds()) : noisy;
    }

    private String odds() {
        return String.format(Locale.ROOT, "%,.0f", 1 / chance);
    }

    /** @return {@code C(n, k)}, as a double (infinite beyond a double's range) */
    private static double binomial(int n, int k) {
        double result = 1;
        for (int i = 1; i <= k; i++) {
            result = result * (n - k + i) / i;
        }
        return result;
    }
}

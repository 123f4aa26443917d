package org.jlbh.junit.internal.judge.baseline;

import java.util.List;
import java.util.Locale;

/**
 * Whether this build lies beyond every run a noisy history recorded, judged by ranks. Immutable.
 *
 * <p>Where a history's own builds differ by more than {@link BaselineComparison#TOO_NOISY} at a percentile, its runs
 * are spread by the machine (a stall in one second of one build), and a bootstrap interval's ends rest on those
 * outlying runs. Ranks do not: if this build were unchanged, its {@code n} runs and the history's {@code N} runs would
 * be exchangeable, and the chance that all {@code n} of them rank above (or below) all {@code N} is
 * {@code 1 / C(N + n, n)} — e.g. 1 in 816 for 3 runs against 15. A change is told from noise when that chance is
 * within the comparison's corrected level and every run of this build lies beyond every recorded run by more than the
 * tolerance; a history with too few runs cannot tell it, however large the change, and says so. Runs are assumed
 * exchangeable: a history recorded on the same code and kind of machine.
 *
 * @param runs    how many runs the history recorded
 * @param slower  every run of this build lies above every recorded run by more than the tolerance
 * @param faster  every run of this build lies below every recorded run by more than the tolerance
 * @param chance  the chance that an unchanged build's runs all rank beyond all the recorded runs on one side:
 *                {@code 1 / C(N + n, n)}
 * @param told    whether that chance is within the comparison's level, so that a change can be told from noise
 * @param highest the highest recorded run, in nanoseconds
 * @param nowLowest this build's lowest run, in nanoseconds
 */
record RankBeyond(int runs, boolean slower, boolean faster, double chance, boolean told, double highest,
                  double nowLowest) {

    /**
     * @param history          each recorded build's runs' values, at least one build with a run
     * @param now              this build's runs' values, at least one
     * @param tolerancePercent the smallest change that counts, in percent
     * @param level            the comparison's corrected level, e.g. {@code 1 − 0.01/6}
     * @return where this build's runs rank against the history's
     */
    static RankBeyond of(List<double[]> history, double[] now, double tolerancePercent, double level) {
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        int runs = 0;
        for (double[] build : history) {
            for (double value : build) {
                lowest = Math.min(lowest, value);
                highest = Math.max(highest, value);
                runs++;
            }
        }
        double nowLowest = Double.MAX_VALUE;
        double nowHighest = 0;
        for (double value : now) {
            nowLowest = Math.min(nowLowest, value);
            nowHighest = Math.max(nowHighest, value);
        }
        double factor = tolerancePercent / 100;
        double chance = 1 / binomial(runs + now.length, now.length);
        return new RankBeyond(runs, nowLowest > highest * (1 + factor), nowHighest < lowest * (1 - factor), chance,
                chance <= 1 - level, highest, nowLowest);
    }

    /**
     * @param tolerancePercent the smallest change that counts, in percent
     * @return by how much this build's runs would have to be slower, as a factor, for every one of them to lie above
     *         every recorded run by more than the tolerance (below 1 when they already do); infinite when the
     *         history has too few runs to tell any change
     */
    double slowerFactorFlagged(double tolerancePercent) {
        return !told || nowLowest <= 0 ? Double.POSITIVE_INFINITY : highest * (1 + tolerancePercent / 100) / nowLowest;
    }

    /** @return a regression or an improvement where one is told from noise, else not judged */
    BaselineComparison.Change change() {
        return told && slower ? BaselineComparison.Change.REGRESSION
                : told && faster ? BaselineComparison.Change.IMPROVED : BaselineComparison.Change.NOT_JUDGED;
    }

    /**
     * @param spread the history's builds' own ratio, highest to lowest
     * @return why the percentile was judged so, e.g. {@code beyond the history's own spread (its builds differ
     *         8.1×): every run above all 15 recorded runs, which an unchanged build does by chance 1 in 816}
     */
    String describe(double spread) {
        if (change() != BaselineComparison.Change.NOT_JUDGED) {
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

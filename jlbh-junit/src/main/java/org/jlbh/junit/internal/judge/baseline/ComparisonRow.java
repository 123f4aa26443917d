package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.ReportFormat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * One probe's percentile (a label, e.g. {@code 99.9}, or {@link BaselineComparison#WORST}) compared against a history
 * ({@link BaselineComparison}) or a base ({@link PairedComparison}), which differ only in their {@link Figures}. The
 * percentages are of the history or base, positive when slower: the estimated change and its interval (NaN when the
 * pairs are too few), the tolerance, and the smallest slowdown that would have been flagged (infinite when none would,
 * NaN when nothing is gated or judged). {@code why} says why a row is not judged or not gated, or why a noisy
 * history's decision stands; else it is empty. Immutable.
 */
public record ComparisonRow(String probe, String percentile, Basis basis, Figures figures, double changePercent,
                            double lowPercent, double highPercent, double thresholdPercent, double detectablePercent,
                            Change decision, String why) {

    /**
     * What a row decided: the whole interval beyond the tolerance, slower or faster, or reaching within it; not judged
     * when these figures cannot tell ({@link #why()} says why); not gated when only shown (the worst, another machine).
     */
    public enum Change { REGRESSION, IMPROVED, WITHIN_NOISE, NOT_JUDGED, NOT_GATED }

    /** Which figures a row compares: on the code's own account (the platform's and JVM's pauses replayed), or not. */
    public enum Basis {
        CODES_OWN("on the code's own account"),
        MEASURED("as measured");

        private final String words;

        Basis(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** The figures a row compares: a history's, or pairs of a base's and its change's runs. */
    public sealed interface Figures permits History, Pairs {
        /** @return them as the row says them after its probe and percentile, leading separator included */
        String describe(Basis basis);

        /** @return how many decimals the change and its interval are said with */
        int decimals();

        /** @return what the row's interval says besides its ends, leading separator included; empty when nothing */
        default String intervalNote() {
            return "";
        }
    }

    /**
     * A history's lowest and highest build, of {@code builds} that had the percentile, against this build, and this
     * build as measured ({@code nowNanos} on the basis {@link Basis#MEASURED}); each build's figure its median run.
     */
    public record History(double lowNanos, double highNanos, int builds, double nowNanos, double measuredNowNanos)
            implements Figures {
        @Override
        public String describe(Basis basis) {
            return String.format(Locale.ROOT, ": history %s–%s \u00b5s (%d build%s), now %s \u00b5s%s",
                    ReportFormat.micros(lowNanos), ReportFormat.micros(highNanos), builds, builds == 1 ? "" : "s",
                    ReportFormat.micros(nowNanos), basis == Basis.CODES_OWN
                            ? " (as measured " + ReportFormat.micros(measuredNowNanos) + " \u00b5s)" : "");
        }

        @Override
        public int decimals() {
            return 0;
        }
    }

    /**
     * Run {@code i} of each copy of the two sides, as many of each, in the order measured (the {@code i}-th round):
     * the base's ({@code baseNanos}), the change's, the control's (a second copy of the base's code, loaded apart from
     * the first) and the change's second copy's (loaded apart from the test's class). The lists of the two second
     * copies are empty in a result written without them; a figure of 0 ns counts as 1 ns. The row's pairs are the
     * change's run against the base's in each round, then the change's second copy's against the control's: their
     * ratios, {@code changeNanos[i] / baseNanos[i]} then {@code changeCopyNanos[i] / controlNanos[i]}, are what the
     * row's change is the median of. The median pair is the one whose ratio is the median; of an even count, the
     * lower of the two in the middle; among equal ratios, the first in that order. A row shows the median pair's two
     * figures, so that their ratio, less one, is the change it shows. Copy to copy, the median of
     * {@code controlNanos[i] / baseNanos[i]}, less one, says how far the base's two copies of the same code run
     * apart, and {@code changeCopyNanos[i] / changeNanos[i]} the change's.
     */
    public record Pairs(List<Long> baseNanos, List<Long> changeNanos, List<Long> controlNanos,
                        List<Long> changeCopyNanos) implements Figures {
        public Pairs {
            baseNanos = List.copyOf(baseNanos);
            changeNanos = List.copyOf(changeNanos);
            controlNanos = List.copyOf(controlNanos);
            changeCopyNanos = List.copyOf(changeCopyNanos);
        }

        /** @return e.g. {@code , 24 pairs: base 20.575 µs, change 40.623 µs in the median pair} */
        @Override
        public String describe(Basis basis) {
            int n = count();
            if (n == 0) {
                return ", 0 pairs";
            }
            int median = medianPair();
            return String.format(Locale.ROOT, ", %d pair%s: base %s \u00b5s, change %s \u00b5s in the median pair", n,
                    n == 1 ? "" : "s", ReportFormat.micros(baseOfPair(median)),
                    ReportFormat.micros(changeOfPair(median)));
        }

        @Override
        public int decimals() {
            return 1;
        }

        /** @return whether each side was measured as two copies: the control's and the change's second copy's runs */
        public boolean twoCopiesEach() {
            return !controlNanos.isEmpty() && !changeCopyNanos.isEmpty();
        }

        /** @return the row's pairs: the rounds, twice over where each side was measured as two copies */
        public int count() {
            return twoCopiesEach() ? 2 * baseNanos.size() : baseNanos.size();
        }

        /** @return the base's figure, or the control's, of the row's pair {@code pair}, counted from 0 */
        public long baseOfPair(int pair) {
            return pair < baseNanos.size() ? baseNanos.get(pair) : controlNanos.get(pair - baseNanos.size());
        }

        /** @return the change's figure, or its second copy's, of the row's pair {@code pair}, counted from 0 */
        public long changeOfPair(int pair) {
            return pair < changeNanos.size() ? changeNanos.get(pair) : changeCopyNanos.get(pair - changeNanos.size());
        }

        /** @return each of the row's pairs' ratio, its natural logarithm, in the order {@link #baseOfPair} counts */
        public double[] logRatios() {
            return IntStream.range(0, count()).mapToDouble(pair -> logRatio(changeOfPair(pair), baseOfPair(pair)))
                    .toArray();
        }

        /**
         * @return each copy of the change against each copy of the base, round by round, the ratios' natural
         *         logarithms: the change against the base, against the control, then its second copy against each;
         *         the first alone where the sides were measured as one copy each
         */
        public List<double[]> copyAgainstCopy() {
            List<List<Long>> changes = changeCopyNanos.isEmpty() ? List.of(changeNanos)
                    : List.of(changeNanos, changeCopyNanos);
            List<List<Long>> bases = controlNanos.isEmpty() ? List.of(baseNanos) : List.of(baseNanos, controlNanos);
            return changes.stream().flatMap(change -> bases.stream().map(base -> logRatios(change, base))).toList();
        }

        /**
         * @return how far the control is from the base in percent, positive when slower: the median of their
         *         ratios (of an even count the lower of the two in the middle), less one; NaN without a control
         */
        public double baseCopiesApartPercent() {
            return medianPercent(controlNanos, baseNanos);
        }

        /**
         * @return how far the change's second copy is from the change in percent, as {@link #baseCopiesApartPercent};
         *         NaN without a second copy
         */
        public double changeCopiesApartPercent() {
            return medianPercent(changeCopyNanos, changeNanos);
        }

        /**
         * @return e.g. {@code  between either copy of each side; copy to copy: base -0.8%, change +0.3%}; empty
         *         without the second copies
         */
        @Override
        public String intervalNote() {
            if (!twoCopiesEach()) {
                return "";
            }
            return String.format(Locale.ROOT, " between either copy of each side; copy to copy: base %+.1f%%, "
                    + "change %+.1f%%", baseCopiesApartPercent(), changeCopiesApartPercent());
        }

        private static double medianPercent(List<Long> numerators, List<Long> denominators) {
            if (numerators.isEmpty()) {
                return Double.NaN;
            }
            double[] ratios = logRatios(numerators, denominators);
            Arrays.sort(ratios);
            return Math.expm1(ratios[(ratios.length - 1) / 2]) * 100;
        }

        private static double[] logRatios(List<Long> numerators, List<Long> denominators) {
            return IntStream.range(0, numerators.size()).mapToDouble(i -> logRatio(numerators.get(i),
                    denominators.get(i))).toArray();
        }

        private static double logRatio(long numerator, long denominator) {
            return Math.log(Math.max(1, numerator) / (double) Math.max(1, denominator));
        }

        /** @return the index of the median pair, counted from 0 as {@link #baseOfPair} counts; -1 when there is none */
        public int medianPair() {
            double[] logRatios = logRatios();
            return IntStream.range(0, logRatios.length).boxed()
                    .sorted(Comparator.comparingDouble((Integer i) -> logRatios[i])) // stable: ties in measured order
                    .skip((logRatios.length - 1) / 2).findFirst().orElse(-1);
        }
    }

    /** @return whether this row is a regression */
    public boolean regressed() {
        return decision == Change.REGRESSION;
    }

    /**
     * @return e.g. {@code end to end p99 on the code's own account: history 10.200–11.000 µs (5 builds), now
     *         14.100 µs (as measured 96.000 µs), +32% (interval +21..+44%), tolerance +10%, detectable +18%:
     *         REGRESSION}, or paired {@code end to end p50 on the code's own account, 24 pairs: base 20.575 µs,
     *         change 40.623 µs in the median pair, +97.4% (interval +95.7..+97.7% between either copy of each side;
     *         copy to copy: base +0.3%, change -0.2%), tolerance +5%, detectable +6%: REGRESSION}
     */
    public String describe() {
        boolean worst = percentile.equals(BaselineComparison.WORST);
        String what = probe + " " + (worst ? percentile : "p" + percentile + " " + basis.words())
                + figures.describe(basis);
        if (worst) {
            return what + ": shown, never gated";
        }
        if (Double.isNaN(changePercent)) {
            return what + ": " + why;
        }
        String percent = "%+." + figures.decimals() + "f";
        return String.format(Locale.ROOT, "%s, " + percent + "%% (interval " + percent + ".." + percent
                        + "%%%s), tolerance +%s%%%s: %s", what, changePercent, lowPercent, highPercent,
                figures.intervalNote(), ReportFormat.plain(thresholdPercent), detectable(), said());
    }

    private String detectable() {
        if (Double.isNaN(detectablePercent)) {
            return "";
        }
        return Double.isInfinite(detectablePercent) ? ", detectable: none"
                : String.format(Locale.ROOT, ", detectable %+.0f%%", detectablePercent);
    }

    /** @return what the row decided, as its line ends, e.g. {@code REGRESSION} or {@code within noise} */
    public String said() {
        String reason = why.isEmpty() ? "" : ", " + why;
        return switch (decision) {
            case REGRESSION -> "REGRESSION" + reason;
            case IMPROVED -> "IMPROVED" + reason;
            case WITHIN_NOISE -> "within noise";
            case NOT_JUDGED -> "not judged: " + why;
            case NOT_GATED -> "not gated: " + why;
        };
    }

    /** @return a regression when the whole interval lies above the threshold, an improvement when below minus it */
    static Change byInterval(double low, double high, double threshold) {
        return low > threshold ? Change.REGRESSION : high < -threshold ? Change.IMPROVED : Change.WITHIN_NOISE;
    }

    /** @return the chance of a false alarm allowed each of a test's rows: the test's, split evenly over them */
    static double alphaEach(double familyAlpha, long rows) {
        return familyAlpha / Math.max(1, rows);
    }

    /** @return e.g. {@code Regression against the base (paired runs): …}, the rows that regressed; empty if none */
    static String regressionMessage(String against, List<ComparisonRow> rows) {
        List<String> regressed = rows.stream().filter(ComparisonRow::regressed).map(ComparisonRow::describe).toList();
        return regressed.isEmpty() ? "" : "Regression against the " + against + ": " + String.join("; ", regressed);
    }

    /** @return each row described, then each remark, a line each */
    static String table(List<ComparisonRow> rows, List<String> remarks) {
        StringBuilder sb = new StringBuilder();
        rows.forEach(row -> sb.append(row.describe()).append(System.lineSeparator()));
        remarks.forEach(remark -> sb.append(remark).append(System.lineSeparator()));
        return sb.toString();
    }
}

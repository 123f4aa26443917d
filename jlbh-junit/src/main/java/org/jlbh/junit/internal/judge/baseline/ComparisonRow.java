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
     * Run {@code i} of the base, of the change and of the control (a second copy of the base's code, loaded apart
     * from the first), as many of each, in the order measured: pair {@code i}, whose ratio is
     * {@code changeNanos[i] / baseNanos[i]} (a figure of 0 ns counted as 1 ns). The median pair is the one whose
     * ratio is the median; of an even count, the lower of the two in the middle; among equal ratios, the first
     * measured. A row shows the median pair's two figures, so that their ratio, less one, is the change it shows.
     * The control's runs ({@code controlNanos}, empty in a result written without them) say how far two copies of the
     * same code differ: copy to copy, the median of {@code controlNanos[i] / baseNanos[i]}, less one.
     */
    public record Pairs(List<Long> baseNanos, List<Long> changeNanos, List<Long> controlNanos) implements Figures {
        public Pairs {
            baseNanos = List.copyOf(baseNanos);
            changeNanos = List.copyOf(changeNanos);
            controlNanos = List.copyOf(controlNanos);
        }

        /** @return e.g. {@code , 24 pairs: base 20.575 µs, change 40.623 µs in the median pair} */
        @Override
        public String describe(Basis basis) {
            int n = baseNanos.size();
            if (n == 0) {
                return ", 0 pairs";
            }
            int median = medianPair();
            return String.format(Locale.ROOT, ", %d pair%s: base %s \u00b5s, change %s \u00b5s in the median pair", n,
                    n == 1 ? "" : "s", ReportFormat.micros(baseNanos.get(median)),
                    ReportFormat.micros(changeNanos.get(median)));
        }

        @Override
        public int decimals() {
            return 1;
        }

        /** @return each pair's ratio, its natural logarithm, in the order measured */
        public double[] logRatios() {
            return logRatios(changeNanos, baseNanos);
        }

        /** @return each change's run against the control's, the ratio's natural logarithm; empty without a control */
        public double[] againstControl() {
            return controlNanos.isEmpty() ? new double[0] : logRatios(changeNanos, controlNanos);
        }

        /** @return each control's run against the base's, the ratio's natural logarithm; empty without a control */
        public double[] copyToCopy() {
            return controlNanos.isEmpty() ? new double[0] : logRatios(controlNanos, baseNanos);
        }

        /**
         * @return how far the control is from the base in percent, positive when slower: the median of their
         *         ratios (of an even count the lower of the two in the middle), less one; NaN without a control
         */
        public double copyToCopyPercent() {
            double[] ratios = copyToCopy();
            if (ratios.length == 0) {
                return Double.NaN;
            }
            Arrays.sort(ratios);
            return Math.expm1(ratios[(ratios.length - 1) / 2]) * 100;
        }

        /** @return e.g. {@code  against either copy of the base, copy to copy -0.8%}; empty without a control */
        @Override
        public String intervalNote() {
            double copies = copyToCopyPercent();
            return Double.isNaN(copies) ? "" : String.format(Locale.ROOT,
                    " against either copy of the base, copy to copy %+.1f%%", copies);
        }

        private static double[] logRatios(List<Long> numerators, List<Long> denominators) {
            return IntStream.range(0, numerators.size()).mapToDouble(i -> Math.log(Math.max(1, numerators.get(i))
                    / (double) Math.max(1, denominators.get(i)))).toArray();
        }

        /** @return the index of the median pair, counted from 0 in the order measured; -1 when there is none */
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
     *         change 40.623 µs in the median pair, +97.4% (interval +95.7..+97.7% against either copy of the base,
     *         copy to copy +0.3%), tolerance +5%, detectable +6%: REGRESSION}
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

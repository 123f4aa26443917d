package org.jlbh.core;

import org.jlbh.core.internal.SummaryTable;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The reference JLBH's summary calculator over raw percentile arrays (as {@link JLBH#percentileRuns()} gives them):
 * one {@code double[]} per run, each holding that run's values in nanoseconds for the leading percentiles of a
 * list, with the worst last. A run with fewer samples has a shorter array; its missing percentiles read as
 * {@link Double#POSITIVE_INFINITY}, and a row no run has a value for is left out.
 *
 * <p>Same constructor and methods as the reference's, with the same results, so code that consumes the reference's
 * raw arrays ports unchanged. Note that {@link #calculateVariance(int)} is the reference's figure, kept as it was
 * for such code: {@code 100 × (max − min) / (max + min / 2)}, whose operator precedence makes it neither a
 * variance nor a relative spread. The harness's own SUMMARY prints the corrected "% Variation",
 * {@code 100 × (max − min) / ((max + min) / 2)}; see
 * <a href="https://github.com/jlbh/jlbh-junit/blob/main/COMPATIBILITY.md#differences-that-remain">the compatibility notes</a>.
 *
 * <p>Values returned are in microseconds. Immutable once built if the caller does not change the arrays it passed;
 * thread-safe under that condition.
 */
public final class PercentileSummary {
    private final boolean skipFirst;
    private final List<double[]> percentileRuns;
    private final double[] percentiles;

    /**
     * @param skipFirst      whether run 1 (index 0) is left out of {@link #calculateVariance(int)}
     * @param percentileRuns per run, the values in nanoseconds at the leading entries of {@code percentiles}, the
     *                       last value being the worst; not copied
     * @param percentiles    the rows, as fractions in ascending order with 1.0 (the worst) last, e.g.
     *                       {@code {0.5, 0.9, 0.99, 1.0}}; not copied
     */
    public PercentileSummary(boolean skipFirst, List<double[]> percentileRuns, double[] percentiles) {
        this.skipFirst = skipFirst;
        this.percentileRuns = Objects.requireNonNull(percentileRuns, "percentileRuns");
        this.percentiles = Objects.requireNonNull(percentiles, "percentiles");
    }

    /**
     * Prints the table to {@code System.out}, for debugging (as the reference): a row per percentile that some run
     * has, a column per run, and last the runs' spread, {@code 100 × (max − min) / ((max + min) / 2)} over the runs
     * {@link #calculateVariance(int)} covers. Unlike the reference's table, the last column is that true spread, not
     * {@link #calculateVariance(int)}'s figure (which its precedence bug makes neither a variance nor a spread).
     */
    public void printSummary() {
        PrintStream out = System.out;
        StringBuilder sb = new StringBuilder("    %ile    ");
        for (int run = 0; run < percentileRuns.size(); run++) {
            sb.append(String.format(Locale.ROOT, "%10d", run));
        }
        sb.append("  spread %").append(System.lineSeparator());
        for (int row = 0; row < percentiles.length; row++) {
            double[] values = rowValues(row);
            if (values == null) {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "%10f: ", percentiles[row]));
            for (double value : values) {
                sb.append(String.format(Locale.ROOT, "%10f", value));
            }
            double[] range = range(row);
            sb.append(String.format(Locale.ROOT, "%10f%n", range == null ? Double.NaN
                    : SummaryTable.variation(range[0], range[1])));
        }
        out.print(sb);
    }

    /**
     * The reference's "% Variation" of one row: {@code 100 × (max − min) / (max + min / 2)} over the runs that have
     * a value for it (run 1 left out when {@code skipFirst}). Kept as the reference computed it, precedence and all,
     * so that code comparing it with figures from the reference keeps working; the harness's own report uses
     * {@code 100 × (max − min) / ((max + min) / 2)} instead.
     *
     * @param percentileIndex the row: an index into the percentiles given to the constructor
     * @return the figure, 0 when one run counts, {@code NaN} when none does
     */
    public double calculateVariance(int percentileIndex) {
        double[] range = range(percentileIndex);
        return range == null ? Double.NaN : 100 * (range[1] - range[0]) / (range[1] + range[0] / 2);
    }

    /** @return the smallest and largest value of the row over the runs that count, or null when none has one */
    private double[] range(int percentileIndex) {
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (int run = 0; run < percentileRuns.size(); run++) {
            if (skipFirst && run == 0) {
                continue;
            }
            double value = getPercentileForRun(percentileIndex, run);
            if (value == Double.POSITIVE_INFINITY) {
                continue;
            }
            max = Math.max(max, value);
            min = Math.min(min, value);
        }
        return max == Double.NEGATIVE_INFINITY ? null : new double[] {min, max};
    }

    /** @return each run's value of the row, or null when no run has one */
    private double[] rowValues(int row) {
        double[] values = new double[percentileRuns.size()];
        boolean any = false;
        for (int run = 0; run < values.length; run++) {
            values[run] = getPercentileForRun(row, run);
            any |= values[run] != Double.POSITIVE_INFINITY;
        }
        return any ? values : null;
    }

    /**
     * @param percentileIndex the row: an index into the percentiles given to the constructor; the last is the worst
     * @param runIndex        0-based run
     * @return that run's value in microseconds, or {@link Double#POSITIVE_INFINITY} when its array is too short to
     *         hold the row (too few samples for that percentile)
     */
    public double getPercentileForRun(int percentileIndex, int runIndex) {
        double[] run = percentileRuns.get(runIndex);
        if (percentileIndex == percentiles.length - 1) {
            return run[run.length - 1] / 1e3;
        }
        if (percentileIndex >= run.length - 1) {
            return Double.POSITIVE_INFINITY;
        }
        return run[percentileIndex] / 1e3;
    }

    /**
     * Calls the consumer once per row that at least one run has a value for, in percentile order.
     *
     * @param consumer receives the percentile (a fraction, 1.0 for the worst), each run's value in microseconds
     *                 ({@link Double#POSITIVE_INFINITY} where a run has none) and {@link #calculateVariance(int)}
     */
    public void forEachRow(RowConsumer consumer) {
        for (int row = 0; row < percentiles.length; row++) {
            double[] values = rowValues(row);
            if (values != null) {
                consumer.consume(percentiles[row], values, calculateVariance(row));
            }
        }
    }

    /** Receives the rows of a {@link PercentileSummary}. */
    @FunctionalInterface
    public interface RowConsumer {

        /**
         * @param percentile the row's percentile as a fraction (0.99), 1.0 for the worst
         * @param values     each run's value in microseconds, {@link Double#POSITIVE_INFINITY} where a run has none
         * @param variance   {@link PercentileSummary#calculateVariance(int)} of the row
         */
        void consume(double percentile, double[] values, double variance);
    }
}

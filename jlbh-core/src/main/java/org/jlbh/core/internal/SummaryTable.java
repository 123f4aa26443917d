package org.jlbh.core.internal;

import org.jlbh.core.JLBHResult.RunResult;

import java.util.List;
import java.util.Locale;

/**
 * The SUMMARY tables of the JLBH text report ({@code SUMMARY (end to end) us}): per probe, a row per percentile, a
 * column per run in microseconds and the runs' % Variation, in the reference JLBH's layout (people grep it and CI
 * jobs parse it), with the sample counts and the variation's definition on lines of their own. Where its figures
 * differ from the reference's on purpose (too few samples, values below 100 ns, the variation's formula) is said in
 * {@link TextReport}, which makes the run blocks. Stateless and thread-safe.
 */
public final class SummaryTable {
    private static final String NL = System.lineSeparator();

    private SummaryTable() {
    }

    /**
     * The SUMMARY table of one probe over the runs, in the reference's layout: a row per percentile of
     * {@code fractions} (the reference's rows for the iterations per run) that at least one run supports, a cell per
     * run ({@code -} where a run has too few samples for it), the variation over the runs it covers; then the sample
     * counts and the variation's definition, on lines of their own.
     *
     * @param label        the probe's name
     * @param runs         its results, one per run
     * @param fractions    the rows, as fractions in ascending order with 1.0 (the worst) last
     * @param skipFirstRun whether run 1 is left out of the variation
     * @return the table
     */
    public static String summary(String label, List<? extends RunResult> runs, double[] fractions,
                                 boolean skipFirstRun) {
        StringBuilder sb = new StringBuilder();
        sb.append(TextReport.title("SUMMARY (" + label + ") us")).append(NL).append(columnHead(runs.size())).append(NL);
        for (double fraction : fractions) {
            double percentile = Math.min(100, fraction * 100);
            double[] cells = new double[runs.size()];
            boolean any = false;
            for (int i = 0; i < cells.length; i++) {
                RunResult run = runs.get(i);
                cells[i] = run.supports(percentile) ? run.percentile(percentile).toNanos() : Double.NaN;
                any |= !Double.isNaN(cells[i]);
            }
            if (any) {
                appendRow(sb, fraction, cells, skipFirstRun);
            }
        }
        sb.append(String.format(Locale.ROOT, "%-9s", "samples:"));
        for (RunResult run : runs) {
            sb.append(String.format(Locale.ROOT, "%,12d ", run.count()));
        }
        trimEnd(sb);
        sb.append(NL).append(variationNote(runs.size(), skipFirstRun)).append(NL).append(TextReport.rule()).append(NL);
        return sb.toString();
    }

    /**
     * The SUMMARY table over the reference's raw percentile arrays (what {@code JLBH.percentileRuns()} gives), in
     * the same layout as {@link #summary}, without the sample counts, which the arrays do not carry.
     *
     * @param label        the table's name
     * @param runs         per run, values in nanoseconds at the leading entries of {@code fractions}, worst last
     * @param fractions    the rows, as fractions with 1.0 (the worst) last
     * @param skipFirstRun whether run 1 is left out of the variation
     * @return the table
     */
    public static String rawSummary(String label, List<double[]> runs, double[] fractions, boolean skipFirstRun) {
        StringBuilder sb = new StringBuilder();
        sb.append(TextReport.title("SUMMARY (" + label + ") us")).append(NL).append(columnHead(runs.size())).append(NL);
        for (int row = 0; row < fractions.length; row++) {
            double[] cells = new double[runs.size()];
            boolean any = false;
            for (int i = 0; i < cells.length; i++) {
                double[] run = runs.get(i);
                double value = row == fractions.length - 1 ? run[run.length - 1]
                        : row < run.length - 1 ? run[row] : Double.NaN;
                cells[i] = Double.isInfinite(value) ? Double.NaN : value;
                any |= !Double.isNaN(cells[i]);
            }
            if (any) {
                appendRow(sb, fractions[row], cells, skipFirstRun);
            }
        }
        sb.append(variationNote(runs.size(), skipFirstRun)).append(NL).append(TextReport.rule()).append(NL);
        return sb.toString();
    }

    private static String columnHead(int runs) {
        StringBuilder sb = new StringBuilder("Percentile");
        for (int run = 1; run <= runs; run++) {
            sb.append(run == 1 ? "   run" : "         run").append(run);
        }
        return sb.append("      % Variation").toString();
    }

    /** One row: the reference's label, {@code %12.2f } per run, and the variation; {@code NaN} cells print "-". */
    private static void appendRow(StringBuilder sb, double fraction, double[] cellsNanos, boolean skipFirstRun) {
        sb.append(ReferencePercentiles.rowLabel(fraction));
        double min = Double.MAX_VALUE;
        double max = -1;
        boolean complete = true;
        int covered = 0;
        for (int i = 0; i < cellsNanos.length; i++) {
            double nanos = cellsNanos[i];
            boolean counts = !(skipFirstRun && i == 0 && cellsNanos.length > 1);
            if (Double.isNaN(nanos)) {
                sb.append(String.format(Locale.ROOT, "%12s ", "-"));
                complete &= !counts;
                continue;
            }
            sb.append(cell(nanos)).append(' ');
            if (counts) {
                min = Math.min(min, nanos);
                max = Math.max(max, nanos);
                covered++;
            }
        }
        sb.append(complete && covered >= 2 ? String.format(Locale.ROOT, "%12.2f", variation(min, max))
                : String.format(Locale.ROOT, "%12s", "-")).append(NL);
    }

    /** A SUMMARY cell: microseconds with two decimals as the reference, three below 0.1 µs (its floor was 100 ns). */
    private static String cell(double nanos) {
        return String.format(Locale.ROOT, nanos < 100 ? "%12.3f" : "%12.2f", nanos / 1e3);
    }

    private static void trimEnd(StringBuilder sb) {
        while (sb.length() > 0 && sb.charAt(sb.length() - 1) == ' ') {
            sb.setLength(sb.length() - 1);
        }
    }

    /**
     * @param min smallest value across runs
     * @param max largest value across runs
     * @return {@code 100 × (max − min) / ((max + min) / 2)}, 0 when both are 0
     */
    public static double variation(double min, double max) {
        double midpoint = (max + min) / 2;
        return midpoint == 0 ? 0 : 100 * (max - min) / midpoint;
    }

    private static String variationNote(int runs, boolean skipFirstRun) {
        if (runs < 2 || (skipFirstRun && runs < 3)) {
            return "% Variation needs two runs or more: not shown";
        }
        String covered = skipFirstRun ? "runs 2-" + runs + " (run 1 skipped)" : "runs 1-" + runs;
        return "% Variation = 100 x (max - min) / ((max + min) / 2) over " + covered
                + "; '-' = too few samples for that percentile (needs 10 / (1 - p/100))";
    }
}

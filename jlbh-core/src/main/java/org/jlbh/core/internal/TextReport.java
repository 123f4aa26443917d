package org.jlbh.core.internal;

import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.JLBHResult.RunResult.Percentile;
import org.jlbh.core.JLBHResult.RunSummary;
import org.jlbh.core.Percentiles;

import java.util.List;
import java.util.Locale;

import static org.jlbh.core.ReportFormat.duration;
import static org.jlbh.core.ReportFormat.micros;
import static org.jlbh.core.ReportFormat.rate;

/**
 * The JLBH-style text report: a block per run and a SUMMARY table per probe. All latencies are printed in
 * microseconds with three decimals (nanosecond resolution, so 41 ns prints as 0.041; see
 * {@link org.jlbh.core.ReportFormat}), and a percentile is printed only where the sample count supports it (see
 * {@link Percentiles}). Stateless and thread-safe.
 *
 * <p>The summary's "% Variation" of a row is {@code 100 × (max − min) / ((max + min) / 2)} over the runs it covers:
 * the spread of the runs as a percentage of their midpoint (0 when all runs agree, at most 200). The reference
 * JLBH's formula, {@code 100 × (max − min) / (max + min / 2)}, had a precedence bug and always left run 1 out.
 */
public final class TextReport {
    private static final String RULE = "-".repeat(100);
    private static final double[] LINE_PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999};
    private static final int CELL = 14;

    private TextReport() {
    }

    /**
     * @param result one probe's run
     * @return the reference's one-line form, with only supported percentiles:
     *         {@code 50/90 99/99.9 - worst was 0.041 / 0.050  0.080 / 0.201 - 12.300}
     */
    public static String percentileLine(RunResult result) {
        if (result.count() == 0) {
            return "no samples";
        }
        StringBuilder names = new StringBuilder();
        StringBuilder values = new StringBuilder();
        int shown = 0;
        for (double p : LINE_PERCENTILES) {
            if (!result.supports(p)) {
                break;
            }
            String separator = shown == 0 ? "" : shown % 2 == 1 ? "/" : " ";
            names.append(separator).append(Percentiles.label(p));
            values.append(shown == 0 ? "" : shown % 2 == 1 ? " / " : "  ").append(micros(result.percentile(p).toNanos()));
            shown++;
        }
        String worst = micros(result.max().toNanos());
        if (shown == 0) {
            return "worst was " + worst;
        }
        return names + " - worst was " + values + " - " + worst;
    }

    /**
     * @param label  what the line is about, e.g. "End to End"
     * @param result one probe's run
     * @return {@code label (count samples), us: percentile line}
     */
    public static String probeLine(String label, RunResult result) {
        return headedLine(String.format(Locale.ROOT, "%s (%,d samples), us:", label, result.count()), result);
    }

    /**
     * @param head   the line's head, saying what and in which unit
     * @param result one probe's run
     * @return {@code head percentile line}, with notes on out-of-range and stray samples
     */
    public static String headedLine(String head, RunResult result) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-48s %s", head, percentileLine(result)));
        if (result.outOfRangeSamples() > 0) {
            line.append(String.format(Locale.ROOT, "%n    %,d samples were out of range (negative, or above 1 h) and were clamped",
                    result.outOfRangeSamples()));
        }
        if (result.strayBeforeRun() > 0) {
            line.append(String.format(Locale.ROOT, "%n    %,d samples from other threads arrived between runs and are counted in no run",
                    result.strayBeforeRun()));
        }
        return line.toString();
    }

    /**
     * @param summary                 how the run went
     * @param totalRuns               runs in the benchmark
     * @param accountForCoordinatedOmission whether latency is measured from the intended start
     * @param schedule                the schedule, for the target throughput and interval
     * @return the run's header lines: status, run time, throughput, lateness
     */
    public static String runHeader(RunSummary summary, int totalRuns, boolean accountForCoordinatedOmission,
                                   Schedule schedule) {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        String title = " BENCHMARK RESULTS (RUN " + summary.run() + " of " + totalRuns + ") ";
        sb.append("--------------------------------").append(title)
                .append("-".repeat(Math.max(4, RULE.length() - 32 - title.length()))).append(nl);
        sb.append("Status: ").append(summary.status()).append(" - ").append(summary.detail()).append(nl);
        long runNanos = summary.runTime().toNanos();
        long targetNanos = summary.targetRunTime().toNanos();
        sb.append(String.format(Locale.ROOT, "Run time: %s (target %s, %+.2f%%)%n", duration(runNanos), duration(targetNanos),
                targetNanos == 0 ? 0.0 : 100.0 * (runNanos - targetNanos) / targetNanos));
        sb.append("Coordinated omission: ").append(accountForCoordinatedOmission
                ? "accounted for (latency from each iteration's intended start)"
                : "not accounted for (latency from the moment the harness called the task)").append(nl);
        sb.append("Target throughput: ").append(rate(schedule.throughputPerSecond()))
                .append(" = 1 every ").append(micros(schedule.intervalNanos())).append(" us; achieved ")
                .append(rate(summary.achievedThroughputPerSecond())).append(nl);
        sb.append(probeLine("Harness lateness", summary.harnessLateness())).append(nl);
        return sb.toString();
    }

    /** @return the closing rule of a run block */
    public static String rule() {
        return RULE + System.lineSeparator();
    }

    /**
     * The SUMMARY table of one probe over all runs: a row per percentile that at least one run supports, a cell
     * per run ("-" where that run has too few samples), and the variation over the runs it covers.
     *
     * @param label        the probe's name
     * @param runs         its results, one per run
     * @param skipFirstRun whether run 1 is left out of the variation
     * @return the table
     */
    public static String summary(String label, List<? extends RunResult> runs, boolean skipFirstRun) {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        String title = " SUMMARY (" + label + ", us) ";
        sb.append("--------------------------------").append(title)
                .append("-".repeat(Math.max(4, RULE.length() - 32 - title.length()))).append(nl);
        sb.append(String.format(Locale.ROOT, "%-10s", "Percentile"));
        for (RunResult run : runs) {
            sb.append(String.format(Locale.ROOT, "%" + CELL + "s", "run" + run.run()));
        }
        sb.append(String.format(Locale.ROOT, "%" + CELL + "s", "% Variation")).append(nl);
        for (Percentile percentile : Percentile.values()) {
            appendRow(sb, percentile, runs, skipFirstRun);
        }
        sb.append(String.format(Locale.ROOT, "%-10s", "samples:"));
        for (RunResult run : runs) {
            sb.append(String.format(Locale.ROOT, "%," + CELL + "d", run.count()));
        }
        sb.append(nl);
        sb.append(variationNote(runs.size(), skipFirstRun)).append(nl);
        sb.append(RULE).append(nl);
        return sb.toString();
    }

    private static void appendRow(StringBuilder sb, Percentile percentile, List<? extends RunResult> runs,
                                  boolean skipFirstRun) {
        boolean any = false;
        for (RunResult run : runs) {
            any |= run.supports(percentile.value());
        }
        if (!any) {
            return;
        }
        String name = percentile == Percentile.WORST ? "worst:" : Percentiles.label(percentile.value()) + ":";
        sb.append(String.format(Locale.ROOT, "%-10s", name));
        double min = Double.MAX_VALUE;
        double max = -1;
        boolean complete = true;
        int covered = 0;
        for (int i = 0; i < runs.size(); i++) {
            RunResult run = runs.get(i);
            boolean counts = !(skipFirstRun && i == 0 && runs.size() > 1);
            if (run.supports(percentile.value())) {
                double nanos = run.percentile(percentile.value()).toNanos();
                sb.append(String.format(Locale.ROOT, "%" + CELL + "s", micros(nanos)));
                if (counts) {
                    min = Math.min(min, nanos);
                    max = Math.max(max, nanos);
                    covered++;
                }
            } else {
                sb.append(String.format(Locale.ROOT, "%" + CELL + "s", "-"));
                complete &= !counts;
            }
        }
        String variation = complete && covered >= 2 ? String.format(Locale.ROOT, "%.2f", variation(min, max)) : "-";
        sb.append(String.format(Locale.ROOT, "%" + CELL + "s", variation)).append(System.lineSeparator());
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

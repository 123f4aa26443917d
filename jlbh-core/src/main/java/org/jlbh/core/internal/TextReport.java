package org.jlbh.core.internal;

import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.JLBHResult.RunSummary;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The JLBH text report, in the reference JLBH's layout and words (people grep it and CI jobs parse it): a block per
 * run ({@code BENCHMARK RESULTS (RUN 1) us}) and a SUMMARY table per probe ({@code SUMMARY (end to end) us}), with
 * latencies in microseconds. What this harness adds (run status, the run time against its target with the achieved
 * throughput, harness lateness, OS jitter wake-ups, sample counts, the variation's definition) is on lines of its
 * own, so every line the reference printed reads as it did. This class makes the run blocks and the pieces both
 * share (titles, rules, values); {@link SummaryTable} makes the SUMMARY tables. Stateless and thread-safe.
 *
 * <p>Three things differ on purpose, where the reference's figures were wrong:
 * <ul>
 *   <li>a percentile is printed only where the sample count supports it (see {@link Percentiles}): the reference
 *   printed p99.9 and p99.99 of any number of samples in its run lines (its SUMMARY rows, the percentiles it lists
 *   for the iterations per run, are kept, less those too few samples support);</li>
 *   <li>nothing is hidden below 100 ns: values have 1 ns resolution (the reference's histogram printed anything
 *   under its 100 ns floor as 0.001), and SUMMARY cells below 0.1 µs get a third decimal;</li>
 *   <li>"% Variation" is {@code 100 × (max − min) / ((max + min) / 2)}, the runs' spread as a percentage of their
 *   midpoint; the reference's {@code 100 × (max − min) / (max + min / 2)} had a precedence bug, and it always left
 *   run 1 out (here only with {@code skipFirstRun(true)}).</li>
 * </ul>
 */
public final class TextReport {
    private static final String NL = System.lineSeparator();
    private static final String RULE = "-".repeat(100);
    private static final String TITLE_LEAD = "-------------------------------- ";
    private static final double[] LINE_PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999, 99.9999};
    private static final String[] LINE_LABELS = {"50", "90", "99", "99.9", "99.99", "99.999", "99.9999"};
    private static final int HEAD_WIDTH = 48;

    private TextReport() {
    }

    // ---- run lines ----

    /**
     * A latency as the reference's run lines print it: about four significant digits, in microseconds.
     *
     * @param nanos a latency in nanoseconds
     * @return below 2.56 µs three decimals ({@code 0.041}), below 25.6 µs two ({@code 8.07}), below 256 µs one
     *         ({@code 123.4}), below 2,560 µs none ({@code 1234}), above that rounded to tens with thousands
     *         separators ({@code 4,220})
     */
    public static String value(double nanos) {
        BigDecimal micros = BigDecimal.valueOf(nanos).movePointLeft(3);
        double scaled = nanos / 1e3 * 100 / 256;
        if (scaled < 1) {
            return micros.setScale(3, RoundingMode.HALF_EVEN).toPlainString();
        }
        if (scaled < 10) {
            return micros.setScale(2, RoundingMode.HALF_EVEN).toPlainString();
        }
        if (scaled < 100) {
            return micros.setScale(1, RoundingMode.HALF_EVEN).toPlainString();
        }
        if (scaled < 1000) {
            return micros.setScale(0, RoundingMode.HALF_UP).toPlainString();
        }
        return String.format(Locale.ROOT, "%,d", micros.movePointLeft(1).setScale(0, RoundingMode.HALF_UP)
                .movePointRight(1).longValueExact());
    }

    /**
     * @param result one probe's run
     * @return the reference's one-line form with the supported percentiles only, e.g.
     *         {@code 50/90 99/99.9 99.99 - worst was 8.07 / 11.66  12.46 / 12.56  12.56 - 12.56}; with 9,000
     *         samples {@code 50/90 99 - worst was 8.07 / 11.66  12.46 - 12.56}
     */
    public static String percentileLine(RunResult result) {
        if (result.count() == 0) {
            return "no samples";
        }
        int shown = 0;
        while (shown < LINE_PERCENTILES.length && result.supports(LINE_PERCENTILES[shown])) {
            shown++;
        }
        String worst = value(result.max().toNanos());
        if (shown == 0) {
            return "worst was " + worst;
        }
        StringBuilder names = new StringBuilder();
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < shown; i++) {
            names.append(i == 0 ? "" : i % 2 == 1 ? "/" : " ").append(LINE_LABELS[i]);
            values.append(i == 0 ? "" : i % 2 == 1 ? " / " : "  ")
                    .append(value(result.percentile(LINE_PERCENTILES[i]).toNanos()));
        }
        if (shown % 2 == 1 && shown == LINE_PERCENTILES.length) {
            // the reference pairs the last of an odd line with the worst: "99.9999/worst was ... g / w"
            return names + "/worst was " + values + " / " + worst;
        }
        return names + " - worst was " + values + " - " + worst;
    }

    /**
     * @param head   the line's head, e.g. {@code End to End: (9,000)}; padded to 48 characters as the reference
     * @param result one probe's run
     * @return the line, with notes on out-of-range and stray samples on lines of their own
     */
    public static String probeLine(String head, RunResult result) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + HEAD_WIDTH + "s", head))
                .append(percentileLine(result));
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
     * @param title a title such as {@code BENCHMARK RESULTS (RUN 1) us}
     * @return the title between dashes, 100 characters wide, as the reference
     */
    public static String title(String title) {
        String head = TITLE_LEAD + title + " ----";
        return head.length() >= RULE.length() ? head : head + "-".repeat(RULE.length() - head.length());
    }

    /** @return the closing rule of a block: 100 dashes */
    public static String rule() {
        return RULE;
    }

    /**
     * The head of a run block in the reference's words.
     *
     * @param summary            how the run went
     * @param distribution       the interval distribution's name (the reference printed {@code NORMAL})
     * @param accountForCoordinatedOmission whether latency is measured from the intended start
     * @param throughput         the target throughput as set, in iterations per {@code unit}
     * @param unit               the unit the throughput was set in
     * @param intervalNanos      the exact interval between iterations, in nanoseconds
     * @return title, {@code Run time:}, {@code Correcting for co-ordinated:} and {@code Target throughput:} lines
     */
    public static String runHead(RunSummary summary, String distribution, boolean accountForCoordinatedOmission,
                                 long throughput, TimeUnit unit, double intervalNanos) {
        return title("BENCHMARK RESULTS (RUN " + summary.run() + ") us") + NL
                + "Run time: " + summary.runTime().toMillis() / 1000.0 + " s, distribution: " + distribution + NL
                + "Correcting for co-ordinated:" + accountForCoordinatedOmission + NL
                + "Target throughput:" + throughput + "/" + unitName(unit) + " = 1 message every "
                + intervalMicros(intervalNanos) + "us" + NL;
    }

    /**
     * This harness's own lines of a run block: status, the run time against its target and the throughput
     * achieved, and harness lateness.
     *
     * @param summary           how the run went
     * @param targetPerSecond   the target throughput in iterations per second
     * @return the lines
     */
    public static String runStatus(RunSummary summary, double targetPerSecond) {
        long runNanos = summary.runTime().toNanos();
        long targetNanos = summary.targetRunTime().toNanos();
        return "Status: " + summary.status() + " - " + summary.detail() + NL
                + String.format(Locale.ROOT, "Schedule: run time %s, target %s (%+.2f%%); throughput achieved %s, target %s%n",
                ReportFormat.duration(runNanos), ReportFormat.duration(targetNanos),
                targetNanos == 0 ? 0.0 : 100.0 * (runNanos - targetNanos) / targetNanos,
                ReportFormat.rate(summary.achievedThroughputPerSecond()), ReportFormat.rate(targetPerSecond))
                + probeLine(String.format(Locale.ROOT, "Harness lateness (%,d)", summary.harnessLateness().count()),
                summary.harnessLateness()) + NL;
    }

    private static String unitName(TimeUnit unit) {
        switch (unit) {
            case NANOSECONDS:
                return "ns";
            case MICROSECONDS:
                return "us";
            case MILLISECONDS:
                return "ms";
            case SECONDS:
                return "s";
            case MINUTES:
                return "min";
            case HOURS:
                return "h";
            default:
                return "day";
        }
    }

    /** Whole microseconds as the reference printed them; a fraction (which it truncated) to three decimals. */
    private static String intervalMicros(double intervalNanos) {
        BigDecimal micros = BigDecimal.valueOf(intervalNanos).movePointLeft(3).setScale(3, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        return micros.scale() <= 0 ? micros.setScale(0, RoundingMode.UNNECESSARY).toPlainString() : micros.toPlainString();
    }
}

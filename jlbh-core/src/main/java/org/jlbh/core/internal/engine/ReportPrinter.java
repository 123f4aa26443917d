package org.jlbh.core.internal.engine;

import net.openhft.chronicle.core.util.Histogram;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.ReportFormat;
import org.jlbh.core.RunStatus;
import org.jlbh.core.internal.OsJitterSampler;
import org.jlbh.core.internal.SummaryTable;
import org.jlbh.core.internal.TextReport;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints a benchmark's report to its {@link PrintStream}: the warm-up's line, the pause after it, a block per run and,
 * at the end, the SUMMARY tables, in the reference JLBH's words ({@link TextReport}, {@link SummaryTable}).
 *
 * <p>Thread-safety: no state but the stream and the settings; it is called by whichever thread reports at the time
 * (the one that runs the task, or the supervisor that took a stuck run over). A run block and the SUMMARY tables each
 * go out in one print, so lines that other threads print do not cut into them.
 */
final class ReportPrinter {
    private final PrintStream out;
    private final Settings settings;
    /** Null when OS jitter is not recorded. */
    private final OsJitterSampler osJitter;

    ReportPrinter(PrintStream out, Settings settings, OsJitterSampler osJitter) {
        this.out = out;
        this.settings = settings;
        this.osJitter = osJitter;
    }

    /** Prints the warm-up's line and calls nothing; returns whether the runs may follow. */
    boolean warmedUp(RunRecord warmUp) {
        return warmedUp(warmUp, 1, warmUp.summary.runTime().toNanos());
    }

    /**
     * Prints the warm-up's line and calls nothing; returns whether the runs may follow.
     *
     * @param last   the last round's record
     * @param rounds how many rounds of the warm-up's iterations ran
     * @param tookNs how long they took together
     */
    boolean warmedUp(RunRecord last, int rounds, long tookNs) {
        JLBHResult.RunSummary summary = last.summary;
        if (summary.status() == RunStatus.ABORTED) {
            printWarmUpAborted(summary.detail());
            return false;
        }
        if (rounds == 1) {
            out.printf(Locale.ROOT, "Warm up complete (%d iterations took %.3f s)%n", settings.warmUpIterations,
                    tookNs / 1e9);
        } else {
            out.printf(Locale.ROOT, "Warm up complete (%d iterations in %d rounds of %d took %.3f s)%n",
                    (long) settings.warmUpIterations * rounds, rounds, settings.warmUpIterations, tookNs / 1e9);
        }
        if (summary.status() != RunStatus.COMPLETE) {
            out.println("Warm-up status: " + summary.status() + " - " + summary.detail());
        }
        return true;
    }

    /** Prints that the warm-up was aborted, and why. */
    void printWarmUpAborted(String reason) {
        out.println("Warm-up aborted: " + reason);
    }

    /** Prints that the runs wait the pause after the warm-up. */
    void printPause() {
        out.println("Pausing after warmup for " + settings.pauseAfterWarmupMs + " ms");
    }

    /** Prints a run's block. */
    void printRunBlock(RunRecord record) {
        out.print(runBlock(record));
    }

    private String runBlock(RunRecord record) {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        sb.append(TextReport.runHead(record.summary, settings.schedule.describe(),
                settings.accountForCoordinatedOmission, settings.throughput, settings.throughputUnit,
                settings.schedule.intervalNanos()));
        sb.append(TextReport.probeLine(String.format(Locale.ROOT, "End to End: (%,d)", record.endToEnd.count()),
                record.endToEnd)).append(nl);
        record.probes.forEach((name, result) -> sb.append(TextReport.probeLine(
                String.format(Locale.ROOT, "%s (%,d)", name, result.count()), result)).append(nl));
        if (record.osJitter != null) {
            sb.append(TextReport.probeLine(String.format(Locale.ROOT, "OS Jitter (%,d)", record.osJitter.count()),
                    record.osJitter)).append(nl);
        }
        sb.append(TextReport.runStatus(record.summary, settings.schedule.throughputPerSecond()));
        if (settings.threads > 1) {
            sb.append(String.format(Locale.ROOT, "Load: %d harness threads, each at %s, phases %s us apart%n",
                    settings.threads, ReportFormat.rate(settings.schedule.throughputPerSecond() / settings.threads),
                    ReportFormat.micros(settings.schedule.intervalNanos())));
        }
        if (record.osJitter != null) {
            // the two counts are cut at slightly different moments: a wake-up on the boundary may fall either side
            sb.append(String.format(Locale.ROOT, "OS jitter: %,d of %,d wake-ups of a thread sleeping 1 ms were more than %s us late%n",
                    record.osJitter.count(), Math.max(record.osJitter.count(), record.osJitterWakeUps),
                    ReportFormat.micros(osJitter.recordGreaterThanNs())));
        }
        sb.append(TextReport.rule()).append(nl);
        return sb.toString();
    }

    /**
     * Prints the SUMMARY tables of the runs so far, or why there are none.
     *
     * @param abortReason why the benchmark was ended early, or null
     */
    void printSummaries(JLBHResult result, String abortReason) {
        if (result.runs().isEmpty()) {
            out.println("No measured run completed: " + (abortReason != null ? abortReason : "see above"));
            return;
        }
        // the reference's rows: the percentiles it lists for the iterations per run
        double[] rows = Histogram.percentilesFor(settings.iterations);
        StringBuilder sb = new StringBuilder();
        boolean skipFirstRun = settings.skipFirstRun;
        sb.append(SummaryTable.summary(JLBH.END_TO_END, result.endToEnd().eachRunSummary(), rows, skipFirstRun));
        for (String name : result.probeNames()) {
            sb.append(SummaryTable.summary(name, result.probe(name).orElseThrow().eachRunSummary(), rows, skipFirstRun));
        }
        result.osJitter().ifPresent(j -> sb.append(SummaryTable.summary("OS Jitter", j.eachRunSummary(), rows, skipFirstRun)));
        if (result.status() != RunStatus.COMPLETE) {
            sb.append("Status: ").append(result.status()).append(" - not every run was complete; see the run blocks above")
                    .append(System.lineSeparator());
        }
        out.print(sb);
    }
}

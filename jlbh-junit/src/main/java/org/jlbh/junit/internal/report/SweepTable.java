package org.jlbh.junit.internal.report;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Capacity;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.report.result.SweepFigures;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A throughput sweep's rates as they are measured, and the table the console shows after the last: per rate and
 * probe, the achieved throughput and the figures {@link SweepFigures} shows, whether the latency budgets held; then
 * the knee. Thread-safe: rates may end on any thread.
 */
public final class SweepTable {
    private final Sweep sweep;
    private final Verdict verdict;
    private final List<Measured> measured = new ArrayList<>();

    /** One rate: how its latency budgets fared, its result, and what the harness measured in the attempt reported. */
    public record Measured(Capacity.Rate rate, ResultSnapshot result, JLBHResult measured) {
    }

    public SweepTable(Sweep sweep, Verdict verdict) {
        this.sweep = sweep;
        this.verdict = verdict;
    }

    /** @return the rates measured so far, ascending */
    public synchronized List<Capacity.Rate> rates() {
        return measured.stream().map(Measured::rate).toList();
    }

    /** @return the rates measured so far with their results, ascending */
    public synchronized List<Measured> measured() {
        return List.copyOf(measured);
    }

    /** Adds a rate as judged, in its place by rate. */
    public synchronized void add(Capacity.Rate rate, ResultSnapshot result, JLBHResult harness) {
        measured.add(new Measured(rate, result, harness));
        measured.sort(Comparator.comparingInt(m -> m.rate().rate()));
    }

    /** Prints the table and the knee under the test's name, e.g. {@code RoundTripTest.roundTrip}. */
    public synchronized void print(PrintStream out, String name) {
        if (measured.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "=== SWEEP %s: latency against throughput (percentiles of the %s, worst of all runs; "
                + "\u00b5s)%n", name, SweepFigures.judgedRun(verdict));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"rate/s", "achieved/s", "probe", "p50", "p90", "p99", "p99.9", "worst",
                "latency budgets"});
        for (Measured m : measured) {
            double achieved = m.result().achievedThroughputPerSecond();
            String rate = String.format(Locale.ROOT, "%,d", m.rate().rate());
            String rateAchieved = Double.isNaN(achieved) ? "-" : String.format(Locale.ROOT, "%,.0f", achieved);
            boolean first = true;
            for (ProbeFigures probe : SweepFigures.probes(m.result())) {
                String[] row = new String[9];
                row[0] = first ? rate : "";
                row[1] = first ? rateAchieved : "";
                row[2] = probe.name();
                for (int i = 0; i < SweepFigures.PERCENTILES.size(); i++) {
                    double nanos = SweepFigures.percentileNanos(probe, SweepFigures.PERCENTILES.get(i), verdict);
                    row[3 + i] = Double.isNaN(nanos) ? "-" : ReportFormat.micros(nanos);
                }
                long worst = probe.worstNanos();
                row[7] = worst < 0 ? "-" : ReportFormat.micros(worst);
                row[8] = first ? switch (m.rate().latency()) {
                    case PASSED -> "met";
                    case INCONCLUSIVE -> "broken by the platform's stalls";
                    default -> "broken";
                } : "";
                rows.add(row);
                first = false;
            }
        }
        int[] widths = IntStream.range(0, rows.get(0).length)
                .map(column -> rows.stream().mapToInt(row -> row[column].length()).max().orElse(0)).toArray();
        for (String[] row : rows) {
            out.println(IntStream.range(0, row.length).mapToObj(i -> String.format((i == 2 || i == row.length - 1
                    ? "%-" : "%") + widths[i] + "s", row[i])).collect(Collectors.joining("  ")).stripTrailing());
        }
        out.println("=== " + Capacity.describe(sweep, rates()));
    }
}

package org.jlbh.junit.internal.report;

import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.report.result.SweepFigures;

import java.util.ArrayList;
import java.util.List;

/**
 * The line of key figures per probe that the extension prints into the test's output, which Surefire keeps in the
 * test case's {@code <system-out>} in its XML report, e.g. {@code jlbh figures [end to end] p50=0.146us p90=0.161us
 * p99=0.686us p99.9=49.535us worst=175.999us count=60000 throughput=20001/s verdict=PASSED}. Percentiles are the
 * median run's, and only those every run supports; worst and count are over all runs; throughput is the median
 * run's achieved. OS jitter is the machine's and has no line. Stateless; thread-safe.
 */
public final class FiguresLine {
    private FiguresLine() {
    }

    /** @return one line per probe of the result, end to end first */
    public static List<String> of(ResultSnapshot result) {
        double achieved = result.achievedThroughputPerSecond();
        double throughput = Double.isNaN(achieved) ? 0 : achieved;
        List<String> lines = new ArrayList<>();
        for (ProbeFigures probe : SweepFigures.probes(result)) {
            StringBuilder line = new StringBuilder("jlbh figures [").append(probe.name()).append(']');
            long count = probe.runs().stream().mapToLong(RunFigures::count).sum();
            long worst = probe.worstNanos();
            for (double percentile : SweepFigures.PERCENTILES) {
                double nanos = SweepFigures.percentileNanos(probe, percentile, Verdict.MEDIAN_RUN);
                if (!Double.isNaN(nanos)) {
                    line.append(" p").append(Percentiles.label(percentile)).append('=')
                            .append(ReportFormat.plain(nanos / 1e3)).append("us");
                }
            }
            if (worst >= 0) {
                line.append(" worst=").append(ReportFormat.plain(worst / 1e3)).append("us");
            }
            line.append(" count=").append(count)
                    .append(" throughput=").append(Math.round(throughput)).append("/s")
                    .append(" verdict=").append(result.conclusion().outcome().name());
            lines.add(line.toString());
        }
        return lines;
    }
}

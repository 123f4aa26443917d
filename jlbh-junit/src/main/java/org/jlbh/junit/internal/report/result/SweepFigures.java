package org.jlbh.junit.internal.report.result;

import org.jlbh.core.JLBH;
import org.jlbh.core.Percentiles;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;

import java.util.List;

/**
 * The latency a throughput sweep shows of one probe at one rate, alike in the console's table, the suite page's chart
 * and every test's figures lines: p50, p90, p99 and p99.9 of the run the verdict judges (the lines': the median run),
 * each only where every run has the samples for it, and the worst sample of all runs. Stateless; thread-safe.
 */
public final class SweepFigures {
    /** The percentiles shown, ascending. */
    public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);

    private SweepFigures() {
    }

    /** @return which run's percentiles are shown: {@code worst run} or {@code median run} */
    public static String judgedRun(Verdict verdict) {
        return verdict == Verdict.EVERY_RUN ? "worst run" : "median run";
    }

    /** @return the probes a sweep shows of a rate's result, in report order: every one but OS jitter */
    public static List<ProbeFigures> probes(ResultSnapshot result) {
        return result.probes().stream().filter(probe -> !probe.name().equals(JLBH.OS_JITTER)).toList();
    }

    /** @return the judged run's value at one of {@link #PERCENTILES}, in nanoseconds; NaN where a run lacks it */
    public static double percentileNanos(ProbeFigures probe, double percentile, Verdict verdict) {
        List<Double> byRun = probe.percentileByRun(Percentiles.label(percentile));
        return byRun.isEmpty() ? Double.NaN : verdict.judge(byRun);
    }
}

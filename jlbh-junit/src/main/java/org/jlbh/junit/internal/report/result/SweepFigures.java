package org.jlbh.junit.internal.report.result;

import org.jlbh.core.JLBH;
import org.jlbh.core.Percentiles;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;

import java.util.List;

/**
 * The latency a throughput sweep shows of one probe at one rate, alike in the console's table ({@code report.SweepTable})
 * and the suite page's chart ({@code report.page.SweepChart}): the percentiles p50, p90, p99 and p99.9 of the run the verdict
 * judges (each run's value, the median run's unless every run is judged), each only where every run has the samples
 * for it, and the worst sample of all runs. Stateless; thread-safe.
 */
public final class SweepFigures {
    /** The percentiles shown, ascending. */
    public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);

    private SweepFigures() {
    }

    /**
     * @param verdict over which runs the budgets are judged
     * @return which run's percentiles are shown: {@code worst run} or {@code median run}
     */
    public static String judgedRun(Verdict verdict) {
        return verdict == Verdict.EVERY_RUN ? "worst run" : "median run";
    }

    /**
     * @param result a rate's result
     * @return the probes a sweep shows, in report order: every one but OS jitter
     */
    public static List<ProbeFigures> probes(ResultSnapshot result) {
        return result.probes().stream().filter(probe -> !probe.name().equals(JLBH.OS_JITTER)).toList();
    }

    /**
     * @param probe      a probe's figures at one rate
     * @param percentile one of {@link #PERCENTILES}
     * @param verdict    over which runs the budgets are judged
     * @return the value of the judged run, in nanoseconds; NaN where a run lacks the samples for the percentile
     */
    public static double percentileNanos(ProbeFigures probe, double percentile, Verdict verdict) {
        List<Double> byRun = probe.percentileByRun(Percentiles.label(percentile));
        return byRun.isEmpty() ? Double.NaN : verdict.judge(byRun);
    }
}

package org.jlbh.samples;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.assertj.LatencyAssertions;

import java.util.List;

/** Small helpers the programmatic samples share. */
final class Benchmarks {

    private Benchmarks() {
    }

    /**
     * Runs a benchmark, printing its report to the test output, and checks that every run was complete.
     *
     * @return its results
     */
    static JLBHResult run(JLBHOptions options, JLBHTask task) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        new JLBH(options.jlbhTask(task), System.out, results).start();
        LatencyAssertions.assertThat(results.get()).isComplete();
        return results.get();
    }

    /** @return the median over the runs of the probe's value at the percentile, in nanoseconds */
    static double medianRun(JLBHResult.ProbeResult probe, double percentile) {
        return medianRun(probe.eachRunSummary(), percentile);
    }

    /** @return the median over the runs of their value at the percentile, in nanoseconds */
    static double medianRun(List<JLBHResult.RunResult> runs, double percentile) {
        double[] values = runs.stream().mapToDouble(run -> run.percentile(percentile).toNanos()).sorted().toArray();
        return values[values.length / 2];
    }

    /** @return the fraction of the run's samples above the value, over all runs */
    static double fractionAbove(JLBHResult.ProbeResult probe, long nanos) {
        long above = 0;
        long total = 0;
        for (JLBHResult.RunResult run : probe.eachRunSummary()) {
            above += run.histogram().getCountBetweenValues(nanos + 1, Long.MAX_VALUE / 4);
            total += run.count();
        }
        return (double) above / total;
    }

    /** Spins for the given time, as the seed posts' Jvm.busyWaitMicros does. */
    static void busyWaitMicros(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}

package org.jlbh.junit.internal.run;

import org.jlbh.core.JLBHResult;

import java.util.List;

/**
 * One measurement of a latency test: the harness's result and, per run, what the extension's meters saw. Immutable.
 *
 * @param number 1-based attempt
 * @param result what the harness measured
 * @param runs   per measured run, in run order (as many as {@code result.runs()})
 */
public record Attempt(int number, JLBHResult result, List<RunMeasures> runs) {

    public Attempt {
        runs = List.copyOf(runs);
    }

    /** @return bytes allocated per iteration over the runs whose allocation was measured; NaN when none was */
    public double allocatedBytesPerOp() {
        long bytes = 0;
        long iterations = 0;
        for (RunMeasures run : runs) {
            if (run.allocatedBytes().isPresent()) {
                bytes += run.allocatedBytes().getAsLong();
                iterations += result.runs().get(run.run() - 1).iterationsRun();
            }
        }
        return iterations == 0 ? Double.NaN : (double) bytes / iterations;
    }
}

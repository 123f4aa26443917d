package org.jlbh.junit.internal.run.evidence;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult;

import java.util.List;
import java.util.stream.LongStream;

/**
 * Tells how the platform itself stalled during a measured run: the evidence a noise-aware verdict weighs a breach
 * against. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface StallSource {

    /**
     * The OS jitter measurement: each wake-up of the sleeping sampler thread that came later than the run's median
     * wake-up, by how much it was later. The median is the OS's ordinary wake-up latency and timer slack (tens of
     * microseconds), which a spinning harness thread does not suffer; what lies beyond it is the platform stalling.
     */
    StallSource OS_JITTER = (result, run) -> {
        if (result.osJitter().isEmpty()) {
            return null;
        }
        List<? extends RunResult> runs = result.osJitter().get().eachRunSummary();
        if (run > runs.size() || runs.get(run - 1).count() == 0) {
            return null;
        }
        Histogram jitter = runs.get(run - 1).histogram();
        long typical = jitter.getValueAtPercentile(50);
        LongStream.Builder stalls = LongStream.builder();
        for (HistogramIterationValue value : jitter.recordedValues()) {
            long excess = jitter.highestEquivalentValue(value.getValueIteratedTo()) - typical;
            for (long n = 0; excess > 0 && n < value.getCountAtValueIteratedTo(); n++) {
                stalls.add(excess);
            }
        }
        return stalls.build().toArray();
    };

    /**
     * @param result the measured result
     * @param run    1-based run
     * @return each platform stall seen during that run, in nanoseconds, or null when there is no evidence either
     *         way (OS jitter not recorded)
     */
    long[] stallsNanos(JLBHResult result, int run);
}

package org.jlbh.junit.internal.run.evidence;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult;

import java.util.List;
import java.util.stream.LongStream;

/** Tells how the platform itself stalled during a measured run. Implementations must be thread-safe. */
@FunctionalInterface
public interface StallSource {

    /**
     * The OS jitter measurement: each wake-up of the sleeping sampler thread later than the run's median (the OS's
     * ordinary wake-up latency, which a spinning harness thread does not suffer), by how much.
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

    /** @return each stall in the 1-based run of the result, in nanoseconds; null when OS jitter was not recorded */
    long[] stallsNanos(JLBHResult result, int run);
}

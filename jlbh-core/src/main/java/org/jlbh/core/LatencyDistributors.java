package org.jlbh.core;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The reference JLBH's interval distributions. Each keeps the average interval, so the target throughput holds on
 * average. Stateless and thread-safe (the random ones use {@link ThreadLocalRandom}); none allocates.
 */
public enum LatencyDistributors implements LatencyDistributor {
    /** Every interval is the average: the fixed-rate schedule (the default). */
    NORMAL {
        @Override
        public long apply(long averageLatencyNS) {
            return averageLatencyNS;
        }
    },
    /**
     * Intervals uniformly distributed between 1 µs and {@code 2 × average − 1 µs}, as the reference; for averages of
     * 1 µs or less (1,000,000 iterations per second or more, where the reference threw), between 0 and
     * {@code 2 × average}.
     */
    RANDOM {
        @Override
        public long apply(long averageLatencyNS) {
            if (averageLatencyNS > FLOOR_NS) {
                return ThreadLocalRandom.current().nextLong(FLOOR_NS, 2 * averageLatencyNS - FLOOR_NS);
            }
            return ThreadLocalRandom.current().nextLong(0, 2 * Math.max(0, averageLatencyNS) + 1);
        }
    },
    /**
     * Mostly short intervals with a long tail ({@code 1 µs + 4 × (average − 1 µs) × f³}, {@code f} uniform in
     * [0, 1)), as the reference: bursts of arrivals separated by gaps. For averages below 1 µs, where the reference
     * could return negative intervals, {@code 4 × average × f³}.
     */
    RANDOM2 {
        @Override
        public long apply(long averageLatencyNS) {
            float f = ThreadLocalRandom.current().nextFloat();
            if (averageLatencyNS >= FLOOR_NS) {
                return (long) (FLOOR_NS + 4 * (averageLatencyNS - FLOOR_NS) * f * f * f);
            }
            return (long) (4 * Math.max(0, averageLatencyNS) * f * f * f);
        }
    };

    /** The shortest interval the random distributions give at usual rates: 1 µs, in nanoseconds. */
    private static final long FLOOR_NS = 1_000;
}

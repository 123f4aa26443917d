package com.example;

import org.jlbh.junit.LatencyTest;

class PricingLatencyTest {

    /** Each iteration spins this long: 2 µs, or 40 µs with -Dexample.slow=true (the "slower change"). */
    private static final long SPIN_NANOS = Boolean.getBoolean("example.slow") ? 40_000 : 2_000;

    // 400 iterations per run support p50 and p90 (p99 needs 1,000): percentiles that one platform stall of a few
    // milliseconds cannot move, so the gate sees the code's change and not the machine's noise. The budget is
    // generous: here it is the baseline that must catch the slower body.
    @LatencyTest(throughput = 5_000, iterations = 400, warmUpIterations = 2_000, runs = 3, percentile = 90,
            maxMicros = 10_000)
    void price() {
        long end = System.nanoTime() + SPIN_NANOS;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}

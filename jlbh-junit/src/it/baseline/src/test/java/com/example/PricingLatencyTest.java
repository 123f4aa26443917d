package com.example;

import org.jlbh.junit.LatencyTest;

class PricingLatencyTest {

    /** Each iteration spins this long: 2 µs, or 40 µs with -Dexample.slow=true (the "slower change"). */
    private static final long SPIN_NANOS = Boolean.getBoolean("example.slow") ? 40_000 : 2_000;

    // 1,000 iterations per run support p99; five runs per build give the baseline's comparison its run-to-run
    // spread, and the recorded builds the spread between builds. The budget is generous: here it is the baseline
    // that must catch the slower body.
    @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 2_000, runs = 5, percentile = 50,
            maxMicros = 10_000)
    void price() {
        long end = System.nanoTime() + SPIN_NANOS;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}

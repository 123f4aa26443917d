package com.example;

import org.jlbh.junit.LatencyTest;

class PricingLatencyTest {

    /** Each iteration spins this long: 2 µs, or 40 µs with -Dexample.slow=true (the "slower change"). */
    private static final long SPIN_NANOS = Boolean.getBoolean("example.slow") ? 40_000 : 2_000;
    /** Every 20th iteration also recomputes its curve: 100 µs more. This tail, the code's own, is p99's. */
    private static final long CURVE_NANOS = 100_000;

    private long calls;

    // 1,000 iterations per run support p99; five runs per build give the baseline's comparison its run-to-run
    // spread, and the recorded builds the spread between builds. The budget holds the slower body too: here it is the
    // baseline that must catch it. The gate compares the figures on the code's own account: samples over the smallest
    // budget (100 µs) that the platform's waits or the JVM's safepoints made late are replayed without them, so a
    // stall of the machine in one recorded build does not widen the history. p99 is the code's own tail (one call in
    // twenty, 100 µs more), which no replay takes away.
    @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 2_000, runs = 5, percentile = 50,
            maxMicros = 100)
    void price() {
        long end = System.nanoTime() + SPIN_NANOS + (calls++ % 20 == 19 ? CURVE_NANOS : 0);
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}

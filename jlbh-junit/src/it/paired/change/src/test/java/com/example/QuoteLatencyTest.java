package com.example;

import org.jlbh.junit.LatencyTest;

/** The change's quote: 22 µs of work a call, 10% more than the base's. */
class QuoteLatencyTest {
    static final long WORK_NANOS = 22_000;

    // six runs: six pairs with the change's, the fewest the paired comparison judges
    @LatencyTest(throughput = 2_000, iterations = 2_000, warmUpIterations = 2_000, runs = 6, percentile = 50,
            maxMicros = 1_000)
    void quote() {
        long end = System.nanoTime() + WORK_NANOS;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}

package com.example;

import org.jlbh.junit.LatencyTest;

/** The base's quote: 20 µs of work a call. */
class QuoteLatencyTest {
    static final long WORK_NANOS = 20_000;

    // eight runs: eight pairs with the other side's, the fewest with which the paired comparison judges its p50,
    // p90 and p99
    @LatencyTest(throughput = 2_000, iterations = 2_000, warmUpIterations = 2_000, runs = 8, percentile = 50,
            maxMicros = 1_000)
    void quote() {
        long end = System.nanoTime() + WORK_NANOS;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}

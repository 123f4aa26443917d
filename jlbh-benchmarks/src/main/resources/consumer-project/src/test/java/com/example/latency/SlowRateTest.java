package com.example.latency;

import org.jlbh.junit.LatencyTest;

/** The card's body at 1,000/s with a p99 budget, nothing else set. */
class SlowRateTest {
    private final Bodies bodies = new Bodies();

    @LatencyTest(throughput = 1_000, percentile = 99, maxMicros = 50)
    void hash() {
        bodies.hash();
        bodies.hash();
        bodies.hash();
    }
}

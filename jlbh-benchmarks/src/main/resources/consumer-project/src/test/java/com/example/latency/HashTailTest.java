package com.example.latency;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

/** The hash body (256 bytes, about 1 µs), every 100th call +300 µs. */
class HashTailTest {
    private final Bodies bodies = new Bodies();

    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 20_000, runs = 3, percentile = 99,
            maxMicros = 100)
    @LatencyBudget(percentile = 50, maxMicros = 20)
    void hash() {
        bodies.hash();
        bodies.everyNthSpins(100, 300);
    }
}

package com.example.latency;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

/** The hash body, every 100th call +300 µs, with the defaults: iterations, warm-up and runs sized. */
class SizedHashTailTest {
    private final Bodies bodies = new Bodies();

    @LatencyTest(throughput = 20_000, percentile = 99, maxMicros = 100)
    @LatencyBudget(percentile = 50, maxMicros = 20)
    void hash() {
        bodies.hash();
        bodies.everyNthSpins(100, 300);
    }
}

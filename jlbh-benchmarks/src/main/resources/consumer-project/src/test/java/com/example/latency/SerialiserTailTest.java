package com.example.latency;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

/** The serialising body (a Date through a new ObjectOutputStream), every 50th call +2 ms. */
class SerialiserTailTest {
    private final Bodies bodies = new Bodies();

    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 20_000, runs = 3, percentile = 99,
            maxMicros = 500)
    @LatencyBudget(percentile = 50, maxMicros = 50)
    void serialise() {
        bodies.serialise();
        bodies.everyNthSpins(50, 2_000);
    }
}

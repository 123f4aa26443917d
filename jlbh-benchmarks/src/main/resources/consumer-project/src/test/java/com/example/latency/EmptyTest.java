package com.example.latency;

import org.jlbh.junit.LatencyTest;

/** An empty body at 100,000/s: what the harness and its evidence cost, with nothing else measured. */
class EmptyTest {

    @LatencyTest(throughput = 100_000, iterations = 500_000, warmUpIterations = 100_000, runs = 3,
            percentile = 99.9, maxMicros = 1_000_000)
    void empty() {
    }
}

package com.example;

import org.jlbh.junit.LatencyTest;

class FastLatencyTest {

    // a quick body with a generous budget: passes on any machine
    @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 1_000, runs = 1, percentile = 50,
            maxMicros = 10_000)
    void quick() {
    }
}

package com.example;

import org.jlbh.junit.LatencyTest;

class QuoteLatencyTest {

    // a quick body with a generous budget: passes on any machine
    @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 1_000, runs = 1, percentile = 50,
            maxMicros = 10_000)
    void quotes() {
    }

    // at least 200 µs a call against a 50 µs median: breaches on any machine
    @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 50)
    void tooSlow() {
        long end = System.nanoTime() + 200_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    // a percentile outside (0, 100]: a configuration error
    @LatencyTest(throughput = 1_000, percentile = 150, maxMicros = 50)
    void misconfigured() {
    }
}

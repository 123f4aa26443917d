package com.example;

import org.jlbh.junit.LatencyTest;

class SlowLatencyTest {

    // at least 200 µs a call against a 50 µs median: breaches on any machine
    @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 50)
    void tooSlow() {
        long end = System.nanoTime() + 200_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}

package com.example;

import org.jlbh.junit.LatencyTest;

class SlowServiceLatencyTest {

    // the body takes at least 200 us; the budget is 50 us
    @LatencyTest(throughput = 1_000, iterations = 300, warmUpIterations = 100, runs = 3, percentile = 50, maxMicros = 50)
    void tooSlow() {
        long end = System.nanoTime() + 200_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}

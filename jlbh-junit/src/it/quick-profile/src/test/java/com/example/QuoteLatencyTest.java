package com.example;

import org.jlbh.junit.LatencyTest;

/** Every quote takes 50 µs, against a median budget of 1 µs: the budget breaks whatever the machine does. */
class QuoteLatencyTest {

    @LatencyTest(throughput = 10_000, iterations = 20_000, warmUpIterations = 10_000, runs = 3, percentile = 50,
            maxMicros = 1)
    void quote() {
        long end = System.nanoTime() + 50_000;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}

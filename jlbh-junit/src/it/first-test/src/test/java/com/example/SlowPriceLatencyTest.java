package com.example;

import org.jlbh.junit.LatencyTest;

class SlowPriceLatencyTest {
    private long calls;

    // the same budget, but every 50th price takes 2 ms: the prices queued behind it are late too, and p99 breaks it
    @LatencyTest(throughput = 10_000, percentile = 99, maxMicros = 1_000)
    void price() {
        if (++calls % 50 == 0) {
            long end = System.nanoTime() + 2_000_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }
    }
}

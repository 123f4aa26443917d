package com.example;

import org.jlbh.junit.LatencyTest;

/**
 * Too slow on its first attempt and fast on the second: with {@code jlbh.retry.failed = 1} (the pom and the launcher set
 * it) it is measured twice and passes.
 */
class EvidenceRetriedTest {
    /** Calls in one attempt: 500 warm-up and 2 runs of 1,000. */
    private static final int CALLS_PER_ATTEMPT = 2_500;
    private static int calls;

    @LatencyTest(throughput = 2_000, iterations = 1_000, warmUpIterations = 500, runs = 2, percentile = 50,
            maxMicros = 100)
    void slowThenFast() {
        if (calls++ < CALLS_PER_ATTEMPT) {
            long end = System.nanoTime() + 300_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }
    }
}

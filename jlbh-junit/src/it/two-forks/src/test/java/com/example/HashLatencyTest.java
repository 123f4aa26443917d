package com.example;

import org.jlbh.junit.LatencyTest;

/** The four test classes' latency test: each runs it as its own (JUnit runs inherited test methods). */
abstract class HashLatencyTest {
    private long hash = 17;

    // about 1.5 s of measuring, so that the two forks' tests want the machine at the same time; a budget any
    // machine meets: this build is about turns, not figures
    @LatencyTest(throughput = 20_000, iterations = 10_000, warmUpIterations = 10_000, runs = 2, percentile = 50,
            maxMicros = 10_000)
    void hash() {
        for (int i = 0; i < 64; i++) {
            hash = hash * 31 + i;
        }
    }
}

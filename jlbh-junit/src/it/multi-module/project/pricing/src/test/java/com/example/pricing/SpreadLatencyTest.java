package com.example.pricing;

import org.jlbh.junit.LatencyTest;

/** The spread, which the pull request leaves as it is. */
class SpreadLatencyTest {
    private long mid = 100_000;
    private long spreads;

    // thirty short runs: thirty pairs with the base's
    @LatencyTest(throughput = 10_000, iterations = 500, warmUpIterations = 5_000, runs = 30, percentile = 50,
            maxMicros = 1_000)
    void spread() {
        spreads += Pricing.spread(mid++);
    }
}

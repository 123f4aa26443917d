package com.example.latency;

import org.jlbh.junit.LatencyTest;

/** The design card's example, nothing else set: a body of about a microsecond (the hash, three times). */
class CardTest {
    private final Bodies bodies = new Bodies();

    @LatencyTest(throughput = 10_000, percentile = 99.9, maxMicros = 50)
    void hash() {
        bodies.hash();
        bodies.hash();
        bodies.hash();
    }
}

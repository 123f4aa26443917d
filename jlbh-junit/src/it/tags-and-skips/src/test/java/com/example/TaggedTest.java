package com.example;

import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.Test;

class TaggedTest {

    // a latency test: it carries the tag "latency"
    @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 1_000, runs = 1, percentile = 50,
            maxMicros = 10_000)
    void latency() {
        System.out.println("ran the latency test");
    }

    // an ordinary test: no tag
    @Test
    void ordinary() {
        System.out.println("ran the ordinary test");
    }
}

package com.example.latency;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

/** The logging body (logback, a buffered file), unchanged. */
class LoggerTest {
    private final Bodies bodies = new Bodies();

    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 20_000, runs = 3, percentile = 99,
            maxMicros = 500)
    @LatencyBudget(percentile = 50, maxMicros = 50)
    void log() {
        bodies.log();
    }
}

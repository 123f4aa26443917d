package com.example;

import org.jlbh.junit.LatencyTemplate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A sweep of two rates and a parameterized latency test: each rate and each invocation is a measurement. */
class EvidenceTemplatesTest {

    private static void spinMicros(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    @LatencyTemplate(rates = {5_000, 10_000}, iterations = 2_000, warmUpIterations = 1_000, runs = 2,
            percentile = 50, maxMicros = 50_000)
    void sweep() {
        spinMicros(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 20})
    @LatencyTemplate(throughput = 5_000, iterations = 2_000, warmUpIterations = 1_000, runs = 2, percentile = 50,
            maxMicros = 50_000)
    void parameterized(int micros) {
        spinMicros(micros);
    }
}

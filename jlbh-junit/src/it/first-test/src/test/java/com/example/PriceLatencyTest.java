package com.example;

import org.jlbh.junit.LatencyTest;

class PriceLatencyTest {
    private final double[] quotes = new double[1_000];
    private double mid;

    // 10,000 prices a second, the 99th percentile within 1 ms: iterations, warm-up and runs are sized from it
    @LatencyTest(throughput = 10_000, percentile = 99, maxMicros = 1_000)
    void price() {
        double sum = 0;
        for (double quote : quotes) {
            sum += quote;
        }
        mid = sum / quotes.length;
    }
}

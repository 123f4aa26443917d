package com.example;

import org.jlbh.junit.LatencyTest;

class MisconfiguredLatencyTest {

    // a percentile above 100 is a mistake the extension must report before measuring anything
    @LatencyTest(throughput = 10_000, iterations = 1_000, percentile = 150, maxMicros = 50)
    void percentileAbove100() {
    }
}

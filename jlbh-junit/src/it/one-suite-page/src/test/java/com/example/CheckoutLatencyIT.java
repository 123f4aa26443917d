package com.example;

import org.jlbh.junit.LatencyTest;

class CheckoutLatencyIT {

    // run by Failsafe, after Surefire's tests, in a JVM of its own
    @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 1_000, runs = 1, percentile = 50,
            maxMicros = 10_000)
    void checkout() {
    }
}

package com.example.orders;

import org.jlbh.junit.LatencyTest;

class OrderIdLatencyTest {
    private final OrderIds ids = new OrderIds();
    private final byte[] order = OrderIds.message(512);
    private int checksum;

    // sixty short runs: sixty pairs with the base's when a pull request is compared with it
    @LatencyTest(throughput = 20_000, iterations = 1_000, warmUpIterations = 20_000, runs = 60, percentile = 50,
            maxMicros = 100)
    void stampOrder() {
        checksum += ids.stamp(order);
    }
}

package com.example.shop;

import org.jlbh.junit.LatencyTest;

/**
 * Publishing an accepted order as a JSON event with Jackson's shared mapper (a thread-local buffer recycler;
 * serialisers cached by class).
 */
class JacksonLatencyTest {
    private final OrderJson json = new OrderJson();
    private final Order order = Order.sample(42);
    private long time = 1_796_000_000_000L;
    private long bytes;

    // sixty short runs: sixty pairs with the base's when a pull request is compared with it
    @LatencyTest(throughput = 20_000, runs = 60, iterations = 1_000, percentile = 50, maxMicros = 1_000)
    void serialise() {
        bytes += json.accepted(order, time++).length;
    }
}

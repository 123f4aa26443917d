package com.example.shop;

import org.jlbh.junit.LatencyTest;

/** Writing an order as JSON with a shared Gson (a thread-local map of calls in progress; adapters cached by type). */
class GsonLatencyTest {
    private final OrderGson gson = new OrderGson();
    private final Order order = Order.sample(42);
    private long characters;

    // sixty short runs: sixty pairs with the base's when a pull request is compared with it
    @LatencyTest(throughput = 20_000, runs = 60, iterations = 1_000, percentile = 50, maxMicros = 1_000)
    void toJson() {
        characters += gson.write(order).length();
    }
}

package com.example.shop;

import org.jlbh.junit.LatencyTest;

/**
 * Logging a fill through Log4j 2 (thread-local reusable events and messages; a logger context per class loader),
 * formatted by the pattern layout of {@code log4j2-test.xml} into a buffered file appender on {@code /dev/null}.
 */
class Log4jLatencyTest {
    private final FillLog log = new FillLog();
    private final Order order = Order.sample(42);

    // sixty short runs: sixty pairs with the base's when a pull request is compared with it
    @LatencyTest(throughput = 20_000, runs = 60, iterations = 1_000, percentile = 50, maxMicros = 1_000)
    void logFill() {
        log.filled(order);
    }
}

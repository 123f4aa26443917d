package com.example.shop;

import io.netty.buffer.PooledByteBufAllocator;
import org.jlbh.junit.LatencyTest;

/** Framing an order in a pooled direct buffer (Netty's per-thread cache of its arenas) and handing it back. */
class NettyBufferLatencyTest {
    private final OrderFrames frames = new OrderFrames(PooledByteBufAllocator.DEFAULT);
    private final Order order = Order.sample(42);
    private int checksums;

    // sixty short runs: sixty pairs with the base's when a pull request is compared with it
    @LatencyTest(throughput = 20_000, runs = 60, iterations = 1_000, percentile = 50, maxMicros = 1_000)
    void frame() {
        checksums += frames.checksum(order);
    }
}

package org.jlbh.junit.guide;

import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyTest;

/** docs/concurrency.md: two harness threads calling one thread-safe method. */
class ConcurrencyExample {
    private final OrderBook book = new OrderBook();
    private final long[] orders = {101, 202};

    @LatencyTest(throughput = 20_000, threads = 2, percentile = 99, maxMicros = 500)
    void update(IterationContext context) {
        book.apply(orders[context.threadIndex()]);   // called from two harness threads at once
        context.sampleEndToEnd(System.nanoTime() - context.startTimeNanos());
    }

    /** A structure behind one lock. */
    static final class OrderBook {
        private long last;

        synchronized void apply(long order) {
            last = order;
        }
    }
}

package org.jlbh.junit.guide;

import org.jlbh.junit.LatencyTest;

/** docs/allocation-and-gc.md: a garbage-free body and no collection while measuring. */
class AllocationExample {
    private final StringBuilder line = new StringBuilder(64);
    private long orderId;

    @LatencyTest(throughput = 10_000, percentile = 99.9, maxMicros = 50,
            maxAllocatedBytesPerOp = 0,          // garbage-free body
            maxGcCount = 0)                      // and no collection while measuring (or maxGcPauseMillis = 5)
    void logOrder() {
        line.setLength(0);
        line.append("order ").append(++orderId);  // appends into the builder's own array: no garbage
    }
}

package org.jlbh.samples;

import org.jlbh.junit.LatencyTest;

/**
 * Sample 0's test under a budget its code cannot meet: every call takes 5 µs, the budget is 1 µs at p99, so it fails
 * on any machine. Its name keeps Surefire from running it alone (the module runs {@code Sample*} classes).
 */
class TooTightABudget {

    @LatencyTest(throughput = 10_000, percentile = 99, maxMicros = 1)
    void fiveMicroseconds() {
        Benchmarks.busyWaitMicros(5);
    }
}

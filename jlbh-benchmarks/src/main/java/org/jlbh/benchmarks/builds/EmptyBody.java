package org.jlbh.benchmarks.builds;

import org.jlbh.junit.LatencyTest;

/**
 * The latency test of {@link EvidenceCost}: an empty body at 100,000/s, three runs of 500,000, a budget no run can
 * break (p99.9 within a second), so that what is measured is the harness, the extension and what runs beside them.
 */
public final class EmptyBody {

    /** One call: nothing. */
    @LatencyTest(throughput = 100_000, iterations = 500_000, warmUpIterations = 100_000, runs = 3, percentile = 99.9,
            maxMicros = 1_000_000)
    void empty() {
    }
}

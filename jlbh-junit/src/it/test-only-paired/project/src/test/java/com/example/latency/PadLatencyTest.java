package com.example.latency;

import org.apache.commons.lang3.StringUtils;
import org.jlbh.junit.LatencyTest;

/** A library's call, measured: this project has no code of its own. */
class PadLatencyTest {
    private long id;
    private int length;

    // Sixteen runs of 0.05 s (eight rounds of the four copies, the fewest a comparison of p50, p90 and p99 judges
    // with), judged on the median run's p50 against 1 ms, for a pad of well under 1 µs: on a
    // noisy 2-core machine a stall delays the iterations queued behind it, but holds up half of a run's 1,000 by over
    // 1 ms only if it lasts over 25 ms, in more than half of the runs for the verdict to break. The test is here to be
    // paired, not to time the pad.
    @LatencyTest(throughput = 20_000, iterations = 1_000, warmUpIterations = 5_000, runs = 16, percentile = 50,
            maxMicros = 1_000)
    void pad() {
        length += StringUtils.leftPad(Long.toString(id++), 12, '0').length();
    }
}

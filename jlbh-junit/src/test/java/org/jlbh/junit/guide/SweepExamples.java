package org.jlbh.junit.guide;

import org.jlbh.junit.LatencyTemplate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;

/** docs/sweeps-and-capacity.md: a sweep of rates with a capacity budget, and a parameterized latency test. */
class SweepExamples {
    private final byte[] request = new byte[256];
    private byte[] encoded = new byte[1024];

    // up to what rate does the round trip keep p99 <= 10 ms? It must at least up to 10,000/s
    @LatencyTemplate(rates = {5_000, 10_000, 20_000, 40_000}, requiredThroughput = 10_000,
            iterations = 5_000, warmUpIterations = 2_000, percentile = 99, maxMicros = 10_000)
    void roundTrip() {                             // invocations [5,000/s], [10,000/s], [20,000/s], [40,000/s]
        encoded = Arrays.copyOf(request, request.length);
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 1024})
    @LatencyTemplate(throughput = 10_000, percentile = 99, maxMicros = 50)
    void encode(int size) {                        // invocations [1] 64, [2] 1024, each at 10,000/s
        Arrays.fill(encoded, 0, size, (byte) 1);
    }
}

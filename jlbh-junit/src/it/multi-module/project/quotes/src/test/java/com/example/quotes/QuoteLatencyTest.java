package com.example.quotes;

import com.example.pricing.Pricing;
import org.jlbh.junit.LatencyTest;

/** A quote, priced by the pricing module: what the pull request does there shows here. */
class QuoteLatencyTest {
    private long mid = 100_000;
    private long prices;

    // thirty short runs: thirty pairs with the base's
    @LatencyTest(throughput = 10_000, iterations = 500, warmUpIterations = 5_000, runs = 30, percentile = 50,
            maxMicros = 1_000)
    void quote() {
        prices += Pricing.price(mid++);
    }
}

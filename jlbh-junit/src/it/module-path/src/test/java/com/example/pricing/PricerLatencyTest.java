package com.example.pricing;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;

/**
 * A latency test of a modular project, run by Surefire in the project's module (its test classes patched into it),
 * package-private as JUnit tests usually are. The budgets are generous: this build checks that the test runs and is
 * judged on the module path, not how fast this machine is.
 */
class PricerLatencyTest {
    private final Pricer pricer = new Pricer(125);
    private long total;

    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 5_000, runs = 3, percentile = 99,
            maxMicros = 5_000)
    @LatencyBudget(probe = "price", percentile = 50, maxMicros = 1_000)
    void price(@Probe("price") NanoSampler price) {
        long start = System.nanoTime();
        total += pricer.price(1_500);
        price.sampleNanos(System.nanoTime() - start);
    }
}

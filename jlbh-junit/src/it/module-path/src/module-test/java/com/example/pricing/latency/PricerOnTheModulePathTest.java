package com.example.pricing.latency;

import com.example.pricing.Pricer;
import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.BeforeAll;

/**
 * The same kind of latency test, in a test module of its own on the module path (the ConsoleLauncher's
 * {@code --select-module}): jlbh-junit, jlbh-core and JUnit are named modules here, so this is where their module
 * descriptors are used. The budgets are generous, as in the Surefire test.
 */
class PricerOnTheModulePathTest {
    private final Pricer pricer = new Pricer(125);
    private long total;

    @BeforeAll
    static void jlbhIsANamedModuleExportingItsApiOnly() {
        Module junit = LatencyTest.class.getModule();
        Module core = org.jlbh.core.JLBH.class.getModule();
        if (!junit.isNamed() || !junit.getName().equals("org.jlbh.junit") || !core.getName().equals("org.jlbh.core")) {
            throw new AssertionError("jlbh is not on the module path as its named modules: " + junit + ", " + core);
        }
        if (junit.isExported("org.jlbh.junit.internal") || junit.isExported("org.jlbh.junit.internal.run")
                || core.isExported("org.jlbh.core.internal") || !junit.isExported("org.jlbh.junit")
                || !core.isExported("org.jlbh.core")) {
            throw new AssertionError("the modules export more or less than their API: " + junit.getDescriptor()
                    + " " + core.getDescriptor());
        }
    }

    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 5_000, runs = 3, percentile = 99,
            maxMicros = 5_000)
    @LatencyBudget(probe = "price", percentile = 50, maxMicros = 1_000)
    void price(@Probe("price") NanoSampler price, IterationContext context) {
        long start = System.nanoTime();
        total += pricer.price(1_500);
        long end = System.nanoTime();
        price.sampleNanos(end - start);
        context.sampleEndToEnd(end - context.startTimeNanos());
    }
}

package com.example.latency;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.BeforeAll;

/**
 * The hash body as a pull request changes it, gated against its base in the paired mode: the base's copy of this
 * class (from the base's test classes) runs the unchanged hash; this copy runs the version {@link PairedVariant} names.
 * Six runs a side, so six pairs.
 */
class PairedHashTest {
    private static final String VARIANT = PairedVariant.name();
    private final Bodies bodies = new Bodies();

    @BeforeAll
    static void sayWhich() {
        // the builds check this line: the variant each side ran, and whose classes it was
        System.out.println("PairedHashTest variant " + VARIANT + " loaded by "
                + PairedHashTest.class.getClassLoader().getName());
    }

    // the same warm-up as GatedHashTest's, for the same reason (the JIT done with the body before the first run)
    @LatencyTest(throughput = 20_000, iterations = 10_000, warmUpIterations = 60_000, runs = 6, percentile = 99,
            maxMicros = 100)
    @LatencyBudget(percentile = 50, maxMicros = 20)
    void hash() {
        switch (VARIANT) {
            case "slower" -> bodies.hashTenPercentLonger();
            case "tail" -> {
                bodies.hash();
                bodies.everyNthSpins(100, 100);
            }
            default -> bodies.hash();
        }
    }
}

package com.example.latency;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.BeforeAll;

/**
 * The hash body as a pull request changes it, gated against its base in the paired mode: the base's copy of this
 * class (from the base's test classes) runs the unchanged hash; this copy runs the version {@link PairedVariant} names.
 * A hundred runs a side of 1,000 calls (0.05 s each), so a hundred pairs, the two sides' runs 0.05 s apart: the sign
 * test's interval lies between the 38th smallest and 38th greatest pair (p50, p90 and p99 compared, 2% split over them). Pilots here (2026-11-26, beside two busy
 * loops): 6 pairs of 0.5 s runs told a tenth slower body from noise at p50 but not at p90 (detectable +16–23%); 30
 * pairs of 0.15 s, p90 flagged in 2 of 5; 100 pairs of 0.05 s, p50 intervals under ±1%.
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
    @LatencyTest(throughput = 20_000, iterations = 1_000, warmUpIterations = 60_000, runs = 100, percentile = 99,
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

package org.example.paired;

import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.internal.run.paired.Calls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The change's side of a paired test, run by PairedModeTests through the engine (not by Surefire: its name matches
 * no test pattern); its second copy, loaded apart, says "change copy". The tests compile the base's copy of it, which
 * says "base" (and its second copy "control") and spins 20 µs.
 */
public class PairedFixture {
    static final String SIDE = Calls.changeName(PairedFixture.class);
    static final long SPIN_NANOS = 40_000;

    @BeforeAll
    static void beforeAll() {
        Calls.add(SIDE + " before all");
    }

    @BeforeEach
    void beforeEach() {
        Calls.add(SIDE + " before each");
    }

    @LatencyTest(throughput = 2_000, iterations = 200, warmUpIterations = 100, runs = 36, percentile = 50,
            maxMicros = 100_000)
    void spin() {
        Calls.ran(SIDE);
        long end = System.nanoTime() + SPIN_NANOS;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    @LatencyTest(throughput = 2_000, iterations = 200, warmUpIterations = 100, runs = 2, percentile = 50,
            maxMicros = 100_000)
    void onlyInTheChange() {
    }

    @AfterEach
    void afterEach() {
        Calls.add(SIDE + " after each");
    }

    @AfterAll
    static void afterAll() {
        Calls.add(SIDE + " after all");
    }
}

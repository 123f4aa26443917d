package com.example.latency;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

import java.util.Locale;

/**
 * The hash body as a team's pull requests change it, gated against its baseline: the environment variable
 * {@code HASH_VARIANT} says which version this build is, so that every version is the same test to the baseline —
 * {@code unchanged} (256 bytes, about 1 µs), {@code slower} (328 bytes: 25% slower end to end) or {@code tail} (every 100th
 * call also spins 100 µs).
 */
class GatedHashTest {
    private static final String VARIANT = System.getenv().getOrDefault("HASH_VARIANT", "unchanged")
            .toLowerCase(Locale.ROOT);
    private final Bodies bodies = new Bodies();

    // a warm-up long enough for the JIT to be done with the body: after 20,000 calls the third run of a build was
    // still 12% faster than the first two (0.326 against 0.370 µs at p50, in every build measured here), a drift
    // that widens the gate's interval and so the smallest change it can flag; after 60,000 the runs agree within 3%
    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 60_000, runs = 3, percentile = 99,
            maxMicros = 100)
    @LatencyBudget(percentile = 50, maxMicros = 20)
    void hash() {
        switch (VARIANT) {
            case "slower" -> bodies.hashLonger();
            case "tail" -> {
                bodies.hash();
                bodies.everyNthSpins(100, 100);
            }
            default -> bodies.hash();
        }
    }
}

package org.jlbh.benchmarks.builds;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;

import java.util.Locale;

/**
 * The latency test the build-rate scenarios run, as a user's would be: a body of about 1 µs (a 64-bit FNV-1a hash of
 * 1,000 bytes) at 20,000/s, three runs of 20,000, budgets {@code p50 <= 20 µs} and {@code p99 <= 100 µs} (its quiet
 * figures with headroom), and a probe timing the hash alone. The system property {@value #VARIANT} chooses what
 * the body does, so that one fixture serves unchanged builds, real regressions and injected causes.
 */
public final class HashBody {
    /** The system property naming the {@link Variant}. */
    public static final String VARIANT = "bench.body";

    /** What the body does. */
    public enum Variant {
        /** The hash of 1,000 bytes. */
        UNCHANGED,
        /** The hash of 1,250 bytes: 25% slower. */
        SLOWER_25,
        /** Every 100th call also spins 100 µs: a tail regression. */
        TAIL_100,
        /** Every 100th call also spins 300 µs: a tail regression beyond the p99 budget. */
        TAIL_300,
        /** One call, a third into each run, spins 2 ms: a stall in the code. */
        SPIN_2MS,
        /** One call, a third into each run, calls System.gc(): a pause of the JVM. */
        GC
    }

    private static final Variant BODY = Variant.valueOf(System.getProperty(VARIANT, "UNCHANGED")
            .toUpperCase(Locale.ROOT));
    /** Calls before the measured runs (the warm-up), and per run. */
    private static final int WARM_UP = 20_000;
    private static final int PER_RUN = 20_000;

    private final byte[] bytes = new byte[BODY == Variant.SLOWER_25 ? 1_250 : 1_000];
    private long calls;
    private long sink;

    /**
     * One call: the hash, and what the variant adds.
     *
     * @param hash the probe timing the hash alone
     */
    @LatencyTest(throughput = 20_000, iterations = PER_RUN, warmUpIterations = WARM_UP, runs = 3)
    @LatencyBudget(percentile = 50, maxMicros = 20)
    @LatencyBudget(percentile = 99, maxMicros = 100)
    void hash(@Probe("hash") NanoSampler hash) {
        long start = System.nanoTime();
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h = (h ^ b) * 0x100000001b3L;
        }
        sink += h;
        hash.sampleNanos(System.nanoTime() - start);
        long call = calls++;
        long inRun = (call - WARM_UP) % PER_RUN;
        switch (BODY) {
            case TAIL_100 -> spinEvery100th(call, 100);
            case TAIL_300 -> spinEvery100th(call, 300);
            case SPIN_2MS -> {
                if (call >= WARM_UP && inRun == PER_RUN / 3) {
                    spin(2_000);
                }
            }
            case GC -> {
                if (call >= WARM_UP && inRun == PER_RUN / 3) {
                    System.gc();
                }
            }
            default -> {
            }
        }
        if (sink == 42) {
            System.out.print("");
        }
    }

    private static void spinEvery100th(long call, long micros) {
        if (call % 100 == 99) {
            spin(micros);
        }
    }

    private static void spin(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}

package org.jlbh.samples;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sample 1 — measure code in context ("JLBH Examples 1 - Why Code Should be Benchmarked in Context").
 *
 * <p>What it teaches: the same operation costs more inside an application than alone in a microbenchmark. Alone,
 * called back to back, its code and data stay in the CPU caches; inside a TCP round trip, the network stack runs
 * between calls and evicts them, so each call starts cold. The post measured Java serialisation of a {@code Date}
 * at ~4.5 µs alone and ~10 µs on the server side of a TCP loopback round trip.
 *
 * <p>The wrong way and the right way: {@link #alone()} is what a microbenchmark tells you (here as a latency test
 * with a budget); {@link #inContextItCostsMoreThanAlone()} measures the very same serialiser with a probe on the
 * server thread of a loopback round trip at 20,000/s, and compares.
 *
 * <p>What it showed here (2 vCPU, JDK 17): serialisation p50 0.27 µs alone and 0.51–0.56 µs in context, 1.85 to
 * 2.05 times as much, as in the post. The end-to-end round trip at 20,000/s did not keep up on this machine (p50 from 77 µs to
 * 43 ms across runs): see Sample 3 for what that means.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample01*} (add
 * {@code -Dsurefire.failIfNoSpecifiedTests=false}); the reports are printed in the test output.
 */
class Sample01_DateSerialisationInContext {
    private final DateSerialiser serialiser = new DateSerialiser();

    /**
     * Alone: 100,000 serialisations a second. Budget: p99 within 100 µs. It took 4–10 µs at p99 here; 100 µs leaves
     * room for this shared machine's noise (its 2–4 ms stalls and the serialiser's own garbage collections touch
     * well under 1% of the iterations) and still fails if serialising a Date became ten times slower.
     */
    @LatencyTest(throughput = 100_000, iterations = 200_000, warmUpIterations = 100_000, runs = 3,
            percentile = 99, maxMicros = 100)
    void alone() {
        serialiser.serialise();
    }

    /**
     * The serialiser alone, and again with a probe on the server side of a loopback round trip: the median run's
     * p50 in context must be at least 1.3 times the one alone. It was 1.85 to 2.05 times here (0.51–0.56 against
     * 0.27 µs, run-to-run variation under 2% on both), so 1.3 holds with margin yet fails if the two cost the same.
     */
    @Test
    void inContextItCostsMoreThanAlone() throws IOException {
        JLBHResult alone = Benchmarks.run(new JLBHOptions().throughput(100_000).warmUpIterations(100_000)
                .iterations(200_000).runs(3), new SerialiseTask(new DateSerialiser()));

        DateSerialiser serverSide = new DateSerialiser();
        NanoSampler[] probe = new NanoSampler[1];
        JLBHResult inContext;
        try (Loopback loopback = new Loopback(clientSentNanos -> {
            long start = System.nanoTime();
            serverSide.serialise();
            probe[0].sampleNanos(System.nanoTime() - start);
        })) {
            inContext = Benchmarks.run(new JLBHOptions().throughput(20_000).warmUpIterations(50_000)
                    .iterations(50_000).runs(3), new JLBHTask() {
                private JLBH jlbh;

                @Override
                public void init(JLBH jlbh) {
                    this.jlbh = jlbh;
                    probe[0] = jlbh.addProbe("date serialisation");
                }

                @Override
                public void run(long startTimeNS) {
                    loopback.roundTrip();
                    jlbh.sample(System.nanoTime() - startTimeNS);
                }
            });
        }

        double aloneP50 = Benchmarks.medianRun(alone.endToEnd(), 50);
        double inContextP50 = Benchmarks.medianRun(inContext.probe("date serialisation").orElseThrow(), 50);
        System.out.printf("Date serialisation p50: %.3f us alone, %.3f us in context (x%.2f)%n",
                aloneP50 / 1e3, inContextP50 / 1e3, inContextP50 / aloneP50);
        assertThat(inContextP50).as("p50 in context / alone").isGreaterThan(1.3 * aloneP50);
    }

    /** Serialises once per iteration. */
    private static final class SerialiseTask implements JLBHTask {
        private final DateSerialiser serialiser;
        private JLBH jlbh;

        SerialiseTask(DateSerialiser serialiser) {
            this.serialiser = serialiser;
        }

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            serialiser.serialise();
            jlbh.sample(System.nanoTime() - startTimeNS);
        }
    }
}

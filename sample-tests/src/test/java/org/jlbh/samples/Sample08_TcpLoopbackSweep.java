package org.jlbh.samples;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBHResult;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.Probe;
import org.jlbh.junit.SweepOf;
import org.jlbh.junit.SweepResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Sample 8 — up to what rate does a TCP round trip keep its tail? (The seed series' third lesson, "you have to drop
 * throughput to achieve good latencies at high percentiles", asked as capacity planning asks it.)
 *
 * <p>What it teaches: sweep the rate instead of guessing one, budget the capacity you need, and assert the shape the
 * budgets cannot. The TCP loopback round trip of Sample 3, probed per half, runs at 5,000 to 1,280,000 round trips a
 * second, each rate a JUnit invocation of its own ({@code [20,000/s]}) with its own warm-up. Up to the knee each half
 * and end to end stay near the round trip's own time; past it each half still looks fine while end to end, timed from
 * the intended start, grows with the queue. The console table after the last rate shows both, and names the knee; an
 * {@code @AfterAll} given the sweep ({@link SweepOf}) asserts the knee and that shape.
 *
 * <p>The budget: end-to-end p99 within 10 ms, required up to 5,000/s ({@code requiredThroughput}). 10 ms holds on a
 * shared runner and still fails if the machine can no longer sustain 5,000/s (the queue takes p99 to tens of
 * milliseconds). Not 10,000/s: on a 2-core machine that is often the knee itself, and while the host takes the harness
 * thread's CPU (351 ms in 583 stretches of three 0.5 s runs, once) only 7,965/s are achieved there; 5,000/s meets the
 * budget throughout (p99 0.09–3.7 ms). The rates above it find the knee: broken budgets there are reported, not
 * failed.
 *
 * <p>Why rates up to 1,280,000/s and runs of 5,000: the highest rate must break by its queue, on a fast machine too.
 * Beside a busy process the loopback keeps its fast speed (2.4 µs a half), and up to 320,000/s a run can end within
 * the budget, so that no rate breaks by its queue and the sample fails (a run of 2,500 at 320,000/s ended only 6.8 ms
 * behind). A run of 5,000 at the highest rates falls behind by 5,000 times the round trip's time less 0.8 to 1.6 µs,
 * beyond 10 ms for any round trip slower than 2.8 µs. Past capacity a rate runs at what is achieved, so the two
 * highest cost under 0.1 s.
 *
 * <p>What it shows (a 2-core machine, JDK 17; quiet, beside a busy process, and under others' load): end-to-end p99
 * 0.07–5.2 ms from 5,000/s to 20,000/s while the machine keeps up. The knee is at 10,000/s to 80,000/s, moving with the
 * machine's neighbours; a rate can break only through the platform's stalls (p99 10–31 ms, inconclusive), and a
 * higher rate then breaks by its queue. Past the knee 22,600–201,000 round trips a second are achieved; at the highest
 * rate end-to-end p99 reaches 16–289 ms, 337 to 3,406 times the halves' p99 added up (17–144 µs), where rates that
 * meet the budget read 1–43 times. Each half's p50 stays at 6.3–27.8 µs at every rate (p90 under 36 µs).
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample08*} (add
 * {@code -Dsurefire.failIfNoSpecifiedTests=false}).
 */
class Sample08_TcpLoopbackSweep {
    private static final int REQUIRED = 5_000;
    private static final List<String> HALVES = List.of("client2server", "server2client");
    /**
     * End to end p99 at the highest rate against the round trip's own p99 in the same runs (each half's p99 added up):
     * 337 to 3,406 times here, where rates with no queue read 1–43 times. Against the halves of the same runs, not
     * against end to end at the required rate: that rate may have queued already (28.4 ms at the highest rate against
     * 4.8 ms at 10,000/s, once), and the queue is then told from the round trip whatever the other rates did.
     */
    private static final double END_TO_END_GROWTH = 100;
    /**
     * A half's p50 at any rate against the lowest rate. The loopback has two speeds here, ~6.5 µs a half while both
     * threads stay on a CPU and 20–28 µs when they sleep between messages, and either shows at any rate (within one
     * sweep a rate's halves went from 6.5 to 19.6 µs), so the ratio could reach ~4.3 with no queue in the halves; 5
     * allows that, and sits far below end to end's growth.
     */
    private static final double HALF_P50_FACTOR = 5;

    private Loopback loopback;
    /** The probe the server thread samples; set from the test method's parameter, which setup cannot have. */
    private volatile NanoSampler client2server;

    @BeforeEach
    void connect() {
        loopback = new Loopback(clientSent -> {
            NanoSampler probe = client2server;
            if (probe != null) {
                probe.sampleNanos(System.nanoTime() - clientSent);
            }
        });
    }

    @AfterEach
    void disconnect() throws IOException {
        client2server = null;
        loopback.close();
    }

    @LatencyTemplate(rates = {5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 1_280_000},
            requiredThroughput = REQUIRED, iterations = 5_000, warmUpIterations = 2_000, percentile = 99,
            maxMicros = 10_000)
    void roundTrip(@Probe("client2server") NanoSampler client2server,
                   @Probe("server2client") NanoSampler server2client) {
        this.client2server = client2server;
        long serverSent = loopback.roundTrip();
        server2client.sampleNanos(System.nanoTime() - serverSent);
    }

    /**
     * The seed's shape, asserted on the sweep as measured: the knee is at or above the required rate and inside the
     * swept range (a rate broke through the code's own queue, not only the platform's stalls); past it, at the highest
     * rate, end to end p99 is at least {@value #END_TO_END_GROWTH} times the round trip's own (its halves' p99 added
     * up), the queue; and at every rate each half's p50
     * stays within {@value #HALF_P50_FACTOR} times its value at the lowest rate.
     */
    @AfterAll
    static void halvesStayFlatWhileEndToEndExplodesPastTheKnee(@SweepOf("roundTrip") SweepResult sweep) {
        assumeFalse(sweep.rates().isEmpty(), "the sweep did not run: nothing to judge");
        SweepResult.Rate lowest = sweep.rates().get(0);
        SweepResult.Rate required = sweep.rate(REQUIRED).orElseThrow();
        SweepResult.Rate highest = sweep.rates().get(sweep.rates().size() - 1);
        assumeFalse(required.latency() == SweepResult.Latency.BROKEN_BY_PLATFORM, "the budget at the required rate "
                + "broke only through the platform's stalls: the knee cannot be judged");

        assertThat(sweep.knee().orElse(0)).as("the knee, rate/s").isGreaterThanOrEqualTo(REQUIRED);
        assertThat(sweep.rates()).as("a rate past the knee, broken by its queue")
                .anyMatch(rate -> rate.latency() == SweepResult.Latency.BROKEN);
        double roundTripP99 = HALVES.stream().mapToDouble(half -> p(highest.result(), half, 99)).sum();
        assertThat(p(highest.result(), null, 99)).as("end to end p99 at %,d/s against its halves' p99 added up (%.3f µs)",
                highest.rate(), roundTripP99).isGreaterThanOrEqualTo(END_TO_END_GROWTH * roundTripP99);
        for (SweepResult.Rate rate : sweep.rates()) {
            for (String half : HALVES) {
                assertThat(p(rate.result(), half, 50)).as("%s p50 at %,d/s against %,d/s", half, rate.rate(),
                        lowest.rate()).isLessThanOrEqualTo(HALF_P50_FACTOR * p(lowest.result(), half, 50));
            }
        }
    }

    /** @return the median run's percentile of the probe (end to end when null), in microseconds */
    private static double p(JLBHResult result, String probe, double percentile) {
        return Benchmarks.medianRun(probe == null ? result.endToEnd() : result.probe(probe).orElseThrow(),
                percentile) / 1e3;
    }
}

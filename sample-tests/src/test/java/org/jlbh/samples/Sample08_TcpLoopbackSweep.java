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
 * budgets cannot. The TCP loopback round trip of Sample 3, probed per half, runs at 2,000 to 2,048,000 round trips a
 * second, four times more at each step, each rate a JUnit invocation of its own ({@code [8,000/s]}) with its own
 * warm-up. Up to the knee each half and end to end stay near the round trip's own time; past it each half still looks
 * fine while end to end, timed from the intended start, grows with the queue. The console table after the last rate
 * shows both, and names the knee; an {@code @AfterAll} given the sweep ({@link SweepOf}) asserts the knee and that
 * shape.
 *
 * <p>The budget: end-to-end p99 within 10 ms, required up to 2,000/s ({@code requiredThroughput}). 10 ms holds on a
 * shared runner and still fails if the machine can no longer sustain 2,000/s (the queue takes p99 to tens of
 * milliseconds). Not 5,000/s: a round trip needs both threads woken, and on a shared CI runner whose threads woke
 * slowly 5,000/s was more than it could keep up with (end-to-end p99 0.17–0.21 s, the queue grown through each 1 s
 * run); here its median round trip is 39 µs at 5,000/s. 2,000/s leaves a round trip 0.5 ms. The rates above it find the
 * knee: broken budgets there are reported, not failed.
 *
 * <p>Why rates up to 2,048,000/s and runs of 5,000: the highest rate must break by its queue, on a fast machine too.
 * Beside a busy process the loopback keeps its fast speed (2.4 µs a half), and a run of 2,500 at 320,000/s ended only
 * 6.8 ms behind, within the budget. A run of 5,000 at the highest rate falls behind by 5,000 times the round trip's
 * time less 0.5 µs, beyond 10 ms for any round trip slower than 2.5 µs. Past capacity a rate runs at what is achieved,
 * so the highest rates cost about a second each.
 *
 * <p>What it shows (a 2-core machine, JDK 17; 3 builds quiet and 3 beside a busy process): the knee at 8,000/s or
 * 32,000/s, moving with the machine's neighbours; end-to-end p99 0.08–6.8 ms at the rates that met the budget (0.65–2.1
 * ms at 2,000/s), 1.8–25 times the halves' p99 added up. Past the knee 21,700–46,500 round trips a second are achieved;
 * at the highest rate end-to-end p99 reaches 106–146 ms, 1,630 to 2,900 times the halves' p99 added up (37–79 µs).
 * Each half's p50 stays at 8.4–34 µs at every rate. The sweep took 17.5 s in the last build, 10.7 s of it at
 * 2,000/s.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample08*} (add
 * {@code -Dsurefire.failIfNoSpecifiedTests=false}).
 */
class Sample08_TcpLoopbackSweep {
    private static final int REQUIRED = 2_000;
    private static final List<String> HALVES = List.of("client2server", "server2client");
    /**
     * End to end p99 at the highest rate against the round trip's own p99 in the same runs (each half's p99 added up):
     * 1,630 to 2,900 times here, where rates with no queue read 1.8–25 times. Against the halves of the same runs, not
     * against end to end at the required rate: that rate may have queued already (28.4 ms at the highest rate against
     * 4.8 ms at 10,000/s, once, in an earlier sweep), and the queue is then told from the round trip whatever the other rates did.
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

    @LatencyTemplate(rates = {2_000, 8_000, 32_000, 128_000, 512_000, 2_048_000},
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

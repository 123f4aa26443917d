package org.jlbh.samples;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.io.IOException;

/**
 * Sample 8 — up to what rate does a TCP round trip keep its tail? (The seed series' third lesson, "you have to drop
 * throughput to achieve good latencies at high percentiles", asked as capacity planning asks it.)
 *
 * <p>What it teaches: sweep the rate instead of guessing one, and budget the capacity you need. The TCP loopback round
 * trip of Sample 3, probed per half, runs at 5,000, 10,000, 20,000 and 40,000 round trips a second, each rate a JUnit
 * invocation of its own ({@code [20,000/s]}) with its own warm-up. Up to the knee each half and end to end stay near
 * the round trip's own time; past it each half still looks fine while end to end, timed from the intended start,
 * grows with the queue. The console table after the last rate shows both, and names the knee.
 *
 * <p>The budget: end-to-end p99 within 10 ms, required up to 10,000/s ({@code requiredThroughput}). Measured here
 * (2 vCPU, JDK 17) in two builds with a benchmark running beside them: end-to-end p99 0.9–3.0 ms at 5,000/s,
 * 1.0–1.7 ms at 10,000/s and 2.0–2.1 ms at 20,000/s (the p50 13–63 µs), while at 40,000/s only ~22,000 round trips
 * a second were achieved and p99 reached 100 ms; each half's p99 stayed under 65 µs at every rate but one. 10 ms
 * holds on a shared runner and still fails if the machine can no longer sustain 10,000/s (the queue would take p99
 * to tens of milliseconds, as at 40,000/s). The rates above it find the knee: broken budgets there are reported, not
 * failed.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample08*} (add
 * {@code -Dsurefire.failIfNoSpecifiedTests=false}).
 */
class Sample08_TcpLoopbackSweep {
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

    @LatencyTemplate(rates = {5_000, 10_000, 20_000, 40_000}, requiredThroughput = 10_000, iterations = 5_000,
            warmUpIterations = 2_000, percentile = 99, maxMicros = 10_000)
    void roundTrip(@Probe("client2server") NanoSampler client2server,
                   @Probe("server2client") NanoSampler server2client) {
        this.client2server = client2server;
        long serverSent = loopback.roundTrip();
        server2client.sampleNanos(System.nanoTime() - serverSent);
    }
}

package org.jlbh.samples;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHTask;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sample 3 — the effect of throughput on latency ("JLBH Examples 3 - The Affects of Throughput on Latency").
 *
 * <p>What it teaches: probe both halves of a round trip, and choose the throughput you test at. A TCP round trip
 * over loopback, with a {@code client2server} probe sampled by the server thread (request received minus request
 * sent) and a {@code server2client} probe sampled by the client (reply received minus reply sent). At a low rate,
 * client2server + server2client ≈ end to end at the median: the round trip is all there is. At a rate the machine
 * cannot sustain, each half still looks fine, but end to end (timed from the intended start) grows with the queue —
 * "if you want low latencies at the high percentiles you have to drop your throughput to the correct level".
 *
 * <p>What it shows (a 2-core machine, JDK 17, 3 builds quiet and 3 beside a busy process): at 1,000/s,
 * client2server + server2client p50 = 21–67 µs against an end-to-end p50 of 22–70 µs (the post: 19.97 + 18.94 ≈
 * 41.98), p99 0.23–1.6 ms. At 143,000–461,000/s, ten times what that round trip allows one after another, the halves'
 * p99 added up stay at 45–82 µs while end-to-end p99 reaches 0.32–0.60 s: the queue, which only the end-to-end time
 * from the intended start shows.
 *
 * <p>Why the low rate is 1,000/s: it must sit far below the machine's round trip wherever it runs. A round trip
 * needs both threads woken, and how fast a sleeping thread wakes is the machine's: 39 µs at the median here at
 * 5,000/s; on a shared CI runner, whose threads woke slowly, 5,000/s was more than the round trip could keep up with
 * (Sample 8 there: end-to-end p99 0.17–0.21 s, the queue grown through each 1 s run), and at the "low" rate the halves
 * made up 4% of end to end at the median. At 1,000/s a round trip has 1 ms.
 *
 * <p>How many round trips a second a machine can do is the machine's, not the sample's: beside a busy process the
 * same round trip can take 16.5 µs at the median, or 5.5 µs (a busy CPU wakes at once), and a fixed high rate of
 * 40,000/s is then kept up with (end to end p99 85 µs), so nothing is shown. So the high rate is ten times what the
 * low rate's median round trip allows one after another (at least 40,000/s, at most 1,000,000/s): past capacity
 * wherever it runs.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample03* -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class Sample03_ThroughputAndTcpLoopback {
    /** 1 ms between requests: four times the slowest round trip seen on a runner (the class comment). */
    private static final int LOW_RATE = 1_000;
    /** The least high rate, and the most: at least the post's, at most a million a second. */
    private static final int LEAST_HIGH_RATE = 40_000;
    private static final int MOST_HIGH_RATE = 1_000_000;

    @Test
    void dropTheThroughputToGetGoodHighPercentiles() throws IOException {
        JLBHResult low = roundTrips(LOW_RATE, 1_000);
        double lowEndToEnd = Benchmarks.medianRun(low.endToEnd(), 50);
        // ten times the round trips a second the low rate's median allows one after another: past this machine's
        // capacity, whatever it is today
        int highRate = (int) Math.max(LEAST_HIGH_RATE, Math.min(MOST_HIGH_RATE, 10 * 1e9 / lowEndToEnd));
        JLBHResult high = roundTrips(highRate, 20_000);

        double lowHalves = Benchmarks.medianRun(low.probe("client2server").orElseThrow(), 50)
                + Benchmarks.medianRun(low.probe("server2client").orElseThrow(), 50);
        double lowP99 = Benchmarks.medianRun(low.endToEnd(), 99);
        double highP99 = Benchmarks.medianRun(high.endToEnd(), 99);
        double highHalvesP99 = Benchmarks.medianRun(high.probe("client2server").orElseThrow(), 99)
                + Benchmarks.medianRun(high.probe("server2client").orElseThrow(), 99);
        System.out.printf("At %,d/s: client2server + server2client p50 = %.1f us, end to end p50 = %.1f us, p99 = %.1f us%n",
                LOW_RATE, lowHalves / 1e3, lowEndToEnd / 1e3, lowP99 / 1e3);
        System.out.printf("At %,d/s: client2server + server2client p99 = %.1f us, end to end p99 = %.1f us%n",
                highRate, highHalvesP99 / 1e3, highP99 / 1e3);

        // at the low rate the halves make up the round trip (0.99 here); 0.5-1.1 allows for the client's own time
        assertThat(lowHalves / lowEndToEnd).as("halves / end to end at p50, low rate").isBetween(0.5, 1.1);
        // above the machine's capacity the queue dominates: seconds against ~140 us here, asserted at 10 times
        assertThat(highP99).as("end to end p99, high rate vs low rate").isGreaterThan(10 * lowP99);
        assertThat(highP99).as("end to end p99 vs its halves, high rate").isGreaterThan(10 * highHalvesP99);
    }

    private static JLBHResult roundTrips(int throughput, int iterations) throws IOException {
        NanoSampler[] client2server = new NanoSampler[1];
        try (Loopback loopback = new Loopback(clientSent -> client2server[0].sampleNanos(System.nanoTime() - clientSent))) {
            return Benchmarks.run(new JLBHOptions().throughput(throughput).warmUpIterations(iterations / 2)
                    .iterations(iterations).runs(3), new JLBHTask() {
                private JLBH jlbh;
                private NanoSampler server2client;

                @Override
                public void init(JLBH jlbh) {
                    this.jlbh = jlbh;
                    client2server[0] = jlbh.addProbe("client2server");
                    server2client = jlbh.addProbe("server2client");
                }

                @Override
                public void run(long startTimeNS) {
                    long serverSent = loopback.roundTrip();
                    long now = System.nanoTime();
                    server2client.sampleNanos(now - serverSent);
                    jlbh.sample(now - startTimeNS);
                }
            });
        }
    }
}

package org.jlbh.benchmarks;

import net.openhft.chronicle.core.util.Histogram;
import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHTask;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The cost of recording one sample into a probe, through the public API only (a probe is what
 * {@link JLBH#addProbe(String)} returns): ours from any thread but the harness's (HdrHistogram's wait-free Recorder,
 * so no count is lost), and the reference's probe (chronicle-core's {@link Histogram}, which is not thread-safe: from
 * two threads it loses counts, so it has no "other thread" figure), both under JMH.
 *
 * <p>Ours from the harness thread (a plain histogram, no atomic operation) can only be reached from inside a running
 * harness, where JMH cannot go: {@link #fromTheHarnessThreadNanos(long, int)} times a loop of samples inside one iteration of
 * a running {@link JLBH}, the way JMH's average-time mode would.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeRecordBenchmark {
    private NanoSampler oursFromAnotherThread;
    private Histogram reference;
    private long value = 1_234;

    @Setup
    public void setUp() {
        // a harness that is never started has no harness thread: every thread is "another thread" to its probes
        oursFromAnotherThread = new JLBH(new JLBHOptions().jlbhTask(new ProbeLoop(0, 0)), QUIET, null).addProbe("probe");
        reference = new Histogram();
    }

    @Benchmark
    public void oursFromAnotherThread() {
        oursFromAnotherThread.sampleNanos(next());
    }

    @Benchmark
    public void referenceFromTheHarnessThread() {
        reference.sampleNanos(next());
    }

    /** Values vary a little so no branch is trivially predicted on one bucket. */
    private long next() {
        value = value * 31 + 7 & 0xFFFF;
        return value;
    }

    /**
     * @param samplesPerRound samples recorded in each timed round
     * @param rounds          rounds, at least 2: the first is a warm-up and left out
     * @return the median over the rounds of the cost of one probe sample recorded from the harness thread, in
     *         nanoseconds
     */
    public static double fromTheHarnessThreadNanos(long samplesPerRound, int rounds) {
        ProbeLoop loop = new ProbeLoop(samplesPerRound, rounds);
        new JLBH(new JLBHOptions().throughput(1).warmUpIterations(0).iterations(1).runs(1).recordOSJitter(false)
                .progressIntervalMS(0).timeout(600_000).jlbhTask(loop), QUIET, null).start();
        return Scenario.median(loop.rounds.subList(1, loop.rounds.size()));
    }

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    /** One iteration that times rounds of probe samples on the harness thread. */
    private static final class ProbeLoop implements JLBHTask {
        final List<Double> rounds = new ArrayList<>();
        private final long samplesPerRound;
        private final int roundsToTime;
        private JLBH jlbh;
        private NanoSampler probe;

        ProbeLoop(long samplesPerRound, int roundsToTime) {
            this.samplesPerRound = samplesPerRound;
            this.roundsToTime = roundsToTime;
        }

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
            this.probe = jlbh.addProbe("probe");
        }

        @Override
        public void run(long startTimeNS) {
            long value = 1_234;
            for (int round = 0; round < roundsToTime; round++) {
                long start = System.nanoTime();
                for (long i = 0; i < samplesPerRound; i++) {
                    value = value * 31 + 7 & 0xFFFF;
                    probe.sampleNanos(value);
                }
                rounds.add((System.nanoTime() - start) / (double) samplesPerRound);
            }
            jlbh.sample(System.nanoTime() - startTimeNS);
        }
    }
}

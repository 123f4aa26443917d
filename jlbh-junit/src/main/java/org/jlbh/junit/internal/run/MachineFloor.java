package org.jlbh.junit.internal.run;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHTask;
import org.jlbh.core.Percentiles;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;

/**
 * This machine's own latency floor: an empty body driven by the same harness, timed from each iteration's intended
 * start, so that its tail is what the machine adds to any body. Measured once per JVM in {@value #RUNS} runs with
 * enough samples for the highest percentile asked so far, at {@value #RATE}/s or faster where a quarter of a second
 * holds too few; its figure is the median run's. Thread-safe.
 *
 * @param samples          the measured iterations of each run
 * @param rate             iterations per second
 * @param runs             each run's latencies, in nanoseconds
 * @param measuringSeconds how long it took, warm-up included
 */
public record MachineFloor(long samples, int rate, List<Histogram> runs, double measuringSeconds) {
    private static final int RATE = 40_000;
    private static final int FASTEST_RATE = 1_000_000;
    private static final int RUNS = 3;
    /** Enough for p99.9. */
    private static final long FEWEST_SAMPLES = 10_000;
    /** Enough for p99.999: a second at the fastest rate. */
    private static final long MOST_SAMPLES = 1_000_000;
    /** 0.1 s at {@value #RATE}/s: the empty body and the harness's loop are compiled within it. */
    private static final int WARM_UP = 4_000;

    private static MachineFloor measured;

    public MachineFloor {
        runs = List.copyOf(runs);
    }

    /**
     * @param percentile the highest percentile a test budgets
     * @param out        where to say what it found, when it is measured now
     * @return this JVM's floor with samples for that percentile (at most {@value #MOST_SAMPLES}), measured if need be
     */
    public static synchronized MachineFloor of(double percentile, PrintStream out) {
        long needed = Math.min(MOST_SAMPLES, Math.max(FEWEST_SAMPLES, Percentiles.minimumSamples(percentile)));
        if (measured == null || measured.samples < needed) {
            measured = measure(needed);
            out.println("=== " + measured.describe());
        }
        return measured;
    }

    /** @return the floor's figure at the percentile, in microseconds; empty where its samples are too few for it */
    public OptionalDouble micros(double percentile) {
        if (samples < Percentiles.minimumSamples(percentile) || runs.isEmpty()) {
            return OptionalDouble.empty();
        }
        double[] ofRuns = runs.stream().mapToDouble(run -> run.getValueAtPercentile(percentile) / 1_000.0).sorted()
                .toArray();
        return OptionalDouble.of(ofRuns[ofRuns.length / 2]);
    }

    /** @return e.g. {@code This machine's own floor, ... (an empty body, ...): p50 0.09 µs, p99 2.3 µs} */
    private String describe() {
        String figures = DoubleStream.of(50, 90, 99, 99.9, 99.99, 99.999).filter(percentile -> micros(percentile)
                .isPresent()).mapToObj(percentile -> String.format(Locale.ROOT, "p%s %s µs",
                Percentiles.label(percentile), formatMicros(micros(percentile).getAsDouble())))
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "This machine's own floor, measured once in this JVM (an empty body, %,d/s, "
                + "the median of %d runs of %,d samples, %.1f s): %s", rate, runs.size(), samples, measuringSeconds,
                figures);
    }

    private static String formatMicros(double micros) {
        String format = micros < 1 ? "%.2f" : micros < 1_000 ? "%.1f" : "%,.0f";
        return String.format(Locale.ROOT, format, micros);
    }

    private static MachineFloor measure(long samples) {
        int rate = (int) Math.min(FASTEST_RATE, Math.max(RATE, 4 * samples));
        EmptyBody body = new EmptyBody();
        long began = System.nanoTime();
        new JLBH(new JLBHOptions().throughput(rate).iterations(samples).runs(RUNS).warmUpIterations(WARM_UP)
                .recordOSJitter(false).jlbhTask(body), new PrintStream(OutputStream.nullOutputStream()), null).start();
        return new MachineFloor(samples, rate, body.runs, (System.nanoTime() - began) / 1e9);
    }

    /** Does nothing, and records how late it returned after its intended start in each measured run. */
    private static final class EmptyBody implements JLBHTask {
        private final List<Histogram> runs = new ArrayList<>();
        private JLBH jlbh;
        private Histogram run;

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            long latency = System.nanoTime() - startTimeNS;
            jlbh.sample(latency);
            if (run != null) {
                run.recordValue(Math.max(0, Math.min(latency, run.getHighestTrackableValue())));
            }
        }

        @Override
        public void warmedUp() {
            run = new Histogram(3_600_000_000_000L, 3);
        }

        @Override
        public void runComplete() {
            runs.add(run);
            run = new Histogram(3_600_000_000_000L, 3);
        }
    }
}

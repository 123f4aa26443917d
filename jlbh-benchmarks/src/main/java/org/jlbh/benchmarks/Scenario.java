package org.jlbh.benchmarks;

import org.jlbh.core.Percentiles;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * One benchmark scenario as passed to a runner's command line:
 * {@code kind throughput iterations warmUpIterations runs osJitter secondsPerRun}, and the helpers both runners
 * share. Immutable.
 *
 * @param kind             floor, spike, behind, maxThroughput, keptUp, extension (ours only) or probe (ours only)
 * @param throughput       iterations per second
 * @param iterations       per run (probe: samples per timed round)
 * @param warmUpIterations warm-up iterations
 * @param runs             measured runs
 * @param osJitter         whether OS jitter is recorded
 * @param secondsPerRun    for maxThroughput: the length of each run tried
 * @param cpuHog           whether two threads hog the CPU meanwhile (see {@link #startCpuHog()})
 */
public record Scenario(String kind, int throughput, long iterations, int warmUpIterations, int runs, boolean osJitter,
                       double secondsPerRun, boolean cpuHog) {
    /**
     * A harness "kept up" with a throughput when the median run's end-to-end p50 stayed within this: one that cannot
     * keep up falls further behind through the run, and with coordinated omission accounted for its median grows to
     * milliseconds (the reference's reached 21 ms at 10M/s).
     */
    public static final double KEPT_UP_P50_NS = 10_000;
    /** The throughput search doubles from here: 1.25, 2.5, 5, 10, 20, 40M/s…, so 20M/s is tried. */
    public static final long FIRST_THROUGHPUT_TRIED = 1_250_000;
    /** The rate one harness thread must keep up with, with an empty task (the keptUp scenario). */
    public static final int KEPT_UP_TARGET_THROUGHPUT = 30_000_000;
    /** The CPU hog: two threads that each spin this long in every {@link #HOG_PERIOD_MS}. */
    public static final long HOG_SPIN_MS = 2;
    /** See {@link #HOG_SPIN_MS}. */
    public static final long HOG_PERIOD_MS = 100;

    /** @return the command-line arguments that {@link #parse} reads back */
    public List<String> arguments() {
        return List.of(kind, Integer.toString(throughput), Long.toString(iterations), Integer.toString(warmUpIterations),
                Integer.toString(runs), Boolean.toString(osJitter), Double.toString(secondsPerRun), Boolean.toString(cpuHog));
    }

    /**
     * @param args the arguments made by {@link #arguments()}
     * @return the scenario
     */
    public static Scenario parse(String[] args) {
        if (args.length != 8) {
            throw new IllegalArgumentException("expected kind throughput iterations warmUpIterations runs osJitter "
                    + "secondsPerRun cpuHog, got " + String.join(" ", args));
        }
        return new Scenario(args[0], Integer.parseInt(args[1]), Long.parseLong(args[2]), Integer.parseInt(args[3]),
                Integer.parseInt(args[4]), Boolean.parseBoolean(args[5]), Double.parseDouble(args[6]),
                Boolean.parseBoolean(args[7]));
    }

    /** Prints one figure for {@link SideBySide} to read. */
    static void print(String name, double value) {
        System.out.println("RESULT " + name + "=" + String.format(Locale.ROOT, "%.6f", value));
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /**
     * Starts two daemon threads that each spin {@link #HOG_SPIN_MS} ms in every {@link #HOG_PERIOD_MS} ms, when the
     * scenario asks for it. On a 2-core machine one of them must share the harness's core, so the harness is
     * preempted for up to that long, about ten times a second: delays a truthful harness has to show.
     */
    void startCpuHog() {
        if (!cpuHog) {
            return;
        }
        for (int i = 0; i < 2; i++) {
            Thread hog = new Thread(() -> {
                while (true) {
                    busyWaitMicros(HOG_SPIN_MS * 1_000);
                    try {
                        Thread.sleep(HOG_PERIOD_MS - HOG_SPIN_MS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "cpu-hog-" + i);
            hog.setDaemon(true);
            hog.start();
        }
    }

    static void busyWaitMicros(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    /** @return the reference's percentile constant for a percentile value */
    static net.openhft.chronicle.jlbh.JLBHResult.RunResult.Percentile referencePercentile(double percentile) {
        for (net.openhft.chronicle.jlbh.JLBHResult.RunResult.Percentile p
                : net.openhft.chronicle.jlbh.JLBHResult.RunResult.Percentile.values()) {
            if (p.name().equals("PERCENTILE_" + Percentiles.label(percentile).replace('.', '_') + "TH")) {
                return p;
            }
        }
        throw new IllegalArgumentException("the reference has no percentile " + percentile);
    }
}

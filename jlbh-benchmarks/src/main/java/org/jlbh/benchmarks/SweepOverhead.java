package org.jlbh.benchmarks;

import org.jlbh.junit.LatencyTemplate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a sweep ({@code @LatencyTemplate(rates = …)}) costs beyond its measurements: the wall time of the whole sweep
 * through the JUnit engine, over the sum of what it measured, each rate's measured runs (their run times, from the
 * JSON results the extension writes) and its warm-up (scheduled, warm-up iterations / rate: the empty body keeps its
 * schedule). The target is ≤ 1.1×: a sweep is its measurements, not set-up and reports between them. Each rate
 * also has a fixed cost, whatever its length (the JVM evidence's last events are written and read, the reports are
 * written), which {@link Figures#fixedSecondsPerRate()} gives: a sweep of short rates
 * pays it relatively more.
 *
 * <p>Part of {@link SideBySide}'s run; on its own: {@code mvn -B -pl jlbh-benchmarks -am install -DskipTests} then
 * {@code mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.SweepOverhead}.
 */
public final class SweepOverhead {
    private static final Pattern RUN_TIME = Pattern.compile("\"runTimeNanos\"\\s*:\\s*(\\d+)");
    private static final int[] RATES = {10_000, 20_000, 40_000};
    /** Per rate and run: 10 s at 10,000/s, 2.5 s at 40,000/s; 56 s measured in all with the warm-ups. */
    static final int ITERATIONS = 100_000;
    private static final int WARM_UP = 20_000;
    private static final int RUNS = 3;

    private SweepOverhead() {
    }

    /**
     * @param totalNanos    wall time of the sweep through the engine
     * @param measuredNanos its measured runs' run times and its warm-ups' scheduled times, summed
     */
    public record Figures(long totalNanos, long measuredNanos) {
        /** @return total over measured */
        public double ratio() {
            return (double) totalNanos / measuredNanos;
        }

        /** @return what the sweep took beyond its measurements, per rate, in seconds */
        public double fixedSecondsPerRate() {
            return (totalNanos - measuredNanos) / 1e9 / RATES.length;
        }
    }

    /** Runs the full sweep and prints its figures. */
    public static void main(String[] args) {
        Figures figures = measure(1.0);
        System.out.printf("sweep of %d rates: %.3f s in all, %.3f s measured (runs + warm-ups), %.3fx; %.2f s more per "
                        + "rate%n", RATES.length, figures.totalNanos() / 1e9, figures.measuredNanos() / 1e9,
                figures.ratio(), figures.fixedSecondsPerRate());
    }

    /**
     * @param iterationsFactor scales iterations and warm-up (1 for the full sweep)
     * @return the sweep's figures
     */
    public static Figures measure(double iterationsFactor) {
        EngineRun.Outcome<Long> sweep = EngineRun.run(Sweep.class, "empty", iterationsFactor, RATES.length,
                SweepOverhead::runTimes);
        return new Figures(sweep.wallNanos(), sweep.fromReports() + warmUps(iterationsFactor));
    }

    private static long warmUps(double iterationsFactor) {
        long nanos = 0;
        for (int rate : RATES) {
            nanos += Math.round(Math.round(WARM_UP * iterationsFactor) * 1e9 / rate);
        }
        return nanos;
    }

    /** @return the measured runs' run times in every JSON result of the sweep, summed, in ns */
    private static long runTimes(Path reports) throws IOException {
        long nanos = 0;
        int results = 0;
        try (Stream<Path> files = Files.walk(reports)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                Matcher runTime = RUN_TIME.matcher(Files.readString(file));
                int runs = 0;
                while (runTime.find()) {
                    nanos += Long.parseLong(runTime.group(1));
                    runs++;
                }
                if (runs > 0) {
                    results++;
                }
            }
        }
        if (results != RATES.length) {
            throw new IllegalStateException("expected " + RATES.length + " JSON results with run times in " + reports
                    + ", found " + results);
        }
        return nanos;
    }

    /** The sweep: an empty body at three rates, as a user's would be. */
    public static final class Sweep {
        /** An empty test method. */
        @LatencyTemplate(rates = {10_000, 20_000, 40_000}, iterations = ITERATIONS, warmUpIterations = WARM_UP,
                runs = RUNS, percentile = 50, maxMicros = 1_000_000)
        void empty() {
        }
    }
}

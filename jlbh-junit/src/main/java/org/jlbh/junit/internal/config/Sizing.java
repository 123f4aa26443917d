package org.jlbh.junit.internal.config;

import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTest;

import java.util.Locale;

/**
 * Which of a test's {@code iterations}, {@code warmUpIterations} and {@code runs} were left {@link LatencyTest#SIZED},
 * and the rules they then follow. Immutable.
 */
public record Sizing(boolean iterations, boolean warmUp, boolean runs) {
    /** The shortest sized run, in seconds on schedule: every run meets the once-a-second safepoints and flushes. */
    public static final double RUN_FLOOR_SECONDS = 1.0;
    /** A sized warm-up's round, in seconds on schedule; rounds go on until the JIT compiled nothing in one. */
    public static final double WARM_UP_ROUND_SECONDS = 0.1;
    /** The longest sized warm-up, in seconds on schedule. */
    public static final double WARM_UP_MAX_SECONDS = 10.0;
    /** Runs of a sized test's attempt, the fewest that can decide; the next attempt only while runs disagree. */
    public static final int FIRST_RUNS = 3;

    /** @return whether anything was sized */
    public boolean any() {
        return iterations || warmUp || runs;
    }

    /** @return the samples the strictest percentile needs, and {@link #RUN_FLOOR_SECONDS} of the throughput at least */
    public static long iterations(double strictest, int throughput) {
        long forPercentile = Percentiles.minimumSamples(strictest);
        long forTime = (long) Math.ceil(throughput * RUN_FLOOR_SECONDS);
        return Math.min(TestSettingsReader.MAX_ITERATIONS, Math.max(forPercentile, forTime));
    }

    /** @return iterations of one warm-up round at the throughput (per second), at least 1 */
    public static int warmUpRound(int throughput) {
        return (int) Math.max(1, Math.ceil(throughput * WARM_UP_ROUND_SECONDS));
    }

    /** @return the most warm-up rounds */
    public static int maxWarmUpRounds() {
        return (int) Math.round(WARM_UP_MAX_SECONDS / WARM_UP_ROUND_SECONDS);
    }

    /** @return the most runs a sized test measures, when {@code remeasures} attempts may follow the first */
    public static int maxRuns(int remeasures) {
        return FIRST_RUNS * (1 + remeasures);
    }

    /** @return why a sized run has its iterations, e.g. {@code p99.9 needs 10,000 samples, and a run lasts 1 s ...} */
    public static String whyIterations(double strictest, int throughput) {
        return String.format(Locale.ROOT, "p%s needs %,d samples, and a run lasts %s s at least",
                Percentiles.label(strictest), Percentiles.minimumSamples(strictest),
                ReportFormat.plain(RUN_FLOOR_SECONDS));
    }
}

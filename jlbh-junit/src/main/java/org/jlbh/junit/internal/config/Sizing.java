package org.jlbh.junit.internal.config;

import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTest;

import java.util.Locale;

/**
 * Which of a test's {@code iterations}, {@code warmUpIterations} and {@code runs} were left unset
 * ({@link LatencyTest#SIZED}), and so follow from what the test asserts, and the rules they follow:
 * <ul>
 *   <li><b>iterations</b> per run: enough samples for the highest percentile budgeted ({@code 10 / (1 - p/100)}, ten
 *   beyond it: 10,000 for p99.9), and at least {@value #RUN_FLOOR_SECONDS} s on schedule, so that every run meets
 *   what disturbs a program periodically: HotSpot's guaranteed safepoint interval and the evidence's Flight Recorder
 *   stream flushing (once a second each), the kernel's scheduler periods and timer ticks (milliseconds);</li>
 *   <li><b>warm-up</b>: rounds of {@value #WARM_UP_ROUND_SECONDS} s on the test's schedule until the body has been
 *   called often enough for HotSpot's optimising compiler ({@code Tier4InvocationThreshold}, 5,000 by default) and the
 *   JIT then compiled nothing for a whole round; at most {@value #WARM_UP_MAX_SECONDS} s;</li>
 *   <li><b>runs</b>: attempts of {@value #FIRST_RUNS}, the sequential rule's margin (the fewest runs that can decide),
 *   the first measured always, each after it only while the runs disagree about a budget (up to
 *   {@code jlbh.remeasure.undecided} such attempts): a test stops as soon as its budgets are decided, and the rule keeps the
 *   error rates it has with runs as set ({@code SequentialRule}). In the paired mode, each attempt takes the
 *   pairs its comparison needs.</li>
 * </ul>
 * An attribute that is set keeps its value and the fixed design it always had. Immutable.
 *
 * @param iterations whether the iterations per run were sized
 * @param warmUp     whether the warm-up was sized (rounds until the JIT is done)
 * @param runs       whether the runs were sized (stop when decided)
 */
public record Sizing(boolean iterations, boolean warmUp, boolean runs) {
    /** Nothing sized: the fixed design. */
    public static final Sizing NONE = new Sizing(false, false, false);
    /** The shortest sized run, in seconds on schedule. */
    public static final double RUN_FLOOR_SECONDS = 1.0;
    /** A sized warm-up's round, in seconds on schedule. */
    public static final double WARM_UP_ROUND_SECONDS = 0.1;
    /** The longest sized warm-up, in seconds on schedule. */
    public static final double WARM_UP_MAX_SECONDS = 10.0;
    /**
     * Runs of a sized test's attempt: the sequential rule's margin, the fewest runs that can decide. Attempts after
     * the first could take two (the margin is reached after an odd number of runs only), but the rule would then look
     * more often and call a budget met 8 runs in 10 broken 1.5% of the time instead of 1.1%: three keep its rates.
     */
    public static final int FIRST_RUNS = 3;

    /** @return whether anything was sized */
    public boolean any() {
        return iterations || warmUp || runs;
    }

    /**
     * @param strictest  the highest percentile budgeted
     * @param throughput iterations per second
     * @return sized iterations per run: the percentile's samples, and at least {@value #RUN_FLOOR_SECONDS} s of them
     */
    public static long iterations(double strictest, int throughput) {
        long forPercentile = Percentiles.minimumSamples(strictest);
        long forTime = (long) Math.ceil(throughput * RUN_FLOOR_SECONDS);
        return Math.min(TestSettingsReader.MAX_ITERATIONS, Math.max(forPercentile, forTime));
    }

    /**
     * @param throughput iterations per second
     * @return iterations of one warm-up round: {@value #WARM_UP_ROUND_SECONDS} s of them, at least 1
     */
    public static int warmUpRound(int throughput) {
        return (int) Math.max(1, Math.ceil(throughput * WARM_UP_ROUND_SECONDS));
    }

    /** @return the most warm-up rounds: {@value #WARM_UP_MAX_SECONDS} s of them */
    public static int maxWarmUpRounds() {
        return (int) Math.round(WARM_UP_MAX_SECONDS / WARM_UP_ROUND_SECONDS);
    }

    /**
     * @param remeasures how many attempts may follow the first while the runs disagree ({@code jlbh.remeasure.undecided})
     * @return the most runs a sized test measures
     */
    public static int maxRuns(int remeasures) {
        return FIRST_RUNS * (1 + remeasures);
    }

    /**
     * @param strictest  the highest percentile budgeted
     * @param throughput iterations per second
     * @return why a sized run has its iterations, e.g. {@code p99.9 needs 10,000 samples, and a run lasts 1 s at least}
     */
    public static String whyIterations(double strictest, int throughput) {
        return String.format(Locale.ROOT, "p%s needs %,d samples, and a run lasts %s s at least",
                Percentiles.label(strictest), Percentiles.minimumSamples(strictest),
                ReportFormat.plain(RUN_FLOOR_SECONDS));
    }
}

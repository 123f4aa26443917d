package org.jlbh.junit.internal.config;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.IterationContext;

import java.util.Locale;
import java.util.Set;

/**
 * What a latency test runs: its load on the harness (rate, arrivals, harness threads, warm-up, runs and their
 * iterations after {@code jlbh.iterations.factor}) and the shape of its method (its probes, whether it samples end to
 * end itself). Validated when read ({@link TestSettingsReader}). Immutable.
 *
 * @param throughput       iterations per second
 * @param arrivals         when iterations are due
 * @param arrivalSeed      the seed of Poisson arrivals
 * @param threads          harness threads sharing the load
 * @param iterations       per run, after the iterations factor
 * @param warmUpIterations after the iterations factor
 * @param runs             measured runs
 * @param accountForCoordinatedOmission whether latency is taken from the intended start
 * @param recordOSJitter   whether OS jitter is measured
 * @param timeoutMillis    the harness's timeout
 * @param probes           names of the method's probe parameters, in order
 * @param samplesItself    whether the method takes an {@link IterationContext} and samples end to end itself
 * @param sizing           which of iterations, warm-up and runs follow from the budgets ({@link Sizing}); with a sized
 *                         warm-up, {@code warmUpIterations} is one round's
 */
public record RunPlan(int throughput, Arrivals arrivals, long arrivalSeed, int threads, long iterations,
                      int warmUpIterations, int runs, boolean accountForCoordinatedOmission, boolean recordOSJitter,
                      long timeoutMillis, Set<String> probes, boolean samplesItself, Sizing sizing) {

    /** Copies the probes. */
    public RunPlan {
        probes = Set.copyOf(probes);
    }

    /**
     * @return JLBH options for this plan; the task, and a sized warm-up's condition ({@link #warmsUpInRounds}), are
     *         set by the caller
     */
    public JLBHOptions options() {
        return new JLBHOptions().throughput(throughput).arrivals(arrivals).arrivalSeed(arrivalSeed).threads(threads)
                .iterations(iterations).warmUpIterations(warmUpIterations).runs(runs)
                .accountForCoordinatedOmission(accountForCoordinatedOmission).recordOSJitter(recordOSJitter)
                .timeout(timeoutMillis);
    }

    /**
     * @param runs the runs of an attempt
     * @return this plan with those runs
     */
    public RunPlan withRuns(int runs) {
        return new RunPlan(throughput, arrivals, arrivalSeed, threads, iterations, warmUpIterations, runs,
                accountForCoordinatedOmission, recordOSJitter, timeoutMillis, probes, samplesItself, sizing);
    }

    /**
     * @param again whether the attempt is one measured again after the first of its window
     * @return whether its warm-up goes on in rounds until the JIT is done: a sized warm-up's first attempt only, as the
     *         attempts after it run code compiled already (one round settles their harness on its schedule)
     */
    public boolean warmsUpInRounds(boolean again) {
        return sizing.warmUp() && !again;
    }

    /**
     * The most a test can take on schedule: its first attempt's warm-up (a sized one's bound) and runs, and every
     * attempt it may be measured again while its runs disagree.
     *
     * @param remeasures how many attempts may follow the first ({@code jlbh.remeasure.undecided})
     * @return in nanoseconds
     */
    public long mostNanos(int remeasures) {
        double warmUps = (sizing.warmUp() ? Sizing.maxWarmUpRounds() : 1) * (double) warmUpIterations
                + remeasures * (double) warmUpIterations;
        return scheduledNanos(warmUps + iterations * (double) runs * (1 + remeasures));
    }

    /**
     * The one rule for how long iterations take on schedule: {@code iterations / throughput}, for a run, the warm-up
     * or the whole measurement (with Poisson arrivals, the mean).
     *
     * @param ofIterations a number of iterations of the whole schedule (all harness threads)
     * @return how long they take on schedule, in nanoseconds
     */
    public long scheduledNanos(double ofIterations) {
        return (long) Math.min(Long.MAX_VALUE / 2.0, ofIterations * 1e9 / throughput);
    }

    /** @return how long one measured run takes on schedule, in nanoseconds */
    public long scheduledRunNanos() {
        return scheduledNanos(iterations);
    }

    /** @return how long the warm-up takes on schedule, in nanoseconds */
    public long scheduledWarmUpNanos() {
        return scheduledNanos(warmUpIterations);
    }

    /** @return how long the whole measurement takes on schedule, warm-up included, in nanoseconds */
    public long scheduledMeasurementNanos() {
        return scheduledNanos(warmUpIterations + (double) iterations * runs);
    }

    /** @return the interval between one harness thread's iterations, in nanoseconds (the mean, with Poisson) */
    public double threadIntervalNanos() {
        return 1e9 * threads / throughput;
    }

    /**
     * @return e.g. {@code 10,000/s, 20,000 warm-up + 3 runs x 100,000 iterations, coordinated omission on}; with sized
     *         settings, e.g. {@code 10,000/s, warm-up until compiled + 3 runs (3 more at a time while undecided) x
     *         10,000 iterations, coordinated omission on}
     */
    public String describe() {
        if (sizing.any()) {
            String warmUp = sizing.warmUp() ? "warm-up until compiled" : String.format(Locale.ROOT, "%,d warm-up",
                    warmUpIterations);
            String more = sizing.runs() ? String.format(Locale.ROOT, " (%d more at a time while undecided)", runs) : "";
            return String.format(Locale.ROOT, "%,d/s%s, %s + %d run%s%s x %,d iterations, coordinated omission %s",
                    throughput, ReportFormat.afterRate(arrivals.describe(arrivalSeed), threads), warmUp, runs,
                    runs == 1 ? "" : "s", more, iterations, accountForCoordinatedOmission ? "on" : "off");
        }
        return String.format(Locale.ROOT, "%,d/s%s, %,d warm-up + %d run%s x %,d iterations, coordinated omission %s",
                throughput, ReportFormat.afterRate(arrivals.describe(arrivalSeed), threads), warmUpIterations, runs,
                runs == 1 ? "" : "s", iterations, accountForCoordinatedOmission ? "on" : "off");
    }
}

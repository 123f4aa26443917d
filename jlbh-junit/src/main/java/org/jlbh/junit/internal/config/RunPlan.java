package org.jlbh.junit.internal.config;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.IterationContext;

import java.util.Locale;
import java.util.Set;

/**
 * What a latency test runs: its load on the harness, each component the {@code @LatencyTest} attribute of its name
 * (iterations after {@code jlbh.iterations.factor}), and the shape of its method. Immutable.
 *
 * @param warmUpIterations after the iterations factor; a sized warm-up's round
 * @param probes           the names of the method's {@code @Probe} parameters
 * @param samplesItself    whether the method takes an {@link IterationContext} and samples end to end itself
 * @param sizing           which of iterations, warm-up and runs follow from the budgets
 */
public record RunPlan(int throughput, Arrivals arrivals, long arrivalSeed, int threads, long iterations,
                      int warmUpIterations, int runs, boolean accountForCoordinatedOmission, boolean recordOSJitter,
                      long timeoutMillis, Set<String> probes, boolean samplesItself, Sizing sizing) {

    public RunPlan {
        probes = Set.copyOf(probes);
    }

    /** @return the harness's options, but for the task and a sized warm-up's condition ({@link #warmsUpInRounds}) */
    public JLBHOptions options() {
        return new JLBHOptions().throughput(throughput).arrivals(arrivals).arrivalSeed(arrivalSeed).threads(threads)
                .iterations(iterations).warmUpIterations(warmUpIterations).runs(runs)
                .accountForCoordinatedOmission(accountForCoordinatedOmission).recordOSJitter(recordOSJitter)
                .timeout(timeoutMillis);
    }

    /** @return this plan with an attempt's runs */
    public RunPlan withRuns(int runs) {
        return new RunPlan(throughput, arrivals, arrivalSeed, threads, iterations, warmUpIterations, runs,
                accountForCoordinatedOmission, recordOSJitter, timeoutMillis, probes, samplesItself, sizing);
    }

    /** @return whether an attempt warms up in rounds until compiled: a sized warm-up's first attempt only */
    public boolean warmsUpInRounds(boolean again) {
        return sizing.warmUp() && !again;
    }

    /** @return the most the test takes on schedule if {@code remeasures} attempts follow the first, in nanoseconds */
    public long mostNanos(int remeasures) {
        double warmUps = (sizing.warmUp() ? Sizing.maxWarmUpRounds() : 1) * (double) warmUpIterations
                + remeasures * (double) warmUpIterations;
        return scheduledNanos(warmUps + iterations * (double) runs * (1 + remeasures));
    }

    /** @return how long iterations of all harness threads take on schedule, in nanoseconds (the mean, with Poisson) */
    public long scheduledNanos(double ofIterations) {
        return (long) Math.min(Long.MAX_VALUE / 2.0, ofIterations * 1e9 / throughput);
    }

    /** @return one measured run's time on schedule, in nanoseconds */
    public long scheduledRunNanos() {
        return scheduledNanos(iterations);
    }

    /** @return the whole measurement's time on schedule, warm-up included, in nanoseconds */
    public long scheduledMeasurementNanos() {
        return scheduledNanos(warmUpIterations + (double) iterations * runs);
    }

    /** @return the interval between one harness thread's iterations, in nanoseconds (the mean, with Poisson) */
    public double threadIntervalNanos() {
        return 1e9 * threads / throughput;
    }

    /**
     * @return e.g. {@code 10,000/s, 20,000 warm-up + 3 runs x 100,000 iterations, coordinated omission on}, or sized
     *         {@code 10,000/s, warm-up until compiled + 3 runs (3 more at a time while undecided) x 10,000 ...}
     */
    public String describe() {
        String warmUp = sizing.warmUp() ? "warm-up until compiled"
                : String.format(Locale.ROOT, "%,d warm-up", warmUpIterations);
        String more = sizing.runs() ? String.format(Locale.ROOT, " (%d more at a time while undecided)", runs) : "";
        return String.format(Locale.ROOT, "%,d/s%s, %s + %d run%s%s x %,d iterations, coordinated omission %s",
                throughput, ReportFormat.afterRate(arrivals.describe(arrivalSeed), threads), warmUp, runs,
                runs == 1 ? "" : "s", more, iterations, accountForCoordinatedOmission ? "on" : "off");
    }
}

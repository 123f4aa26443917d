package org.jlbh.junit.internal.judge.baseline;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The change of a latency figure between recorded builds and this build, with an interval, by a hierarchical
 * bootstrap (Kalibera and Jones, "Rigorous Benchmarking in Reasonable Time", ISMM 2013, and "Quantifying Performance
 * Changes with Effect Size Confidence Intervals", 2012): measurements vary between runs and, more, between builds
 * (each a fresh JVM: JIT decisions, memory layout, the machine's state), so the history is resampled at both levels —
 * builds with replacement, then runs within each build — and this build's runs likewise.
 *
 * <p>The statistic of a set of builds is the median over builds of each build's median run; of this build, the median
 * of its runs. The change is their ratio; the interval is the bootstrap's percentile interval of that ratio. The
 * random numbers come from a seed, so the same figures always give the same interval. Stateless; thread-safe.
 */
public final class HierarchicalBootstrap {
    /** How many times the builds and runs are resampled. */
    public static final int RESAMPLES = 10_000;

    private HierarchicalBootstrap() {
    }

    /**
     * The estimate and interval of a ratio {@code now / history}.
     *
     * @param estimate the ratio of the statistics of the figures themselves
     * @param low      the interval's lower end
     * @param high     the interval's upper end
     */
    public record Ratio(double estimate, double low, double high) {
    }

    /**
     * @param history each recorded build's runs' values, at least one build with at least one run, all positive
     * @param now     this build's runs' values, at least one, all positive
     * @param level   the interval's level, e.g. 0.999: the ends are its {@code (1 − level)/2} and
     *                {@code (1 + level)/2} quantiles
     * @param seed    the seed of the resampling
     * @return the ratio of this build's statistic to the history's, with its interval
     */
    public static Ratio ratio(List<double[]> history, double[] now, double level, long seed) {
        double estimate = statistic(now) / historyStatistic(history);
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[RESAMPLES];
        double[] buildMedians = new double[history.size()];
        double[] runs = new double[maxRuns(history, now)];
        for (int i = 0; i < RESAMPLES; i++) {
            for (int b = 0; b < buildMedians.length; b++) {
                double[] build = history.get(random.nextInt(history.size()));
                buildMedians[b] = resampledMedian(build, runs, random);
            }
            ratios[i] = resampledMedian(now, runs, random) / median(buildMedians, buildMedians.length);
        }
        Arrays.sort(ratios);
        double tail = (1 - level) / 2;
        return new Ratio(estimate, quantile(ratios, tail), quantile(ratios, 1 - tail));
    }

    /**
     * @param history each build's runs' values
     * @return the median over builds of each build's median run
     */
    public static double historyStatistic(List<double[]> history) {
        double[] medians = new double[history.size()];
        for (int b = 0; b < medians.length; b++) {
            medians[b] = statistic(history.get(b));
        }
        return median(medians, medians.length);
    }

    /**
     * @param runs runs' values
     * @return their median run's value, as {@link org.jlbh.junit.Verdict#MEDIAN_RUN} takes it (for an even count,
     *         the upper of the two in the middle)
     */
    public static double statistic(double[] runs) {
        double[] copy = runs.clone();
        return median(copy, copy.length);
    }

    private static double resampledMedian(double[] values, double[] scratch, SplittableRandom random) {
        for (int r = 0; r < values.length; r++) {
            scratch[r] = values[random.nextInt(values.length)];
        }
        return median(scratch, values.length);
    }

    /** Sorts the first {@code n} values in place and returns the median, the upper middle for an even count. */
    private static double median(double[] values, int n) {
        Arrays.sort(values, 0, n);
        return values[n / 2];
    }

    private static double quantile(double[] sorted, double q) {
        int index = (int) Math.floor(q * (sorted.length - 1));
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    private static int maxRuns(List<double[]> history, double[] now) {
        int most = now.length;
        for (double[] build : history) {
            most = Math.max(most, build.length);
        }
        return most;
    }
}

package org.jlbh.junit.internal.judge.baseline;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The ratio of this build's latency figure to its history's, with a percentile interval from a hierarchical
 * bootstrap (Kalibera and Jones, ISMM 2013): builds resampled with replacement, then runs within each, and this
 * build's runs. A history's statistic is the median over builds of each build's median run. Seeded: the same figures
 * and seed give the same interval. Stateless; thread-safe.
 */
public final class HierarchicalBootstrap {
    public static final int RESAMPLES = 10_000;

    private HierarchicalBootstrap() {
    }

    /** A ratio {@code now / history}: the figures' own, and the ends of its interval. */
    public record Ratio(double estimate, double low, double high) {
    }

    /**
     * @return the ratio of this build's statistic to the history's, from each one's runs' values (at least one build
     *         with at least one run, all positive), with its interval at the level, e.g. 0.999: the
     *         {@code (1 − level)/2} and {@code (1 + level)/2} quantiles of the ratios resampled from the seed
     */
    public static Ratio ratio(List<double[]> history, double[] now, double level, long seed) {
        double estimate = statistic(now) / historyStatistic(history);
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[RESAMPLES];
        double[] buildMedians = new double[history.size()];
        double[] runs = new double[history.stream().mapToInt(build -> build.length).reduce(now.length, Math::max)];
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

    /** @return the median over builds of each build's median run */
    public static double historyStatistic(List<double[]> history) {
        return median(history.stream().mapToDouble(HierarchicalBootstrap::statistic).toArray(), history.size());
    }

    /** @return the runs' median, the upper middle for an even count, as {@link org.jlbh.junit.Verdict#MEDIAN_RUN} */
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

    /** Sorts the first {@code n} values in place. */
    private static double median(double[] values, int n) {
        Arrays.sort(values, 0, n);
        return values[n / 2];
    }

    private static double quantile(double[] sorted, double q) {
        int index = (int) Math.floor(q * (sorted.length - 1));
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}

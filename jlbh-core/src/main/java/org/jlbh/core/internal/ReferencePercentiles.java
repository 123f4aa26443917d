package org.jlbh.core.internal;

import net.openhft.chronicle.core.util.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.Percentiles;

/**
 * The reference JLBH's view of a run's percentiles, for the members that keep its contracts: which percentiles it
 * listed for a sample count (chronicle-core's {@link Histogram#percentilesFor(long)}), and its raw percentile arrays
 * (values as a chronicle {@link Histogram} reports them). Stateless and thread-safe.
 */
public final class ReferencePercentiles {
    private static final double TOLERANCE = 1e-9;

    private ReferencePercentiles() {
    }

    /**
     * @param percentile a percentile in (0, 100]
     * @param count      a sample count
     * @return whether the reference listed that percentile for that many samples (the worst always)
     */
    public static boolean listed(double percentile, long count) {
        for (double fraction : Histogram.percentilesFor(count)) {
            if (Math.abs(fraction * 100 - percentile) < TOLERANCE) {
                return true;
            }
        }
        return false;
    }

    /**
     * The reference's raw array of one run: the values at {@link Histogram#percentilesFor(long)} of the run's sample
     * count, in nanoseconds, as {@code histogram} reports them after holding every sample of the run, with
     * {@link Double#POSITIVE_INFINITY} (the reference's "not enough samples") where the sample count does not
     * support the percentile (see {@link Percentiles}). The worst is last.
     *
     * <p>The run's HdrHistogram buckets nest inside a chronicle histogram's buckets (both are power-of-two
     * sub-buckets, HdrHistogram's at least as fine for up to 10 fraction bits), so re-binning gives exactly what
     * the chronicle histogram would have recorded sample by sample.
     *
     * @param histogram an empty histogram (what {@code JLBH.createHistogram()} makes); filled here
     * @param run       the run's results
     * @return the array
     */
    public static double[] rawPercentiles(Histogram histogram, JLBHResult.RunResult run) {
        org.HdrHistogram.Histogram samples = run instanceof ImmutableRunResult
                ? ((ImmutableRunResult) run).histogramView() : run.histogram();
        for (HistogramIterationValue value : samples.recordedValues()) {
            long representative = samples.lowestEquivalentValue(value.getValueIteratedTo());
            for (long i = value.getCountAtValueIteratedTo(); i > 0; i--) {
                histogram.sample(representative);
            }
        }
        long count = samples.getTotalCount();
        double[] fractions = Histogram.percentilesFor(count);
        double[] values = histogram.getPercentiles(fractions);
        for (int i = 0; i < fractions.length - 1; i++) {
            if (!Percentiles.supported(fractions[i] * 100, count)) {
                values[i] = Double.POSITIVE_INFINITY;
            }
        }
        return values;
    }

    /**
     * @param fraction a percentile as a fraction, 1.0 for the worst
     * @return the reference's row label, padded to 9 characters: {@code "50.0:    "}, {@code "99.97:   "},
     *         {@code "worst:   "}
     */
    public static String rowLabel(double fraction) {
        String label = fraction == 1.0 ? "worst" : Double.toString(Math.round(fraction * 1e6) / 1e4);
        return (label + ":         ").substring(0, 9);
    }
}

package org.jlbh.core;

/**
 * The rule for which percentiles a sample count supports, used wherever a percentile is printed, returned or
 * asserted: by the harness's report and results, and by tools built on them (the JUnit extension's budgets).
 *
 * <p>A percentile <i>p</i> needs at least {@code 10 / (1 − p/100)} samples, so that at least
 * {@value #MIN_SAMPLES_BEYOND} samples lie at or beyond it: p50 needs 20, p99 1,000, p99.9 10,000, p99.99 100,000.
 * With fewer, the "percentile" is just one of the few largest samples (the reference JLBH printed p99.99 of 20,000
 * samples, which is the second-largest value). The worst (p100) is always supported when there is a sample.
 *
 * <p>Stateless and thread-safe.
 */
public final class Percentiles {
    /** Samples that must lie at or beyond a percentile for it to be given. */
    public static final int MIN_SAMPLES_BEYOND = 10;

    private Percentiles() {
    }

    /**
     * @param percentile a percentile in (0, 100)
     * @return the smallest sample count that supports it
     * @throws IllegalArgumentException when the percentile is outside (0, 100)
     */
    public static long minimumSamples(double percentile) {
        requireValid(percentile);
        if (percentile == 100) {
            return 1;
        }
        double exact = MIN_SAMPLES_BEYOND / ((100 - percentile) / 100);
        // (100 - 99.9) is 0.0999999999999943 in binary: shave the rounding error so p99.9 needs 10,000, not 10,001
        return (long) Math.ceil(exact * (1 - 1e-9));
    }

    /**
     * @param percentile a percentile in (0, 100]
     * @param count      a sample count
     * @return whether {@code count} samples support that percentile
     */
    public static boolean supported(double percentile, long count) {
        return count > 0 && count >= minimumSamples(percentile);
    }

    /**
     * @param percentile a percentile
     * @throws IllegalArgumentException when it is outside (0, 100] or not a number
     */
    public static void requireValid(double percentile) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + percentile);
        }
    }

    /**
     * @param percentile a percentile
     * @return its usual short label: 50, 99.9, 99.99
     */
    public static String label(double percentile) {
        return ReportFormat.plain(percentile);
    }
}

package org.jlbh.junit.internal.judge.baseline;

import java.util.List;

/**
 * How a build is compared with its baseline. Immutable.
 *
 * @param tolerancePercent   the smallest change that counts, in percent: the threshold the interval must clear
 * @param percentiles        the percentiles compared and gated, as labels ({@code 50}, {@code 99.9})
 * @param acrossEnvironments whether builds recorded on another machine or JVM are gated against too; when false
 *                           (the default) a comparison with them is reported only
 * @param familyAlpha        the chance, per test, that an unchanged build is flagged by arithmetic alone, split
 *                           over the test's comparisons (the interval's level is {@code 1 − familyAlpha / m} for
 *                           {@code m} comparisons)
 */
public record BaselineGate(double tolerancePercent, List<String> percentiles, boolean acrossEnvironments,
                           double familyAlpha) {
    /** The family error rate per test by default: 1%. */
    public static final double DEFAULT_FAMILY_ALPHA = 0.01;

    /** Copies the percentiles. */
    public BaselineGate {
        percentiles = List.copyOf(percentiles);
    }
}

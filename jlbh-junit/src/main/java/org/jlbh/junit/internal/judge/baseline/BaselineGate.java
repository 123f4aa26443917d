package org.jlbh.junit.internal.judge.baseline;

import java.util.List;

/**
 * How a build is compared with its baseline: the tolerance in percent, the percentiles as labels ({@code 99.9}),
 * whether builds recorded on another machine or JVM gate too (else they are reported only), and the chance per test
 * that an unchanged build is flagged by chance. Immutable.
 */
public record BaselineGate(double tolerancePercent, List<String> percentiles, boolean acrossEnvironments,
                           double familyAlpha) {
    /** The family error rate per test by default. */
    public static final double DEFAULT_FAMILY_ALPHA = 0.01;

    public BaselineGate {
        percentiles = List.copyOf(percentiles);
    }
}

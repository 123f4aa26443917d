package org.jlbh.core;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The reference's interval distributions keep the average interval, at every rate, and never go negative. */
class LatencyDistributorsTest {
    private static final int DRAWS = 1_000_000;

    @ParameterizedTest
    @EnumSource(LatencyDistributors.class)
    void everyDistributionKeepsTheAverageIntervalAt100000PerSecond(LatencyDistributors distribution) {
        assertThat(mean(distribution, 10_000)).isCloseTo(10_000, within(10_000 * 0.01));
    }

    /** At 1,000,000/s and beyond the reference's RANDOM threw and its RANDOM2 could return negative intervals. */
    @ParameterizedTest
    @ValueSource(longs = {1, 333, 500, 999, 1_000, 1_001})
    void theRandomDistributionsHoldAtAMillionPerSecondAndBeyond(long averageNs) {
        for (LatencyDistributors distribution : LatencyDistributors.values()) {
            assertThat(mean(distribution, averageNs)).as("%s at %d ns", distribution, averageNs)
                    .isCloseTo(averageNs, within(Math.max(1.0, averageNs * 0.02)));
        }
    }

    @Test
    void normalIsTheAverageItself() {
        assertThat(LatencyDistributors.NORMAL.apply(12_345)).isEqualTo(12_345);
    }

    @Test
    void randomStaysBetweenOneMicrosecondAndTwiceTheAverageLessOne() {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < DRAWS; i++) {
            long interval = LatencyDistributors.RANDOM.apply(10_000);
            min = Math.min(min, interval);
            max = Math.max(max, interval);
        }
        assertThat(min).isGreaterThanOrEqualTo(1_000);
        assertThat(max).isLessThanOrEqualTo(18_999);
    }

    private static double mean(LatencyDistributor distribution, long averageNs) {
        long sum = 0;
        long min = Long.MAX_VALUE;
        for (int i = 0; i < DRAWS; i++) {
            long interval = distribution.apply(averageNs);
            min = Math.min(min, interval);
            sum += interval;
        }
        assertThat(min).as("shortest interval of %s at %d ns", distribution, averageNs).isNotNegative();
        return (double) sum / DRAWS;
    }
}

package org.jlbh.junit.internal.judge.baseline;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The bootstrap on chosen values: its statistic, its interval's position and width, and its determinism. */
class HierarchicalBootstrapTest {

    @Test
    void theStatisticIsTheMedianBuildOfMedianRuns() {
        assertThat(HierarchicalBootstrap.historyStatistic(List.of(new double[] {1, 9, 2}, new double[] {5, 5, 5},
                new double[] {7, 8, 9}))).isEqualTo(5);
        assertThat(HierarchicalBootstrap.statistic(new double[] {4, 1, 3, 2})).as("the upper middle").isEqualTo(3);
    }

    @Test
    void theIntervalHoldsTheEstimateAndWidensWithTheNoise() {
        List<double[]> quiet = List.of(new double[] {100, 101, 99}, new double[] {100, 100, 101},
                new double[] {99, 100, 100});
        List<double[]> noisy = List.of(new double[] {80, 120, 100}, new double[] {90, 110, 100},
                new double[] {70, 130, 100});

        HierarchicalBootstrap.Ratio narrow = HierarchicalBootstrap.ratio(quiet, new double[] {150, 151, 149}, 0.99, 7);
        HierarchicalBootstrap.Ratio wide = HierarchicalBootstrap.ratio(noisy, new double[] {150, 120, 180}, 0.99, 7);

        assertThat(narrow.estimate()).isCloseTo(1.5, within(1e-9));
        assertThat(narrow.low()).isLessThanOrEqualTo(narrow.estimate()).isGreaterThan(1.4);
        assertThat(narrow.high()).isGreaterThanOrEqualTo(narrow.estimate()).isLessThan(1.6);
        assertThat(wide.high() - wide.low()).isGreaterThan(2 * (narrow.high() - narrow.low()));
    }

    @Test
    void theSameSeedGivesTheSameIntervalAndAnotherAPossiblyDifferentOne() {
        List<double[]> history = List.of(new double[] {80, 120, 100}, new double[] {90, 110, 100});
        double[] now = {105, 95, 125};
        assertThat(HierarchicalBootstrap.ratio(history, now, 0.95, 3))
                .isEqualTo(HierarchicalBootstrap.ratio(history, now, 0.95, 3));
    }
}

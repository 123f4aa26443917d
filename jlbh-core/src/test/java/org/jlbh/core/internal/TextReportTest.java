package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TextReportTest {

    @Test
    void variationIsTheSpreadAsAPercentageOfTheMidpoint() {
        assertThat(TextReport.variation(100, 100)).isZero();
        assertThat(TextReport.variation(90, 110)).isCloseTo(20.0, within(1e-9));
        assertThat(TextReport.variation(0, 10)).isCloseTo(200.0, within(1e-9));
        assertThat(TextReport.variation(0, 0)).isZero();
    }

    @Test
    void theSummaryShowsARowOnlyWhereARunSupportsItAndVariationOnlyWhereAllRunsDo() {
        ImmutableRunResult small = run(1, 1_000, 50);   // supports up to p99
        ImmutableRunResult large = run(2, 20_000, 60);  // supports up to p99.9

        String table = TextReport.summary("end to end", List.of(small, large), false);

        assertThat(table).containsPattern("\\n99: +0\\.050 +0\\.060 +18\\.18\\R");
        assertThat(table).containsPattern("\\n99\\.9: +- +0\\.060 +-\\R");
        assertThat(table).doesNotContain("99.99:");
        assertThat(table).containsPattern("\\nworst: +0\\.050 +0\\.060 +18\\.18\\R");
        assertThat(table).contains("over runs 1-2");
    }

    @Test
    void skippingTheFirstRunLeavesItOutOfTheVariation() {
        String table = TextReport.summary("p", List.of(run(1, 100, 500), run(2, 100, 100), run(3, 100, 100)), true);

        assertThat(table).containsPattern("\\n50: +0\\.500 +0\\.100 +0\\.100 +0\\.00\\R");
        assertThat(table).contains("over runs 2-3 (run 1 skipped)");
    }

    @Test
    void theOneLineFormShowsOnlySupportedPercentiles() {
        assertThat(TextReport.percentileLine(run(1, 1_000, 50)))
                .isEqualTo("50/90 99 - worst was 0.050 / 0.050  0.050 - 0.050");
        assertThat(TextReport.percentileLine(run(1, 5, 50))).isEqualTo("worst was 0.050");
        assertThat(TextReport.percentileLine(run(1, 0, 50))).isEqualTo("no samples");
    }

    private static ImmutableRunResult run(int run, int count, long valueNs) {
        Histogram histogram = LatencyRecorder.newHistogram();
        if (count > 0) {
            histogram.recordValueWithCount(valueNs, count);
        }
        return new ImmutableRunResult("p", run, histogram, 0, 0);
    }
}

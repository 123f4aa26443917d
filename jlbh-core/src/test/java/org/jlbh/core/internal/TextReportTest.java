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
    void valuesArePrintedInMicrosecondsWithNanosecondResolution() {
        assertThat(TextReport.micros(41)).isEqualTo("0.041");
        assertThat(TextReport.micros(1_000_447)).isEqualTo("1,000.447");
        assertThat(TextReport.duration(999_000)).isEqualTo("0.999 ms");
        assertThat(TextReport.duration(11_000_000_000L)).isEqualTo("11.000 s");
        assertThat(TextReport.rate(100_000)).isEqualTo("100,000/s");
        assertThat(TextReport.rate(2.5)).isEqualTo("2.500/s");
    }

    @Test
    void numbersArePrintedAsWrittenByHand() {
        assertThat(TextReport.plain(100)).isEqualTo("100");
        assertThat(TextReport.plain(99.9)).isEqualTo("99.9");
        assertThat(TextReport.plain(0.5)).isEqualTo("0.5");
        assertThat(TextReport.plain(5_000)).isEqualTo("5000");
        assertThat(TextReport.plain(Double.NaN)).isEqualTo("NaN");
        assertThat(TextReport.plain(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
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

package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;
import org.jlbh.core.RunStatus;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The report's text, {@link TextReport}'s run blocks and {@link SummaryTable}'s tables: the reference's words and
 * layout, with this harness's lines of its own.
 */
class TextReportTest {
    private static final double[] ROWS_9_000 = net.openhft.chronicle.core.util.Histogram.percentilesFor(9_000);
    private static final double[] ROWS_20_000 = net.openhft.chronicle.core.util.Histogram.percentilesFor(20_000);

    @Test
    void variationIsTheSpreadAsAPercentageOfTheMidpoint() {
        assertThat(SummaryTable.variation(100, 100)).isZero();
        assertThat(SummaryTable.variation(90, 110)).isCloseTo(20.0, within(1e-9));
        assertThat(SummaryTable.variation(0, 10)).isCloseTo(200.0, within(1e-9));
        assertThat(SummaryTable.variation(0, 0)).isZero();
    }

    @Test
    void valuesHaveAboutFourSignificantDigitsAsTheReferencePrintedThem() {
        assertThat(TextReport.value(41)).isEqualTo("0.041");
        assertThat(TextReport.value(100)).isEqualTo("0.100");
        assertThat(TextReport.value(2_559)).isEqualTo("2.559");
        assertThat(TextReport.value(8_072)).isEqualTo("8.07");
        assertThat(TextReport.value(123_456)).isEqualTo("123.5");
        assertThat(TextReport.value(1_234_567)).isEqualTo("1235");
        assertThat(TextReport.value(4_218_000)).isEqualTo("4,220");
    }

    @Test
    void theRunLineShowsOnlySupportedPercentilesInTheReferencesForm() {
        assertThat(TextReport.percentileLine(run(1, 1_000, 50)))
                .isEqualTo("50/90 99 - worst was 0.050 / 0.050  0.050 - 0.050");
        assertThat(TextReport.percentileLine(run(1, 100_000, 8_064)))
                .isEqualTo("50/90 99/99.9 99.99 - worst was 8.07 / 8.07  8.07 / 8.07  8.07 - 8.07");
        assertThat(TextReport.percentileLine(run(1, 1_000_000, 50)))
                .isEqualTo("50/90 99/99.9 99.99/99.999 - worst was 0.050 / 0.050  0.050 / 0.050  0.050 / 0.050 - 0.050");
        assertThat(TextReport.percentileLine(run(1, 10_000_000, 50)))
                .isEqualTo("50/90 99/99.9 99.99/99.999 99.9999/worst was 0.050 / 0.050  0.050 / 0.050  0.050 / 0.050  0.050 / 0.050");
        assertThat(TextReport.percentileLine(run(1, 5, 50))).isEqualTo("worst was 0.050");
        assertThat(TextReport.percentileLine(run(1, 0, 50))).isEqualTo("no samples");
    }

    @Test
    void headsArePaddedTo48AndTitlesTo100AsTheReferencesWere() {
        assertThat(TextReport.probeLine("End to End: (9,000)", run(1, 9_000, 8_064)))
                .isEqualTo("End to End: (9,000)                             50/90 99 - worst was 8.07 / 8.07  8.07 - 8.07");
        assertThat(TextReport.title("BENCHMARK RESULTS (RUN 1) us"))
                .isEqualTo("-------------------------------- BENCHMARK RESULTS (RUN 1) us --------------------------------------")
                .hasSize(100);
        assertThat(TextReport.title("SUMMARY (end to end) us"))
                .isEqualTo("-------------------------------- SUMMARY (end to end) us -------------------------------------------");
        assertThat(TextReport.rule()).isEqualTo("-".repeat(100));
    }

    @Test
    void theRunHeadIsTheReferencesAndTheHarnessLinesFollowOnLinesOfTheirOwn() {
        ImmutableRunSummary summary = new ImmutableRunSummary(2, RunStatus.COMPLETE, "10 iterations, one end-to-end sample each",
                10, 10, 10, Duration.ofSeconds(2), Duration.ofSeconds(2), run(2, 10, 15));
        String nl = System.lineSeparator();

        assertThat(TextReport.runHead(summary, "NORMAL", true, 5, TimeUnit.SECONDS, 2e8)).isEqualTo(
                TextReport.title("BENCHMARK RESULTS (RUN 2) us") + nl
                        + "Run time: 2.0 s, distribution: NORMAL" + nl
                        + "Correcting for co-ordinated:true" + nl
                        + "Target throughput:5/s = 1 message every 200000us" + nl);
        assertThat(TextReport.runStatus(summary, 5)).isEqualTo(
                "Status: COMPLETE - 10 iterations, one end-to-end sample each" + nl
                        + "Schedule: run time 2.000 s, target 2.000 s (+0.00%); throughput achieved 5.000/s, target 5.000/s" + nl
                        + "Harness lateness (10)                           worst was 0.015" + nl);
        // the reference truncated a fractional interval (3,000,000/s printed "0us")
        assertThat(TextReport.runHead(summary, "RANDOM", false, 3_000_000, TimeUnit.SECONDS, 1e9 / 3_000_000))
                .contains("Correcting for co-ordinated:false" + nl)
                .contains("Target throughput:3000000/s = 1 message every 0.333us" + nl)
                .contains("distribution: RANDOM" + nl);
    }

    @Test
    void theSummaryHasTheReferencesRowsLessThoseNoRunSupportsAndVariationOnlyWhereEveryRunCounts() {
        ImmutableRunResult small = run(1, 1_000, 50);   // supports up to p99
        ImmutableRunResult large = run(2, 20_000, 60);  // supports up to p99.9; the reference lists p99.7 from 10,001

        String table = SummaryTable.summary("end to end", List.of(small, large), ROWS_20_000, false);

        String nl = System.lineSeparator();
        assertThat(table).startsWith(TextReport.title("SUMMARY (end to end) us") + nl
                + "Percentile   run1         run2      % Variation" + nl
                + "50.0:           0.050        0.060        18.18" + nl
                + "90.0:           0.050        0.060        18.18" + nl
                + "99.0:           0.050        0.060        18.18" + nl
                + "99.7:               -        0.060            -" + nl
                + "worst:          0.050        0.060        18.18" + nl
                + "samples:        1,000       20,000" + nl
                + "% Variation = 100 x (max - min) / ((max + min) / 2) over runs 1-2");
        assertThat(table).doesNotContain("99.9:").endsWith(TextReport.rule() + nl);
    }

    @Test
    void summaryCellsHaveTwoDecimalsFromTheReferencesFloorOf100NanosecondsUp() {
        String table = SummaryTable.summary("B", List.of(run(1, 1_800, 100), run(2, 1_800, 100), run(3, 1_800, 100)),
                ROWS_20_000, false);

        assertThat(table.replace("\r", "")).contains(
                "-------------------------------- SUMMARY (B) us ----------------------------------------------------\n"
                        + "Percentile   run1         run2         run3      % Variation\n"
                        + "50.0:            0.10         0.10         0.10         0.00\n"
                        + "90.0:            0.10         0.10         0.10         0.00\n"
                        + "99.0:            0.10         0.10         0.10         0.00\n"
                        + "worst:           0.10         0.10         0.10         0.00\n");
    }

    @Test
    void skippingTheFirstRunLeavesItOutOfTheVariation() {
        String table = SummaryTable.summary("p", List.of(run(1, 100, 500), run(2, 100, 100), run(3, 100, 100)),
                ROWS_9_000, true);

        assertThat(table).containsPattern("\\n50\\.0: +0\\.50 +0\\.10 +0\\.10 +0\\.00\\R");
        assertThat(table).contains("over runs 2-3 (run 1 skipped)");
    }

    @Test
    void oneRunHasNoVariation() {
        String table = SummaryTable.summary("p", List.of(run(1, 100, 500)), ROWS_9_000, false);

        assertThat(table).containsPattern("\\n50\\.0: +0\\.50 +-\\R").contains("% Variation needs two runs or more");
    }

    @Test
    void theRawSummaryReadsTheReferencesArraysWithInfinityForTooFewSamples() {
        double inf = Double.POSITIVE_INFINITY;
        List<double[]> runs = List.of(new double[]{8_072, 11_664, 12_464, 12_560}, new double[]{6_100, inf, inf, 10_610});

        String table = SummaryTable.rawSummary("end to end", runs, ROWS_9_000, false);

        assertThat(table).containsPattern("\\n50\\.0: +8\\.07 +6\\.10 +27\\.83\\R")
                .containsPattern("\\n90\\.0: +11\\.66 +- +-\\R")
                .containsPattern("\\nworst: +12\\.56 +10\\.61 +16\\.83\\R")
                .doesNotContain("samples:");
    }

    private static ImmutableRunResult run(int run, int count, long valueNs) {
        Histogram histogram = LatencyRecorder.newHistogram();
        if (count > 0) {
            histogram.recordValueWithCount(valueNs, count);
        }
        return new ImmutableRunResult("p", run, histogram, 0, 0);
    }
}

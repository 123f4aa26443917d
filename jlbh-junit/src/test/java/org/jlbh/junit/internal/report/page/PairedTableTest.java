package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The paired result's table and the verdict's words for it, as text; {@link ManyRunsAndPairedBrowserTest} checks what
 * a browser makes of them. And which runs a legend of many runs names.
 */
class PairedTableTest {

    private static final ComparisonRow REGRESSED = new ComparisonRow("end to end", "50",
            ComparisonRow.Basis.CODES_OWN, new ComparisonRow.Pairs(List.of(330L, 331L, 329L, 340L, 335L, 333L),
            List.of(363L, 364L, 362L, 375L, 368L, 366L), List.of(329L, 330L, 328L, 339L, 334L, 332L),
            List.of(363L, 364L, 362L, 375L, 368L, 366L)), 10.18, 9.7, 10.6, 5, 5.6,
            ComparisonRow.Change.REGRESSION, "");
    private static final ComparisonRow NOT_JUDGED = new ComparisonRow("end to end", "99",
            ComparisonRow.Basis.MEASURED, new ComparisonRow.Pairs(List.of(900L, 950L, 1_000L),
            List.of(1_000L, 1_100L, 1_200L), List.of(990L, 1_000L, 1_100L), List.of(1_000L, 1_100L, 1_200L)),
            Double.NaN, Double.NaN, Double.NaN, 5, Double.NaN, ComparisonRow.Change.NOT_JUDGED,
            "not judged: 3 rounds of runs, at least 6 needed");

    @Test
    void aRowsCellsAreItsMedianPairsFiguresItsChangeItsIntervalTheCopiesApartWhatItWouldFlagAndItsVerdict() {
        // the change against the base 1.1, 1.0997, 1.1003, 1.1029, 1.0985, 1.0991, its second copy (the same figures)
        // against the control 1.1033, 1.1030, 1.1037, 1.1062, 1.1018, 1.1024: the median of the twelve, the lower of
        // the two in the middle, is the second copies' fifth pair (0.334 against 0.368); the control against the base
        // 0.99697 to 0.99706, the lower median 0.99698; the change's copies alike
        assertThat(PairedTable.cells(REGRESSED)).containsExactly("p50", "0.334", "0.368", "+10.2%", "+9.7..+10.6%",
                "-0.3%, +0.0%", "+6%", "REGRESSION");
        // the pairs 1.111, 1.158, 1.2, then 1.0101, 1.1, 1.0909: the median the second copies' second; the control
        // against the base: 1.1, 1.0526, 1.1
        assertThat(PairedTable.cells(NOT_JUDGED)).containsExactly("p99", "1.000", "1.100", "\u2014", "\u2014",
                "+10.0%, +0.0%", "\u2014", "not judged: 3 rounds of runs, at least 6 needed");
        assertThat(PairedTable.HEADER).hasSameSizeAs(PairedTable.cells(REGRESSED));
    }

    @Test
    void aPairedSectionIsATablePerProbeWithItsChartAndTheNotes() {
        ChartData.RunCurve curve = new ChartData.RunCurve("base (run 2, the median of 6)", 1_000,
                new double[]{0, 50, 100}, new double[]{1, 2, 3});
        ChartData.PairedData paired = new ChartData.PairedData(6, 5, List.of(new ChartData.PairedProbe("end to end",
                List.of(REGRESSED, NOT_JUDGED), java.util.Optional.of(new ChartData.ProbeChart(
                "end to end: base and change", List.of(curve), List.of())))), List.of("parse: the base has no such "
                + "probe, not compared"));
        StringBuilder html = new StringBuilder();

        PairedTable.append(html, paired);

        assertThat(html.toString()).contains("<h3>against the base: 6 pairs of runs, tolerance +5%</h3>",
                "<caption>end to end, on the code&#39;s own account</caption>", "<th>base (µs), median pair</th>",
                "<span class=\"verdict fail\">REGRESSION</span>", "width=\"" + ChartFrame.NARROW_WIDTH + "\"",
                "base (run 2, the median of 6) · 1,000 samples", "parse: the base has no such probe, not compared");
        assertThat(html.toString().split("<tr>", -1)).hasSize(4);
    }

    @Test
    void theVerdictSaysWhichRowsRegressedInShortAndTheRestAsItWas() {
        PairedComparison compared = new PairedComparison(6, 5, List.of(REGRESSED, NOT_JUDGED), List.of());
        String detail = "end to end p99 was 212 µs, over its budget" + System.lineSeparator()
                + compared.regressionMessage() + System.lineSeparator() + "Where the change spent more time …";

        assertThat(ChartData.withRegressionsInShort(detail, compared).lines().toList()).containsExactly(
                "end to end p99 was 212 µs, over its budget", "Regression against the base (paired runs): end to end "
                        + "p50 +10.2% (each row's figures in the table of the change against its base)",
                "Where the change spent more time …");
        PairedComparison none = new PairedComparison(3, 5, List.of(NOT_JUDGED), List.of());
        assertThat(ChartData.withRegressionsInShort("budgets met", none)).isEqualTo("budgets met");
    }

    @Test
    void aLegendOfManyRunsNamesTheMedianLowestAndHighestAtP50AndTheHighestMaximum() {
        List<ChartData.RunCurve> runs = new java.util.ArrayList<>();
        double[] medians = {5, 3, 9, 7, 1, 6, 8, 2, 4}; // run 5 lowest, run 3 highest, run 1 (5 µs) the median
        for (int i = 0; i < medians.length; i++) {
            double max = i == 3 ? 900 : 50;
            runs.add(new ChartData.RunCurve("run " + (i + 1), 1_000, new double[]{0, 40, 60, 100},
                    new double[]{0.5, medians[i] - 1, medians[i] + 1, max}));
        }

        Map<Integer, List<String>> named = PercentileChart.named(runs);

        assertThat(named).containsExactly(Map.entry(0, List.of("median at p50")),
                Map.entry(4, List.of("lowest at p50")), Map.entry(2, List.of("highest at p50")),
                Map.entry(3, List.of("highest maximum")));
        assertThat(PercentileChart.named(runs.subList(0, PercentileChart.RUN_COLOURS.size()))).as("each run named")
                .isEmpty();
        assertThat(PercentileChart.atPercentile(runs.get(0), 50)).isEqualTo(5);
        assertThat(PercentileChart.atPercentile(runs.get(0), 100)).isEqualTo(50);
    }
}

package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.judge.Outcome;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.DoubleStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.within;

/** The suite page's HTML, checked as text; {@link HtmlReportBrowserTest} checks what a browser makes of it. */
class HtmlReportTest {

    private static final double[] PERCENTILES = {0, 50, 90, 99, 99.9, 100};

    @Test
    void escapesNamesDetailsSettingsAndLabels() {
        ChartData.RunCurve run = new ChartData.RunCurve("run <1> & \"x\"", 1000, PERCENTILES, new double[]{1, 2, 3, 4, 5, 6});
        ChartData.ProbeChart probe = new ChartData.ProbeChart("<probe>", List.of(run), List.of());
        ChartData.TestChart test = new ChartData.TestChart("A<b>&'c'", Outcome.FAILED, "line 1 <script>alert(1)</script>\nline 2",
                "throughput <10k>", "ran on <cpu>", List.of(probe), Optional.empty(), Optional.empty(),
                Optional.empty());

        String html = HtmlReport.render("Suite <&>", List.of(test), List.of());

        assertThat(html).doesNotContain("<b>", "<i>", "<script", "<probe>", "<1>", "<10k>", "<&>", "<cpu>")
                .contains("<title>Suite &lt;&amp;&gt;</title>", "A&lt;b&gt;&amp;&#39;c&#39;",
                        "line 1 &lt;script&gt;alert(1)&lt;/script&gt;\nline 2", "throughput &lt;10k&gt;",
                        "&lt;probe&gt;", "run &lt;1&gt; &amp; &quot;x&quot;");
    }

    @Test
    void isACompleteDocumentWithOneChartPerProbeAndNothingExternal() {
        ChartData.TestChart first = test("First", Outcome.PASSED, probe("end to end", 3), probe("parse", 2));
        ChartData.TestChart second = test("Second", Outcome.FAILED, probe("end to end", 1));

        String html = HtmlReport.render("Suite", List.of(first, second), List.of());

        assertThat(html).startsWith("<!DOCTYPE html>").contains("<meta charset=\"utf-8\">").endsWith("</html>\n");
        assertThat(count(html, "<svg")).isEqualTo(3);
        assertThat(count(html, "</svg>")).isEqualTo(3);
        assertThat(count(html, "<polyline")).isEqualTo(6);
        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContain("http://", "https://", "<link",
                "@import", "url(", "xmlns");
        assertThat(html).contains("<a href=\"#test-1\">First</a>", "<section id=\"test-1\">",
                "<a href=\"#test-2\">Second</a>", "<section id=\"test-2\">", "latency (µs)", "2 tests: 1 FAILED, 1 PASSED");
    }

    @Test
    void colorsTheVerdicts() {
        String html = HtmlReport.render("Suite", List.of(test("a", Outcome.PASSED), test("b", Outcome.FAILED),
                test("c", Outcome.INCONCLUSIVE), test("d", Outcome.REPORTED)), List.of());

        assertThat(html).contains("<span class=\"verdict pass\">PASSED</span>",
                "<span class=\"verdict fail\">FAILED</span>", "<span class=\"verdict warn\">INCONCLUSIVE</span>",
                "<span class=\"verdict warn\">REPORTED</span>");
    }

    @Test
    void drawsBudgetsWithTheirLabelsGreenWhenMetRedWhenBreached() {
        ChartData.RunCurve run = new ChartData.RunCurve("run 1", 10_000, PERCENTILES, new double[]{10, 20, 30, 40, 60, 90});
        ChartData.ProbeChart probe = new ChartData.ProbeChart("end to end", List.of(run), List.of(
                new ChartData.BudgetMarker(99.9, 50, false), new ChartData.BudgetMarker(50, 25, true),
                new ChartData.BudgetMarker(100, 1_500, true)));

        String html = HtmlReport.render("Suite", List.of(test("t", Outcome.FAILED, probe)), List.of());

        assertThat(html).contains("budget p99.9 ≤ 50 µs", "budget p50 ≤ 25 µs", "budget max ≤ 1,500 µs")
                .contains("<g class=\"budget breached\" stroke=\"" + ChartFrame.BUDGET_BREACHED_COLOUR + "\"")
                .contains("<g class=\"budget met\" stroke=\"" + ChartFrame.BUDGET_MET_COLOUR + "\"");
    }

    @Test
    void aBudgetAboveTheCurvesStretchesTheYAxisToShowIt() {
        ChartData.RunCurve run = new ChartData.RunCurve("run 1", 1000, PERCENTILES, new double[]{1, 2, 3, 4, 5, 6});
        ChartData.ProbeChart probe = new ChartData.ProbeChart("p", List.of(run), List.of(new ChartData.BudgetMarker(99, 480, true)));

        String html = HtmlReport.render("Suite", List.of(test("t", Outcome.PASSED, probe)), List.of());

        List<Double> yLabels = yTickLabels(html);
        assertThat(yLabels.get(yLabels.size() - 1)).isGreaterThanOrEqualTo(480);
        Matcher budget = Pattern.compile("<g class=\"budget met\"[^>]*>.*?<circle cx=\"([\\d.]+)\" cy=\"([\\d.]+)\"")
                .matcher(html);
        assertThat(budget.find()).isTrue();
        double cy = Double.parseDouble(budget.group(2));
        assertThat(cy).isBetween(0.0, 330.0);
    }

    @Test
    void theLatencyAxisIsLogarithmicInWholeDecadesAndHugeValuesAreGroupedSmallOnesHaveDecimals() {
        LatencyAxis axis = LatencyAxis.covering(DoubleStream.of(0.04, 100), 10, 110);
        assertThat(axis.decades()).isEqualTo(4);
        assertThat(axis.tickLabel(0)).isEqualTo("0.01");
        assertThat(axis.tickLabel(4)).isEqualTo("100");
        assertThat(axis.y(100)).isEqualTo(10);
        assertThat(axis.y(0.01)).isEqualTo(110);
        assertThat(axis.y(1)).isCloseTo(60, within(1e-9));
        assertThat(axis.y(0)).as("nothing at or below zero falls off the axis").isEqualTo(110);
        assertThat(LatencyAxis.covering(DoubleStream.of(5, 5), 0, 100).decades()).as("one value still spans a decade").isEqualTo(1);
        assertThat(LatencyAxis.covering(DoubleStream.of(1e-6, 1e9), 0, 100).decades()).as("at most eight decades").isEqualTo(8);
        assertThat(ChartFormat.number(1_234_567)).isEqualTo("1,234,567");
        assertThat(ChartFormat.number(2.5)).isEqualTo("2.5");
        assertThat(ChartFormat.number(0.1 + 0.2)).isEqualTo("0.3");
        assertThat(ChartFormat.number(1.23456)).isEqualTo("1.235");
        assertThat(ChartFormat.number(12.6)).isEqualTo("13");

        ChartData.RunCurve huge = new ChartData.RunCurve("run 1", 1000, PERCENTILES,
                new double[]{1e6, 2e6, 3e6, 4e6, 5e6, 7.3e9});
        String html = HtmlReport.render("Suite", List.of(test("t", Outcome.PASSED,
                new ChartData.ProbeChart("p", List.of(huge), List.of()))), List.of());
        assertThat(html).contains(">1,000,000</text>", ">10,000,000,000</text>");
    }

    @Test
    void theXAxisIsTheNinesScale() {
        assertThat(NinesScale.nines(0)).isZero();
        assertThat(NinesScale.nines(90)).isCloseTo(1, within(1e-9));
        assertThat(NinesScale.nines(99)).isCloseTo(2, within(1e-9));
        assertThat(NinesScale.nines(99.99)).isCloseTo(4, within(1e-9));
        assertThat(NinesScale.nines(100)).isInfinite();

        double atZero = NinesScale.xFraction(0, 4, true);
        double at90 = NinesScale.xFraction(90, 4, true);
        double at99 = NinesScale.xFraction(99, 4, true);
        assertThat(atZero).isZero();
        assertThat(at90 - atZero).isCloseTo(at99 - at90, within(1e-9));
        assertThat(NinesScale.xFraction(99.99, 4, true)).isCloseTo(0.8, within(1e-9));
        assertThat(NinesScale.xFraction(100, 4, true)).isEqualTo(1);
        assertThat(NinesScale.xFraction(99.99, 4, false)).isCloseTo(1, within(1e-9));

        double previous = -1;
        for (double p = 0; p < 100; p += 0.01) {
            double x = NinesScale.xFraction(p, 5, true);
            assertThat(x).isGreaterThan(previous).isLessThan(1);
            previous = x;
        }
    }

    @Test
    void labelsTheNinesTicksUpToTheHighestPercentileAndTheMaxAtTheEdge() {
        assertThat(NinesScale.ninesLabel(0)).isEqualTo("0%");
        assertThat(NinesScale.ninesLabel(1)).isEqualTo("90%");
        assertThat(NinesScale.ninesLabel(2)).isEqualTo("99%");
        assertThat(NinesScale.ninesLabel(3)).isEqualTo("99.9%");
        assertThat(NinesScale.ninesLabel(5)).isEqualTo("99.999%");

        ChartData.RunCurve run = new ChartData.RunCurve("run 1", 10_000, new double[]{0, 90, 99, 99.9, 99.99, 100},
                new double[]{1, 2, 3, 4, 5, 6});
        String html = HtmlReport.render("Suite", List.of(test("t", Outcome.PASSED,
                new ChartData.ProbeChart("p", List.of(run), List.of()))), List.of());

        assertThat(xTickLabels(html)).containsExactly("0%", "90%", "99%", "99.9%", "99.99%", "max");
        List<Double> points = polylineXs(html);
        assertThat(points).isSorted();
        double step = (points.get(5) - points.get(0)) / 5;
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i) - points.get(i - 1)).isCloseTo(step, within(0.2));
        }
    }

    @Test
    void edgeCasesRenderWithoutThrowing() {
        ChartData.ProbeChart noRuns = new ChartData.ProbeChart("no runs", List.of(), List.of());
        ChartData.ProbeChart noRunsButBudget = new ChartData.ProbeChart("budget only", List.of(),
                List.of(new ChartData.BudgetMarker(99, 10, false)));
        ChartData.ProbeChart singlePoint = new ChartData.ProbeChart("single", List.of(
                new ChartData.RunCurve("run 1", 1, new double[]{100}, new double[]{7})), List.of());
        ChartData.ProbeChart zeros = new ChartData.ProbeChart("zeros", List.of(
                new ChartData.RunCurve("run 1", 100, new double[]{0, 50, 90, 100}, new double[]{0, 0, 0, 0})), List.of());
        ChartData.ProbeChart emptyAndOdd = new ChartData.ProbeChart("odd", List.of(
                new ChartData.RunCurve("run 1", 0, new double[0], new double[0]),
                new ChartData.RunCurve(null, 5, null, null),
                new ChartData.RunCurve("run 3", 5, new double[]{0, 50, 100}, new double[]{1, Double.NaN, 3})), List.of());
        ChartData.TestChart noProbes = new ChartData.TestChart("no probes", Outcome.FAILED, "", "", "", List.of(),
                Optional.empty(), Optional.empty(), Optional.empty());
        List<ChartData.TestChart> tests = List.of(test("t", Outcome.PASSED, noRuns, noRunsButBudget, singlePoint, zeros,
                emptyAndOdd), noProbes, new ChartData.TestChart(null, Outcome.FAILED, null, null, null, List.of(),
                Optional.empty(), Optional.empty(), Optional.empty()));
        assertThatNullPointerException().as("a test always has an outcome")
                .isThrownBy(() -> new ChartData.TestChart("t", null, "", "", "", List.of(), Optional.empty(),
                        Optional.empty(), Optional.empty()));

        assertThatCode(() -> HtmlReport.render(null, tests, List.of())).doesNotThrowAnyException();
        String html = HtmlReport.render("Suite", tests, List.of());

        assertThat(count(html, "<svg")).isEqualTo(5);
        assertThat(count(html, ">no samples</text>")).isEqualTo(2);
        assertThat(html).contains("<circle cx=", "budget p99 ≤ 10 µs", "no probes");
        assertThat(html).doesNotContain("NaN", "Infinity", "∞");
    }

    @Test
    void aHundredTestsOfThreeProbesOfThreeRunsStayWellUnderTwoMegabytes() {
        List<ChartData.TestChart> tests = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            tests.add(new ChartData.TestChart("com.example.SomeServiceLatencyTest.operationNumber" + i,
                    i % 10 == 0 ? Outcome.FAILED : Outcome.PASSED,
                    i % 10 == 0 ? "end to end p99.9 was 61.2 µs, over the budget of 50 µs (run 2 of 3)" : "",
                    "throughput 10,000/s, 3 runs × 100,000 iterations, coordinated omission corrected", "",
                    List.of(realisticProbe("end to end", 60), realisticProbe("parse", 60),
                            realisticProbe("OS jitter", 60)), Optional.empty(), Optional.empty(), Optional.empty()));
        }

        int bytes = HtmlReport.render("Suite", tests, List.of()).getBytes(StandardCharsets.UTF_8).length;

        System.out.printf("100 tests x 3 probes x 3 runs x 60 points: %,d bytes%n", bytes);
        assertThat(bytes).isLessThan(1_500_000);
    }

    // ---- fixtures and parsing ----------------------------------------------------------------------------------

    private static ChartData.TestChart test(String name, Outcome outcome, ChartData.ProbeChart... probes) {
        return new ChartData.TestChart(name, outcome, "", "throughput 10,000/s", "", List.of(probes), Optional.empty(),
                Optional.empty(), Optional.empty());
    }

    private static ChartData.ProbeChart probe(String name, int runs) {
        List<ChartData.RunCurve> list = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            list.add(new ChartData.RunCurve("run " + (r + 1), 1000, PERCENTILES,
                    new double[]{1 + r, 2 + r, 3 + r, 4 + r, 8 + r, 20 + r}));
        }
        return new ChartData.ProbeChart(name, list, List.of(new ChartData.BudgetMarker(99, 10, true)));
    }

    /** Three runs of {@code points} points from 0 to 99.999 and the max, like the thinned curves of a real run. */
    private static ChartData.ProbeChart realisticProbe(String name, int points) {
        List<ChartData.RunCurve> runs = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            double[] percentiles = new double[points];
            double[] micros = new double[points];
            for (int i = 0; i < points - 1; i++) {
                double nines = 5.0 * i / (points - 2);
                percentiles[i] = 100 * (1 - Math.pow(10, -nines));
                micros[i] = (12.345 + r) * Math.pow(1.9, nines);
            }
            percentiles[points - 1] = 100;
            micros[points - 1] = 1234.567 + r;
            runs.add(new ChartData.RunCurve("run " + (r + 1), 100_000, percentiles, micros));
        }
        return new ChartData.ProbeChart(name, runs, List.of(new ChartData.BudgetMarker(99.9, 50, true),
                new ChartData.BudgetMarker(99.99, 100, false)));
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            count++;
        }
        return count;
    }

    private static List<Double> yTickLabels(String html) {
        Matcher group = Pattern.compile("<g class=\"yl\">(.*?)</g>").matcher(html);
        assertThat(group.find()).isTrue();
        List<Double> values = new ArrayList<>();
        Matcher label = Pattern.compile(">([\\d,.]+)</text>").matcher(group.group(1));
        while (label.find()) {
            values.add(Double.parseDouble(label.group(1).replace(",", "")));
        }
        return values;
    }

    private static List<String> xTickLabels(String html) {
        Matcher group = Pattern.compile("<g class=\"xl\">(.*?)</g>").matcher(html);
        assertThat(group.find()).isTrue();
        List<String> labels = new ArrayList<>();
        Matcher label = Pattern.compile(">([^<]+)</text>").matcher(group.group(1));
        while (label.find()) {
            labels.add(label.group(1));
        }
        return labels;
    }

    private static List<Double> polylineXs(String html) {
        Matcher polyline = Pattern.compile("<polyline [^>]*points=\"([^\"]+)\"").matcher(html);
        assertThat(polyline.find()).isTrue();
        List<Double> xs = new ArrayList<>();
        for (String point : polyline.group(1).split(" ")) {
            xs.add(Double.parseDouble(point.split(",")[0]));
        }
        return xs;
    }
}

package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.report.page.SweepFixture.check;
import static org.jlbh.junit.internal.report.page.SweepFixture.micros;
import static org.jlbh.junit.internal.report.page.SweepFixture.rate;

/**
 * The suite page's latency-against-throughput chart of a sweep, checked as text at the coordinates worked out by
 * hand: the fixture's end to end spans 10 µs to 20,000 µs, so the latency axis has the decades 10 to 100,000 µs from
 * y = 274 (bottom) to 30 (top), 61 px a decade, and its widest label ("100,000") puts the plot's left edge at 69.5;
 * the rates 5,000 to 40,000/s (a ratio under 10: linear) run from x = 93.5 to 696, 602.5 px for 35,000/s.
 */
class SweepChartTest {

    private static ChartData.SweepData roundTrip() {
        List<ChartData.SweepData> sweeps = Sweeps.of(SweepFixture.roundTrip());
        assertThat(sweeps).hasSize(1);
        return sweeps.get(0);
    }

    private static String endToEnd(ChartData.SweepData sweep) {
        StringBuilder svg = new StringBuilder();
        SweepChart.append(svg, sweep, sweep.probes().get(0));
        return svg.toString();
    }

    @Test
    void groupsASweepsRatesAscendingWithTheTablesFiguresAndTheKnee() {
        ChartData.SweepData sweep = roundTrip();

        assertThat(sweep.name()).isEqualTo("RoundTripTest.roundTrip");
        assertThat(sweep.judgedRun()).isEqualTo("median run");
        assertThat(sweep.rates()).containsExactly(new ChartData.RateMark(5_000, Outcome.PASSED),
                new ChartData.RateMark(10_000, Outcome.PASSED), new ChartData.RateMark(20_000, Outcome.FAILED),
                new ChartData.RateMark(40_000, Outcome.FAILED));
        assertThat(sweep.requiredThroughput()).isEqualTo(10_000);
        assertThat(sweep.knee()).isEqualTo("Knee: 10,000/s, the highest rate up to which every rate met the latency "
                + "budgets; they broke first at 20,000/s (end to end p99.0 was 150.0 µs, budget 100.0 µs). Capacity "
                + "budget (at least 10,000/s): met.");
        assertThat(sweep.tests()).containsExactly("RoundTripTest.roundTrip[5,000/s]",
                "RoundTripTest.roundTrip[10,000/s]", "RoundTripTest.roundTrip[20,000/s]",
                "RoundTripTest.roundTrip[40,000/s]");
        assertThat(sweep.probes()).extracting(ChartData.SweepProbe::name).containsExactly("end to end", "parse");
        ChartData.SweepProbe endToEnd = sweep.probes().get(0);
        assertThat(endToEnd.lines()).extracting(ChartData.SweepLine::label)
                .containsExactly("p50", "p90", "p99", "p99.9", "worst");
        assertThat(endToEnd.lines().get(2).micros()).containsExactly(50, 60, 150, 10_000);
        assertThat(endToEnd.lines().get(3).micros()).as("too few samples for p99.9 at 20,000/s")
                .containsExactly(80, 90, Double.NaN, 12_000);
        assertThat(endToEnd.lines().get(4).micros()).containsExactly(120, 150, 300, 20_000);
        assertThat(endToEnd.budgets()).containsExactly(new ChartData.SweepBudget(99, 100, List.of(20_000, 40_000)));
        assertThat(sweep.probes().get(1).budgets()).as("no budget on parse").isEmpty();
    }

    @Test
    void drawsOneLinePerPercentileThroughItsRatesPoints() {
        String svg = endToEnd(roundTrip());

        assertThat(svg).startsWith("<svg class=\"chart sweep\"").endsWith("</svg>\n")
                .contains("aria-label=\"end to end: latency against throughput\"");
        assertThat(line(svg, "p50")).contains("<polyline class=\"run\" points=\"93.5,274 179.6,269.2 351.7,263.3 "
                + "696,152\"/>", "<title>p50 at 5,000/s: 10 µs</title>", "<title>p50 at 40,000/s: 1,000 µs</title>");
        assertThat(line(svg, "worst")).contains("points=\"93.5,208.2 179.6,202.3 351.7,183.9 696,72.6\"");
        // p99.9 has no point at 20,000/s: its line stops there, and 40,000/s stands alone as a dot
        String p999 = line(svg, "p99.9");
        assertThat(count(p999, "<polyline")).isEqualTo(1);
        assertThat(p999).contains("points=\"93.5,218.9 179.6,215.8\"", "<circle cx=\"696\" cy=\"86.2\" r=\"3\">")
                .doesNotContain("20,000/s");
        assertThat(count(p999, "<circle")).isEqualTo(3);
        assertThat(svg).contains(">latency (µs)</text>", ">target throughput (/s)</text>");
        for (String tick : List.of(">5,000<", ">10,000<", ">20,000<", ">40,000<", ">100,000<")) {
            assertThat(svg).contains(tick);
        }
        assertThat(svg).contains(">p50 (median run)</text>", ">p99.9 (median run)</text>", ">worst (all runs)</text>");
    }

    @Test
    void marksTheBudgetTheRequiredThroughputAndTheRatesWhereTheBudgetBroke() {
        String svg = endToEnd(roundTrip());

        assertThat(svg).contains("<g class=\"budget breached\" stroke=\"" + ChartFrame.BUDGET_BREACHED_COLOUR
                + "\"", "<path d=\"M69.5 213H720\"/>", ">budget p99 ≤ 100 µs</text>");
        assertThat(svg).contains("<g class=\"required\"", "<path d=\"M179.6 30V274\"/>", ">required 10,000/s</text>");
        assertThat(count(svg, "<circle class=\"broken\" cx=")).as("a ring per rate where it broke").isEqualTo(2);
        assertThat(svg).contains("<circle class=\"broken\" cx=\"351.7\" cy=\"202.3\" r=\"7\"",
                "<title>budget p99 ≤ 100 µs broke at 20,000/s: 150 µs</title>",
                "<circle class=\"broken\" cx=\"696\" cy=\"91\" r=\"7\"", ">budget broke there</text>");
        assertThat(svg).contains("<rect class=\"rate met\" x=\"89.5\"", "<rect class=\"rate met\" x=\"175.6\"",
                "<rect class=\"rate breached\" x=\"347.7\"", "<rect class=\"rate breached\" x=\"692\"",
                "<title>20,000/s: latency budgets broken</title>", ">latency budgets met</text>");
    }

    @Test
    void aPercentileWithoutTheSamplesAtAnyRateIsNotDrawnAndABudgetOnItIsCrossedWhereItBroke() {
        Sweep sweep = new Sweep(List.of(1_000, 100_000), 0);
        List<ResultSnapshot> rates = List.of(
                rate("fast", sweep, 1_000, micros(1, 2, 3, Double.NaN, 4), Outcome.PASSED,
                        check(99.9, 10, Double.NaN, true)),
                rate("fast", sweep, 100_000, micros(1, 2, 3, Double.NaN, 100), Outcome.FAILED,
                        check(99.9, 10, Double.NaN, false)));
        ChartData.SweepData chart = Sweeps.of(rates).get(0);
        StringBuilder svg = new StringBuilder();
        SweepChart.append(svg, chart, chart.probes().get(0));

        assertThat(chart.probes().get(0).lines()).extracting(ChartData.SweepLine::label)
                .containsExactly("p50", "p90", "p99", "worst");
        assertThat(svg.toString()).doesNotContain("data-line=\"p99.9\"", ">p99.9 (median run)<")
                .contains(">target throughput (/s, log scale)</text>", "<g class=\"budget breached\"",
                        "<path class=\"broken\"", "<title>budget p99.9 ≤ 10 µs broke at 100,000/s (no value drawn)"
                                + "</title>")
                .doesNotContain("<g class=\"required\"", "<circle class=\"broken\" cx=");
        assertThat(chart.knee()).startsWith("Knee: 1,000/s").doesNotContain("Capacity budget");
    }

    @Test
    void aBudgetThatHeldAtEveryRateIsGreenAndNothingIsRinged() {
        Sweep sweep = new Sweep(List.of(1_000, 2_000), 0);
        ChartData.SweepData chart = Sweeps.of(List.of(
                rate("easy", sweep, 1_000, micros(1, 2, 3, 4, 5), Outcome.PASSED, check(99, 50, 3, true)),
                rate("easy", sweep, 2_000, micros(1, 2, 3, 4, 5), Outcome.PASSED, check(99, 50, 3, true)))).get(0);
        StringBuilder svg = new StringBuilder();
        SweepChart.append(svg, chart, chart.probes().get(0));

        assertThat(svg.toString()).contains("<g class=\"budget met\" stroke=\"" + ChartFrame.BUDGET_MET_COLOUR)
                .doesNotContain("class=\"broken\"", "budget broke there", "rate breached");
        assertThat(chart.knee()).isEqualTo("Knee: above 2,000/s: every rate measured met the latency budgets.");
    }

    @Test
    void groupsBySweepMethodAndClassAndPassesOverResultsThatAreNoSweeps() {
        List<ResultSnapshot> results = new ArrayList<>(SweepFixture.roundTrip());
        Sweep other = new Sweep(List.of(100, 200, 300), 0);
        results.add(rate("other", other, 200, micros(1, 2, 3, 4, 5), Outcome.PASSED));
        ResultSnapshot notASweep = rate("plain", other, 100, micros(1, 2, 3, 4, 5), Outcome.PASSED);
        ResultSnapshot.Settings settings = notASweep.settings();
        results.add(new ResultSnapshot(notASweep.test(), new ResultSnapshot.Settings(settings.throughputPerSecond(),
                settings.arrivals(), settings.threads(), settings.iterations(), settings.warmUpIterations(), settings.runs(),
                settings.accountForCoordinatedOmission(), settings.recordOSJitter(), settings.timeoutMillis(),
                settings.verdict(), settings.mode(), settings.noise(), settings.retries(), settings.budgets(),
                settings.maxAllocatedBytesPerOp(), settings.maxGcCount(), settings.maxGcPauseMillis(),
                settings.description(), Optional.empty()), notASweep.environment(), notASweep.conclusion(),
                notASweep.attempts(), notASweep.allocatedBytesPerOp(), notASweep.runs(), notASweep.probes(),
                notASweep.baseline(), Optional.empty()));

        List<ChartData.SweepData> sweeps = Sweeps.of(results);

        assertThat(sweeps).extracting(ChartData.SweepData::name)
                .containsExactly("RoundTripTest.other", "RoundTripTest.roundTrip");
        assertThat(sweeps.get(0).rates()).extracting(ChartData.RateMark::rate).containsExactly(200);
        assertThat(SweepChart.describe(sweeps.get(0))).startsWith("1 rate measured, 200/s (of the 3 the sweep "
                + "declares); no capacity budget");
        assertThat(sweeps.get(0).knee()).endsWith("(1 of the 3 rates measured).");
    }

    @Test
    void theSuitePageDrawsTheSweepBeforeItsFirstRateAndLinksEveryRateToIt() {
        List<ResultSnapshot> results = SweepFixture.roundTrip();
        List<ChartData.TestChart> tests = new ArrayList<>();
        tests.add(new ChartData.TestChart("OtherTest.t", Outcome.FAILED, "", "", "", List.of(), Optional.empty(),
                Optional.empty(), Optional.empty()));
        results.forEach(result -> tests.add(ChartData.of(result)));

        String html = HtmlReport.render("Suite", tests, Sweeps.of(results));

        int sweep = html.indexOf("<section class=\"sweep\" id=\"sweep-1\">");
        assertThat(sweep).isGreaterThan(html.indexOf("<section id=\"test-1\">"))
                .isLessThan(html.indexOf("<section id=\"test-2\">"));
        assertThat(html).contains("Latency against throughput: <a href=\"#sweep-1\">RoundTripTest.roundTrip</a> "
                        + "(4 rates)", "<h2>RoundTripTest.roundTrip: latency against throughput</h2>",
                "<p class=\"knee\">Knee: 10,000/s, the highest rate", "capacity budget: the latency budgets must "
                        + "hold up to 10,000/s", "<h3>parse</h3>");
        assertThat(count(html, "One rate of a sweep: <a href=\"#sweep-1\">")).isEqualTo(4);
        assertThat(count(html, "<svg class=\"chart sweep\"")).isEqualTo(2);
        assertThat(html).doesNotContainIgnoringCase("<script");
    }

    @Test
    void theSuitePageOfAReportFolderDrawsTheSweepFromItsResults() {
        String html = SuitePage.of(List.copyOf(SweepFixture.roundTrip())).html();

        assertThat(count(html, "<svg class=\"chart sweep\"")).isEqualTo(2);
        assertThat(html).contains("<p class=\"knee\">Knee: 10,000/s", ">required 10,000/s</text>");
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    /** @return the group of one percentile's line */
    private static String line(String svg, String label) {
        Matcher group = Pattern.compile("<g class=\"line\" data-line=\"" + Pattern.quote(label) + "\".*?</g>")
                .matcher(svg);
        assertThat(group.find()).as("a line for %s", label).isTrue();
        return group.group();
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            count++;
        }
        return count;
    }
}

package org.jlbh.junit.internal.report.page;

import org.HdrHistogram.Histogram;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.ResultJsonTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite page of a test of 60 runs and of a paired test of 60 pairs, laid out by headless Chromium at a desktop's
 * width: no two texts of a chart overlap (its legend, its run labels, its axes' labels), and the paired result is a
 * table per probe (its header cells as the page's, its base and change the median pair's figures) with its chart
 * beside it. A script added to a copy of the page (the page itself has none) measures what Chromium laid out and writes
 * it into the DOM it dumps. Needs Chromium on the PATH ({@code apt-get install chromium}); without it the test fails
 * rather than skips.
 */
class ManyRunsAndPairedBrowserTest {

    private static final int RUNS = 60;
    private static final Path DIR = Path.of("target", "jlbh-legibility-check").toAbsolutePath();
    private static final Path PAGE = DIR.resolve("index.html");
    private static final Chromium CHROMIUM = new Chromium(DIR, PAGE);

    /** Per chart, each two texts whose boxes overlap; the paired tables' header cells; where tables and charts sit. */
    private static final String MEASURE = """
            <script>
            const overlaps = [];
            document.querySelectorAll('svg').forEach(svg => {
              const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() !== '');
              const boxes = texts.map(t => t.getBoundingClientRect());
              for (let i = 0; i < texts.length; i++) {
                for (let j = i + 1; j < texts.length; j++) {
                  const a = boxes[i], b = boxes[j];
                  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                  if (w > 1 && h > 1) {
                    overlaps.push(svg.getAttribute('aria-label') + ': "' + texts[i].textContent + '" and "'
                        + texts[j].textContent + '"');
                  }
                }
              }
            });
            const said = (id, text) => {
              const pre = document.createElement('pre');
              pre.id = id;
              pre.textContent = text;
              document.body.appendChild(pre);
            };
            said('overlaps', overlaps.length + ' overlaps\\n' + overlaps.slice(0, 20).join('\\n'));
            said('headers', [...document.querySelectorAll('table.rows thead th')].map(th => th.textContent)
                .join('|'));
            said('cells', [...document.querySelectorAll('table.rows tbody tr')].map(tr => [...tr.children]
                .map(td => td.textContent).join('|')).join('\\n'));
            said('beside', [...document.querySelectorAll('.paired')].map(div => {
              const table = div.querySelector('table.rows').getBoundingClientRect();
              const chart = div.querySelector('svg').getBoundingClientRect();
              return (chart.left >= table.right) + ' ' + (chart.top < table.bottom) + ' ' + Math.round(chart.width);
            }).join('\\n'));
            </script>
            """;

    private static String dom;
    private static PairedComparison comparison;

    @BeforeAll
    static void renderAndMeasure() throws Exception {
        ResultSnapshot paired = pairedResult();
        comparison = paired.paired().orElseThrow().comparison();
        String html = HtmlReport.render("sixty runs", List.of(sixtyRuns(), ChartData.of(paired)), List.of());
        CHROMIUM.clean();
        Files.createDirectories(DIR);
        Files.writeString(PAGE, html.replace("</body>", MEASURE + "</body>"));
        dom = CHROMIUM.dumpDom(1280, 4000);
    }

    @Test
    void noTwoTextsOfAChartOverlapWithSixtyRuns() {
        assertThat(element("overlaps")).isEqualTo("0 overlaps\n");
    }

    @Test
    void thePairedResultIsATableWithItsChartBesideIt() {
        assertThat(element("headers").split("\\|")).containsExactly("percentile", "base (µs), median pair",
                "change (µs), median pair", "change in %", "interval", "copy to copy (base, change)", "detectable", "verdict");
        assertThat(element("beside")).as("chart left of the table's right edge, its top beside the table, its width")
                .isEqualTo("true true " + ChartFrame.NARROW_WIDTH);
    }

    @Test
    void eachRowShowsItsMedianPairWhoseRatioIsItsChange() {
        List<String> rows = element("cells").lines().toList();
        assertThat(rows).hasSize(comparison.rows().size());
        for (int i = 0; i < rows.size(); i++) {
            ComparisonRow row = comparison.rows().get(i);
            ComparisonRow.Pairs pairs = (ComparisonRow.Pairs) row.figures();
            int median = pairs.medianPair();
            String[] cells = rows.get(i).split("\\|");
            assertThat(cells[0]).isEqualTo("p" + row.percentile());
            assertThat(cells[1]).isEqualTo(ReportFormat.micros(pairs.baseOfPair(median)));
            assertThat(cells[2]).isEqualTo(ReportFormat.micros(pairs.changeOfPair(median)));
            double shown = 100 * (pairs.changeOfPair(median) / (double) pairs.baseOfPair(median) - 1);
            assertThat(cells[3]).isEqualTo(String.format(java.util.Locale.ROOT, "%+.1f%%", shown));
            assertThat(cells[5]).isEqualTo(String.format(java.util.Locale.ROOT, "%+.1f%%, %+.1f%%",
                    pairs.baseCopiesApartPercent(), pairs.changeCopiesApartPercent()));
            assertThat(cells[7]).isEqualTo(row.said());
        }
        assertThat(rows).anySatisfy(row -> assertThat(row).endsWith("|REGRESSION"));
    }

    @Test
    void theRegressionsRowsAreSaidOnceInTheTableNotRunTogetherAbove() {
        String message = comparison.regressionMessage();
        assertThat(message).isNotEmpty();
        assertThat(dom).doesNotContain(escaped(message));
        for (ComparisonRow row : comparison.rows()) {
            assertThat(dom).doesNotContain(escaped(row.describe()));
        }
        assertThat(dom).contains("Regression against the base (paired runs): end to end p50 +");
    }

    private static String escaped(String text) {
        return ChartFormat.escape(text).replace("&#39;", "'");
    }

    private static String element(String id) {
        Matcher matcher = Pattern.compile("<pre id=\"" + id + "\">(.*?)</pre>", Pattern.DOTALL).matcher(dom);
        assertThat(matcher.find()).as("the measuring script's %s; see %s", id, PAGE).isTrue();
        return matcher.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
    }

    // ---- the suite -------------------------------------------------------------------------------------------------

    /** A test of 60 runs: a percentile chart per probe and end to end over the time of each, a run with GC pauses. */
    private static ChartData.TestChart sixtyRuns() {
        List<ChartData.RunCurve> curves = new ArrayList<>();
        List<ChartData.RunWindows> windows = new ArrayList<>();
        Random random = new Random(11);
        for (int run = 1; run <= RUNS; run++) {
            String label = "run " + run + (run == 41 ? " \u00b7 2 GCs, longest 3 ms" : "");
            curves.add(HtmlReportBrowserTest.curve(label, HtmlReportBrowserTest.syntheticHistogram(1_000,
                    20 * (1 + 0.3 * random.nextDouble()), run)));
            double[] worst = new double[100];
            for (int w = 0; w < worst.length; w++) {
                worst[w] = 20 + 30 * random.nextDouble();
            }
            windows.add(new ChartData.RunWindows("run " + run, 0.5, worst, new double[worst.length],
                    new double[worst.length], List.of()));
        }
        List<ChartData.BudgetMarker> budgets = List.of(new ChartData.BudgetMarker(99, 400, true));
        return new ChartData.TestChart("QuoteParserLatency.sixtyRuns", Outcome.PASSED, "budgets met",
                "throughput 20,000/s · 60 runs × 1,000 iterations", "", List.of(new ChartData.ProbeChart("end to end",
                curves, budgets)), Optional.of(new ChartData.TimelineData(windows, budgets)), Optional.empty(),
                Optional.empty());
    }

    /** A paired test of 60 pairs whose change is a third slower than its base, failed on it. */
    private static ResultSnapshot pairedResult() {
        List<RunFigures> base = new ArrayList<>();
        List<RunFigures> change = new ArrayList<>();
        List<RunFigures> control = new ArrayList<>();
        List<RunFigures> changeCopy = new ArrayList<>();
        for (int run = 1; run <= RUNS; run++) {
            base.add(figures(run, HtmlReportBrowserTest.syntheticHistogram(1_000, 0.33, 100 + run)));
            change.add(figures(run, HtmlReportBrowserTest.syntheticHistogram(1_000, 0.44, 200 + run)));
            control.add(figures(run, HtmlReportBrowserTest.syntheticHistogram(1_000, 0.34, 300 + run)));
            changeCopy.add(figures(run, HtmlReportBrowserTest.syntheticHistogram(1_000, 0.45, 400 + run)));
        }
        List<ProbeFigures> baseProbes = List.of(new ProbeFigures("end to end", base));
        List<ProbeFigures> changeProbes = List.of(new ProbeFigures("end to end", change));
        PairedComparison compared = PairedComparison.compare(baseProbes, changeProbes,
                List.of(new ProbeFigures("end to end", control)), List.of(new ProbeFigures("end to end", changeCopy)),
                List.of("50", "90", "99"), 5);
        ResultSnapshot whole = ResultJsonTest.everything();
        return new ResultSnapshot(new ResultSnapshot.Test("org.jlbh.samples.quotes.QuoteParserLatency.parse",
                "org.jlbh.samples.quotes.QuoteParserLatency", "org.jlbh.samples.quotes.QuoteParserLatency", "parse",
                List.of(), "QuoteParserLatency.parse", ""), whole.settings(), whole.environment(),
                new ResultSnapshot.Conclusion(Outcome.FAILED, 1, 1, compared.regressionMessage()), List.of(),
                Double.NaN, List.of(), changeProbes, Optional.empty(), Optional.of(new ResultSnapshot.Paired(
                List.of("target/paired-base"), compared, baseProbes, Optional.empty())));
    }

    /** A run's figures as measured: its percentiles, and its distribution as the chart draws it. */
    private static RunFigures figures(int run, Histogram histogram) {
        Map<String, Long> percentiles = new LinkedHashMap<>();
        for (String percentile : List.of("50", "90", "99")) {
            percentiles.put(percentile, histogram.getValueAtPercentile(Double.parseDouble(percentile)));
        }
        ChartData.RunCurve curve = HtmlReportBrowserTest.curve("", histogram);
        List<RunFigures.Point> distribution = new ArrayList<>();
        for (int i = 0; i < curve.percentiles().length; i++) {
            distribution.add(new RunFigures.Point(curve.percentiles()[i], Math.round(curve.micros()[i] * 1e3)));
        }
        return new RunFigures(run, histogram.getTotalCount(), histogram.getMinValue(),
                Math.round(histogram.getMean()), histogram.getMaxValue(), percentiles, distribution, 0);
    }
}

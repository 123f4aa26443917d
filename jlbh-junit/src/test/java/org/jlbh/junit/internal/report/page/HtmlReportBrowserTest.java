package org.jlbh.junit.internal.report.page;

import org.HdrHistogram.Histogram;
import org.jlbh.junit.internal.judge.Outcome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.report.page.Chromium.blended;
import static org.jlbh.junit.internal.report.page.Chromium.occurrences;
import static org.jlbh.junit.internal.report.page.Chromium.pixelsOf;

/**
 * The suite page as a browser shows it: a realistic suite is rendered to {@code target/jlbh-html-check/index.html},
 * headless Chromium screenshots it ({@code index.png}, kept for a look) and dumps its DOM, and the pixels show every
 * run's curve and the breached budget's red. Needs Chromium on the PATH ({@code apt-get install chromium}); without
 * it the test fails rather than skips.
 */
class HtmlReportBrowserTest {

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 2000;

    private static final Path DIR = Path.of("target", "jlbh-html-check").toAbsolutePath();
    private static final Path PAGE = DIR.resolve("index.html");
    private static final Chromium CHROMIUM = new Chromium(DIR, PAGE);

    private static List<ChartData.TestChart> suite;

    @BeforeAll
    static void renderTheSuite() throws IOException {
        suite = syntheticSuite();
        CHROMIUM.clean();
        Files.createDirectories(DIR);
        Files.writeString(PAGE, HtmlReport.render("jlbh latency tests — sample-tests", suite, List.of()));
    }

    @Test
    void chromiumDrawsEveryRunAndTheBreachedBudget() throws Exception {
        BufferedImage image = CHROMIUM.screenshot(WIDTH, HEIGHT);

        for (int run = 0; run < 3; run++) {
            String colour = PercentileChart.RUN_COLOURS.get(run);
            assertThat(pixelsOf(image, colour)).as("pixels of run %d's colour %s", run + 1, colour)
                    .isGreaterThan(1500);
        }
        assertThat(pixelsOf(image, ChartFrame.BUDGET_BREACHED_COLOUR)).as("pixels of the breached budget's red")
                .isGreaterThan(60);
        assertThat(pixelsOf(image, ChartFrame.BUDGET_MET_COLOUR)).as("pixels of the met budgets' green")
                .isGreaterThan(60);
        // the timeline's bands, each colour blended with the white page at its opacity
        assertThat(pixelsOf(image, blended(TimelineChart.WAITING_COLOUR, 0.75))).as("pixels of waiting for a CPU")
                .isGreaterThan(2_000);
        assertThat(pixelsOf(image, blended(TimelineChart.HOST_COLOUR, 0.75))).as("pixels of the host's taking the CPU")
                .isGreaterThan(500);
        // a pause of a few milliseconds in a 10 s run is drawn at the least band width, 1.5 px, the plot's height
        assertThat(pixelsOf(image, blended(TimelineChart.GC_COLOUR, 0.55))).as("pixels of the GC pause")
                .isGreaterThan(100);
        assertThat(pixelsOf(image, blended(TimelineChart.SAFEPOINT_COLOUR, 0.55))).as("pixels of the safepoint")
                .isGreaterThan(100);
    }

    @Test
    void chromiumParsesTheTimelinesBands() throws Exception {
        String dom = CHROMIUM.dumpDom();
        // neighbouring windows of one shade are one band: a stretch of waiting in each run, one of the host's
        assertThat(occurrences(dom, "class=\"band waiting\"")).isEqualTo(3);
        assertThat(occurrences(dom, "class=\"band host\"")).isEqualTo(1);
        assertThat(occurrences(dom, "class=\"band gc\"")).isEqualTo(1);
        assertThat(occurrences(dom, "class=\"band safepoint\"")).isEqualTo(1);
        assertThat(dom).contains("end to end over time", "GC G1New 4.000 ms", "safepoint Cleanup 2.500 ms",
                "worst latency (µs)", "p99.9 ≤ 150 µs");
    }

    @Test
    void chromiumParsesOneChartPerProbeWithOneLinePerRun() throws Exception {
        String dom = CHROMIUM.dumpDom();
        int probes = suite.stream().mapToInt(test -> test.probes().size()).sum();
        int runs = suite.stream().flatMap(test -> test.probes().stream()).mapToInt(probe -> probe.runs().size()).sum();
        int timelines = (int) suite.stream().filter(test -> test.timeline().isPresent()).count();
        int timelineRuns = suite.stream().flatMap(test -> test.timeline().stream())
                .mapToInt(timeline -> timeline.runs().size()).sum();
        assertThat(occurrences(dom, "<svg")).isEqualTo(probes + timelines);
        assertThat(occurrences(dom, "<polyline")).isEqualTo(runs + timelineRuns);
        assertThat(dom).contains("budget p99.9 ≤ 150 µs", "latency (µs)", "99.99%", ">max<")
                .doesNotContain("<script");
    }

    // ---- the synthetic suite -----------------------------------------------------------------------------------

    /** Three tests: the first FAILED with a breached p99.9 budget, so its chart is at the top of the screenshot. */
    private static List<ChartData.TestChart> syntheticSuite() {
        ChartData.TestChart failed = new ChartData.TestChart("OrderParserLatencyTest.parse", Outcome.FAILED,
                "end to end p99.9 was 212.3 µs in run 2, over the budget of 150 µs\n"
                        + "  (the judged run is the median of 3; runs: 188.4, 212.3, 176.0 µs)",
                "throughput 20,000/s · 3 runs × 200,000 iterations · warm-up 50,000 · coordinated omission corrected",
                "ran on AMD EPYC, 2 cores, Java 17, G1 Young Generation + G1 Old Generation",
                List.of(probe("end to end", 200_000, 20, 1,
                                new ChartData.BudgetMarker(99, 100, true), new ChartData.BudgetMarker(99.9, 150, false)),
                        probe("parse", 200_000, 8, 2, new ChartData.BudgetMarker(99, 40, true))),
                Optional.of(timeline(new ChartData.BudgetMarker(99, 100, true),
                        new ChartData.BudgetMarker(99.9, 150, false))), Optional.empty(), Optional.empty());
        ChartData.TestChart passed = new ChartData.TestChart("QuoteServiceLatencyTest.quote", Outcome.PASSED, "",
                "throughput 10,000/s · 3 runs × 100,000 iterations · coordinated omission corrected", "",
                List.of(probe("end to end", 100_000, 35, 3, new ChartData.BudgetMarker(99.99, 2_000, true))),
                Optional.empty(), Optional.empty(), Optional.empty());
        ChartData.TestChart inconclusive = new ChartData.TestChart("BookBuilderLatencyTest.rebuild", Outcome.INCONCLUSIVE,
                "the harness fell behind the requested throughput in run 1", "throughput 50,000/s · 3 runs × 10,000", "",
                List.of(probe("end to end", 10_000, 60, 4)), Optional.empty(), Optional.empty(), Optional.empty());
        return List.of(failed, passed, inconclusive);
    }

    /** Windows of run 2's timeline in which the host took the harness thread's CPU all the time. */
    private static final int HOST_WINDOWS = 30;

    /**
     * Three runs of 10 s in windows of 10 ms: worst samples of about 20 µs, and in each run a 400 ms stretch of
     * waiting for a CPU (samples up to 10 ms); in run 2 the host took the CPU for 120 ms, a 4 ms collection and a
     * 2.5 ms safepoint.
     */
    private static ChartData.TimelineData timeline(ChartData.BudgetMarker... budgets) {
        List<ChartData.RunWindows> runs = new ArrayList<>();
        Random random = new Random(7);
        for (int r = 0; r < 3; r++) {
            double[] worst = new double[1_000];
            double[] waiting = new double[worst.length];
            double[] host = new double[worst.length];
            for (int w = 0; w < worst.length; w++) {
                worst[w] = 15 + 10 * random.nextDouble();
            }
            for (int w = 300 + 100 * r; w < 340 + 100 * r; w++) {
                waiting[w] = 1;
                worst[w] = 10_000;
            }
            List<ChartData.Band> pauses = new ArrayList<>();
            if (r == 1) {
                for (int w = 800; w < 800 + HOST_WINDOWS; w++) {
                    host[w] = 1;
                }
                pauses.add(new ChartData.Band(6_000, 6_004, true, "G1New"));
                pauses.add(new ChartData.Band(7_000, 7_002.5, false, "Cleanup"));
            }
            runs.add(new ChartData.RunWindows("run " + (r + 1), 10, worst, waiting, host, pauses));
        }
        return new ChartData.TimelineData(runs, List.of(budgets));
    }

    private static ChartData.ProbeChart probe(String name, int samples, double medianMicros, long seed,
                                         ChartData.BudgetMarker... budgets) {
        List<ChartData.RunCurve> runs = new ArrayList<>();
        double[] scales = {1.0, 1.3, 0.8};
        for (int r = 0; r < scales.length; r++) {
            Histogram histogram = syntheticHistogram(samples, medianMicros * scales[r], seed * 31 + r);
            runs.add(curve("run " + (r + 1), histogram));
        }
        return new ChartData.ProbeChart(name, runs, List.of(budgets));
    }

    /** A lognormal body with a 0.2 % tail of stalls up to 20 times the median, recorded in nanoseconds. */
    static Histogram syntheticHistogram(int samples, double medianMicros, long seed) {
        Random random = new Random(seed);
        Histogram histogram = new Histogram(3);
        for (int i = 0; i < samples; i++) {
            double micros = medianMicros * Math.exp(0.35 * random.nextGaussian());
            if (random.nextInt(500) == 0) {
                micros += medianMicros * 20 * random.nextDouble();
            }
            histogram.recordValue(Math.round(micros * 1000));
        }
        return histogram;
    }

    /** Thinned like the report's curves: 8 points a decade of nines, as far as the sample count supports, and the max. */
    static ChartData.RunCurve curve(String label, Histogram histogram) {
        List<double[]> points = new ArrayList<>();
        for (int step = 0; Math.pow(10, step / 8.0) <= histogram.getTotalCount(); step++) {
            double percentile = 100 * (1 - Math.pow(10, -step / 8.0));
            points.add(new double[]{percentile, histogram.getValueAtPercentile(percentile) / 1000.0});
        }
        points.add(new double[]{100, histogram.getMaxValue() / 1000.0});
        double[] percentiles = points.stream().mapToDouble(point -> point[0]).toArray();
        double[] micros = points.stream().mapToDouble(point -> point[1]).toArray();
        return new ChartData.RunCurve(label, histogram.getTotalCount(), percentiles, micros);
    }
}

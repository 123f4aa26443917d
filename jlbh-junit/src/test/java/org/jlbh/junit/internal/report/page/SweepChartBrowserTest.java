package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.report.page.Chromium.occurrences;
import static org.jlbh.junit.internal.report.page.Chromium.pixelsOf;

/**
 * A sweep on the suite page as a browser shows it: the rates of {@link SweepFixture} are rendered as the suite page
 * renders a report folder to {@code target/jlbh-sweep-check/index.html}, headless Chromium screenshots it
 * ({@code index.png}, kept for a look) and dumps its DOM, and the pixels show every percentile's line, the broken
 * budget's red and the met rates' green. Needs Chromium on the PATH, as {@link HtmlReportBrowserTest} does; without it
 * the test fails rather than skips.
 */
class SweepChartBrowserTest {

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 1400;

    private static final Path DIR = Path.of("target", "jlbh-sweep-check").toAbsolutePath();
    private static final Path PAGE = DIR.resolve("index.html");
    private static final Chromium CHROMIUM = new Chromium(DIR, PAGE);

    @BeforeAll
    static void renderTheSweep() throws IOException {
        CHROMIUM.clean();
        List<ResultSnapshot> results = SweepFixture.roundTrip();
        Files.createDirectories(DIR);
        Files.writeString(PAGE, HtmlReport.render("jlbh latency tests — a sweep",
                results.stream().map(ChartData::of).toList(), Sweeps.of(results)));
    }

    @Test
    void chromiumDrawsEveryPercentilesLineTheBrokenBudgetAndTheRates() throws Exception {
        BufferedImage image = CHROMIUM.screenshot(WIDTH, HEIGHT);

        for (int line = 0; line < SweepChart.LINE_COLOURS.size(); line++) {
            String colour = SweepChart.LINE_COLOURS.get(line);
            // p99.9's is the shortest: it has no point at 20,000/s
            assertThat(pixelsOf(image, colour)).as("pixels of line %d's colour %s", line + 1, colour)
                    .isGreaterThan(300);
        }
        assertThat(pixelsOf(image, ChartFrame.BUDGET_BREACHED_COLOUR))
                .as("pixels of the broken budget's line, its rings and the broken rates' squares").isGreaterThan(600);
        assertThat(pixelsOf(image, ChartFrame.BUDGET_MET_COLOUR)).as("pixels of the met rates' squares")
                .isGreaterThan(150);
        assertThat(pixelsOf(image, SweepChart.REQUIRED_COLOUR)).as("pixels of the required throughput's line")
                .isGreaterThan(150);
    }

    @Test
    void chromiumParsesAChartPerProbeWithALinePerPercentileAndTheKnee() throws Exception {
        String dom = CHROMIUM.dumpDom();

        assertThat(occurrences(dom, "<svg class=\"chart sweep\"")).as("end to end and parse").isEqualTo(2);
        assertThat(occurrences(dom, "class=\"line\" data-line=")).as("p50, p90, p99, p99.9, worst per probe")
                .isEqualTo(10);
        assertThat(occurrences(dom, "<circle class=\"broken\"")).as("end to end p99 at 20,000 and 40,000/s")
                .isEqualTo(2);
        assertThat(dom).contains("RoundTripTest.roundTrip: latency against throughput",
                "Knee: 10,000/s, the highest rate up to which every rate met the latency budgets",
                "required 10,000/s", "budget p99 ≤ 100 µs", "target throughput (/s)", "latency (µs)")
                .doesNotContain("<script");
    }
}

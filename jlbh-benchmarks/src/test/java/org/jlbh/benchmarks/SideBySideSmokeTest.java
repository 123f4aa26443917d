package org.jlbh.benchmarks;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CI's smoke run of the side-by-side benchmark: every scenario, on both harnesses, at sizes of a few seconds, and
 * the table written. It checks that everything runs and that both columns are filled; the figures at these sizes
 * are too rough to judge, so no target is asserted (the full run is a documented command).
 */
class SideBySideSmokeTest {

    @Test
    void everyScenarioRunsOnBothHarnessesAndTheTableIsWritten() throws Exception {
        Path out = Path.of("target", "side-by-side-smoke.md");
        SideBySide.main(new String[]{"smoke", out.toString()});

        String table = Files.readString(out);
        assertThat(table).startsWith("Machine: ").contains("System.nanoTime() costs");
        assertThat(table.lines().filter(line -> line.startsWith("| floor: empty task p50")))
                .hasSize(2).allSatisfy(line -> assertThat(line.split("\\|")).hasSizeGreaterThanOrEqualTo(6));
        // both columns hold numbers where both harnesses have the figure
        assertThat(table).containsPattern("\\| cost per iteration when behind \\(empty task included\\), ns \\| [\\d.,]+ \\| [\\d.,]+ \\|");
        assertThat(table).containsPattern("\\| highest throughput kept up with, doubling from 1.25M/s \\(median run's p50 ≤ 10 µs\\), M/s \\| [\\d.,]+ \\| [\\d.,]+ \\|");
        assertThat(table).containsPattern("\\| kept up at 30M/s single-threaded: empty task p50 of the median of 1 runs of "
                + "300,000, ns \\(runs with p50 ≤ 10 µs: ours \\d, reference \\d\\) \\| [\\d.,]+ \\| [\\d.,]+ \\|");
        assertThat(table).containsPattern("\\| two threads at 5M/s each \\(threads = 2\\): empty task p50 .* ns .*\\| [\\d.,]+ \\| +- \\|");
        assertThat(table).containsPattern("\\| sweep overhead: @LatencyTemplate of 3 rates, total over measured runs and warm-ups .*\\| [\\d.,]+ \\| +- \\|");
        assertThat(table).containsPattern("\\| probe record from the harness thread \\(ours: a timed loop inside a running "
                + "harness; reference: JMH\\), ns \\| [\\d.,]+ \\| [\\d.,]+ \\|");
    }

    @Test
    void theAnalyticSpikeIsTheSeedPostsDistribution() {
        var analytic = SideBySide.analyticSpike(1_100_000);
        assertThat(analytic.getTotalCount()).isEqualTo(1_100_000);
        assertThat(analytic.getValueAtPercentile(99.9) / 1e3).isBetween(899.0, 911.0);
        assertThat(analytic.getMaxValue() / 1e3).isBetween(999.0, 1_001.0);
    }
}

package org.jlbh.benchmarks;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CI's smoke run of the extension-overhead benchmark: a few seconds, checking that it runs and fills every cell
 * with a measured figure. Targets are judged on the full run, never in a test (this machine is too noisy for that).
 */
class ExtensionOverheadSmokeTest {

    @Test
    void theBenchmarkRunsAndFillsBothColumns() {
        ExtensionOverhead.Figures figures = ExtensionOverhead.measure(1, 200_000, 1_000_000);
        System.out.print(figures.table());

        assertThat(figures.bareP50()).isPositive();
        assertThat(figures.extensionP50()).isPositive();
        assertThat(figures.bareBehind()).isPositive().isLessThan(1_000);
        assertThat(figures.extensionBehind()).isPositive().isLessThan(1_000);
        assertThat(figures.table()).contains("bare harness", "@LatencyTest", "end-to-end p50", "when behind");
    }
}

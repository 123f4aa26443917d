package org.jlbh.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CI's smoke run of the report-cost benchmark: two 1,000,000-sample tests, checking that every cell is a measured
 * figure. The write-time target is judged on the full run, not here; sizes do not depend on the machine's noise,
 * so the size target is checked.
 */
class ReportCostSmokeTest {

    @Test
    void reportsOfAMillionSampleTestAreMeasured(@TempDir Path work) {
        ReportCost.Figures figures = ReportCost.measure(2, work);
        System.out.print(figures.table());

        assertThat(figures.writeMillis()).hasSize(2).allSatisfy(ms -> assertThat(ms).isNotNegative());
        assertThat(figures.testBytes()).allSatisfy(bytes -> assertThat(bytes).isPositive());
        assertThat(figures.pageBytes()).isPositive();
        assertThat(figures.hundredTestsBytes()).isLessThan(10_000_000);
    }
}

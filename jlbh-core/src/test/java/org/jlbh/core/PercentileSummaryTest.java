package org.jlbh.core;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The reference's calculator over raw percentile arrays, with the reference's results. */
class PercentileSummaryTest {
    private static final double INF = Double.POSITIVE_INFINITY;
    private static final double[] PERCENTILES = {0.5, 0.9, 0.99, 1.0};

    /** Run 1 has 1,000 samples' worth (p50, p90, worst); run 2 every row. Values in ns. */
    private final List<double[]> runs = List.of(new double[]{1_000, 2_000, 9_000}, new double[]{1_500, 2_500, 3_000, 8_000});

    @Test
    void aRunsValueIsInMicrosecondsAndInfinityWhereItsArrayIsTooShort() {
        PercentileSummary summary = new PercentileSummary(false, runs, PERCENTILES);

        assertThat(summary.getPercentileForRun(0, 0)).isEqualTo(1.0);
        assertThat(summary.getPercentileForRun(1, 0)).isEqualTo(2.0);
        assertThat(summary.getPercentileForRun(2, 0)).isEqualTo(INF);
        assertThat(summary.getPercentileForRun(3, 0)).as("the worst is always the last value").isEqualTo(9.0);
        assertThat(summary.getPercentileForRun(2, 1)).isEqualTo(3.0);
        assertThat(summary.getPercentileForRun(3, 1)).isEqualTo(8.0);
    }

    @Test
    void everyRowSomeRunHasIsVisitedInOrder() {
        PercentileSummary summary = new PercentileSummary(false,
                List.of(new double[]{1_000, 9_000}, new double[]{1_500, 8_000}), PERCENTILES);
        List<Double> rows = new ArrayList<>();
        summary.forEachRow((percentile, values, variance) -> rows.add(percentile));

        assertThat(rows).as("no run has p90 or p99").containsExactly(0.5, 1.0);
    }

    @Test
    void theVarianceIsTheReferencesFormulaPrecedenceAndAll() {
        PercentileSummary summary = new PercentileSummary(false, runs, PERCENTILES);

        // 100 × (max − min) / (max + min / 2), as the reference computed it
        assertThat(summary.calculateVariance(0)).isCloseTo(100 * (1.5 - 1.0) / (1.5 + 1.0 / 2), within(1e-9));
        assertThat(summary.calculateVariance(2)).as("one run has p99").isZero();
        assertThat(summary.calculateVariance(3)).isCloseTo(100 * (9.0 - 8.0) / (9.0 + 8.0 / 2), within(1e-9));
        List<Double> variances = new ArrayList<>();
        summary.forEachRow((percentile, values, variance) -> variances.add(variance));
        assertThat(variances).containsExactly(summary.calculateVariance(0), summary.calculateVariance(1),
                summary.calculateVariance(2), summary.calculateVariance(3));
    }

    @Test
    void skippingTheFirstRunLeavesItOutOfTheVariance() {
        PercentileSummary summary = new PercentileSummary(true,
                List.of(new double[]{1_000, 9_000}, new double[]{1_500, 8_000}, new double[]{1_500, 8_000}), PERCENTILES);

        assertThat(summary.calculateVariance(0)).isZero();
        assertThat(summary.calculateVariance(1)).as("no run counts").isNaN();
    }

    @Test
    void theDebugTableIsPrintedToStandardOut() {
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        java.io.PrintStream original = System.out;
        System.setOut(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            new PercentileSummary(false, runs, PERCENTILES).printSummary();
        } finally {
            System.setOut(original);
        }
        String table = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        // the last column is the runs' true spread, 100 x 0.5 / 1.25 = 40%, not calculateVariance's 25
        assertThat(table).startsWith("    %ile             0         1  spread %")
                .contains("  0.500000:   1.000000  1.500000 40.000000")
                .contains("  0.990000:   Infinity  3.000000  0.000000");
    }
}

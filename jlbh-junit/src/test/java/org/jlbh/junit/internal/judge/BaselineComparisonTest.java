package org.jlbh.junit.internal.judge;

import org.jlbh.core.JLBH;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The baseline tolerance and what is compared, on chosen figures. */
class BaselineComparisonTest {
    private static final Path BASELINE = Path.of("src/test/jlbh-baseline");

    /** @return a probe whose runs have these p50 values (and a worst of twice each) */
    private static ProbeFigures probe(String name, long... p50s) {
        List<RunFigures> runs = new ArrayList<>();
        for (int i = 0; i < p50s.length; i++) {
            Map<String, Long> percentiles = new LinkedHashMap<>();
            percentiles.put("50", p50s[i]);
            runs.add(new RunFigures(i + 1, 1_000, 1, p50s[i], 2 * p50s[i], percentiles, List.of(), 0));
        }
        return new ProbeFigures(name, runs);
    }

    @Test
    void theToleranceIsTheLargerOfTheMinimumAndTheBaselinesOwnRunToRunVariation() {
        // baseline runs 900, 1,000, 1,100: variation 100 x 200 / 1,000 = 20%, so a 10% minimum becomes 20%
        List<ProbeFigures> baseline = List.of(probe(JLBH.END_TO_END, 900, 1_000, 1_100));

        BaselineComparison within = BaselineComparison.compare(BASELINE, baseline,
                List.of(probe(JLBH.END_TO_END, 1_150, 1_150, 1_150)), 10);
        BaselineComparison beyond = BaselineComparison.compare(BASELINE, baseline,
                List.of(probe(JLBH.END_TO_END, 1_250, 1_250, 1_250)), 10);

        BaselineComparison.Row p50 = within.rows().get(0);
        assertThat(p50.percentile()).isEqualTo("50");
        assertThat(p50.beforeNanos()).isEqualTo(1_000);
        assertThat(p50.baselineVariationPercent()).isCloseTo(20, within(1e-9));
        assertThat(p50.tolerancePercent()).isCloseTo(20, within(1e-9));
        assertThat(p50.changePercent()).isCloseTo(15, within(1e-9));
        assertThat(within.regressions()).isEmpty();
        assertThat(within.regressionMessage()).isEmpty();
        assertThat(beyond.regressions()).hasSize(1);
        assertThat(beyond.regressionMessage()).isEqualTo("Regression against the baseline in " + BASELINE
                + ": end to end p50 was 1.000 \u00b5s, now 1.250 \u00b5s (+25.0%, tolerance 20.0%; baseline runs "
                + "varied 20.0%)");
        assertThat(BaselineComparison.compare(BASELINE, baseline, List.of(probe(JLBH.END_TO_END, 1_250)), 30)
                .regressions()).as("a larger minimum").isEmpty();
    }

    @Test
    void theWorstIsShownButNeverARegression() {
        BaselineComparison comparison = BaselineComparison.compare(BASELINE, List.of(probe("p", 1_000)),
                List.of(probe("p", 50_000)), 10);

        assertThat(comparison.rows()).extracting(BaselineComparison.Row::percentile).containsExactly("50", "worst");
        BaselineComparison.Row worst = comparison.rows().get(1);
        assertThat(worst.gated()).isFalse();
        assertThat(worst.changePercent()).isGreaterThan(1_000);
        assertThat(worst.regressed()).isFalse();
        assertThat(comparison.regressions()).extracting(BaselineComparison.Row::percentile).containsExactly("50");
    }

    @Test
    void osJitterProbesTheBaselineLacksAndPercentilesARunLacksAreNotCompared() {
        ProbeFigures lacking = new ProbeFigures("q", List.of(
                new RunFigures(1, 10, 1, 1, 1, Map.of("50", 1L), List.of(), 0),
                new RunFigures(2, 10, 1, 1, 1, Map.of(), List.of(), 0)));
        BaselineComparison comparison = BaselineComparison.compare(BASELINE,
                List.of(probe(JLBH.OS_JITTER, 1), probe("q", 1, 1)),
                List.of(probe(JLBH.OS_JITTER, 1_000_000), probe("new", 5), lacking), 10);

        assertThat(comparison.rows()).extracting(row -> row.probe() + " " + row.percentile())
                .containsExactly("q worst");
        assertThat(comparison.notCompared()).containsExactly("new: no baseline for this probe, not compared");
        assertThat(comparison.table()).contains("new: no baseline for this probe, not compared");

        BaselineComparison fewerPercentiles = BaselineComparison.compare(BASELINE, List.of(lacking),
                List.of(probe("q", 1, 1)), 10);
        assertThat(fewerPercentiles.notCompared()).containsExactly("q p50: not in every run of the baseline, not compared");
    }
}

package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult.RunResult.Percentile;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The reference's view of a run's percentiles ({@code percentiles()}, {@code get999thPercentile()},
 * {@code get9999thPercentile()}) beside this harness's ({@code percentile(p)}).
 */
class ImmutableRunResultTest {

    @Test
    void thePercentileMapHasTheReferencesPercentilesForTheSampleCount() {
        // what the reference's own tests pin: 18,000 samples give five entries, 1,800 give four
        assertThat(run(18_000).percentiles()).containsOnlyKeys(Percentile.PERCENTILE_50TH, Percentile.PERCENTILE_90TH,
                Percentile.PERCENTILE_99TH, Percentile.PERCENTILE_99_7TH, Percentile.WORST);
        assertThat(run(1_800).percentiles()).containsOnlyKeys(Percentile.PERCENTILE_50TH, Percentile.PERCENTILE_90TH,
                Percentile.PERCENTILE_99TH, Percentile.WORST);
        assertThat(run(100_000).percentiles()).containsKey(Percentile.PERCENTILE_99_9TH)
                .doesNotContainKey(Percentile.PERCENTILE_99_97TH);
        assertThat(run(1_000_000).percentiles()).containsKeys(Percentile.PERCENTILE_99_97TH, Percentile.PERCENTILE_99_99TH)
                .doesNotContainKey(Percentile.PERCENTILE_99_999TH);
        assertThat(run(10_000_000).percentiles()).containsKey(Percentile.PERCENTILE_99_999TH);
    }

    @Test
    void lessAnyPercentileTheSampleCountDoesNotSupport() {
        // the reference listed p50, p90 and p99 of any number of samples
        assertThat(run(10).percentiles()).containsOnlyKeys(Percentile.WORST);
        assertThat(run(500).percentiles()).containsOnlyKeys(Percentile.PERCENTILE_50TH, Percentile.PERCENTILE_90TH,
                Percentile.WORST);
        assertThat(run(0).percentiles()).isEmpty();
    }

    @Test
    void theTwoNullableGettersAreNullWhereTheMapHasNoEntryAsTheReferences() {
        ImmutableRunResult fewer = run(50_000);
        assertThat(fewer.get999thPercentile()).isNull();
        assertThat(fewer.get9999thPercentile()).isNull();
        // this harness's own accessor gives p99.9 from 10,000 samples
        assertThat(fewer.percentile(99.9)).isEqualTo(Duration.ofNanos(700));

        ImmutableRunResult enough = run(1_000_000);
        assertThat(enough.get999thPercentile()).isEqualTo(Duration.ofNanos(700));
        assertThat(enough.get9999thPercentile()).isEqualTo(Duration.ofNanos(700));
        assertThat(enough.get999thPercentile()).isEqualTo(enough.percentiles().get(Percentile.PERCENTILE_99_9TH));
    }

    @Test
    void theOtherGettersThrowWhereTooFewSamplesSupportThem() {
        ImmutableRunResult tiny = run(10);
        assertThatIllegalStateException().isThrownBy(tiny::get50thPercentile)
                .withMessage("p50 of p in run 1 needs at least 20 samples; the run has 10");
        assertThat(tiny.getWorst()).isEqualTo(Duration.ofNanos(700));
    }

    private static ImmutableRunResult run(long count) {
        Histogram histogram = LatencyRecorder.newHistogram();
        if (count > 0) {
            histogram.recordValueWithCount(700, count);
        }
        return new ImmutableRunResult("p", 1, histogram, 0, 0);
    }
}

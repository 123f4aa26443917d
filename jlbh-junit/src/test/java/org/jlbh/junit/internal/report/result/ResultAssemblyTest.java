package org.jlbh.junit.internal.report.result;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.Percentiles;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Assembling a result's figures from the harness's runs. */
class ResultAssemblyTest {

    /** A run of {@code count} samples of 1 µs and one of 9 µs, as the harness would give it. */
    private static JLBHResult.RunResult run(long count) {
        Histogram histogram = new Histogram(3_600_000_000_000L, 3);
        histogram.recordValueWithCount(1_000, count - 1);
        histogram.recordValue(9_000);
        return new JLBHResult.RunResult() {
            @Override
            public Map<Percentile, Duration> percentiles() {
                return Map.of();
            }

            @Override
            public long count() {
                return histogram.getTotalCount();
            }

            @Override
            public Duration max() {
                return Duration.ofNanos(histogram.getMaxValue());
            }

            @Override
            public Histogram histogram() {
                return histogram.copy();
            }
        };
    }

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void theChartsDistributionEndsAtTheWorstHoweverManySamplesARunHas() {
        for (long count : new long[] {1_000, 10_000_000, 1_000_000_000}) {
            JLBHResult.RunResult run = run(count);
            List<RunFigures.Point> points = ResultAssembly.distribution(run);

            assertThat(points).as("%,d samples", count).last()
                    .isEqualTo(new RunFigures.Point(100, run.max().toNanos()));
            assertThat(points.subList(0, points.size() - 1)).allSatisfy(point -> {
                assertThat(point.percentile()).isLessThan(100);
                assertThat(point.percentile() == 0 || Percentiles.supported(point.percentile(), count)).isTrue();
            });
        }
    }
}

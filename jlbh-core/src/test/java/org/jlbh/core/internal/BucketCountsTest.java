package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class BucketCountsTest {

    @Test
    void countsEveryValueInTheBucketHdrHistogramWouldHaveRecordedItIn() {
        BucketCounts counts = new BucketCounts();
        Histogram recorded = LatencyRecorder.newHistogram();
        SplittableRandom random = new SplittableRandom(42);
        for (long v = 0; v <= 100_000; v++) { // every value up to here: the unit-resolution buckets and a few above
            counts.record(v);
            recorded.recordValue(v);
        }
        for (int i = 0; i < 1_000_000; i++) { // and values spread over every magnitude up to one hour
            long v = random.nextLong(1L << random.nextInt(1, 42)) % (LatencyRecorder.HIGHEST_TRACKABLE_NS + 1);
            counts.record(v);
            recorded.recordValue(v);
        }
        counts.record(LatencyRecorder.HIGHEST_TRACKABLE_NS);
        recorded.recordValue(LatencyRecorder.HIGHEST_TRACKABLE_NS);

        Histogram added = LatencyRecorder.newHistogram();
        counts.addTo(added);

        assertThat(added).isEqualTo(recorded); // every count, the total, the minimum and the maximum
        assertThat(counts.totalCount()).isEqualTo(recorded.getTotalCount());
        assertThat(counts.maxValue()).isEqualTo(recorded.getMaxValue());
        for (double p : new double[]{0, 50, 90, 99, 99.9, 99.99, 100}) {
            assertThat(added.getValueAtPercentile(p)).as("p%s", p).isEqualTo(recorded.getValueAtPercentile(p));
        }
        assertThat(added.getMean()).isEqualTo(recorded.getMean());
    }

    @Test
    void theBucketsLowestValueIsTheInverseOfTheIndex() {
        Histogram histogram = LatencyRecorder.newHistogram();
        long[] values = {0, 1, 2_047, 2_048, 2_049, 4_095, 4_096, 1_000_000, LatencyRecorder.HIGHEST_TRACKABLE_NS};
        for (long v : values) {
            assertThat(BucketCounts.lowestValueAt(BucketCounts.index(v))).as("%d", v)
                    .isEqualTo(histogram.lowestEquivalentValue(v));
        }
    }

    @Test
    void aValueThatIsANewExtremeIsCountedLikeAnyOther() {
        BucketCounts counts = new BucketCounts();
        for (long v = 1_000; v > 0; v--) { // each one a new minimum, as when the harness catches up
            counts.record(v);
        }
        Histogram added = LatencyRecorder.newHistogram();
        counts.addTo(added);

        assertThat(added.getTotalCount()).isEqualTo(1_000);
        assertThat(added.getMinNonZeroValue()).isEqualTo(1);
        assertThat(added.getMaxValue()).isEqualTo(1_000);
    }

    @Test
    void resetForgetsEveryCount() {
        BucketCounts counts = new BucketCounts();
        counts.record(0);
        counts.record(5_000);
        counts.reset();

        assertThat(counts.totalCount()).isZero();
        assertThat(counts.maxValue()).isZero();
        Histogram added = LatencyRecorder.newHistogram();
        counts.addTo(added);
        assertThat(added.getTotalCount()).isZero();
    }

    @Test
    void aCompactCopyOfCountsAndAHistogramHoldsBoth() {
        BucketCounts counts = new BucketCounts();
        Histogram other = LatencyRecorder.newHistogram();
        Histogram both = LatencyRecorder.newHistogram();
        for (long v = 1; v <= 1_000_000; v += 7) {
            counts.record(v);
            both.recordValue(v);
            other.recordValue(v * 3);
            both.recordValue(v * 3);
        }
        Histogram copy = LatencyRecorder.compactCopy(counts, other);

        assertThat(copy).isEqualTo(both);
        assertThat(copy.getEstimatedFootprintInBytes()).isLessThan(both.getEstimatedFootprintInBytes() / 2);
    }
}

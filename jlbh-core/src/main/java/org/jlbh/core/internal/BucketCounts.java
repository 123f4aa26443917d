package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;

import java.util.Arrays;

/**
 * Latencies in nanoseconds counted in the buckets of a {@link LatencyRecorder#newHistogram()} histogram, at the cost
 * of an index computation and two increments: for the harness thread's hot path.
 *
 * <p>{@link Histogram#recordValue(long)} also keeps the histogram's minimum and maximum, with a compare-and-set each
 * time a value is a new extreme, and that is every value while latencies rise or fall steadily: when the harness
 * falls behind its schedule, each iteration is later than the one before, and when it catches up, each is earlier.
 * That made an iteration several nanoseconds dearer exactly when the harness had none to spare. Here a value costs
 * the same whatever came before it, and {@link #addTo(Histogram)} hands the counts to a histogram, whose minimum,
 * maximum, percentiles and mean are then exactly what recording each value into it would have given (it reports
 * all of them at its buckets' resolution anyway). {@code BucketCountsTest} checks the buckets against HdrHistogram's.
 *
 * <p>Everything a record writes is inside one array, away from its ends: the counts start {@value #PAD} slots (a
 * cache line) after the array's first element and the total is kept a cache line after the last count. So the counts
 * of two harness threads, recording at once, never share a cache line, whatever the allocator put next to them.
 *
 * <p>Not thread-safe: one thread records; another may read only what a happens-before edge made visible to it.
 */
public final class BucketCounts {
    /** log2 of half the sub-buckets per bucket: 2,048 sub-buckets give 3 significant digits (2 × 10³ ≤ 2¹¹). */
    private static final int SUB_BUCKET_HALF_COUNT_MAGNITUDE = 10;
    private static final int SUB_BUCKET_HALF_COUNT = 1 << SUB_BUCKET_HALF_COUNT_MAGNITUDE;
    private static final long SUB_BUCKET_MASK = 2L * SUB_BUCKET_HALF_COUNT - 1;
    private static final int LEADING_ZERO_COUNT_BASE = Long.SIZE - SUB_BUCKET_HALF_COUNT_MAGNITUDE - 1;

    /** Slots of padding before the first count and before the total: 64 bytes, a cache line on x86 and ARM. */
    private static final int PAD = 8;
    private static final int BUCKETS = index(LatencyRecorder.HIGHEST_TRACKABLE_NS) + 1;
    private static final int TOTAL = PAD + BUCKETS + PAD;

    /** The bucket at index i is at {@code PAD + i}; the total at {@link #TOTAL}. */
    private final long[] counts = new long[TOTAL + 1];

    /**
     * Counts one value.
     *
     * @param valueNs from 0 to {@link LatencyRecorder#HIGHEST_TRACKABLE_NS} (the caller clamps)
     */
    public void record(long valueNs) {
        counts[PAD + index(valueNs)]++;
        counts[TOTAL]++;
    }

    /** @return values counted since the last {@link #reset()} */
    public long totalCount() {
        return counts[TOTAL];
    }

    /** @return the highest value counted, at its bucket's resolution (as {@link Histogram#getMaxValue()}); 0 if none */
    public long maxValue() {
        for (int i = BUCKETS - 1; i > 0; i--) {
            if (counts[PAD + i] != 0) {
                return lowestValueAt(i + 1) - 1;
            }
        }
        return 0;
    }

    /**
     * Adds every count to a histogram with at least this one's precision (any made by
     * {@link LatencyRecorder#newHistogram()} or {@link LatencyRecorder#compactCopy}).
     *
     * @param histogram receives the counts
     */
    public void addTo(Histogram histogram) {
        for (int i = 0; i < BUCKETS; i++) {
            if (counts[PAD + i] != 0) {
                histogram.recordValueWithCount(lowestValueAt(i), counts[PAD + i]);
            }
        }
    }

    /** Forgets every count. */
    public void reset() {
        Arrays.fill(counts, 0);
    }

    /** @return the index of a value's bucket, as HdrHistogram computes it for a lowest discernible value of 1 */
    static int index(long value) {
        int bucket = LEADING_ZERO_COUNT_BASE - Long.numberOfLeadingZeros(value | SUB_BUCKET_MASK);
        int subBucket = (int) (value >>> bucket);
        return ((bucket + 1) << SUB_BUCKET_HALF_COUNT_MAGNITUDE) + subBucket - SUB_BUCKET_HALF_COUNT;
    }

    /** @return the lowest value of the bucket at an index (the inverse of {@link #index(long)}) */
    static long lowestValueAt(int index) {
        int bucket = (index >> SUB_BUCKET_HALF_COUNT_MAGNITUDE) - 1;
        int subBucket = (index & (SUB_BUCKET_HALF_COUNT - 1)) + SUB_BUCKET_HALF_COUNT;
        if (bucket < 0) {
            subBucket -= SUB_BUCKET_HALF_COUNT;
            bucket = 0;
        }
        return (long) subBucket << bucket;
    }
}

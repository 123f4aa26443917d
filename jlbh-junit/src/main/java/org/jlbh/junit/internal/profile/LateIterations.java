package org.jlbh.junit.internal.profile;

import java.util.Arrays;

/**
 * The late iterations of one harness thread in one run, each from its intended start to its end, merged where they
 * overlap (an iteration queued behind a slow one was due before that one ended), for a sample's time to be looked up.
 * Immutable.
 */
public final class LateIterations {
    private final long[] starts;
    private final long[] ends;
    private final int count;

    /**
     * @param intendedStartNanos each late iteration's intended start, nanoTime
     * @param endNanos           each one's end, nanoTime, in the same order
     */
    public LateIterations(long[] intendedStartNanos, long[] endNanos) {
        if (intendedStartNanos.length != endNanos.length) {
            throw new IllegalArgumentException("starts and ends differ in number");
        }
        this.count = intendedStartNanos.length;
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(intendedStartNanos[a], intendedStartNanos[b]));
        long[] mergedStarts = new long[count];
        long[] mergedEnds = new long[count];
        int merged = 0;
        for (int i : order) {
            if (merged > 0 && intendedStartNanos[i] <= mergedEnds[merged - 1]) {
                mergedEnds[merged - 1] = Math.max(mergedEnds[merged - 1], endNanos[i]);
            } else {
                mergedStarts[merged] = intendedStartNanos[i];
                mergedEnds[merged] = endNanos[i];
                merged++;
            }
        }
        this.starts = Arrays.copyOf(mergedStarts, merged);
        this.ends = Arrays.copyOf(mergedEnds, merged);
    }

    /** @return how many late iterations there were */
    public int count() {
        return count;
    }

    /**
     * @param nanos a time, nanoTime
     * @return whether a late iteration was due and not yet ended then (both ends included)
     */
    public boolean covers(long nanos) {
        int i = Arrays.binarySearch(starts, nanos);
        int at = i >= 0 ? i : -i - 2; // the last interval starting at or before the time
        return at >= 0 && nanos <= ends[at];
    }
}

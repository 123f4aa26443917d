package org.jlbh.junit.internal.profile;

import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * One harness thread's late iterations in a run, each from its intended start (a queue's wait behind a slow call
 * counts) to its end, merged where they overlap; nanoTime. Immutable.
 */
final class LateIterations {
    private final long[] starts;
    private final long[] ends;
    private final int count;

    /** Merges the late iterations, each one's intended start and end at the same index. */
    LateIterations(long[] intendedStartNanos, long[] endNanos) {
        this.count = intendedStartNanos.length;
        long[] mergedStarts = new long[count];
        long[] mergedEnds = new long[count];
        int merged = 0;
        for (int i : IntStream.range(0, count).boxed().sorted(Comparator.comparingLong(at -> intendedStartNanos[at]))
                .toList()) {
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

    /** @return the timeline's iterations whose latency is over {@code limitNanos} */
    static LateIterations of(RunTimeline timeline, long limitNanos) {
        int kept = timeline.lateKept();
        long[] starts = new long[kept];
        long[] ends = new long[kept];
        int over = 0;
        for (int i = 0; i < kept; i++) {
            if (timeline.lateNanos()[i] > limitNanos) {
                ends[over] = timeline.lateEndNanos()[i];
                starts[over] = ends[over] - timeline.lateNanos()[i];
                over++;
            }
        }
        return new LateIterations(Arrays.copyOf(starts, over), Arrays.copyOf(ends, over));
    }

    /** @return how many late iterations there were, before merging */
    int count() {
        return count;
    }

    /** @return whether a late iteration was due and not yet ended at that time (both ends included) */
    boolean covers(long nanos) {
        int i = Arrays.binarySearch(starts, nanos);
        int at = i >= 0 ? i : -i - 2; // the last interval starting at or before the time
        return at >= 0 && nanos <= ends[at];
    }
}

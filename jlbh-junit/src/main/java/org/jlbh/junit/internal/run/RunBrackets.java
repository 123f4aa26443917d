package org.jlbh.junit.internal.run;

import java.util.Arrays;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.IntStream;

/**
 * What each run of a measurement allocated and which collections fell in it, bracketed by the harness threads. Slot 0
 * is the warm-up, bracketed alike so that the JIT compiles the same code before the first measured run. Threads:
 * {@link #begin} under the caller's lock; {@link #endPart} with none, each thread writing its own cell; the getters
 * after the measurement.
 */
final class RunBrackets {
    private final long[] iterationsOfThread;
    private final int[] threadsWithIterations;
    private final boolean[] begun;
    /** Per run, per harness thread: bytes allocated over its part, -1 until it finished it. */
    private final long[][] allocatedByThread;
    /** Per run: harness threads yet to finish their part of it. */
    private final AtomicIntegerArray threadsRunning;
    private final long[][] gcCountsAtStart;
    private final long[][] gcCountsAtEnd;

    /** @param iterationsOfThread per harness thread, its iterations of the warm-up ({@code [0]}) and of a run */
    RunBrackets(int runs, long[][] iterationsOfThread) {
        this.iterationsOfThread = iterationsOfThread[1];
        this.threadsWithIterations = Arrays.stream(iterationsOfThread)
                .mapToInt(part -> (int) Arrays.stream(part).filter(iterations -> iterations > 0).count()).toArray();
        this.begun = new boolean[runs + 1];
        this.allocatedByThread = new long[runs + 1][this.iterationsOfThread.length];
        this.threadsRunning = new AtomicIntegerArray(runs + 1);
        // loads the management beans now: their first use costs milliseconds
        AllocationMeter.currentThreadAllocatedBytes();
        this.gcCountsAtStart = new long[runs + 1][GcMonitor.collectors().size()];
        this.gcCountsAtEnd = new long[runs + 1][GcMonitor.collectors().size()];
    }

    void clear() {
        for (int run = 0; run < begun.length; run++) {
            clear(run);
        }
    }

    /** Forgets one run's brackets (0: the warm-up's, before another round of it). */
    void clear(int run) {
        begun[run] = false;
        Arrays.fill(allocatedByThread[run], -1);
        threadsRunning.set(run, threadsWithIterations[run == 0 ? 0 : 1]);
        Arrays.fill(gcCountsAtStart[run], 0);
        Arrays.fill(gcCountsAtEnd[run], Long.MAX_VALUE);
    }

    /**
     * @param run the run, 0 for the warm-up
     * @return whether the calling thread began it, the first to reach it: the collectors' counts are read
     */
    boolean begin(int run) {
        if (begun[run]) {
            return false;
        }
        GcMonitor.collectionCounts(gcCountsAtStart[run]);
        begun[run] = true;
        return true;
    }

    /** A harness thread has finished its part of a run (0: the warm-up), allocating -1 when not measured. */
    void endPart(int run, int thread, long allocatedBytes) {
        allocatedByThread[run][thread] = allocatedBytes;
        if (threadsRunning.decrementAndGet(run) == 0) {
            GcMonitor.collectionCounts(gcCountsAtEnd[run]);
        }
    }

    /** @return bytes allocated over the 1-based run's iterations; empty when it did not complete them or is unknown */
    OptionalLong allocatedBytes(int run) {
        long[] ofThreads = allocatedByThread[run];
        boolean measured = IntStream.range(0, ofThreads.length)
                .allMatch(thread -> iterationsOfThread[thread] == 0 || ofThreads[thread] >= 0);
        return measured ? OptionalLong.of(Arrays.stream(ofThreads).filter(bytes -> bytes >= 0).sum())
                : OptionalLong.empty();
    }

    /** @return whether the collection fell in the 1-based run (after it began, for a run that did not complete) */
    boolean duringRun(int run, GcEvent collection) {
        return begun[run] && collection.between(gcCountsAtStart[run], gcCountsAtEnd[run]);
    }
}

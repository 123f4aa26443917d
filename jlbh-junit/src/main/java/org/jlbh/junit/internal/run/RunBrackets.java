package org.jlbh.junit.internal.run;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * What each run of a measurement allocated and which garbage collections fell in it, bracketed by the harness threads
 * themselves: each garbage collector's count when the run's first iteration began and when its last ended, and the
 * bytes each harness thread allocated over its part of the run (the test body's allocation, as the harness's own
 * loop allocates nothing). Slot 0 is the warm-up, bracketed alike so that the JIT compiles the same code before the
 * first measured run.
 *
 * <p>Threads: {@link #begin} is called by each harness thread at its first iteration of a run, under this object's
 * lock (once per thread per run); {@link #endPart} by each thread at its last, with no lock: each writes its own cell,
 * and the last to finish (an atomic count) reads the end counts. The getters are read after the measurement.
 */
final class RunBrackets {
    private final int threads;
    /** Per harness thread: its iterations of the warm-up ({@code [0]}), and of each run ({@code [1]}). */
    private final long[][] iterationsOfThread;
    private final boolean[] begun;
    /** Per run, per harness thread: bytes allocated over its part of the run, -1 until it finished it. */
    private final long[][] allocatedByThread;
    /** Per run: harness threads yet to finish their part of it. */
    private final AtomicIntegerArray threadsRunning;
    private final long[][] gcCountsAtStart;
    private final long[][] gcCountsAtEnd;

    /**
     * @param runs               measured runs
     * @param iterationsOfThread per harness thread, its iterations of the warm-up ({@code [0]}) and of each run
     *                           ({@code [1]})
     */
    RunBrackets(int runs, long[][] iterationsOfThread) {
        this.threads = iterationsOfThread[1].length;
        this.iterationsOfThread = iterationsOfThread;
        this.begun = new boolean[runs + 1];
        this.allocatedByThread = new long[runs + 1][threads];
        this.threadsRunning = new AtomicIntegerArray(runs + 1);
        // loads the management beans now, on the test's thread: their first use costs milliseconds
        AllocationMeter.currentThreadAllocatedBytes();
        this.gcCountsAtStart = new long[runs + 1][GcMonitor.collectors().size()];
        this.gcCountsAtEnd = new long[runs + 1][GcMonitor.collectors().size()];
    }

    /** Forgets the last measurement's brackets. */
    void clear() {
        for (int run = 0; run < begun.length; run++) {
            clear(run);
        }
    }

    /** Forgets one run's brackets (0: the warm-up's, before another round of it). */
    void clear(int run) {
        begun[run] = false;
        Arrays.fill(allocatedByThread[run], -1);
        threadsRunning.set(run, threadsWithIterations(iterationsOfThread[run == 0 ? 0 : 1]));
        Arrays.fill(gcCountsAtStart[run], 0);
        Arrays.fill(gcCountsAtEnd[run], -1);
    }

    /**
     * Reads the collectors' counts at the start of a run, when the calling thread is the first to reach it. Called
     * under this object's lock.
     *
     * @param run the run, 0 for the warm-up
     * @return whether the calling thread began it (the first to reach it)
     */
    boolean begin(int run) {
        if (begun[run]) {
            return false;
        }
        GcMonitor.collectionCounts(gcCountsAtStart[run]);
        begun[run] = true;
        return true;
    }

    /**
     * A harness thread has finished its part of a run: its allocation is kept, and the last thread to finish reads the
     * collectors' counts at the run's end.
     *
     * @param run            the run, 0 for the warm-up
     * @param thread         the harness thread's index
     * @param allocatedBytes what it allocated over its part, -1 when that could not be measured
     */
    void endPart(int run, int thread, long allocatedBytes) {
        allocatedByThread[run][thread] = allocatedBytes;
        if (threadsRunning.decrementAndGet(run) == 0) {
            GcMonitor.collectionCounts(gcCountsAtEnd[run]);
        }
    }

    /**
     * @param run 1-based measured run
     * @return bytes the harness threads allocated over the run's iterations, or -1 when the run did not complete its
     *         iterations or allocation could not be measured
     */
    long allocatedBytes(int run) {
        long sum = 0;
        for (int thread = 0; thread < threads; thread++) {
            if (iterationsOfThread[1][thread] == 0) {
                continue; // a thread with no iteration of the run allocated nothing in it
            }
            long allocated = allocatedByThread[run][thread];
            if (allocated < 0) {
                return -1;
            }
            sum += allocated;
        }
        return sum;
    }

    /**
     * @param run        1-based measured run
     * @param collection a garbage collection
     * @return whether it happened between the run's first iteration and the end of its last; for a run that did
     *         not complete its iterations, whether it happened after the run began
     */
    boolean duringRun(int run, GcEvent collection) {
        if (!begun[run]) {
            return false;
        }
        long[] end = gcCountsAtEnd[run];
        if (end.length > 0 && end[0] < 0) {
            end = new long[end.length];
            Arrays.fill(end, Long.MAX_VALUE);
        }
        return collection.between(gcCountsAtStart[run], end);
    }

    /** @return how many harness threads run some of a measurement, given each one's iterations of it */
    private static int threadsWithIterations(long[] iterationsOfThread) {
        int running = 0;
        for (long ofThread : iterationsOfThread) {
            running += ofThread > 0 ? 1 : 0;
        }
        return running;
    }
}

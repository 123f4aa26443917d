package org.jlbh.junit.internal.run;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.IterationContext;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a test method as a {@link JLBHTask}: one call per iteration, sampling end to end when it returns (unless
 * the method samples itself through its {@link IterationContext}). A throwable from the method ends the benchmark
 * and is kept, with where it happened, to fail the test with.
 *
 * <p>For each measured run it also notes each garbage collector's count when the run's first iteration began and
 * when its last ended, and how many bytes the harness threads allocated in between: the test body's allocation, as
 * the harness's own loop allocates nothing. It records the run's timelines ({@link Timelines}): end to end, when it
 * samples it, from the clock reading it takes for the sample anyway. Each harness thread takes its own scheduler
 * readings ({@link SchedulerReadings}): it opens them before its first iteration, offers them each iteration's start
 * and end (they read only after a late iteration, or in the slack before the next), and reads at the end of its part
 * of each run. The
 * getters are read after {@link JLBH#start()} returns. {@link #init} starts a fresh measurement, so one task serves
 * every attempt; an end-to-end sample whose iteration began before the current measurement did (an earlier attempt's
 * reply, arriving late) is not the current measurement's: it is counted ({@link #strayedSamples()}), not recorded.
 *
 * <p>Threads: the callbacks but {@code run} come on the first harness thread, while no other runs an iteration.
 * With several harness threads, {@code run} comes on each; each keeps its iteration's start, its count and its
 * allocation in a slot of its own, a cache line from the others', so that an iteration writes nothing another
 * thread writes. A run is begun (its GC counts and timelines) by the first thread to reach it, under a lock taken
 * once per thread per run, and its end GC counts are taken by the last thread to finish its part.
 */
public final class MethodTask implements JLBHTask, IterationContext {
    /** Longs between two threads' slots: two cache lines, so that neither shares a line with the other. */
    private static final int SLOT = 16;
    private static final int START = 0;
    private static final int ITERATION = 1;
    private static final int ALLOCATED_AT_RUN_START = 2;

    private final boolean samplesOnReturn;
    private final int warmUpIterations;
    private final long iterations;
    private final int runs;
    private final int threads;
    private final long scheduledRunNanos;
    private final long scheduledWarmUpNanos;
    private final Timelines timelines;
    /** Per harness thread: its iterations of the warm-up, and of each run. */
    private final long[] warmUpIterationsOfThread;
    private final long[] runIterationsOfThread;
    /**
     * Per harness thread: the scheduler readings it takes of itself, for the current measurement; set before the
     * harness starts its threads.
     */
    private SchedulerReadings[] readings;
    private Body body;
    private JLBH jlbh;
    /** Each harness thread's slot, from {@code SLOT}: its iteration's start, its iterations so far in the run, ... */
    private final long[] perThread;
    /** Written by the first harness thread while the others wait between their parts. */
    private int run;
    private Throwable failure;
    private String failedWhere;
    private long failedAfterNanos;
    private boolean failedInterrupted;
    private final Thread[] harnessThreads;
    /** When the current measurement began ({@link System#nanoTime()}): no iteration of it began earlier. */
    private volatile long measurementStartNanos;
    private final AtomicLong strayedSamples = new AtomicLong();
    private final boolean[] runStarted;
    /** Per run, per harness thread: bytes allocated over its part of the run, -1 until it finished it. */
    private final long[][] allocatedByThread;
    /** Per run: harness threads yet to finish their part of it. */
    private final AtomicIntegerArray threadsRunning;
    private final long[][] gcCountsAtStart;
    private final long[][] gcCountsAtEnd;

    /**
     * @param samplesOnReturn  whether this task samples end to end when the method returns
     * @param warmUpIterations warm-up iterations
     * @param iterations       iterations per run
     * @param runs             runs
     * @param throughput       iterations per second, for each run's scheduled length
     * @param threads          harness threads sharing the load
     * @param timelines        the timelines to record, with one end-to-end timeline per harness thread
     */
    public MethodTask(boolean samplesOnReturn, int warmUpIterations, long iterations, int runs, int throughput,
                      int threads, Timelines timelines) {
        this.samplesOnReturn = samplesOnReturn;
        this.warmUpIterations = warmUpIterations;
        this.iterations = iterations;
        this.runs = runs;
        this.threads = threads;
        this.scheduledRunNanos = (long) (iterations * 1e9 / throughput);
        this.scheduledWarmUpNanos = (long) (warmUpIterations * 1e9 / throughput);
        this.timelines = timelines;
        this.warmUpIterationsOfThread = new long[threads];
        this.runIterationsOfThread = new long[threads];
        for (int thread = 0; thread < threads; thread++) {
            warmUpIterationsOfThread[thread] = JLBH.iterationsOfThread(thread, threads, warmUpIterations);
            runIterationsOfThread[thread] = JLBH.iterationsOfThread(thread, threads, iterations);
        }
        this.perThread = new long[(threads + 2) * SLOT];
        this.harnessThreads = new Thread[threads];
        // slot 0 is the warm-up: measured the same way, so that the JIT compiles the measuring branches before
        // the first measured run instead of deoptimizing there (which, with its re-interpretation, allocated ~2 KB
        // on this thread in the first measured run)
        this.runStarted = new boolean[runs + 1];
        this.allocatedByThread = new long[runs + 1][threads];
        this.threadsRunning = new AtomicIntegerArray(runs + 1);
        // loads the management beans now, on the test's thread: their first use costs milliseconds
        AllocationMeter.currentThreadAllocatedBytes();
        this.gcCountsAtStart = new long[runs + 1][GcMonitor.collectors().size()];
        this.gcCountsAtEnd = new long[runs + 1][GcMonitor.collectors().size()];
    }

    /** @param body the test method to call; set before the benchmark starts */
    public void body(Body body) {
        this.body = body;
    }

    /**
     * @param evidence the evidence collection of the next measurement: each harness thread opens its readings before
     *                 its first iteration, reads after its iterations, and at the end of each part of a run
     */
    public void evidence(EvidenceSource.Recording evidence) {
        SchedulerReadings[] ofThreads = new SchedulerReadings[threads];
        for (int thread = 0; thread < threads; thread++) {
            ofThreads[thread] = evidence.readingsOf(thread);
        }
        this.readings = ofThreads;
    }

    @Override
    public void init(JLBH jlbh) {
        this.jlbh = jlbh;
        Arrays.fill(harnessThreads, null);
        harnessThreads[0] = Thread.currentThread();
        readings[0].open();
        timelines.clear();
        this.run = warmUpIterations > 0 ? 0 : 1;
        Arrays.fill(perThread, 0);
        this.failure = null;
        this.failedWhere = null;
        strayedSamples.set(0);
        // written after jlbh: a thread that reads this start reads this measurement's harness too
        measurementStartNanos = System.nanoTime();
        Arrays.fill(runStarted, false);
        for (int i = 0; i <= runs; i++) {
            Arrays.fill(allocatedByThread[i], -1);
            threadsRunning.set(i, threadsWithIterations(i == 0 ? warmUpIterationsOfThread : runIterationsOfThread));
            Arrays.fill(gcCountsAtStart[i], 0);
            Arrays.fill(gcCountsAtEnd[i], -1);
        }
    }

    @Override
    public void run(long startTimeNS) {
        int thread = threads == 1 ? 0 : jlbh.threadIndex();
        int slot = (thread + 1) * SLOT;
        perThread[slot + START] = startTimeNS;
        long iteration = perThread[slot + ITERATION];
        int run = this.run;
        boolean measured = run <= runs;
        SchedulerReadings scheduler = readings[thread];
        if (measured && iteration == 0) {
            beginRun(run, thread, startTimeNS);
            scheduler.open(); // once, on this thread: at its first iteration, for a harness thread after the first
            scheduler.beginPart(run);
            perThread[slot + ALLOCATED_AT_RUN_START] = AllocationMeter.currentThreadAllocatedBytes();
        }
        try {
            body.run();
        } catch (Throwable t) {
            failed(t, run, thread, iteration, startTimeNS);
            // the harness ends the run and says what the task threw, and where
            throw MethodTask.<RuntimeException>rethrow(t);
        }
        long now = System.nanoTime();
        if (samplesOnReturn) {
            long latency = now - startTimeNS;
            jlbh.sample(latency);
            timelines.endToEndOfThread(thread).record(now, latency);
        }
        scheduler.afterIteration(startTimeNS, now);
        iteration++;
        perThread[slot + ITERATION] = iteration;
        if (measured && iteration == (run == 0 ? warmUpIterationsOfThread : runIterationsOfThread)[thread]) {
            long allocatedAtStart = perThread[slot + ALLOCATED_AT_RUN_START];
            long allocated = AllocationMeter.currentThreadAllocatedBytes();
            allocatedByThread[run][thread] = allocatedAtStart < 0 ? -1 : allocated - allocatedAtStart;
            // after the allocation is read: the first time compiled code comes here, the JIT may re-interpret it
            scheduler.endOfPart();
            if (threadsRunning.decrementAndGet(run) == 0) {
                GcMonitor.collectionCounts(gcCountsAtEnd[run]);
            }
        }
    }

    /** Begins the run's GC counts and timelines, when this thread is the first to reach it. */
    private synchronized void beginRun(int run, int thread, long startTimeNS) {
        harnessThreads[thread] = Thread.currentThread();
        if (runStarted[run]) {
            return;
        }
        GcMonitor.collectionCounts(gcCountsAtStart[run]);
        runStarted[run] = true;
        // the warm-up records too, so that the JIT compiles the recording before the first measured run
        timelines.beginRun(run, startTimeNS, run == 0 ? scheduledWarmUpNanos : scheduledRunNanos);
    }

    /** Keeps the first throwable of the measurement, with where it happened. */
    private synchronized void failed(Throwable t, int run, int thread, long iteration, long startTimeNS) {
        if (failure != null) {
            return;
        }
        failure = t;
        failedAfterNanos = System.nanoTime() - startTimeNS;
        failedInterrupted = Thread.currentThread().isInterrupted() || causedByInterrupt(t);
        long planned = (run == 0 ? warmUpIterationsOfThread : runIterationsOfThread)[thread];
        // with several threads, the iteration is counted in the thread's own part of the run
        String onThread = threads == 1 ? "" : String.format(Locale.ROOT, " on harness thread %d (of %d)", thread,
                threads);
        failedWhere = run == 0
                ? String.format(Locale.ROOT, "warm-up iteration %,d of %,d%s", iteration + 1, planned, onThread)
                : String.format(Locale.ROOT, "run %d of %d, iteration %,d of %,d%s", run, runs, iteration + 1,
                planned, onThread);
    }

    /** @return how many harness threads run some of a measurement, given each one's iterations of it */
    private static int threadsWithIterations(long[] iterationsOfThread) {
        int running = 0;
        for (long ofThread : iterationsOfThread) {
            running += ofThread > 0 ? 1 : 0;
        }
        return running;
    }

    @Override
    public void warmedUp() {
        timelines.discardRun();
        run = 1;
        restartCounts();
    }

    @Override
    public void runComplete() {
        timelines.endRun();
        run++;
        restartCounts();
    }

    /** Each harness thread's next iteration is the first of its part of the next run. */
    private void restartCounts() {
        for (int thread = 0; thread < threads; thread++) {
            perThread[(thread + 1) * SLOT + ITERATION] = 0;
        }
    }

    @Override
    public long startTimeNanos() {
        int thread = threadIndex();
        if (thread < 0) {
            if (threads == 1) {
                return perThread[SLOT + START]; // as ever: the harness thread's latest iteration
            }
            throw new IllegalStateException("IterationContext.startTimeNanos() was read on thread "
                    + Thread.currentThread().getName() + ", which is not one of the harness threads: with threads = "
                    + threads + ", read it on the thread running the test body: each harness thread has an iteration of its own "
                    + "under way");
        }
        return perThread[(thread + 1) * SLOT + START];
    }

    @Override
    public int threadIndex() {
        if (threads == 1) {
            return Thread.currentThread() == harnessThreads[0] ? 0 : -1;
        }
        JLBH current = jlbh;
        return current == null ? -1 : current.threadIndex();
    }

    @Override
    public void sampleEndToEnd(long latencyNanos) {
        long now = System.nanoTime();
        if (latencyNanos > now - measurementStartNanos) {
            // its iteration began before this measurement: an earlier attempt's, whose reply came late
            strayedSamples.incrementAndGet();
            return;
        }
        jlbh.sample(latencyNanos);
        LatencyTimeline endToEnd = timelines.endToEnd();
        if (latencyNanos > endToEnd.lateNanos()) {
            endToEnd.recordLate(now, latencyNanos);
        }
    }

    /**
     * @return how many end-to-end samples the current measurement was given whose iteration began before it (each
     *         latency longer than the measurement had lasted when it came): not recorded
     */
    public long strayedSamples() {
        return strayedSamples.get();
    }

    /** @return the timelines recorded */
    public Timelines timelines() {
        return timelines;
    }

    /** @return what the test method threw, or null */
    public Throwable failure() {
        return failure;
    }

    /** @return where it threw, e.g. "run 2 of 3, iteration 1,235 of 10,000" */
    public String failedWhere() {
        return failedWhere;
    }

    /**
     * @return how long after its start (the intended start, with coordinated omission accounted for) the failing
     *         iteration threw, in nanoseconds
     */
    public long failedAfterNanos() {
        return failedAfterNanos;
    }

    /**
     * @param timeoutMillis the harness's timeout
     * @return whether what the test method threw came after the harness had given up on the iteration: it had run
     *         past the timeout and was interrupted (its exception, or one it caused, says so)
     */
    public boolean failedAfterTimeout(long timeoutMillis) {
        return failure != null && failedInterrupted && failedAfterNanos >= timeoutMillis * 1_000_000;
    }

    private static boolean causedByInterrupt(Throwable t) {
        // a cause chain may loop (a.initCause(b), b.initCause(a)): each cause is looked at once
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable cause = t; cause != null && seen.add(cause); cause = cause.getCause()) {
            if (cause instanceof InterruptedException || cause instanceof java.io.InterruptedIOException
                    || cause instanceof java.nio.channels.ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return the threads the last measurement ran the test method on (the first harness thread first), none before
     *         the first
     */
    public List<Thread> harnessThreads() {
        List<Thread> all = new ArrayList<>();
        for (Thread thread : harnessThreads) {
            if (thread != null) {
                all.add(thread);
            }
        }
        return all;
    }

    /** Throws a throwable, checked or not, without declaring it: the test method may throw anything. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }

    /**
     * @param run 1-based measured run
     * @return bytes the harness threads allocated over the run's iterations, or -1 when the run did not complete its
     *         iterations or allocation could not be measured
     */
    public long allocatedBytes(int run) {
        long sum = 0;
        for (int thread = 0; thread < threads; thread++) {
            if (runIterationsOfThread[thread] == 0) {
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
    public boolean duringRun(int run, GcEvent collection) {
        if (!runStarted[run]) {
            return false;
        }
        long[] end = gcCountsAtEnd[run];
        if (end.length > 0 && end[0] < 0) {
            end = new long[end.length];
            Arrays.fill(end, Long.MAX_VALUE);
        }
        return collection.between(gcCountsAtStart[run], end);
    }
}

package org.jlbh.junit.internal.run;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.IterationContext;

import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a test method as a {@link JLBHTask}: one call per iteration, sampling end to end when it returns (unless
 * the method samples itself through its {@link IterationContext}). A throwable from the method ends the benchmark
 * and is kept, with where it happened, to fail the test with.
 *
 * <p>For each measured run it also notes each garbage collector's count when the run's first iteration began and
 * when its last ended, and how many bytes the harness thread allocated in between: the test body's allocation, as the
 * harness's own loop allocates nothing. It records the run's timelines ({@link Timelines}): end to end, when it samples
 * it, from the clock reading it takes for the sample anyway. It tells the evidence collection which thread the
 * harness is, once, before the loop. Used on the harness thread; the getters are read after {@link JLBH#start()}
 * returns. {@link #init} starts a fresh measurement, so one task serves every attempt; an end-to-end sample whose
 * iteration began before the current measurement did (an earlier attempt's reply, arriving late) is not the current
 * measurement's: it is counted ({@link #strayedSamples()}), not recorded.
 */
public final class MethodTask implements JLBHTask, IterationContext {
    private final boolean samplesOnReturn;
    private final int warmUpIterations;
    private final long iterations;
    private final int runs;
    private final long scheduledRunNanos;
    private final long scheduledWarmUpNanos;
    private final Timelines timelines;
    private volatile EvidenceSource.Recording evidence;
    private Body body;
    private JLBH jlbh;
    private long startTimeNanos;
    private int run;
    private long iteration;
    private Throwable failure;
    private String failedWhere;
    private long failedAfterNanos;
    private boolean failedInterrupted;
    private volatile Thread harnessThread;
    /** When the current measurement began ({@link System#nanoTime()}): no iteration of it began earlier. */
    private volatile long measurementStartNanos;
    private final AtomicLong strayedSamples = new AtomicLong();
    private final boolean[] runStarted;
    private final long[] runAllocatedBytes;
    private final long[][] gcCountsAtStart;
    private final long[][] gcCountsAtEnd;
    private long allocatedAtRunStart;

    /**
     * @param samplesOnReturn  whether this task samples end to end when the method returns
     * @param warmUpIterations warm-up iterations
     * @param iterations       iterations per run
     * @param runs             runs
     * @param throughput       iterations per second, for each run's scheduled length
     * @param timelines        the timelines to record
     */
    public MethodTask(boolean samplesOnReturn, int warmUpIterations, long iterations, int runs, int throughput,
                      Timelines timelines) {
        this.samplesOnReturn = samplesOnReturn;
        this.warmUpIterations = warmUpIterations;
        this.iterations = iterations;
        this.runs = runs;
        this.scheduledRunNanos = (long) (iterations * 1e9 / throughput);
        this.scheduledWarmUpNanos = (long) (warmUpIterations * 1e9 / throughput);
        this.timelines = timelines;
        // slot 0 is the warm-up: measured the same way, so that the JIT compiles the measuring branches before
        // the first measured run instead of deoptimizing there (which, with its re-interpretation, allocated ~2 KB
        // on this thread in the first measured run)
        this.runStarted = new boolean[runs + 1];
        this.runAllocatedBytes = new long[runs + 1];
        // loads the management beans now, on the test's thread: their first use costs milliseconds
        AllocationMeter.currentThreadAllocatedBytes();
        this.gcCountsAtStart = new long[runs + 1][GcMonitor.collectors().size()];
        this.gcCountsAtEnd = new long[runs + 1][GcMonitor.collectors().size()];
    }

    /** @param body the test method to call; set before the benchmark starts */
    public void body(Body body) {
        this.body = body;
    }

    /** @param evidence the evidence collection of the next measurement, told which thread the harness is at its start */
    public void evidence(EvidenceSource.Recording evidence) {
        this.evidence = evidence;
    }

    @Override
    public void init(JLBH jlbh) {
        this.jlbh = jlbh;
        this.harnessThread = Thread.currentThread();
        EvidenceSource.Recording current = evidence;
        if (current != null) {
            current.harnessThreadIs(Thread.currentThread());
        }
        timelines.clear();
        this.run = warmUpIterations > 0 ? 0 : 1;
        this.iteration = 0;
        this.failure = null;
        this.failedWhere = null;
        strayedSamples.set(0);
        // written after jlbh: a thread that reads this start reads this measurement's harness too
        measurementStartNanos = System.nanoTime();
        Arrays.fill(runStarted, false);
        Arrays.fill(runAllocatedBytes, -1);
        for (int i = 0; i <= runs; i++) {
            Arrays.fill(gcCountsAtStart[i], 0);
            Arrays.fill(gcCountsAtEnd[i], -1);
        }
    }

    @Override
    public void run(long startTimeNS) {
        startTimeNanos = startTimeNS;
        boolean measured = run <= runs;
        if (measured && iteration == 0) {
            GcMonitor.collectionCounts(gcCountsAtStart[run]);
            runStarted[run] = true;
            // the warm-up records too, so that the JIT compiles the recording before the first measured run
            timelines.beginRun(run, startTimeNS, run == 0 ? scheduledWarmUpNanos : scheduledRunNanos);
            allocatedAtRunStart = AllocationMeter.currentThreadAllocatedBytes();
        }
        try {
            body.run();
        } catch (Throwable t) {
            if (failure == null) {
                failure = t;
                failedAfterNanos = System.nanoTime() - startTimeNS;
                failedInterrupted = Thread.currentThread().isInterrupted() || causedByInterrupt(t);
                failedWhere = run == 0
                        ? String.format(Locale.ROOT, "warm-up iteration %,d of %,d", iteration + 1, warmUpIterations)
                        : String.format(Locale.ROOT, "run %d of %d, iteration %,d of %,d", run, runs, iteration + 1, iterations);
            }
            // the harness ends the run and says what the task threw, and where
            throw MethodTask.<RuntimeException>rethrow(t);
        }
        if (samplesOnReturn) {
            long now = System.nanoTime();
            long latency = now - startTimeNS;
            jlbh.sample(latency);
            timelines.endToEnd().record(now, latency);
        }
        iteration++;
        if (measured && iteration == (run == 0 ? warmUpIterations : iterations)) {
            long allocated = AllocationMeter.currentThreadAllocatedBytes();
            runAllocatedBytes[run] = allocatedAtRunStart < 0 ? -1 : allocated - allocatedAtRunStart;
            GcMonitor.collectionCounts(gcCountsAtEnd[run]);
        }
    }

    @Override
    public void warmedUp() {
        timelines.discardRun();
        run = 1;
        iteration = 0;
    }

    @Override
    public void runComplete() {
        timelines.endRun();
        run++;
        iteration = 0;
    }

    @Override
    public long startTimeNanos() {
        return startTimeNanos;
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

    /** @return the thread the last measurement ran the test method on, or null before the first */
    public Thread harnessThread() {
        return harnessThread;
    }

    /** Throws a throwable, checked or not, without declaring it: the test method may throw anything. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }

    /**
     * @param run 1-based measured run
     * @return bytes the harness thread allocated over the run's iterations, or -1 when the run did not complete
     *         its iterations or allocation could not be measured
     */
    public long allocatedBytes(int run) {
        return runAllocatedBytes[run];
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

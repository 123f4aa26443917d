package org.jlbh.junit.internal.run;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.run.evidence.EvidenceSource;
import org.jlbh.junit.internal.run.evidence.SchedulerReadings;
import org.jlbh.junit.internal.run.evidence.TestThreads;
import org.jlbh.junit.internal.run.paired.Alternation;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;
import org.jlbh.junit.internal.run.timeline.Timelines;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Runs a test method as a {@link JLBHTask}: one call per iteration, sampling end to end when it returns (unless
 * the method samples itself through its {@link IterationContext}). A throwable from the method ends the benchmark
 * and is kept, with where it happened, to fail the test with ({@link BodyFailure}).
 *
 * <p>For each measured run it also brackets the garbage collections and the bytes the harness threads allocated
 * ({@link RunBrackets}). It records the run's timelines ({@link Timelines}): end to end, when it
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

    private final RunPlan plan;
    private final boolean samplesOnReturn;
    /** Harness threads: read by every iteration, so kept beside the plan. */
    private final int threads;
    private final Timelines timelines;
    /** Per harness thread: its iterations of the warm-up ({@code [0]}), and of each run ({@code [1]}). */
    private final long[][] iterationsOfThread;
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
    private final Thread[] harnessThreads;
    private volatile Consumer<Thread> threadWatcher;
    /**
     * Each harness thread's iterations in the current part: the warm-up's or a run's. Swapped when the part changes,
     * so that the loop never branches on which part it is in: a branch the warm-up never took made the JIT throw its
     * compiled loop away in the first measured run (seen with runs of 10,000 iterations, 0.6 s of run 1 on the
     * profiling compiler's code).
     */
    private long[] partIterations;
    /** When the current measurement began ({@link System#nanoTime()}): no iteration of it began earlier. */
    private volatile long measurementStartNanos;
    private final AtomicLong strayedSamples = new AtomicLong();
    private final RunBrackets brackets;
    private final BodyFailure failure = new BodyFailure();
    /** In a paired measurement, the turns this side takes with the other; null otherwise. */
    private volatile Alternation turns;
    /** Whether the warm-up ends with a full collection, for a test that allows none ({@link #warmedUp()}). */
    private boolean collectsBeforeRuns;
    private volatile int side;

    /**
     * @param plan      what the test runs: its warm-up, runs and their iterations, its rate, its harness threads, and
     *                  whether the method samples end to end itself
     * @param timelines the timelines to record, with one end-to-end timeline per harness thread
     */
    public MethodTask(RunPlan plan, Timelines timelines) {
        this.plan = plan;
        this.samplesOnReturn = !plan.samplesItself();
        this.threads = plan.threads();
        this.timelines = timelines;
        this.iterationsOfThread = new long[2][threads];
        for (int thread = 0; thread < threads; thread++) {
            iterationsOfThread[0][thread] = JLBH.iterationsOfThread(thread, threads, plan.warmUpIterations());
            iterationsOfThread[1][thread] = JLBH.iterationsOfThread(thread, threads, plan.iterations());
        }
        this.perThread = new long[(threads + 2) * SLOT];
        this.harnessThreads = new Thread[threads];
        // the warm-up is bracketed the same way, so that the JIT compiles the measuring branches before the first
        // measured run instead of deoptimizing there (which, with its re-interpretation, allocated ~2 KB on this
        // thread in the first measured run)
        this.brackets = new RunBrackets(plan.runs(), iterationsOfThread);
    }

    /**
     * @param turns the turns this side takes with the other side of a paired measurement, or null for none
     * @param side  {@link Alternation#BASE} or {@link Alternation#CHANGE}
     */
    void alternate(Alternation turns, int side) {
        this.side = side;
        this.turns = turns;
    }

    /**
     * @param collects whether the warm-up ends with a full collection ({@code System.gc()}), so that the measured runs
     *                 begin on an empty young generation: set for a test that allows no collection
     *                 ({@code maxGcCount = 0}); before the benchmark starts
     */
    void collectGarbageBeforeRuns(boolean collects) {
        this.collectsBeforeRuns = collects;
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
        Alternation paired = turns;
        if (paired != null) {
            paired.awaitTurn(side); // the other side warms up first, or measures its run
        }
        this.jlbh = jlbh;
        Arrays.fill(harnessThreads, null);
        harnessThreads[0] = Thread.currentThread();
        tellWatcher();
        readings[0].open();
        timelines.clear();
        this.run = plan.warmUpIterations() > 0 ? 0 : 1;
        this.partIterations = iterationsOfThread[run == 0 ? 0 : 1];
        Arrays.fill(perThread, 0);
        failure.clear();
        strayedSamples.set(0);
        // written after jlbh: a thread that reads this start reads this measurement's harness too
        measurementStartNanos = System.nanoTime();
        brackets.clear();
    }

    @Override
    public void run(long startTimeNS) {
        int thread = threads == 1 ? 0 : jlbh.threadIndex();
        int slot = (thread + 1) * SLOT;
        perThread[slot + START] = startTimeNS;
        long iteration = perThread[slot + ITERATION];
        int run = this.run;
        boolean measured = run <= plan.runs();
        SchedulerReadings scheduler = readings[thread];
        if (measured && iteration == 0) {
            beginRun(run, thread, startTimeNS);
            scheduler.open(); // once, on this thread: at its first iteration, for a harness thread after the first
            scheduler.beginPart(run);
            perThread[slot + ALLOCATED_AT_RUN_START] = AllocationMeter.currentThreadAllocatedBytes();
        }
        // a queued iteration (the one before ended after this one was due) begins after the harness's own work: when
        // its call begins is read, so that a replay without the pauses that queued it does not count that work as the
        // code's; an iteration on schedule reads nothing more (when it ends late, the harness's call time is taken)
        LatencyTimeline endToEnd = samplesOnReturn ? timelines.endToEndOfThread(thread) : null;
        long began = endToEnd != null && endToEnd.queued(startTimeNS) ? System.nanoTime() : Long.MIN_VALUE;
        try {
            body.run();
        } catch (Throwable t) {
            failure.capture(t, run, plan.runs(), thread, threads, iteration, partIterations[thread], startTimeNS);
            // the harness ends the run and says what the task threw, and where
            throw MethodTask.<RuntimeException>rethrow(t);
        }
        long now = System.nanoTime();
        if (samplesOnReturn) {
            long latency = now - startTimeNS;
            jlbh.sample(latency);
            if (began == Long.MIN_VALUE && latency > endToEnd.lateNanos()) {
                // a late iteration on its schedule: when the harness called it says how late it began with no call
                // running (the harness read its clock for that anyway), so that a replay can keep that time out of
                // the code's account
                began = jlbh.callTimeNanos();
            }
            endToEnd.record(now, latency, began);
        }
        scheduler.afterIteration(startTimeNS, now);
        iteration++;
        perThread[slot + ITERATION] = iteration;
        if (measured && iteration == partIterations[thread]) {
            long allocatedAtStart = perThread[slot + ALLOCATED_AT_RUN_START];
            long allocated = AllocationMeter.currentThreadAllocatedBytes();
            brackets.endPart(run, thread, allocatedAtStart < 0 ? -1 : allocated - allocatedAtStart);
            // after the allocation is read: the first time compiled code comes here, the JIT may re-interpret it
            scheduler.endOfPart();
        }
    }

    /** Begins the run's GC counts and timelines, when this thread is the first to reach it. */
    private synchronized void beginRun(int run, int thread, long startTimeNS) {
        harnessThreads[thread] = Thread.currentThread();
        tellWatcher();
        if (brackets.begin(run)) {
            // the warm-up records too, so that the JIT compiles the recording before the first measured run
            timelines.beginRun(run, startTimeNS, run == 0 ? plan.scheduledWarmUpNanos() : plan.scheduledRunNanos());
        }
    }

    /**
     * Between two rounds of a warm-up in rounds, on the thread that runs the task: whether the warm-up is done; if not,
     * the next round is bracketed and recorded afresh, like the first.
     *
     * @param gauge tells when the JIT is done
     * @return whether the warm-up is done
     */
    boolean warmedUpAfterRound(WarmUpGauge gauge) {
        if (gauge.roundEnded()) {
            return true;
        }
        timelines.discardRun();
        restartCounts();
        brackets.clear(0);
        return false;
    }

    /**
     * After the warm-up, before the first measured run: for a test that allows no collection, collects the heap first.
     * The JVM counts every collection during the runs, whatever filled the young generation; without this, garbage
     * that earlier tests in the same JVM left could fill it with the few KB other threads allocate during the runs (the
     * Flight Recorder's reader, ~40-170 KB over two runs of 0.4 s here) and a garbage-free body would fail. Only then:
     * a full collection shrinks the heap, and an allocating body measured right after it collects more often than it
     * would in a running system.
     */
    @Override
    public void warmedUp() {
        if (collectsBeforeRuns) {
            System.gc();
        }
        timelines.discardRun();
        run = 1;
        partIterations = iterationsOfThread[1];
        restartCounts();
        // after the warm-up, which may have started some (a lock's holder, on its first use); the harness calls this
        // before the first measured run with or without a warm-up
        watchTestThreads();
        handOver();
    }

    /**
     * Finds the test's own other threads, and has each harness thread's readings read how long they run on a CPU: while
     * a harness thread waits for one, the time they ran is the code's, not the platform's. Between parts of the
     * measurement (it allocates).
     */
    private void watchTestThreads() {
        TestThreads found = TestThreads.find();
        for (SchedulerReadings ofThread : readings) {
            ofThread.watch(found);
        }
    }

    @Override
    public void runComplete() {
        timelines.endRun();
        run++;
        restartCounts();
        handOver();
    }

    /** In a paired measurement, lets the other side measure its next part before this side goes on. */
    private void handOver() {
        Alternation paired = turns;
        if (paired != null) {
            paired.done(side);
        }
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

    /**
     * @param watcher told of each harness thread as it starts to run the method, from that thread (at the measurement's
     *                start and at each run's first iteration of each thread); null for none
     */
    void watchThreads(Consumer<Thread> watcher) {
        this.threadWatcher = watcher;
    }

    /** Tells the watcher, if any, of the calling harness thread. */
    private void tellWatcher() {
        Consumer<Thread> watcher = threadWatcher;
        if (watcher != null) {
            watcher.accept(Thread.currentThread());
        }
    }

    /** @return the first throwable of the test body in the last measurement, and where it came */
    BodyFailure failure() {
        return failure;
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

    /** @return each run's allocation and collections, as the harness threads bracketed them */
    RunBrackets brackets() {
        return brackets;
    }
}

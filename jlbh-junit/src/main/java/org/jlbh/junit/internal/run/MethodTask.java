package org.jlbh.junit.internal.run;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.run.evidence.EvidenceSource;
import org.jlbh.junit.internal.run.evidence.SchedulerReadings;
import org.jlbh.junit.internal.run.evidence.TestThreads;
import org.jlbh.junit.internal.run.paired.PairSchedule;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;
import org.jlbh.junit.internal.run.timeline.Timelines;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * Runs a test method as a {@link JLBHTask}: one call per iteration, sampling end to end when it returns unless the
 * method samples itself ({@link IterationContext}); the first throwable ends the benchmark ({@link BodyFailure}). In
 * the paired mode it calls the base's copy of the method, the control (a second copy of the base's) and the change's
 * second copy too, in the same harness on the same threads: the warm-up's calls take turns between the four, and each
 * run is one copy's ({@link PairSchedule}).
 * Beside the calls it brackets each run ({@link RunBrackets}), records the timelines ({@link Timelines}) and offers
 * each iteration to the thread's {@link SchedulerReadings}, allocating nothing. {@link #init} starts a fresh
 * measurement, so one task serves every attempt.
 *
 * <p>Threads: the callbacks but {@code run} come on the first harness thread while no other runs an iteration;
 * {@code run} on each harness thread, which writes only its own slot of {@code perThread}. The getters are read after
 * {@link JLBH#start()} returns.
 */
public final class MethodTask implements JLBHTask, IterationContext {
    /** Longs between two threads' slots: two cache lines. */
    private static final int SLOT = 16;
    private static final int START = 0;
    private static final int ITERATION = 1;
    private static final int ALLOCATED_AT_RUN_START = 2;

    private final RunPlan plan;
    private final boolean samplesOnReturn;
    private final int threads;
    private final Timelines timelines;
    /** Per harness thread: its iterations of the warm-up ({@code [0]}), and of each run ({@code [1]}). */
    private final long[][] iterationsOfThread;
    private SchedulerReadings[] readings;
    private Body body;
    /**
     * In a paired measurement each side's body, at its {@link PairSchedule} index, else null; written between
     * measurements.
     */
    private volatile Body[] sides;
    /** The body the part under way calls: written between parts, so that the loop never branches on the side. */
    private Body partBody;
    /** The runs the current measurement takes: the test's, or one a side as many in the paired mode. */
    private int measuredRuns;
    private JLBH jlbh;
    /** Per harness thread, a slot of {@code SLOT} longs from {@code (thread + 1) * SLOT}: START, ITERATION, ... */
    private final long[] perThread;
    /** The part under way: 0 the warm-up, then the 1-based run; written between parts. */
    private int run;
    private final Thread[] harnessThreads;
    private volatile Consumer<Thread> threadWatcher;
    /** Per harness thread, its iterations of the part under way: swapped, so that the loop never branches on it. */
    private long[] partIterations;
    /** When the current measurement began, nanoTime: no iteration of it began earlier. */
    private volatile long measurementStartNanos;
    private final AtomicLong strayedSamples = new AtomicLong();
    private final RunBrackets brackets;
    private final BodyFailure failure = new BodyFailure();
    private final boolean collectsBeforeRuns;

    /** @param mostRuns the most runs a measurement takes: a paired one takes every side's */
    MethodTask(RunPlan plan, Timelines timelines, boolean collectsBeforeRuns, int mostRuns) {
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
        this.brackets = new RunBrackets(mostRuns, iterationsOfThread);
        this.collectsBeforeRuns = collectsBeforeRuns;
    }

    /**
     * Has the next measurements call the base's copy of the method, the control and the change's second copy too, as
     * {@link PairSchedule} says, or this method alone again.
     *
     * @param base       the base's copy of the method, or null to measure this method alone again
     * @param control    a second copy of the base's method, loaded apart from the first; null when {@code base} is
     * @param changeCopy a second copy of this method, loaded apart from the test's class; null when {@code base} is
     */
    void pairWith(Body base, Body control, Body changeCopy) {
        this.sides = base == null ? null : new Body[]{base, body, control, changeCopy};
        long warmUp = warmUpIterations();
        for (int thread = 0; thread < threads; thread++) {
            iterationsOfThread[0][thread] = JLBH.iterationsOfThread(thread, threads, warmUp);
        }
    }

    /** @return the next measurement's warm-up iterations: the test's for each side, their calls taking turns */
    int warmUpIterations() {
        return sides() * plan.warmUpIterations();
    }

    /** @return the sides the next measurement measures: 1, or {@link PairSchedule#SIDES} in the paired mode */
    int sides() {
        return sides == null ? 1 : PairSchedule.SIDES;
    }

    /** @param runs the runs the next measurement takes, every side's in the paired mode */
    void measuring(int runs) {
        this.measuredRuns = runs;
    }

    /** @return the part under way: 0 the warm-up, then the 1-based run, past the last when all ended */
    int part() {
        return run;
    }

    /** @return the body that {@code run} calls; the warm-up's calls take turns in {@link #run} */
    private Body bodyOf(int run) {
        Body[] paired = sides;
        if (paired == null || run == 0) {
            return body;
        }
        int side = PairSchedule.sideOfRun(run, measuredRuns / PairSchedule.SIDES);
        return side == PairSchedule.NEITHER ? body : paired[side];
    }

    void body(Body body) {
        this.body = body;
    }

    /** @param evidence the next measurement's, whose readings each harness thread takes */
    void evidence(EvidenceSource.Recording evidence) {
        this.readings = IntStream.range(0, threads).mapToObj(evidence::readingsOf).toArray(SchedulerReadings[]::new);
    }

    @Override
    public void init(JLBH jlbh) {
        this.jlbh = jlbh;
        Arrays.fill(harnessThreads, null);
        harnessThreads[0] = Thread.currentThread();
        tellWatcher();
        readings[0].open();
        timelines.clear();
        this.run = plan.warmUpIterations() > 0 ? 0 : 1;
        this.partIterations = iterationsOfThread[run == 0 ? 0 : 1];
        this.partBody = bodyOf(run);
        Arrays.fill(perThread, 0);
        failure.clear();
        strayedSamples.set(0);
        // written after jlbh: a thread that reads this start reads this measurement's harness
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
        boolean measured = run <= measuredRuns;
        SchedulerReadings scheduler = readings[thread];
        if (measured && iteration == 0) {
            beginRun(run, thread, startTimeNS);
            scheduler.open(); // a no-op after the first time
            scheduler.beginPart(run);
            perThread[slot + ALLOCATED_AT_RUN_START] = AllocationMeter.currentThreadAllocatedBytes();
        }
        // a queued iteration's call begins after the harness's own work: read, to keep that work out of a replay
        LatencyTimeline endToEnd = samplesOnReturn ? timelines.endToEndOfThread(thread) : null;
        long began = endToEnd != null && endToEnd.queued(startTimeNS) ? System.nanoTime() : Long.MIN_VALUE;
        Body call = partBody;
        Body[] paired = run == 0 ? sides : null;
        if (paired != null) {
            call = paired[PairSchedule.sideOfWarmUpCall(iteration)];
        }
        try {
            call.run();
        } catch (Throwable t) {
            failure.capture(t, sideOf(call), run, measuredRuns, thread, threads, iteration, partIterations[thread],
                    startTimeNS);
            throw MethodTask.<RuntimeException>rethrow(t);
        }
        long now = System.nanoTime();
        if (samplesOnReturn) {
            long latency = now - startTimeNS;
            jlbh.sample(latency);
            if (began == Long.MIN_VALUE && latency > endToEnd.lateNanos()) {
                // a late iteration on its schedule began when the harness called it
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
            // after the allocation is read: the JIT may re-interpret this the first time
            scheduler.endOfPart();
        }
    }

    /** @return the {@link PairSchedule} side whose body {@code call} is; {@link PairSchedule#CHANGE} unpaired */
    private int sideOf(Body call) {
        Body[] paired = sides;
        return paired == null ? PairSchedule.CHANGE : Arrays.asList(paired).indexOf(call);
    }

    /** Begins the run's GC counts and timelines when this thread is the first to reach it. */
    private synchronized void beginRun(int run, int thread, long startTimeNS) {
        harnessThreads[thread] = Thread.currentThread();
        tellWatcher();
        if (brackets.begin(run)) {
            // the warm-up records too, so that the JIT compiles the recording before the measured runs
            timelines.beginRun(run, startTimeNS,
                    plan.scheduledNanos(run == 0 ? plan.warmUpIterations() : plan.iterations()));
        }
    }

    /** @return whether a warm-up in rounds is done; if not, the next round is bracketed and recorded afresh */
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
     * Before the first measured run. For a test that allows no collection, collects the heap first, so that earlier
     * tests' garbage does not make other threads' allocation during the runs fill the young generation.
     */
    @Override
    public void warmedUp() {
        if (collectsBeforeRuns) {
            System.gc();
        }
        timelines.discardRun();
        run = 1;
        partIterations = iterationsOfThread[1];
        partBody = bodyOf(1);
        restartCounts();
        watchTestThreads(); // after the warm-up, which may have started some
    }

    /** Has each harness thread's readings watch the test's own threads; allocates, so between parts only. */
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
        partBody = bodyOf(run);
        restartCounts();
    }

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
                    + threads + ", read it on the thread running the test body: each harness thread has an iteration "
                    + "of its own under way");
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
        LatencyTimeline endToEnd = timelines.endToEndOfThread(0);
        if (latencyNanos > endToEnd.lateNanos()) {
            endToEnd.recordLate(now, latencyNanos);
        }
    }

    /** @return end-to-end samples of the current measurement whose iteration began before it; not recorded */
    long strayedSamples() {
        return strayedSamples.get();
    }

    Timelines timelines() {
        return timelines;
    }

    /** @param watcher told, on each harness thread, that it runs the method (at each part's start); null for none */
    void watchThreads(Consumer<Thread> watcher) {
        this.threadWatcher = watcher;
    }

    private void tellWatcher() {
        Consumer<Thread> watcher = threadWatcher;
        if (watcher != null) {
            watcher.accept(Thread.currentThread());
        }
    }

    BodyFailure failure() {
        return failure;
    }

    List<Thread> harnessThreads() {
        return Arrays.stream(harnessThreads).filter(Objects::nonNull).toList();
    }

    /** Throws any throwable undeclared: the test method may throw anything. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }

    RunBrackets brackets() {
        return brackets;
    }
}

package org.jlbh.core;

import org.jlbh.core.internal.AffinitySupport;
import org.jlbh.core.internal.PacedLoop;
import org.jlbh.core.internal.Schedule;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * Drives a benchmark for {@link JLBH#start()}: runs the task from {@code init()} to {@code complete()} on one thread,
 * the warm-up and the measured runs back to back, waiting for each iteration's due time and for the end-to-end
 * samples still in flight at the end of a run (up to the timeout). That thread is a {@code jlbh-harness} thread of
 * its own, which the calling thread supervises and may take over, or the calling thread itself, which a
 * {@code jlbh-supervisor} thread supervises.
 *
 * <p>Thread-safety: {@link #runOnHarnessThread()} and {@link #runOnCallingThread()} are called once, by the thread
 * that called {@code start()}; everything else here runs on the thread that runs the task.
 */
final class ThreadDriver {
    private static final long FAST_POLL_NS = TimeUnit.MICROSECONDS.toNanos(20);
    private static final long SLOW_POLL_NS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long FAST_POLL_PERIOD_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final JLBH jlbh;
    private final Settings settings;
    private final PacedLoop loop;
    private final Abort abort;
    private final Recorders recorders;
    private final ReportPrinter printer;
    private final RunRecords records;
    private final Lifecycle lifecycle;
    private final Supervisor supervisor;

    ThreadDriver(JLBH jlbh, Settings settings, PrintStream out, PacedLoop loop, Abort abort, Recorders recorders,
                 ReportPrinter printer, RunRecords records, Lifecycle lifecycle) {
        this.jlbh = jlbh;
        this.settings = settings;
        this.loop = loop;
        this.abort = abort;
        this.recorders = recorders;
        this.printer = printer;
        this.records = records;
        this.lifecycle = lifecycle;
        this.supervisor = new Supervisor(settings, out, loop, abort, records, lifecycle);
    }

    /** Runs the task on a {@code jlbh-harness} thread, supervised from this one; reports here after a take-over. */
    void runOnHarnessThread() {
        Thread harness = new Thread(this::runTask, "jlbh-harness");
        harness.setDaemon(true);
        lifecycle.adopt(harness, true);
        harness.start();
        supervisor.supervise(harness, true);
        if (records.claimFinishAfterTakeOver()) {
            lifecycle.report();
        }
    }

    /** Runs the task on this thread, supervised from a {@code jlbh-supervisor} thread. */
    void runOnCallingThread() {
        Thread caller = Thread.currentThread();
        lifecycle.adopt(caller, true);
        Thread supervisorThread = new Thread(() -> supervisor.supervise(caller, false), "jlbh-supervisor");
        supervisorThread.setDaemon(true);
        supervisorThread.start();
        try {
            runTask();
        } finally {
            supervisorThread.interrupt();
            if (abort.interruptedCaller()) {
                Thread.interrupted(); // the supervisor interrupted this thread to end a stuck run: not the caller's
            }
        }
    }

    /** Everything from init() to complete(), on the thread that runs the task (start() and its option). */
    private void runTask() {
        boolean takenOverHere = false;
        try {
            settings.task.init(jlbh);
            Object lock = settings.acquireLock == null ? null : AffinitySupport.acquire(settings.acquireLock);
            try {
                takenOverHere = !warmUpAndRuns();
            } finally {
                if (lock != null) {
                    AffinitySupport.release(lock);
                }
            }
        } catch (InterruptedException e) {
            abort.abort("the thread running the task was interrupted");
        } catch (Throwable t) {
            lifecycle.failure(t);
        }
        try {
            if (!takenOverHere && records.claimFinish()) {
                lifecycle.report();
                lifecycle.complete();
            }
        } finally {
            lifecycle.ended();
        }
    }

    /** @return false when the supervisor took over a stuck run (the caller reports; complete() is not called) */
    private boolean warmUpAndRuns() throws InterruptedException {
        if (settings.warmUpIterations > 0) {
            RunRecord warmUp = measure(0, settings.warmUpIterations, settings.warmUpSchedule,
                    settings.pacedWarmUp && settings.accountForCoordinatedOmission);
            if (warmUp == null) {
                return false;
            }
            records.warmUpSummary(warmUp.summary);
            if (!printer.warmedUp(warmUp)) {
                return true;
            }
        }
        if (settings.pauseAfterWarmupMs > 0) {
            printer.printPause();
            Thread.sleep(settings.pauseAfterWarmupMs);
        }
        settings.task.warmedUp();
        for (int run = 1; run <= settings.runs; run++) {
            RunRecord record = measure(run, settings.iterations, settings.schedule,
                    settings.accountForCoordinatedOmission);
            if (record == null) {
                return false;
            }
            if (!lifecycle.runComplete(record)) {
                break;
            }
        }
        return true;
    }

    /**
     * Measures one run (0 = warm-up). Returns its record, or null when the supervisor has taken the run over.
     */
    private RunRecord measure(int run, long runIterations, Schedule runSchedule, boolean giveIntendedStart) {
        long t0 = lifecycle.beginMeasurement(run);
        long done;
        String thrown = null;
        try {
            done = loop.iterate(runSchedule, t0, runIterations, recorders.lateness, giveIntendedStart);
        } catch (Throwable t) {
            done = loop.returned();
            thrown = lifecycle.thrown(t, done, runIterations);
            String abortedFor = abort.reason();
            if (loop.abortRequested() && abortedFor != null) {
                // the run was being ended when the task threw (an interrupt at the timeout): that is the cause
                thrown = abortedFor + "; the task then threw " + t.getClass().getName();
            }
        }
        long end = settings.clock.nanoTime();
        if (thrown == null && !loop.abortRequested()) {
            end = awaitSamples(done, end);
        }
        return lifecycle.closeMeasurement(run, runIterations, done, t0, end, runSchedule, thrown);
    }

    /** Waits for the end-to-end samples still in flight; returns the time of the last progress seen. */
    private long awaitSamples(long expected, long lastIterationEnd) {
        long count = recorders.endToEnd.count();
        long lastProgress = lastIterationEnd;
        while (count < expected && !loop.abortRequested()) {
            long now = settings.clock.nanoTime();
            long idle = now - lastProgress;
            if (idle >= settings.timeoutNs) {
                break;
            }
            settings.clock.awaitUntil(now + (idle < FAST_POLL_PERIOD_NS ? FAST_POLL_NS
                    : Math.min(SLOW_POLL_NS, settings.timeoutNs - idle)));
            long latest = recorders.endToEnd.count();
            if (latest != count) {
                count = latest;
                lastProgress = settings.clock.nanoTime();
            }
        }
        return lastProgress;
    }
}

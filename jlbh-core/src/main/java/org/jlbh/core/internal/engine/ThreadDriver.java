package org.jlbh.core.internal.engine;

import org.jlbh.core.JLBH;
import org.jlbh.core.RunStatus;
import org.jlbh.core.internal.AffinitySupport;
import org.jlbh.core.internal.PacedLanes;
import org.jlbh.core.internal.PacedLoop;
import org.jlbh.core.internal.Schedule;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * Drives a benchmark for {@link JLBH#start()}: runs the task from {@code init()} to {@code complete()} on one thread,
 * the warm-up and the measured runs back to back, waiting for each iteration's due time and for the end-to-end
 * samples still in flight at the end of a run (up to the timeout). That thread is a {@code jlbh-harness} thread of
 * its own, which the calling thread supervises and may take over, or the calling thread itself, which a
 * {@code jlbh-supervisor} thread supervises. When several harness threads share the load, that thread is the first
 * of them: it runs its part of each measurement beside the others' ({@link LaneThreads}) and waits for theirs.
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
    private final PacedLanes lanes;
    private final PacedLoop loop;
    private final Abort abort;
    private final Recorders recorders;
    private final ReportPrinter printer;
    private final RunRecords records;
    private final Lifecycle lifecycle;
    private final Supervisor supervisor;
    /** The other harness threads; null with one. */
    private final LaneThreads others;
    /** The first harness thread's lanes of the schedules (the schedules themselves with one thread). */
    private Schedule runLane;
    private Schedule warmUpLane;

    ThreadDriver(JLBH jlbh, Settings settings, PrintStream out, PacedLanes lanes, Abort abort, Recorders recorders,
                 ReportPrinter printer, RunRecords records, Lifecycle lifecycle) {
        this.jlbh = jlbh;
        this.settings = settings;
        this.lanes = lanes;
        this.loop = lanes.first();
        this.abort = abort;
        this.recorders = recorders;
        this.printer = printer;
        this.records = records;
        this.lifecycle = lifecycle;
        this.supervisor = new Supervisor(settings, out, lanes, abort, records, lifecycle);
        this.others = settings.threads > 1 ? new LaneThreads(settings, out, lanes, recorders, lifecycle, abort) : null;
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
                if (others == null) {
                    runLane = settings.schedule;
                    warmUpLane = settings.warmUpSchedule;
                } else {
                    runLane = settings.schedule.lane(0, settings.threads);
                    warmUpLane = settings.warmUpSchedule.lane(0, settings.threads);
                    others.startThreads();
                }
                takenOverHere = !warmUpAndRuns();
            } finally {
                if (others != null) {
                    others.stop();
                }
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
            RunRecord warmUp;
            int rounds = 0;
            long tookNs = 0;
            do {
                // rounds follow each other on the schedule without a gap (beginMeasurement keeps the rate)
                warmUp = measure(0, settings.warmUpIterations, settings.warmUpSchedule, warmUpLane,
                        settings.pacedWarmUp && settings.accountForCoordinatedOmission);
                if (warmUp == null) {
                    return false;
                }
                rounds++;
                tookNs += warmUp.summary.runTime().toNanos();
            } while (rounds < settings.maxWarmUpRounds && warmUp.summary.status() == RunStatus.COMPLETE
                    && !settings.warmedUpWhen.getAsBoolean());
            records.warmUpSummary(warmUp.summary);
            if (!printer.warmedUp(warmUp, rounds, tookNs)) {
                return true;
            }
        }
        if (settings.pauseAfterWarmupMs > 0) {
            printer.printPause();
            Thread.sleep(settings.pauseAfterWarmupMs);
        }
        settings.task.warmedUp();
        for (int run = 1; run <= settings.runs; run++) {
            RunRecord record = measure(run, settings.iterations, settings.schedule, runLane,
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
     * Measures one run (0 = warm-up): this thread's lane of it, beside the other harness threads' when there are
     * several. Returns its record, or null when the supervisor has taken the run over.
     *
     * @param runSchedule the run's whole schedule
     * @param lane        this thread's lane of it (the whole schedule when one thread runs the task)
     */
    private RunRecord measure(int run, long runIterations, Schedule runSchedule, Schedule lane,
                              boolean giveIntendedStart) {
        long t0 = lifecycle.beginMeasurement(run);
        lanes.measuring(runSchedule, t0, runIterations);
        LaneThreads.Part othersPart = others == null ? null : others.start(run == 0, t0, runIterations,
                giveIntendedStart);
        long planned = Schedule.laneIterations(0, settings.threads, runIterations);
        long done;
        String thrown = null;
        try {
            done = loop.iterate(lane, t0, planned, recorders.lateness[0], giveIntendedStart);
        } catch (Throwable t) {
            done = loop.returned();
            thrown = abort.taskThrew(lifecycle.thrown(t, done, planned), t);
        }
        long slotEnd;
        if (othersPart == null) {
            slotEnd = lane.slotEnd(t0, done);
        } else {
            othersPart.await(lanes, settings.timeoutNs);
            done += othersPart.done(lanes);
            thrown = thrown != null ? thrown : othersPart.thrown();
            // the whole schedule's: where the interval of the last of its iterations done ends (expected, for
            // Poisson arrivals, whose lanes each drew their own)
            slotEnd = runSchedule.dueTime(t0, done);
        }
        long end = settings.clock.nanoTime();
        if (thrown == null && !lanes.abortRequested()) {
            end = awaitSamples(done, end);
        }
        return lifecycle.closeMeasurement(run, runIterations, done, t0, end, slotEnd, runSchedule, thrown);
    }

    /** Waits for the end-to-end samples still in flight; returns the time of the last progress seen. */
    private long awaitSamples(long expected, long lastIterationEnd) {
        long count = recorders.endToEnd.count();
        long lastProgress = lastIterationEnd;
        while (count < expected && !lanes.abortRequested()) {
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

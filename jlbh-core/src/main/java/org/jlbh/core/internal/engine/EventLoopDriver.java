package org.jlbh.core.internal.engine;

import net.openhft.chronicle.core.threads.EventHandler;
import net.openhft.chronicle.core.threads.InvalidEventHandlerException;
import org.jlbh.core.JLBH;
import org.jlbh.core.internal.AffinitySupport;
import org.jlbh.core.internal.LatencyRecorder;
import org.jlbh.core.internal.PacedLoop;
import org.jlbh.core.internal.Schedule;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs the benchmark as an event loop handler, for {@link JLBH#eventLoopHandler}: a state machine that does one step
 * per call of {@link #action()} and never blocks the loop (it waits for nothing: an iteration not yet due, a pause and
 * missing samples all just return "not busy").
 *
 * <p>Thread-safety: {@link #action()} is called by the event loop's thread only, which alone reads and writes the
 * state here; the latch it is given is counted down, for the thread waiting in {@code eventLoopHandler()}, once the
 * warm-up is over and {@code warmedUp()} has returned, or the benchmark has ended.
 */
final class EventLoopDriver implements EventHandler {
    private static final int INIT = 0;
    private static final int ITERATING = 1;
    private static final int AWAITING_SAMPLES = 2;
    private static final int PAUSING = 3;
    private static final int DONE = 4;

    private final JLBH jlbh;
    private final Settings settings;
    private final PacedLoop loop;
    private final Recorders recorders;
    private final ReportPrinter printer;
    private final RunRecords records;
    private final Lifecycle lifecycle;
    private final CountDownLatch warmedUpOrOver;

    private int state = INIT;
    private Object lock;
    private int run;
    private Schedule runSchedule;
    private boolean giveIntendedStart;
    private long planned;
    private long done;
    private long t0;
    private long due;
    private long lastProgress;
    private long lastCount;
    private long pauseUntil;

    EventLoopDriver(JLBH jlbh, Settings settings, PacedLoop loop, Recorders recorders, ReportPrinter printer,
                    RunRecords records, Lifecycle lifecycle, CountDownLatch warmedUpOrOver) {
        this.jlbh = jlbh;
        this.settings = settings;
        this.loop = loop;
        this.recorders = recorders;
        this.printer = printer;
        this.records = records;
        this.lifecycle = lifecycle;
        this.warmedUpOrOver = warmedUpOrOver;
    }

    @Override
    public boolean action() throws InvalidEventHandlerException {
        if (state == DONE) {
            throw InvalidEventHandlerException.reusable();
        }
        try {
            switch (state) {
                case INIT:
                    lifecycle.adopt(Thread.currentThread(), false);
                    settings.task.init(jlbh);
                    lock = settings.acquireLock == null ? null : AffinitySupport.acquire(settings.acquireLock);
                    if (settings.warmUpIterations > 0) {
                        begin(0, settings.warmUpIterations, settings.warmUpSchedule,
                                settings.pacedWarmUp && settings.accountForCoordinatedOmission);
                    } else {
                        afterWarmUp();
                    }
                    return true;
                case ITERATING:
                    return iterate();
                case AWAITING_SAMPLES:
                    return awaitSamples();
                case PAUSING:
                    if (settings.clock.nanoTime() - pauseUntil < 0) {
                        return false;
                    }
                    warmedUpThenFirstRun();
                    return true;
                default:
                    return false;
            }
        } catch (Throwable t) {
            // a callback threw (init, warmedUp, runComplete): no further run
            lifecycle.failure(t);
            if (state != DONE) {
                finish();
            }
        }
        if (state == DONE) {
            throw InvalidEventHandlerException.reusable();
        }
        return true;
    }

    private void begin(int run, long runIterations, Schedule runSchedule, boolean giveIntendedStart) {
        this.run = run;
        this.runSchedule = runSchedule;
        this.giveIntendedStart = giveIntendedStart;
        this.planned = runIterations;
        this.done = 0;
        this.t0 = lifecycle.beginMeasurement(run);
        runSchedule.start(t0);
        due = runSchedule.next();
        state = ITERATING;
    }

    private boolean iterate() {
        if (loop.abortRequested()) {
            close(null);
            return true;
        }
        long now = settings.clock.nanoTime();
        if (now - due < 0) {
            return false;
        }
        long late = now - due;
        recorders.lateness[0].record(Math.min(late, LatencyRecorder.HIGHEST_TRACKABLE_NS));
        try {
            settings.task.run(giveIntendedStart ? due : now);
        } catch (Throwable t) {
            close(lifecycle.thrown(t, done, planned));
            return true;
        }
        done++;
        if (done < planned) {
            due = runSchedule.next();
        } else {
            lastProgress = settings.clock.nanoTime();
            lastCount = recorders.endToEnd.count();
            state = AWAITING_SAMPLES;
        }
        return true;
    }

    private boolean awaitSamples() {
        long count = recorders.endToEnd.count();
        long now = settings.clock.nanoTime();
        if (count != lastCount) {
            lastCount = count;
            lastProgress = now;
        }
        if (count < done && !loop.abortRequested() && now - lastProgress < settings.timeoutNs) {
            return false;
        }
        close(null);
        return true;
    }

    /** Closes the current run; thrown says why it ended early, if it did because the task threw. */
    private void close(String thrown) {
        RunRecord record = lifecycle.closeMeasurement(run, planned, done, t0,
                state == AWAITING_SAMPLES ? lastProgress : settings.clock.nanoTime(), runSchedule.slotEnd(t0, done),
                runSchedule, thrown);
        if (run == 0) {
            if (!printer.warmedUp(record)) {
                finish();
                return;
            }
            afterWarmUp();
            return;
        }
        boolean more = lifecycle.runComplete(record) && run < settings.runs;
        if (more) {
            begin(run + 1, settings.iterations, settings.schedule, settings.accountForCoordinatedOmission);
        } else {
            finish();
        }
    }

    private void afterWarmUp() {
        if (settings.pauseAfterWarmupMs > 0) {
            printer.printPause();
            pauseUntil = settings.clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.pauseAfterWarmupMs);
            state = PAUSING;
            return;
        }
        warmedUpThenFirstRun();
    }

    private void warmedUpThenFirstRun() {
        settings.task.warmedUp();
        warmedUpOrOver.countDown();
        begin(1, settings.iterations, settings.schedule, settings.accountForCoordinatedOmission);
    }

    private void finish() {
        state = DONE;
        try {
            if (lock != null) {
                AffinitySupport.release(lock);
            }
        } catch (Throwable t) {
            lifecycle.failure(t);
        }
        if (recorders.osJitter != null) {
            recorders.osJitter.stop();
        }
        if (records.claimFinish()) {
            lifecycle.report();
            lifecycle.complete();
        }
        lifecycle.ended();
        warmedUpOrOver.countDown();
    }
}

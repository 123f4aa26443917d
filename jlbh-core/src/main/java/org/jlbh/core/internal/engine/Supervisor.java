package org.jlbh.core.internal.engine;

import org.jlbh.core.JLBH;
import org.jlbh.core.ReportFormat;
import org.jlbh.core.internal.PacedLanes;
import org.jlbh.core.internal.Schedule;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Supervises the thread that runs the task during {@link JLBH#start()}: prints a progress line every progress
 * interval, ends a run that falls more than the timeout behind its schedule, and ends a run whose iteration does not
 * return within the timeout, taking it over when the task runs on a harness thread of its own.
 *
 * <p>Thread-safety: {@link #supervise} runs on the thread that called {@code start()} (watching the harness thread)
 * or on a {@code jlbh-supervisor} thread (watching the calling thread, which runs the task). It reads only what the
 * thread that runs the task publishes (the run under way and whether the task is done, volatile in
 * {@link Lifecycle}; the loops' progress, published by {@link PacedLanes}), ends runs through {@link Abort}, and
 * closes a stuck run under the lock of {@link RunRecords}.
 */
final class Supervisor {
    /** How often the supervisor looks at the thread that runs the task, in milliseconds. */
    static final long SUPERVISION_POLL_MS = 50;
    private static final long TAKE_OVER_GRACE_MS = 1_000;

    private final Settings settings;
    private final PrintStream out;
    private final PacedLanes lanes;
    private final Abort abort;
    private final RunRecords records;
    private final Lifecycle lifecycle;

    Supervisor(Settings settings, PrintStream out, PacedLanes lanes, Abort abort, RunRecords records,
               Lifecycle lifecycle) {
        this.settings = settings;
        this.out = out;
        this.lanes = lanes;
        this.abort = abort;
        this.records = records;
        this.lifecycle = lifecycle;
    }

    /**
     * Watches the thread running the task, printing progress and ending a run whose iteration does not return. On a
     * harness thread of its own ({@code canTakeOver}), a stuck run is closed from here and start() returns; on the
     * calling thread, the run is aborted and that thread interrupted, and the run ends when the iteration returns.
     */
    void supervise(Thread runner, boolean canTakeOver) {
        int watchedPhase = -2;
        long lastReturned = -1;
        long lastChange = settings.clock.nanoTime();
        long nextProgress = System.nanoTime() + settings.progressIntervalNs;
        while (!lifecycle.taskDone()) {
            try {
                if (canTakeOver) {
                    runner.join(SUPERVISION_POLL_MS);
                } else {
                    Thread.sleep(SUPERVISION_POLL_MS);
                }
            } catch (InterruptedException e) {
                if (canTakeOver) {
                    abort.abort("the thread that called start() was interrupted");
                    Thread.currentThread().interrupt();
                }
                return;
            }
            if (canTakeOver && !runner.isAlive()) {
                return;
            }
            int currentPhase = lifecycle.phase();
            boolean iterating = lanes.iterating();
            long now = settings.clock.nanoTime();
            long returned = lanes.returned();
            if (currentPhase != watchedPhase || returned != lastReturned || !iterating) {
                watchedPhase = currentPhase;
                lastReturned = returned;
                lastChange = now;
            }
            Schedule runSchedule = lanes.runSchedule();
            long sinceDue = runSchedule == null ? 0 : now - runSchedule.dueTime(lanes.runT0(), returned);
            if (iterating && now - lastChange > settings.timeoutNs && sinceDue > settings.timeoutNs) {
                if (canTakeOver) {
                    takeOver(runner, currentPhase);
                    return;
                }
                abort.abort(stuckReason(currentPhase, returned));
                return;
            }
            long behindAtLastReturn = runSchedule == null ? 0 : lastChange - runSchedule.dueTime(lanes.runT0(), returned);
            if (iterating && behindAtLastReturn > settings.timeoutNs && !lanes.abortRequested()) {
                // iterations return, but each takes longer than its interval: the run was already more than the
                // timeout behind when the last one returned, so it would never end on time (a lag that grows only
                // while one iteration runs is a stuck iteration, judged above). The loops stop before their next
                // iteration, without an interrupt: the iteration under way is not stuck
                abort.stopBefore(String.format(Locale.ROOT,
                        "the run fell %s behind its schedule, more than the %,d ms timeout: "
                                + "iterations take longer than their %s us interval", ReportFormat.duration(behindAtLastReturn),
                        TimeUnit.NANOSECONDS.toMillis(settings.timeoutNs),
                        ReportFormat.micros(runSchedule.intervalNanos())));
            }
            if (iterating && settings.progressIntervalNs > 0 && System.nanoTime() - nextProgress >= 0) {
                nextProgress = System.nanoTime() + settings.progressIntervalNs;
                printProgress(currentPhase, returned, sinceDue);
            }
        }
    }

    private String stuckReason(int stuckPhase, long returned) {
        String iteration = stuckPhase == 0
                ? String.format(Locale.ROOT, "warm-up iteration %,d of %,d", returned + 1, lanes.runIterations())
                : String.format(Locale.ROOT, "iteration %,d", returned + 1);
        return String.format(Locale.ROOT, "%s did not return within the %,d ms timeout", iteration,
                TimeUnit.NANOSECONDS.toMillis(settings.timeoutNs));
    }

    private void printProgress(int currentPhase, long returned, long behindNs) {
        long planned = lanes.runIterations();
        String what = currentPhase == 0 ? "warm-up" : "run " + currentPhase + " of " + settings.runs;
        String schedule = behindNs > 0
                ? ReportFormat.duration(behindNs) + " behind schedule"
                : "on schedule";
        out.printf(Locale.ROOT, "... %s: %,d of %,d iterations (%.1f%%), %s%n",
                what, returned, planned, 100.0 * returned / planned, schedule);
    }

    /** The task is stuck in an iteration: end the run as aborted, from this thread if the harness cannot. */
    private void takeOver(Thread harness, int stuckPhase) {
        abort.abort(stuckReason(stuckPhase, lanes.returned()));
        try {
            harness.join(Math.min(TAKE_OVER_GRACE_MS, TimeUnit.NANOSECONDS.toMillis(settings.timeoutNs)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!harness.isAlive()) {
            return; // the task returned after the interrupt and the harness closed the run itself
        }
        if (!records.takeOver(stuckPhase)) {
            return;
        }
        out.println("The task is still running on thread " + harness.getName()
                + "; it is a daemon thread and is left behind. JLBHTask.complete() is not called.");
    }
}

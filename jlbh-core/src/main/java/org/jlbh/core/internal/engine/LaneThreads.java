package org.jlbh.core.internal.engine;

import org.jlbh.core.JLBHOptions;
import org.jlbh.core.internal.AffinitySupport;
import org.jlbh.core.internal.PacedLanes;
import org.jlbh.core.internal.PacedLoop;
import org.jlbh.core.internal.Schedule;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The harness threads after the first, when several share the load ({@link JLBHOptions#threads(int)}):
 * {@code jlbh-harness-1} and on, started before the warm-up and stopped after the last run. For each measurement the
 * first thread hands every other its part ({@link #start}), runs its own, and waits for theirs ({@link Part#await}).
 * Each thread makes its own paced loop and schedules, so that what they write every iteration is in memory it
 * allocated; between iterations nothing is shared but the clock and what the task shares.
 *
 * <p>Thread-safety: {@link #start}, {@link #stop()} and {@link Part#await} are called by the first harness thread;
 * the others only take their parts and report back through them.
 */
final class LaneThreads {
    private static final long POLL_MS = 50;
    private static final Part STOP = new Part(null, false, 0, 0, false, 0);

    private final Settings settings;
    private final PrintStream out;
    private final PacedLanes lanes;
    private final Recorders recorders;
    private final Lifecycle lifecycle;
    private final Abort abort;
    private final Thread[] threads;
    private final BlockingQueue<Part>[] parts;
    private final CountDownLatch ready;
    /** The last measurement's parts; null before the first. */
    private Part last;

    @SuppressWarnings("unchecked")
    LaneThreads(Settings settings, PrintStream out, PacedLanes lanes, Recorders recorders, Lifecycle lifecycle,
                Abort abort) {
        this.settings = settings;
        this.out = out;
        this.lanes = lanes;
        this.recorders = recorders;
        this.lifecycle = lifecycle;
        this.abort = abort;
        this.threads = new Thread[settings.threads];
        this.parts = new BlockingQueue[settings.threads];
        this.ready = new CountDownLatch(settings.threads - 1);
    }

    /**
     * Starts the other harness threads, making them and the calling one the recorders' owners first; returns when
     * each has made its loop and holds its affinity lock, if one was asked for.
     *
     * @throws InterruptedException when interrupted while they start
     */
    void startThreads() throws InterruptedException {
        threads[0] = Thread.currentThread();
        for (int lane = 1; lane < threads.length; lane++) {
            int index = lane;
            parts[lane] = new LinkedBlockingQueue<>();
            threads[lane] = new Thread(() -> runLane(index), "jlbh-harness-" + lane);
            threads[lane].setDaemon(true);
        }
        recorders.owners(threads);
        Thread[] others = new Thread[threads.length - 1];
        System.arraycopy(threads, 1, others, 0, others.length);
        abort.laneRunners(others);
        for (Thread thread : others) {
            thread.start();
        }
        ready.await();
    }

    /**
     * Ends the other harness threads and waits until each that had finished its part has ended, so that none is left
     * running when the benchmark returns, at most the harness's timeout in all; a thread stuck in the task, or one
     * that did not end within the timeout (said on the output), is left behind.
     */
    void stop() {
        for (int lane = 1; lane < threads.length; lane++) {
            if (parts[lane] != null) {
                parts[lane].add(STOP);
            }
        }
        boolean interrupted = false;
        long deadline = System.nanoTime() + settings.timeoutNs;
        for (int lane = 1; lane < threads.length; lane++) {
            Thread thread = threads[lane];
            // between parts, a thread takes STOP at once
            while (thread != null && thread.isAlive() && (last == null || last.finished(lane))) {
                long leftNanos = deadline - System.nanoTime();
                if (leftNanos <= 0) {
                    out.printf(Locale.ROOT, "Harness thread %s did not end within the %,d ms timeout after its "
                            + "last part: left behind%n", thread.getName(),
                            TimeUnit.NANOSECONDS.toMillis(settings.timeoutNs));
                    break;
                }
                try {
                    thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(leftNanos)));
                } catch (InterruptedException e) {
                    interrupted = true; // an abort's: kept for the caller, after the wait
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Hands every other harness thread its part of a measurement.
     *
     * @param warmUp     whether it is the warm-up (whose schedule the parts follow)
     * @param t0         due time of the measurement's iteration 0
     * @param iterations the measurement's iterations, over all threads
     * @param giveIntendedStart whether the task is given each iteration's due time
     * @return the parts, to wait for
     */
    Part start(boolean warmUp, long t0, long iterations, boolean giveIntendedStart) {
        Part part = new Part(new CountDownLatch(threads.length - 1), warmUp, t0, iterations, giveIntendedStart,
                threads.length);
        last = part;
        for (int lane = 1; lane < threads.length; lane++) {
            parts[lane].add(part);
        }
        return part;
    }

    private void runLane(int lane) {
        PacedLoop loop = new PacedLoop(settings.clock, settings.task);
        Schedule runSchedule = settings.schedule.lane(lane, threads.length);
        Schedule warmUpSchedule = settings.warmUpSchedule.lane(lane, threads.length);
        lanes.join(lane, loop);
        Object lock = null;
        try {
            lock = settings.acquireLock == null ? null : AffinitySupport.acquire(settings.acquireLock);
        } finally {
            ready.countDown();
        }
        try {
            while (true) {
                Part part;
                try {
                    part = parts[lane].take();
                } catch (InterruptedException e) {
                    continue; // an abort's interrupt, between parts: the first thread still sends STOP
                }
                if (part == STOP) {
                    return;
                }
                part.perform(lane, loop, part.warmUp ? warmUpSchedule : runSchedule, this);
            }
        } finally {
            if (lock != null) {
                AffinitySupport.release(lock);
            }
        }
    }

    /** @return why a run ended when this harness thread's task threw, saying which thread and iteration */
    private String thrown(Throwable t, long done, long planned) {
        lifecycle.failure(t);
        return abort.taskThrew(String.format(Locale.ROOT, "the task threw %s on %s at its iteration %,d of %,d",
                t.getClass().getName(), Thread.currentThread().getName(), done + 1, planned), t);
    }

    /**
     * One measurement's parts, as the other harness threads perform them: why a thread's part ended early (how far
     * each got, its loop says).
     */
    static final class Part {
        private final CountDownLatch finished;
        private final boolean warmUp;
        private final long t0;
        private final long iterations;
        private final boolean giveIntendedStart;
        private final String[] thrown;
        private final AtomicIntegerArray finishedLanes;

        private Part(CountDownLatch finished, boolean warmUp, long t0, long iterations, boolean giveIntendedStart,
                     int lanes) {
            this.finished = finished;
            this.warmUp = warmUp;
            this.t0 = t0;
            this.iterations = iterations;
            this.giveIntendedStart = giveIntendedStart;
            this.thrown = new String[lanes];
            this.finishedLanes = new AtomicIntegerArray(lanes);
        }

        private void perform(int lane, PacedLoop loop, Schedule schedule, LaneThreads owner) {
            long planned = Schedule.laneIterations(lane, thrown.length, iterations);
            try {
                loop.iterate(schedule, t0, planned, owner.recorders.lateness[lane], giveIntendedStart);
            } catch (Throwable t) {
                thrown[lane] = owner.thrown(t, loop.returned(), planned);
            }
            finishedLanes.set(lane, 1);
            finished.countDown();
        }

        /**
         * Waits until every other harness thread has performed its part; when the measurement was aborted, no longer
         * than the timeout (a thread stuck in the task is then counted as far as it got). Interrupts do not end the
         * wait: an abort interrupts this thread too, and the parts still end.
         *
         * @param lanes     the loops, for how far a stuck thread got
         * @param timeoutNs the harness's timeout
         */
        void await(PacedLanes lanes, long timeoutNs) {
            long abortedAt = 0;
            while (true) {
                try {
                    if (finished.await(POLL_MS, TimeUnit.MILLISECONDS)) {
                        return;
                    }
                } catch (InterruptedException e) {
                    // the abort that interrupted this thread stops the other threads too
                }
                if (lanes.abortRequested()) {
                    long now = System.nanoTime();
                    if (abortedAt == 0) {
                        abortedAt = now;
                    } else if (now - abortedAt > timeoutNs) {
                        return;
                    }
                }
            }
        }

        /**
         * @param lanes the loops, which say how far each got (all of its part, once it finished)
         * @return iterations the other harness threads performed
         */
        long done(PacedLanes lanes) {
            long sum = 0;
            for (int lane = 1; lane < thrown.length; lane++) {
                sum += lanes.returnedBy(lane);
            }
            return sum;
        }

        /** @return whether harness thread {@code lane} has finished its part */
        boolean finished(int lane) {
            return finishedLanes.get(lane) == 1;
        }

        /** @return why the first of the other threads' parts that ended early ended, or null */
        String thrown() {
            for (int lane = 1; lane < thrown.length; lane++) {
                if (thrown[lane] != null) {
                    return thrown[lane];
                }
            }
            return null;
        }
    }
}

package org.jlbh.core.internal;

import org.jlbh.core.JLBHTask;
import org.jlbh.core.NanoClock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The measuring loop: calls the task once per iteration at its due time on the {@link Schedule}.
 *
 * <p>Each iteration waits until it is due (or goes at once when the loop is behind, so a stall makes the following
 * iterations run back to back until the schedule is caught up), records how late it was called, and calls the task
 * with the intended start (coordinated omission accounted for) or the actual call time. When the loop is behind,
 * the clock is read every {@value #MAX_ITERATIONS_BETWEEN_CLOCK_READS} iterations rather than every one (it is
 * already known that the iteration is due), so the lateness of those iterations is taken from a reading up to
 * that many iterations old and may read low by at most their duration; with coordinated omission not accounted
 * for the clock is read every iteration, since the task is given the actual call time. The lateness is counted in
 * {@link BucketCounts}, whose cost does not depend on the value: while the loop falls behind or catches up, nearly
 * every lateness is a new maximum or minimum, which an HdrHistogram record pays a compare-and-set for, just when
 * the loop has no time to spare. Nothing here allocates, and nothing but the schedule decides when an iteration
 * runs: progress is published with a release store that other threads read, never printed from this thread.
 *
 * <p>Thread-safety: {@link #iterate} runs on the harness thread; {@link #requestAbort()}, {@link #returned()},
 * and {@link #iterating()} may be used from any thread ({@link PacedLanes} gives the run under way).
 */
public final class PacedLoop {
    /**
     * When the last clock reading already shows an iteration due, the loop calls it without reading the clock again,
     * but reads it at least every this many iterations: when behind, that saves a clock read per iteration (the
     * largest cost of the loop), and the lateness recorded is at most this many iterations stale.
     */
    public static final int MAX_ITERATIONS_BETWEEN_CLOCK_READS = 16;

    private static final VarHandle RETURNED;

    static {
        try {
            RETURNED = MethodHandles.lookup().findVarHandle(PacedLoop.class, "returned", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final NanoClock clock;
    private final JLBHTask task;

    @SuppressWarnings("unused") // accessed through RETURNED
    private long returned;
    private volatile boolean abortRequested;
    private volatile boolean iterating;
    /** When the task was called for the current (or last) iteration, by the clock; harness thread only. */
    private long calledAtNanos = Long.MIN_VALUE;

    /**
     * @param clock the clock to pace and time with
     * @param task  the task to call
     */
    public PacedLoop(NanoClock clock, JLBHTask task) {
        this.clock = clock;
        this.task = task;
    }

    /**
     * Performs up to {@code iterations} iterations, iteration 0 due at {@code t0}.
     *
     * @param schedule           the schedule; restarted at {@code t0}
     * @param t0                 due time of iteration 0, in clock nanoseconds
     * @param iterations         iterations to perform
     * @param lateness           counts, per iteration, how late it was called in nanoseconds (harness thread only)
     * @param giveIntendedStart  whether the task is given each iteration's due time (coordinated omission accounted
     *                           for) or the time it was actually called
     * @return iterations performed: {@code iterations}, or fewer when an abort was requested
     */
    public long iterate(Schedule schedule, long t0, long iterations, BucketCounts lateness, boolean giveIntendedStart) {
        schedule.start(t0);
        RETURNED.setRelease(this, 0L);
        iterating = true;
        try {
            long now = Long.MIN_VALUE;
            int sinceClockRead = MAX_ITERATIONS_BETWEEN_CLOCK_READS;
            for (long i = 0; i < iterations; i++) {
                long due = schedule.next();
                if (now - due < 0 || ++sinceClockRead >= MAX_ITERATIONS_BETWEEN_CLOCK_READS || !giveIntendedStart) {
                    now = clock.nanoTime();
                    sinceClockRead = 0;
                    if (now - due < 0) {
                        now = clock.awaitUntil(due);
                    }
                }
                long late = now - due;
                lateness.record(late > LatencyRecorder.HIGHEST_TRACKABLE_NS ? LatencyRecorder.HIGHEST_TRACKABLE_NS : late);
                if (abortRequested) {
                    return i;
                }
                calledAtNanos = now;
                task.run(giveIntendedStart ? due : now);
                RETURNED.setRelease(this, i + 1);
            }
            return iterations;
        } finally {
            iterating = false;
        }
    }

    /**
     * @return when the loop called the task for its current (or last) iteration, by its clock, in nanoseconds: at or
     *         after that iteration's due time, a reading up to {@value #MAX_ITERATIONS_BETWEEN_CLOCK_READS} iterations
     *         old (so earlier than the call) where the loop was behind; {@link Long#MIN_VALUE} before its first.
     *         Read on the harness thread, from the task
     */
    public long calledAtNanos() {
        return calledAtNanos;
    }

    /** Asks the loop to stop before its next iteration. */
    public void requestAbort() {
        abortRequested = true;
    }

    /** @return whether an abort was requested */
    public boolean abortRequested() {
        return abortRequested;
    }

    /**
     * @return iterations of the current (or last) run that have returned; everything the harness thread wrote
     *         before the last of them returned is visible to the caller
     */
    public long returned() {
        return (long) RETURNED.getAcquire(this);
    }

    /** @return whether the loop is inside {@link #iterate} */
    public boolean iterating() {
        return iterating;
    }
}

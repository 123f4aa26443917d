package org.jlbh.core.internal;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The paced loops of the harness threads that share a benchmark's load, one per thread (one, usually), seen as one:
 * the supervisor reads their progress summed, and an abort stops them all.
 *
 * <p>Each thread other than the first makes its own loop, on that thread, and adds it with {@link #join(int,
 * PacedLoop)}: what a loop writes every iteration then lies in memory its thread allocated, never on a cache line
 * another harness thread writes. The driver says what the lanes are measuring with {@link #measuring}.
 *
 * <p>Thread-safety: any thread may read the progress and request an abort; lanes join from their own threads.
 */
public final class PacedLanes {
    private final AtomicReferenceArray<PacedLoop> loops;
    private volatile boolean abortRequested;
    private volatile long runT0;
    private volatile long runIterations;
    private volatile Schedule runSchedule;

    /**
     * @param first the first lane's loop, run by the thread that begins and ends the runs
     * @param count how many lanes, &ge; 1
     */
    public PacedLanes(PacedLoop first, int count) {
        this.loops = new AtomicReferenceArray<>(count);
        loops.set(0, first);
    }

    /** @return how many lanes share the load */
    public int count() {
        return loops.length();
    }

    /**
     * @param lane a lane's index, 0 to {@link #count()} - 1
     * @return its loop, or null while that lane has not joined
     */
    public PacedLoop loop(int lane) {
        return loops.get(lane);
    }

    /** @return the first lane's loop */
    public PacedLoop first() {
        return loops.get(0);
    }

    /**
     * Adds a lane's loop; stops it at once when an abort was requested before.
     *
     * @param lane its index, 1 to {@link #count()} - 1
     * @param loop its loop, made on the lane's thread
     */
    public void join(int lane, PacedLoop loop) {
        loops.set(lane, loop);
        if (abortRequested) {
            loop.requestAbort();
        }
    }

    /**
     * Says what the lanes measure now, for the supervisor: the whole run, not one lane's part of it.
     *
     * @param schedule   the run's whole schedule
     * @param t0         due time of its iteration 0
     * @param iterations the run's iterations, over all lanes
     */
    public void measuring(Schedule schedule, long t0, long iterations) {
        runSchedule = schedule;
        runT0 = t0;
        runIterations = iterations;
    }

    /** Asks every lane's loop to stop before its next iteration. */
    public void requestAbort() {
        abortRequested = true;
        for (int i = 0; i < loops.length(); i++) {
            PacedLoop loop = loops.get(i);
            if (loop != null) {
                loop.requestAbort();
            }
        }
    }

    /** @return whether an abort was requested */
    public boolean abortRequested() {
        return abortRequested;
    }

    /** @return iterations of the current (or last) run that have returned, over all lanes */
    public long returned() {
        long sum = 0;
        for (int i = 0; i < loops.length(); i++) {
            PacedLoop loop = loops.get(i);
            if (loop != null) {
                sum += loop.returned();
            }
        }
        return sum;
    }

    /**
     * @param lane a lane's index
     * @return iterations of the current (or last) run that the lane's loop has returned, 0 before it joined
     */
    public long returnedBy(int lane) {
        PacedLoop loop = loops.get(lane);
        return loop == null ? 0 : loop.returned();
    }

    /** @return whether any lane is inside {@link PacedLoop#iterate} */
    public boolean iterating() {
        for (int i = 0; i < loops.length(); i++) {
            PacedLoop loop = loops.get(i);
            if (loop != null && loop.iterating()) {
                return true;
            }
        }
        return false;
    }

    /** @return due time of iteration 0 of the current (or last) run */
    public long runT0() {
        return runT0;
    }

    /** @return iterations of the current (or last) run, over all lanes */
    public long runIterations() {
        return runIterations;
    }

    /** @return the whole schedule of the current (or last) run, or null before the first */
    public Schedule runSchedule() {
        return runSchedule;
    }
}

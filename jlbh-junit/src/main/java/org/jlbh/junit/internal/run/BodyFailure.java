package org.jlbh.junit.internal.run;

import org.jlbh.junit.internal.run.paired.PairSchedule;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;

/**
 * The first throwable the test body threw in a measurement, with where and when. Thread-safe: {@link #capture} may come
 * from any harness thread.
 */
final class BodyFailure {
    private Throwable failure;
    private String where;
    private long afterNanos;
    private boolean interrupted;
    private int side;

    synchronized void clear() {
        failure = null;
        where = null;
    }

    /**
     * Keeps a throwable of the body, unless one is kept already.
     *
     * @param side        the {@link PairSchedule} side whose body threw it; {@link PairSchedule#CHANGE} unpaired
     * @param run         its run, 0 for the warm-up
     * @param iteration   0-based, of the {@code planned} iterations of the thread's part of the run
     * @param startTimeNS the iteration's intended start
     */
    synchronized void capture(Throwable t, int side, int run, int runs, int thread, int threads, long iteration,
                              long planned, long startTimeNS) {
        if (failure != null) {
            return;
        }
        failure = t;
        this.side = side;
        afterNanos = System.nanoTime() - startTimeNS;
        interrupted = Thread.currentThread().isInterrupted() || causedByInterrupt(t);
        String onThread = threads == 1 ? "" : String.format(Locale.ROOT, " on harness thread %d (of %d)", thread,
                threads);
        String whose = switch (side) {
            case PairSchedule.BASE -> "the base's copy of the method, ";
            case PairSchedule.CONTROL -> "the control (the base's second copy of the method), ";
            case PairSchedule.CHANGE_COPY -> "the change's second copy of the method, ";
            default -> "";
        };
        where = whose + (run == 0
                ? String.format(Locale.ROOT, "warm-up iteration %,d of %,d%s", iteration + 1, planned, onThread)
                : String.format(Locale.ROOT, "run %d of %d, iteration %,d of %,d%s", run, runs, iteration + 1,
                planned, onThread));
    }

    /** @return whether the base's code threw it, its copy of the method or the control, in the paired mode */
    synchronized boolean fromBase() {
        return failure != null && (side == PairSchedule.BASE || side == PairSchedule.CONTROL);
    }

    /** @return whether the change's second copy of the method threw it, in the paired mode */
    synchronized boolean fromChangeCopy() {
        return failure != null && side == PairSchedule.CHANGE_COPY;
    }

    /** @return what the test method threw, or null */
    synchronized Throwable failure() {
        return failure;
    }

    /** @return where it threw, e.g. "run 2 of 3, iteration 1,235 of 10,000" */
    synchronized String where() {
        return where;
    }

    /** @return whether the throwable came after the harness gave up on the iteration: past the timeout, interrupted */
    synchronized boolean afterTimeout(long timeoutMillis) {
        return failure != null && interrupted && afterNanos >= timeoutMillis * 1_000_000;
    }

    private static boolean causedByInterrupt(Throwable t) {
        // a cause chain may loop: each cause is looked at once
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable cause = t; cause != null && seen.add(cause); cause = cause.getCause()) {
            if (cause instanceof InterruptedException || cause instanceof java.io.InterruptedIOException
                    || cause instanceof java.nio.channels.ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }
}

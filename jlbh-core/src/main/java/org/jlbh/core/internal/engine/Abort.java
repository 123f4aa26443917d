package org.jlbh.core.internal.engine;

import org.jlbh.core.internal.PacedLanes;

/**
 * Ends a benchmark early: keeps the first reason given, asks the paced loops to stop before their next iteration
 * and, where the threads that run the task may be interrupted, interrupts them to end an iteration under way.
 *
 * <p>Thread-safety: may be used from any thread; its state is volatile.
 */
final class Abort {
    private final PacedLanes lanes;
    private final boolean runOnCallingThread;
    private volatile Thread taskThread;
    /** The harness threads of the other lanes, when several share the load; empty otherwise. */
    private volatile Thread[] laneThreads = new Thread[0];
    private volatile boolean interruptible;
    private volatile boolean interruptedCaller;
    private volatile String abortReason;

    Abort(PacedLanes lanes, boolean runOnCallingThread) {
        this.lanes = lanes;
        this.runOnCallingThread = runOnCallingThread;
    }

    /** Makes {@code thread} the one that runs the task; {@code mayInterrupt} says whether an abort interrupts it. */
    void runner(Thread thread, boolean mayInterrupt) {
        interruptible = mayInterrupt;
        taskThread = thread;
    }

    /** Makes {@code threads} the harness threads of the other lanes, interrupted by an abort with the runner. */
    void laneRunners(Thread[] threads) {
        laneThreads = threads.clone();
    }

    /** @return the thread that runs the task, or null before there is one */
    Thread runner() {
        return taskThread;
    }

    /** @return why the benchmark is being ended early, or null when it is not */
    String reason() {
        return abortReason;
    }

    /** @return whether an abort interrupted the thread that called start() to run the task on */
    boolean interruptedCaller() {
        return interruptedCaller;
    }

    /** Ends the run before its next iteration, saying why, without interrupting the iteration under way. */
    void stopBefore(String reason) {
        if (abortReason == null) {
            abortReason = reason;
        }
        lanes.requestAbort();
    }

    /**
     * Why a run ended when the task threw on a harness thread: the abort under way, when there was one (an interrupt
     * at the timeout made the task throw: that is the cause), else {@code thrown}; in that case the other harness
     * threads, if there are any, stop too, so that the run ends where the task threw.
     *
     * @param thrown what the task threw, where, as the run's reason
     * @param t      what it threw
     * @return the run's reason
     */
    String taskThrew(String thrown, Throwable t) {
        String abortedFor = abortReason;
        if (lanes.abortRequested() && abortedFor != null) {
            return abortedFor + "; the task then threw " + t.getClass().getName();
        }
        if (lanes.count() > 1) {
            lanes.requestAbort();
        }
        return thrown;
    }

    /**
     * Ends the run before its next iteration, saying why, and interrupts the thread that runs the task when it may be
     * interrupted and is not this one, to end an iteration under way.
     */
    void abort(String reason) {
        stopBefore(reason);
        Thread runner = taskThread;
        if (interruptible && runner != null && runner != Thread.currentThread()) {
            interruptedCaller = runOnCallingThread;
            runner.interrupt();
        }
        for (Thread lane : laneThreads) {
            if (lane != Thread.currentThread()) {
                lane.interrupt();
            }
        }
    }
}

package org.jlbh.core;

import org.jlbh.core.internal.PacedLoop;

/**
 * Ends a benchmark early: keeps the first reason given, asks the paced loop to stop before its next iteration and,
 * where the thread that runs the task may be interrupted, interrupts it to end an iteration under way.
 *
 * <p>Thread-safety: may be used from any thread; its state is volatile.
 */
final class Abort {
    private final PacedLoop loop;
    private final boolean runOnCallingThread;
    private volatile Thread taskThread;
    private volatile boolean interruptible;
    private volatile boolean interruptedCaller;
    private volatile String abortReason;

    Abort(PacedLoop loop, boolean runOnCallingThread) {
        this.loop = loop;
        this.runOnCallingThread = runOnCallingThread;
    }

    /** Makes {@code thread} the one that runs the task; {@code mayInterrupt} says whether an abort interrupts it. */
    void runner(Thread thread, boolean mayInterrupt) {
        interruptible = mayInterrupt;
        taskThread = thread;
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
        loop.requestAbort();
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
    }
}

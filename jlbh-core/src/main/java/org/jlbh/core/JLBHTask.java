package org.jlbh.core;

/**
 * The code under measurement, driven by {@link JLBH} at the target throughput.
 *
 * <p>Same shape as the reference JLBH's {@code JLBHTask}. Every callback runs on the thread that runs the task
 * (the harness's own {@code jlbh-harness} by default; the calling thread with
 * {@link JLBHOptions#runOnCallingThread(boolean) runOnCallingThread(true)}; the event loop's thread with
 * {@link JLBH#eventLoopHandler}), in this order: {@link #init} once, then {@link #run} for each warm-up iteration,
 * {@link #warmedUp} once, then per run {@link #run} for each iteration followed by {@link #runComplete}, and
 * finally {@link #complete} once, after the SUMMARY is printed and the results handed to the result consumer.
 *
 * <p>Each call of {@link #run} is one iteration and is expected to produce exactly one end-to-end sample through
 * {@link JLBH#sample(long)}, either before it returns or later from another thread (an asynchronous reply). A run
 * whose sample count does not match its iterations ends with a status that says so; see {@link RunStatus}.
 */
public interface JLBHTask {

    /**
     * Called once before warm-up, on the thread that runs the task: keep the {@code jlbh} reference and add probes
     * here.
     *
     * @param jlbh the harness driving this task; use it to {@link JLBH#sample(long) sample} and to
     *             {@link JLBH#addProbe(String) add probes}
     */
    void init(JLBH jlbh);

    /**
     * Performs one iteration.
     *
     * @param startTimeNS the iteration's start time in {@link System#nanoTime()} nanoseconds: its intended start on
     *                    the fixed-rate schedule when coordinated omission is accounted for (the default), otherwise
     *                    the time the harness actually called this method. End-to-end latency is
     *                    {@code endTime - startTimeNS}.
     */
    void run(long startTimeNS);

    /** Called once after the warm-up iterations, before the first measured run. */
    default void warmedUp() {
    }

    /** Called after each measured run, once its results are recorded. */
    default void runComplete() {
    }

    /**
     * Called once after all runs, last of all: after the SUMMARY is printed (and flushed) and the result consumer
     * has the results, so a task may end the JVM here and still leave its report. Also called after a run was
     * aborted or the task threw, so the task can release what it holds. Not called when an iteration never
     * returned (the harness thread is still inside {@link #run}).
     */
    default void complete() {
    }
}

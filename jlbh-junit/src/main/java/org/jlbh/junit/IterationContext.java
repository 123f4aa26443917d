package org.jlbh.junit;

/**
 * The current iteration of a {@link LatencyTest}, for tests whose iteration ends asynchronously (a reply on another
 * thread). Declare it as a parameter, carry {@link #startTimeNanos()} with the request (the FIX sample carries it in
 * ClOrdID), and call {@link #sampleEndToEnd(long)} once per iteration when the reply arrives, from any thread.
 *
 * <p>A test method that declares this parameter samples end to end itself; without it, the extension samples end
 * to end when the method returns. Read {@link #startTimeNanos()} on the thread running the test body: with several
 * harness threads ({@link LatencyTest#threads()}), each has its own current iteration, and {@link #threadIndex()}
 * says which thread it is.
 *
 * <p>The guide's page on it: {@code docs/concurrency.md}.
 */
public interface IterationContext {

    /**
     * @return the current iteration's start in {@link System#nanoTime()} nanoseconds: its intended start on the
     *         schedule when coordinated omission is accounted for (the default), else the moment it was called
     */
    long startTimeNanos();

    /**
     * @return which harness thread is calling, 0 to {@code threads - 1} ({@link LatencyTest#threads()}); -1 on any
     *         other thread (a reply's reader, say)
     */
    int threadIndex();

    /**
     * Records one end-to-end latency; may be called from any thread.
     *
     * @param latencyNanos the iteration's latency in nanoseconds, normally {@code System.nanoTime() - start}
     */
    void sampleEndToEnd(long latencyNanos);
}

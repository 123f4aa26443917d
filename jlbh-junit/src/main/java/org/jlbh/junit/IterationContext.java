package org.jlbh.junit;

/**
 * The current iteration of a {@link LatencyTest}, for tests whose iteration ends asynchronously (a reply on another
 * thread). Declare it as a parameter, carry {@link #startTimeNanos()} with the request (the FIX sample carries it in
 * ClOrdID), and call {@link #sampleEndToEnd(long)} once per iteration when the reply arrives, from any thread.
 *
 * <p>A test method that declares this parameter samples end to end itself; without it, the extension samples end
 * to end when the method returns. Read {@link #startTimeNanos()} on the thread running the test body.
 */
public interface IterationContext {

    /**
     * @return the current iteration's start in {@link System#nanoTime()} nanoseconds: its intended start on the
     *         schedule when coordinated omission is accounted for (the default), else the moment it was called
     */
    long startTimeNanos();

    /**
     * Records one end-to-end latency; may be called from any thread.
     *
     * @param latencyNanos the iteration's latency in nanoseconds, normally {@code System.nanoTime() - start}
     */
    void sampleEndToEnd(long latencyNanos);
}

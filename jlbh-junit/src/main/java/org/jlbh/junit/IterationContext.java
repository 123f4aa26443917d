package org.jlbh.junit;

/**
 * The current iteration of a {@link LatencyTest}, for tests whose iteration ends asynchronously (a reply on another
 * thread): carry {@link #startTimeNanos()} with the request and call {@link #sampleEndToEnd(long)} once per iteration
 * when the reply arrives. A test method that declares this parameter samples end to end itself; without it, the
 * extension samples when the method returns. Each harness thread has its own current iteration.
 */
public interface IterationContext {

    /**
     * @return the calling harness thread's iteration's start in {@link System#nanoTime()} nanoseconds: intended, when
     *         coordinated omission is accounted for (the default), else actual
     */
    long startTimeNanos();

    /**
     * @return which harness thread is calling, 0 to {@code threads - 1} ({@link LatencyTest#threads()}); -1 on any
     *         other thread (a reply's reader, say)
     */
    int threadIndex();

    /**
     * Records one end-to-end latency; thread-safe.
     *
     * @param latencyNanos the iteration's latency in nanoseconds, normally {@code System.nanoTime() - start}
     */
    void sampleEndToEnd(long latencyNanos);
}

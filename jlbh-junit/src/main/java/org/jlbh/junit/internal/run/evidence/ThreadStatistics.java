package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;

/**
 * What Linux's scheduler says of one thread, read by that thread itself: its CPU time, its run delay (how long it has
 * been runnable but waiting for a CPU) and how many times it has got a CPU, all counted since the thread began; and,
 * dearer to read, how many times it gave its CPU up itself (slept or blocked). A wait for the CPU is counted when the
 * thread gets its CPU back, so a thread reading its own figures has every wait it suffered counted.
 *
 * <p>{@link ProcThreadStatistics} reads {@code /proc/thread-self}; tests give figures to order. Not thread-safe: one
 * thread, the one it describes, reads it.
 */
interface ThreadStatistics extends AutoCloseable {

    /**
     * Reads the cheap figures, allocating nothing.
     *
     * @param into where they go: {@code [CPU time ns, run delay ns, times it got a CPU]}
     * @throws IOException when they cannot be read
     */
    void read(long[] into) throws IOException;

    /**
     * @return how many times so far the thread gave up its CPU itself (slept, blocked, waited); about ten times dearer
     *         to read than {@link #read}
     * @throws IOException when it cannot be read
     */
    long voluntarySwitches() throws IOException;

    @Override
    void close();
}

package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;

/** What Linux's scheduler says of one thread since it began, read by that thread only; tests script its figures. */
interface ThreadStatistics extends AutoCloseable {

    /** @param into where the cheap figures go, allocating nothing: {@code [CPU time, run delay, times on a CPU]} */
    void read(long[] into) throws IOException;

    /** @return how many times the thread gave up its CPU itself; ten times dearer to read than {@link #read} */
    long voluntarySwitches() throws IOException;

    @Override
    void close();
}

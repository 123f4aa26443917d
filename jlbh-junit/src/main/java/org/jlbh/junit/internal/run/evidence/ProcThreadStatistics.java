package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

/**
 * The calling thread's scheduler figures from {@code /proc/thread-self}: run delay and times on a CPU from
 * {@code schedstat}, voluntary switches from {@code status}, CPU time from the JVM (schedstat's is stale until the
 * tick). Reading allocates nothing. Not thread-safe: the thread that opened it reads it.
 */
final class ProcThreadStatistics implements ThreadStatistics {
    private static final byte[] VOLUNTARY = "\nvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);

    private final ProcFile schedstat;
    private final ProcFile status;
    private final ThreadMXBean threads;

    private ProcThreadStatistics(ProcFile schedstat, ProcFile status, ThreadMXBean threads) {
        this.schedstat = schedstat;
        this.status = status;
        this.threads = threads;
    }

    /** @return the calling thread's figures, or an exception saying why there are none */
    static ProcThreadStatistics ofCallingThread() throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) {
            throw new IOException("no scheduler evidence: this JVM does not measure a thread's CPU time");
        }
        ProcFile schedstat;
        try {
            schedstat = new ProcFile("/proc/thread-self/schedstat");
        } catch (IOException noFile) {
            throw new IOException("no scheduler evidence on this OS (no /proc/thread-self/schedstat)", noFile);
        }
        try {
            return new ProcThreadStatistics(schedstat, new ProcFile("/proc/thread-self/status"), threads);
        } catch (IOException noStatus) {
            schedstat.close();
            throw new IOException("no scheduler evidence on this OS (no /proc/thread-self/status)", noStatus);
        }
    }

    @Override
    public void read(long[] into) throws IOException {
        into[0] = threads.getCurrentThreadCpuTime();
        schedstat.reread().next(); // schedstat's own CPU time, stale
        into[1] = schedstat.next();
        into[2] = present(schedstat.next());
    }

    @Override
    public long voluntarySwitches() throws IOException {
        if (!status.reread().skipPast(VOLUNTARY)) {
            throw new IOException("no voluntary_ctxt_switches in /proc/thread-self/status");
        }
        return present(status.next());
    }

    /** @return the number, which -1 says was missing (then those after it are too) */
    private static long present(long number) throws IOException {
        if (number < 0) {
            throw new IOException("a number was missing in /proc/thread-self");
        }
        return number;
    }

    @Override
    public void close() {
        schedstat.close();
        status.close();
    }
}

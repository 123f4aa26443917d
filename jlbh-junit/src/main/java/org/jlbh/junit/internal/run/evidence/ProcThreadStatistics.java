package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.io.RandomAccessFile;
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

    private final RandomAccessFile schedstat;
    private final RandomAccessFile status;
    private final ThreadMXBean threads;
    private final byte[] buffer = new byte[4_096];

    private ProcThreadStatistics(RandomAccessFile schedstat, RandomAccessFile status, ThreadMXBean threads) {
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
        RandomAccessFile schedstat;
        try {
            schedstat = new RandomAccessFile("/proc/thread-self/schedstat", "r");
        } catch (IOException noFile) {
            throw new IOException("no scheduler evidence on this OS (no /proc/thread-self/schedstat)", noFile);
        }
        try {
            return new ProcThreadStatistics(schedstat, new RandomAccessFile("/proc/thread-self/status", "r"), threads);
        } catch (IOException noStatus) {
            close(schedstat);
            throw new IOException("no scheduler evidence on this OS (no /proc/thread-self/status)", noStatus);
        }
    }

    @Override
    public void read(long[] into) throws IOException {
        into[0] = threads.getCurrentThreadCpuTime();
        int length = fill(schedstat);
        int at = skipNumber(0, length); // schedstat's own CPU time, stale
        into[1] = parseNumber(at, length);
        into[2] = parseNumber(skipNumber(at, length), length);
    }

    @Override
    public long voluntarySwitches() throws IOException {
        int length = fill(status);
        for (int at = 0; at + VOLUNTARY.length < length; at++) {
            if (matches(at)) {
                return parseNumber(at + VOLUNTARY.length, length);
            }
        }
        throw new IOException("no voluntary_ctxt_switches in /proc/thread-self/status");
    }

    @Override
    public void close() {
        close(schedstat);
        close(status);
    }

    private static void close(RandomAccessFile file) {
        try {
            file.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }

    private boolean matches(int at) {
        for (int i = 0; i < VOLUNTARY.length; i++) {
            if (buffer[at + i] != VOLUNTARY[i]) {
                return false;
            }
        }
        return true;
    }

    private int fill(RandomAccessFile file) throws IOException {
        file.seek(0);
        int length = 0;
        for (int n; length < buffer.length && (n = file.read(buffer, length, buffer.length - length)) > 0; ) {
            length += n;
        }
        return length;
    }

    private int skipNumber(int at, int length) {
        while (at < length && (buffer[at] < '0' || buffer[at] > '9')) {
            at++;
        }
        while (at < length && buffer[at] >= '0' && buffer[at] <= '9') {
            at++;
        }
        return at;
    }

    private long parseNumber(int at, int length) throws IOException {
        while (at < length && (buffer[at] < '0' || buffer[at] > '9')) {
            at++;
        }
        if (at == length) {
            throw new IOException("a number was missing in /proc/thread-self");
        }
        long value = 0;
        while (at < length && buffer[at] >= '0' && buffer[at] <= '9') {
            value = value * 10 + buffer[at++] - '0';
        }
        return value;
    }
}

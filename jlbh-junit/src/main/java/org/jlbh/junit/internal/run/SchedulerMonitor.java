package org.jlbh.junit.internal.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples, beside a measurement, what Linux's scheduler says about the harness thread: a daemon thread
 * ({@code jlbh-evidence}) that sleeps a millisecond at a time and on waking reads, for the harness thread, its run
 * delay and the number of times it got a CPU ({@code /proc/self/task/<tid>/schedstat}), its CPU time (the kernel's
 * per-thread clock, through {@link ThreadMXBean#getThreadCpuTime}) and its voluntary and involuntary context switches
 * ({@code .../status}). The harness thread itself never reads anything: it only says, once before its loop, which
 * thread it is ({@link #harnessThreadIs}); until then the monitor waits without waking. A sample whose readings took more than {@value #MAX_READ_NANOS} ns (the
 * monitor was itself descheduled while reading) is dropped, so that every sample's readings are of one moment.
 * Reading allocates nothing once the monitor's loop is compiled (the files stay open; numbers are parsed from one
 * buffer). Where the files do not exist (macOS, Windows, containers that hide them) there is no evidence and
 * {@link #stop()} says so.
 *
 * <p>Thread-safety: {@link #harnessThreadIs} from the harness thread, {@link #stop()} from the thread that started
 * it; the series are handed over when the monitor has stopped.
 */
public final class SchedulerMonitor {
    /** How long the monitor sleeps between samples: a millisecond. */
    public static final long PERIOD_NANOS = 1_000_000;
    /** The longest a sample's readings may take for it to be kept, in nanoseconds. */
    static final long MAX_READ_NANOS = 20_000;
    private static final byte[] VOLUNTARY = "\nvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INVOLUNTARY = "\nnonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);

    private final LongSeries times;
    private final LongSeries runDelay;
    private final LongSeries slices;
    private final LongSeries cpuTime;
    private final LongSeries voluntary;
    private final LongSeries involuntary;
    private final byte[] buffer = new byte[8_192];
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String harnessTask;
    private volatile long harnessId = -1;
    private volatile String unavailable;

    private SchedulerMonitor(int capacity) {
        times = new LongSeries(capacity);
        runDelay = new LongSeries(capacity);
        slices = new LongSeries(capacity);
        cpuTime = new LongSeries(capacity);
        voluntary = new LongSeries(capacity);
        involuntary = new LongSeries(capacity);
        thread = new Thread(this::sample, "jlbh-evidence");
        thread.setDaemon(true);
    }

    /**
     * @param expectedNanos how long the measurement should take: the series are made for it (and grow past it), so
     *                      that the monitor makes no garbage while the harness runs
     * @return a monitor, sampling from now until {@link #stop()}
     */
    public static SchedulerMonitor start(long expectedNanos) {
        SchedulerMonitor monitor = new SchedulerMonitor((int) Math.min(10_000_000,
                1_024 + 2 * expectedNanos / PERIOD_NANOS));
        if (!Files.isReadable(Path.of("/proc/thread-self/schedstat"))) {
            monitor.unavailable = "no scheduler evidence on this OS (no /proc schedstat)";
            return monitor;
        }
        if (!monitor.threads.isThreadCpuTimeSupported() || !monitor.threads.isThreadCpuTimeEnabled()) {
            monitor.unavailable = "no scheduler evidence: this JVM does not measure a thread's CPU time";
            return monitor;
        }
        monitor.thread.start();
        return monitor;
    }

    /**
     * Says which thread the harness runs on; to be called on that thread, before its loop.
     *
     * @param harness the harness thread
     * @param task    its {@code /proc} task name, {@code <pid>/task/<tid>}, as {@link #currentTask()} gives it
     */
    public void harnessThreadIs(Thread harness, String task) {
        harnessId = harness.getId();
        harnessTask = task;
        LockSupport.unpark(thread);
    }

    /** @return the calling thread's {@code /proc} task name, {@code <pid>/task/<tid>}, or null where there is none */
    public static String currentTask() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
        } catch (IOException | RuntimeException noProc) {
            return null;
        }
    }

    /** @return what was sampled, or no evidence and why */
    public SchedulerEvidence stop() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (unavailable != null) {
            return SchedulerEvidence.none(unavailable);
        }
        if (thread.isAlive() || times.size() < 2) {
            return SchedulerEvidence.none("no scheduler evidence: the monitor took no samples");
        }
        return SchedulerEvidence.of(times.copy(), runDelay.copy(), slices.copy(), cpuTime.copy(), voluntary.copy(),
                involuntary.copy());
    }

    private void sample() {
        RandomAccessFile schedstat = null;
        RandomAccessFile status = null;
        try {
            while (running) {
                if (schedstat == null) {
                    String task = harnessTask;
                    if (task == null) {
                        LockSupport.park(); // until told the harness thread, or stopped: idle, it costs nothing
                        continue;
                    }
                    schedstat = new RandomAccessFile("/proc/" + task + "/schedstat", "r");
                    status = new RandomAccessFile("/proc/" + task + "/status", "r");
                }
                LockSupport.parkNanos(PERIOD_NANOS);
                long before = System.nanoTime();
                long cpu = threads.getThreadCpuTime(harnessId);
                int length = read(schedstat);
                int at = skipNumber(0, length);
                long delay = parseNumber(at, length);
                long timeslices = parseNumber(skipNumber(at, length), length);
                int statusLength = read(status);
                long switches = numberAfter(VOLUNTARY, statusLength);
                long preemptions = numberAfter(INVOLUNTARY, statusLength);
                long after = System.nanoTime();
                if (cpu < 0) {
                    break; // the harness thread has ended
                }
                if (after - before <= MAX_READ_NANOS) {
                    times.add(before);
                    cpuTime.add(cpu);
                    runDelay.add(delay);
                    slices.add(timeslices);
                    voluntary.add(switches);
                    involuntary.add(preemptions);
                }
            }
        } catch (IOException | RuntimeException failed) {
            if (times.size() == 0) {
                unavailable = "no scheduler evidence: reading /proc failed (" + failed + ")";
            }
            // else the harness thread has ended: what was sampled stands
        } finally {
            close(schedstat);
            close(status);
        }
    }

    private static void close(RandomAccessFile file) {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // nothing to do
            }
        }
    }

    /** @return the number after {@code field} (a line's start, with its newline) in the buffer's first bytes */
    private long numberAfter(byte[] field, int length) throws IOException {
        for (int at = 0; at + field.length < length; at++) {
            if (matches(at, field)) {
                return parseNumber(at + field.length, length);
            }
        }
        throw new IOException("no " + new String(field, StandardCharsets.US_ASCII).trim() + " in the thread's status");
    }

    private boolean matches(int at, byte[] text) {
        for (int i = 0; i < text.length; i++) {
            if (buffer[at + i] != text[i]) {
                return false;
            }
        }
        return true;
    }

    private int read(RandomAccessFile file) throws IOException {
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

    private long parseNumber(int at, int length) {
        while (at < length && (buffer[at] < '0' || buffer[at] > '9')) {
            at++;
        }
        long value = 0;
        while (at < length && buffer[at] >= '0' && buffer[at] <= '9') {
            value = value * 10 + buffer[at++] - '0';
        }
        return value;
    }
}

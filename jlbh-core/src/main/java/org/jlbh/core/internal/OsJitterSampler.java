package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures OS jitter the way jHiccup does: a daemon thread sleeps {@value #SLEEP_NS} ns at a time and records how
 * much later than asked it woke up. A stall of the platform (scheduler, hypervisor, safepoint) delays that wake-up.
 *
 * <p>Unlike a thread that spins on the clock (as the reference JLBH's does), a sleeping sampler uses almost no
 * CPU, so on a 2-core machine it does not take a core away from the code under test and does not create the
 * jitter it measures. Its floor is the OS's wake-up latency and timer slack (typically 50–60 µs on Linux), which
 * {@link org.jlbh.core.JLBHResult.RunResult#min()} shows; the tail is what matters.
 *
 * <p>Delays above the threshold are recorded, all wake-ups are counted. Runs are cut out of the stream by
 * {@link #beginRun()} and {@link #endRun(int)} from the harness thread; {@link #start()} and {@link #stop()} from
 * any thread.
 */
public final class OsJitterSampler {
    /** How long the sampler asks to sleep each time, in nanoseconds. */
    public static final long SLEEP_NS = 1_000_000L;
    /** The name of its results. */
    public static final String NAME = org.jlbh.core.JLBH.OS_JITTER;

    private final long recordGreaterThanNs;
    private final boolean pinned;
    private final SingleWriterRecorder recorder =
            new SingleWriterRecorder(1, LatencyRecorder.HIGHEST_TRACKABLE_NS, LatencyRecorder.SIGNIFICANT_DIGITS);
    private final AtomicLong wakeUps = new AtomicLong();
    private final Histogram interval = LatencyRecorder.newHistogram();
    private long wakeUpsAtRunStart;
    private long wakeUpsLastRun;
    private volatile boolean running;
    private Thread thread;

    /** @param recordGreaterThanNs only delays above this many nanoseconds are recorded */
    public OsJitterSampler(long recordGreaterThanNs) {
        this(recordGreaterThanNs, false);
    }

    /**
     * @param recordGreaterThanNs only delays above this many nanoseconds are recorded
     * @param pinned              whether the sampling thread pins itself to a CPU of its own while it runs (needs
     *                            {@code net.openhft:affinity}; see {@link AffinitySupport})
     */
    public OsJitterSampler(long recordGreaterThanNs, boolean pinned) {
        this.recordGreaterThanNs = recordGreaterThanNs;
        this.pinned = pinned;
    }

    /** Starts the sampling thread. */
    public synchronized void start() {
        running = true;
        thread = new Thread(this::sample, "jlbh-os-jitter");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops the sampling thread and waits briefly for it to end. */
    public synchronized void stop() {
        running = false;
        if (thread != null) {
            LockSupport.unpark(thread);
            try {
                thread.join(TimeUnit.SECONDS.toMillis(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void sample() {
        if (!pinned) {
            sampleUntilStopped();
            return;
        }
        Object lock = AffinitySupport.acquireForThisThread();
        try {
            sampleUntilStopped();
        } finally {
            AffinitySupport.release(lock);
        }
    }

    private void sampleUntilStopped() {
        while (running) {
            long before = System.nanoTime();
            LockSupport.parkNanos(SLEEP_NS);
            long delay = System.nanoTime() - before - SLEEP_NS;
            if (!running) {
                break;
            }
            if (delay > recordGreaterThanNs) {
                recorder.recordValue(Math.min(delay, LatencyRecorder.HIGHEST_TRACKABLE_NS));
            }
            wakeUps.lazySet(wakeUps.get() + 1);
        }
    }

    /** Starts a run: delays recorded before now belong to no run. */
    public void beginRun() {
        recorder.getIntervalHistogramInto(interval);
        wakeUpsAtRunStart = wakeUps.get();
    }

    /**
     * @param run 1-based run number
     * @return the delays recorded since {@link #beginRun()}
     */
    public ImmutableRunResult endRun(int run) {
        recorder.getIntervalHistogramInto(interval);
        wakeUpsLastRun = wakeUps.get() - wakeUpsAtRunStart;
        return new ImmutableRunResult(NAME, run, LatencyRecorder.compactCopy(interval), 0, 0);
    }

    /** @return wake-ups between the last {@link #beginRun()} and {@link #endRun(int)}, recorded or not */
    public long wakeUpsLastRun() {
        return wakeUpsLastRun;
    }

    /** @return the threshold above which delays are recorded, in nanoseconds */
    public long recordGreaterThanNs() {
        return recordGreaterThanNs;
    }
}

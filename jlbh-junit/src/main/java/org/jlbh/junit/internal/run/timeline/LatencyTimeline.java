package org.jlbh.junit.internal.run.timeline;

import java.util.Arrays;

/**
 * Records one probe's timeline and late samples during each measured run ({@link RunTimeline}), garbage-free, ignoring
 * samples outside a run. Threads: {@link #recordLate} from any, the rest on the harness thread.
 */
public final class LatencyTimeline {
    /** Windows a run is cut into, over its scheduled length; as many again are kept for a run that ends late. */
    public static final int WINDOWS = 1_000;
    private static final int SLOTS = 2 * WINDOWS;
    /** The most late samples kept per run. */
    public static final int MAX_KEPT = 65_536;

    private final long[] budgetsNanos;
    private final long lateNanos;
    private final long[] worst = new long[SLOTS];
    private final int[][] over;
    private final long[] lateEnd;
    private final long[] lateLatency;
    private final long[] latePreviousEnd;
    private final long[] lateBegan;
    private long lastEnd = Long.MIN_VALUE;
    private volatile boolean recording;
    private int run;
    private long startNanos;
    private long windowNanos;
    private double windowsPerNano;
    private int kept;
    private long notKept;

    /**
     * @param budgetsNanos the probe's budgets, in nanoseconds (none: nothing is late, only the worst is kept)
     * @param iterations   iterations per run, to size what is kept
     */
    public LatencyTimeline(long[] budgetsNanos, long iterations) {
        this.budgetsNanos = Arrays.stream(budgetsNanos).sorted().distinct().toArray();
        this.lateNanos = this.budgetsNanos.length == 0 ? Long.MAX_VALUE : this.budgetsNanos[0];
        this.over = new int[this.budgetsNanos.length][SLOTS];
        int capacity = (int) Math.min(MAX_KEPT, iterations);
        this.lateEnd = new long[this.budgetsNanos.length == 0 ? 0 : capacity];
        this.lateLatency = new long[lateEnd.length];
        this.latePreviousEnd = new long[lateEnd.length];
        this.lateBegan = new long[lateEnd.length];
    }

    /** @return a timeline with this one's budgets, for another thread's {@code iterations} per run */
    public LatencyTimeline forAnotherThread(long iterations) {
        return new LatencyTimeline(budgetsNanos, iterations);
    }

    /** @return the latency above which a sample is late: the smallest budget, or {@link Long#MAX_VALUE} */
    public long lateNanos() {
        return lateNanos;
    }

    /** Begins {@code run} (0 the warm-up), due from {@code startNanos} (nanoTime) for {@code scheduledNanos}. */
    public void beginRun(int run, long startNanos, long scheduledNanos) {
        Arrays.fill(worst, 0);
        for (int[] counts : over) {
            Arrays.fill(counts, 0);
        }
        this.run = run;
        this.startNanos = startNanos;
        this.windowNanos = Math.max(1, scheduledNanos / WINDOWS);
        this.windowsPerNano = 1.0 / windowNanos;
        this.kept = 0;
        this.notKept = 0;
        this.recording = true;
    }

    /** @return whether the iteration due at {@code startNanos} is queued: the one before it ended after it was due */
    public boolean queued(long startNanos) {
        return lastEnd != Long.MIN_VALUE && lastEnd - startNanos > 0;
    }

    /**
     * Records a sample the harness thread took as its iteration returned at {@code endNanos}, which began its call at
     * {@code beganNanos} ({@link Long#MIN_VALUE}: not read); a late one is kept with when the iteration before ended.
     */
    public void record(long endNanos, long latency, long beganNanos) {
        long previousEnd = lastEnd == Long.MIN_VALUE ? endNanos - latency : lastEnd;
        lastEnd = endNanos;
        if (!recording) {
            return;
        }
        int window = recordWorst(endNanos, latency);
        if (latency > lateNanos) {
            long began = beganNanos != Long.MIN_VALUE ? beganNanos : Math.max(endNanos - latency, previousEnd);
            late(window, endNanos, latency, previousEnd, began);
        }
    }

    /** Records a late sample ({@code latency > }{@link #lateNanos()}, in nanoseconds) from any thread. */
    public synchronized void recordLate(long endNanos, long latency) {
        if (recording) {
            late(recordWorst(endNanos, latency), endNanos, latency, Long.MIN_VALUE, Long.MIN_VALUE);
        }
    }

    /** @return what the run that ends now recorded; null when none was being recorded */
    public synchronized RunTimeline endRun() {
        if (!recording) {
            return null;
        }
        recording = false;
        return new RunTimeline(run, startNanos, System.nanoTime(), windowNanos, worst.clone(), budgetsNanos.clone(),
                Arrays.stream(over).map(int[]::clone).toArray(int[][]::new), Arrays.copyOf(lateEnd, kept),
                Arrays.copyOf(lateLatency, kept), Arrays.copyOf(latePreviousEnd, kept), Arrays.copyOf(lateBegan, kept),
                notKept);
    }

    private int recordWorst(long endNanos, long latency) {
        long at = (long) ((endNanos - startNanos) * windowsPerNano);
        int window = at < 0 ? 0 : at >= SLOTS ? SLOTS - 1 : (int) at;
        if (latency > worst[window]) {
            worst[window] = latency;
        }
        return window;
    }

    private void late(int window, long endNanos, long latency, long previousEnd, long began) {
        for (int b = 0; b < budgetsNanos.length && latency > budgetsNanos[b]; b++) {
            over[b][window]++;
        }
        if (kept < lateEnd.length) {
            lateEnd[kept] = endNanos;
            lateLatency[kept] = latency;
            latePreviousEnd[kept] = previousEnd;
            lateBegan[kept] = began;
            kept++;
        } else {
            notKept++;
        }
    }
}

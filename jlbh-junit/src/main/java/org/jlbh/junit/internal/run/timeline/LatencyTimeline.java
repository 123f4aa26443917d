package org.jlbh.junit.internal.run.timeline;

import java.util.Arrays;

/**
 * Records one probe's timeline and late samples during each measured run ({@link RunTimeline}), garbage-free: all
 * arrays are made once, when the test is prepared. {@link #record} is for the harness thread (a synchronous end to
 * end): a multiplication and a comparison or two per sample, plus the capture of a late one. {@link #recordLate} is
 * for samples from any thread, and only for late ones (the caller compares first, so an ordinary sample costs one
 * comparison). Runs are cut by {@link #beginRun} and {@link #endRun} on the harness thread; samples outside a run are
 * ignored.
 */
public final class LatencyTimeline {
    /** Windows a run is cut into, over its scheduled length. */
    public static final int WINDOWS = 1_000;
    /** Windows kept past the scheduled length, for a run that ends late. */
    private static final int SLOTS = 2 * WINDOWS;
    /** The most late samples kept per run: more than a run's 1% over budget at up to 6.5 million iterations. */
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

    /**
     * @param iterations iterations per run of the new timeline's thread, to size what it keeps
     * @return a timeline with this one's budgets, for another harness thread's samples of the same probe
     */
    public LatencyTimeline forAnotherThread(long iterations) {
        return new LatencyTimeline(budgetsNanos, iterations);
    }

    /** @return the latency above which a sample is late: the smallest budget, or {@link Long#MAX_VALUE} */
    public long lateNanos() {
        return lateNanos;
    }

    /**
     * Starts a run.
     *
     * @param run                1-based run
     * @param startNanos         its first iteration's intended start, nanoTime
     * @param scheduledNanos     its scheduled length
     */
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

    /**
     * @param startNanos an iteration's intended start, nanoTime
     * @return whether the iteration is queued: the harness thread's iteration before it ended after it was due, so the
     *         harness began it late, after its own work between the two (the caller then reads when the call begins)
     */
    public boolean queued(long startNanos) {
        return lastEnd != Long.MIN_VALUE && lastEnd - startNanos > 0;
    }

    /**
     * Records a sample the harness thread took as its iteration returned: the iterations run one after another, so a
     * late one is kept with when the one before it ended too (the harness started it then, or at its intended start,
     * whichever came later).
     *
     * @param endNanos when it ended, nanoTime
     * @param latency  its latency, in nanoseconds
     */
    public void record(long endNanos, long latency) {
        record(endNanos, latency, Long.MIN_VALUE);
    }

    /**
     * Records a sample the harness thread took as its iteration returned, as {@link #record(long, long)}, with when its
     * call began where the caller read it (a {@link #queued} iteration) or the harness called it (a late one on its
     * schedule).
     *
     * @param endNanos   when it ended, nanoTime
     * @param latency    its latency, in nanoseconds
     * @param beganNanos when its call began, nanoTime; {@link Long#MIN_VALUE} when not read
     */
    public void record(long endNanos, long latency, long beganNanos) {
        // nothing ran before the first iteration of all: it began at its intended start
        long previousEnd = lastEnd == Long.MIN_VALUE ? endNanos - latency : lastEnd;
        lastEnd = endNanos;
        if (!recording) {
            return;
        }
        int window = window(endNanos);
        if (latency > worst[window]) {
            worst[window] = latency;
        }
        if (latency > lateNanos) {
            long began = beganNanos != Long.MIN_VALUE ? beganNanos : Math.max(endNanos - latency, previousEnd);
            late(window, endNanos, latency, previousEnd, began);
        }
    }

    /**
     * Records a late sample from any thread; the caller has checked that {@code latency > }{@link #lateNanos()}.
     *
     * @param endNanos when it ended, nanoTime
     * @param latency  its latency, in nanoseconds
     */
    public synchronized void recordLate(long endNanos, long latency) {
        if (!recording) {
            return;
        }
        int window = window(endNanos);
        if (latency > worst[window]) {
            worst[window] = latency;
        }
        late(window, endNanos, latency, Long.MIN_VALUE, Long.MIN_VALUE);
    }

    /**
     * Ends the run.
     *
     * @return what it recorded; null when no run was being recorded
     */
    public synchronized RunTimeline endRun() {
        if (!recording) {
            return null;
        }
        recording = false;
        int[][] counts = new int[over.length][];
        for (int b = 0; b < over.length; b++) {
            counts[b] = over[b].clone();
        }
        return new RunTimeline(run, startNanos, System.nanoTime(), windowNanos, worst.clone(), budgetsNanos.clone(), counts,
                Arrays.copyOf(lateEnd, kept), Arrays.copyOf(lateLatency, kept), Arrays.copyOf(latePreviousEnd, kept),
                Arrays.copyOf(lateBegan, kept), notKept);
    }

    private int window(long endNanos) {
        long window = (long) ((endNanos - startNanos) * windowsPerNano);
        return window < 0 ? 0 : window >= SLOTS ? SLOTS - 1 : (int) window;
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

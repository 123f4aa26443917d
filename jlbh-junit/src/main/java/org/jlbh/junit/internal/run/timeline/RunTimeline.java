package org.jlbh.junit.internal.run.timeline;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * One probe's latency over the time of one measured run, and its late samples. The run is cut into windows of
 * {@link #windowNanos()} from its first iteration's intended start; each window holds the worst sample that ended in it
 * (all samples for a synchronous end to end, late ones for the rest) and how many samples exceeded each budget. Every
 * sample over the smallest budget ("late") is kept with when it ended and its latency, up to a capacity; the rest are
 * counted. Immutable (the arrays are not handed out).
 *
 * @param run            1-based run
 * @param startNanos     the run's start, nanoTime: its first iteration's intended start
 * @param endNanos       when the run ended, nanoTime
 * @param windowNanos    the width of a window
 * @param worstNanos     per window, the worst sample ending in it (0 where none was seen)
 * @param budgetsNanos   the probe's budgets, ascending
 * @param overBudget     per budget, per window, the samples over it that ended in the window
 * @param lateEndNanos   each kept late sample's end, nanoTime, in arrival order
 * @param lateNanos      each kept late sample's latency, in nanoseconds
 * @param latePreviousEndNanos for a sample the harness thread took as its iteration returned, when the iteration
 *                       before it ended, nanoTime; {@link Long#MIN_VALUE} for one from another thread (or a probe)
 * @param lateBeganNanos for a sample the harness thread took as its iteration returned, when its call began, nanoTime:
 *                       read by the harness thread when the iteration was queued (due before the one before it ended,
 *                       so the harness's own work between the two came first), else when the harness called it (at or
 *                       after its intended start: later where the harness thread was held up before the call), else
 *                       the later of its intended start and the end of the one before; {@link Long#MIN_VALUE} where
 *                       {@code latePreviousEndNanos} is
 * @param lateNotKept    late samples beyond the capacity, counted only
 */
public record RunTimeline(int run, long startNanos, long endNanos, long windowNanos, long[] worstNanos, long[] budgetsNanos,
                          int[][] overBudget, long[] lateEndNanos, long[] lateNanos,
                          long[] latePreviousEndNanos, long[] lateBeganNanos, long lateNotKept) {

    /**
     * Merges the timelines that several harness threads recorded of one probe in one run, all begun at the same start
     * with the same windows: per window the worst of them and the sum of their counts over each budget; every kept
     * late sample, in the order they ended, without when the iteration before it ended (the threads' iterations ran
     * beside each other, not one after another, so no replay of one queue applies).
     *
     * @param threads one timeline per thread, at least one
     * @return the run's timeline
     */
    public static RunTimeline merge(List<RunTimeline> threads) {
        RunTimeline first = threads.get(0);
        long end = first.endNanos;
        long[] worst = first.worstNanos.clone();
        int[][] over = new int[first.overBudget.length][];
        for (int b = 0; b < over.length; b++) {
            over[b] = first.overBudget[b].clone();
        }
        int late = 0;
        long notKept = 0;
        for (RunTimeline thread : threads) {
            if (thread.startNanos != first.startNanos || thread.windowNanos != first.windowNanos
                    || thread.worstNanos.length != worst.length) {
                throw new IllegalArgumentException("the threads' timelines of run " + first.run + " were not begun "
                        + "together");
            }
            late += thread.lateKept();
            notKept += thread.lateNotKept;
            end = Math.max(end, thread.endNanos);
        }
        for (RunTimeline thread : threads.subList(1, threads.size())) {
            for (int w = 0; w < worst.length; w++) {
                worst[w] = Math.max(worst[w], thread.worstNanos[w]);
            }
            for (int b = 0; b < over.length; b++) {
                for (int w = 0; w < over[b].length; w++) {
                    over[b][w] += thread.overBudget[b][w];
                }
            }
        }
        long[][] samples = new long[late][];
        int at = 0;
        for (RunTimeline thread : threads) {
            for (int i = 0; i < thread.lateKept(); i++) {
                samples[at++] = new long[]{thread.lateEndNanos[i], thread.lateNanos[i]};
            }
        }
        Arrays.sort(samples, Comparator.comparingLong(sample -> sample[0]));
        long[] lateEnd = new long[late];
        long[] lateLatency = new long[late];
        for (int i = 0; i < late; i++) {
            lateEnd[i] = samples[i][0];
            lateLatency[i] = samples[i][1];
        }
        long[] previousEnd = new long[late];
        Arrays.fill(previousEnd, Long.MIN_VALUE);
        return new RunTimeline(first.run, first.startNanos, end, first.windowNanos, worst, first.budgetsNanos.clone(),
                over, lateEnd, lateLatency, previousEnd, previousEnd.clone(), notKept);
    }

    /** @return how many windows hold a sample, from the first: the run's length in windows */
    public int windows() {
        int last = -1;
        for (int w = 0; w < worstNanos.length; w++) {
            if (worstNanos[w] > 0) {
                last = w;
            }
        }
        for (int[] counts : overBudget) {
            for (int w = 0; w < counts.length; w++) {
                if (counts[w] > 0) {
                    last = Math.max(last, w);
                }
            }
        }
        return last + 1;
    }

    /** @return how many late samples were kept */
    public int lateKept() {
        return lateNanos.length;
    }

    /**
     * @param i a kept late sample's index
     * @return when it ended, nanoTime
     */
    public long lateEnd(int i) {
        return lateEndNanos[i];
    }

    /**
     * @param i a kept late sample's index
     * @return its latency, in nanoseconds
     */
    public long lateLatency(int i) {
        return lateNanos[i];
    }

    /**
     * @param i a kept late sample's index
     * @return when the iteration before it ended, nanoTime, for one the harness thread took as its iteration
     *         returned; {@link Long#MIN_VALUE} when unknown
     */
    public long latePreviousEnd(int i) {
        return latePreviousEndNanos[i];
    }

    /**
     * @param i a kept late sample
     * @return when its call began, nanoTime (see {@link #lateBeganNanos()}); {@link Long#MIN_VALUE} for a sample from
     *         another thread or a probe
     */
    public long lateBegan(int i) {
        return lateBeganNanos[i];
    }

    /**
     * @return whether every kept late sample says when the iteration before it ended: the harness's own samples of
     *         iterations run one after another, which a replay can re-time
     */
    public boolean sequential() {
        for (long previousEnd : latePreviousEndNanos) {
            if (previousEnd == Long.MIN_VALUE) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param window a window
     * @return the worst sample ending in it, in nanoseconds (0 where none was seen)
     */
    public long worst(int window) {
        return worstNanos[window];
    }

    /**
     * @param budget an index into {@link #budgetsNanos()}
     * @param window a window
     * @return the samples over that budget ending in the window
     */
    public int over(int budget, int window) {
        return overBudget[budget][window];
    }
}

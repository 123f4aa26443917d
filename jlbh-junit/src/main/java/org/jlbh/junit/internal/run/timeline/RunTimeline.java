package org.jlbh.junit.internal.run.timeline;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * One probe's latency over one measured run, cut into windows from the run's start, and its late samples (over the
 * smallest budget) up to a capacity. Times are nanoTime, latencies nanoseconds. Immutable: arrays not to be written.
 *
 * @param run                  1-based run
 * @param startNanos           its first iteration's intended start
 * @param endNanos             when it ended
 * @param windowNanos          the width of a window
 * @param worstNanos           per window, the worst sample ending in it (0 where none)
 * @param budgetsNanos         the probe's budgets, ascending
 * @param overBudget           per budget, per window, the samples over it
 * @param lateEndNanos         each kept late sample's end, in arrival order
 * @param lateNanos            each kept late sample's latency
 * @param latePreviousEndNanos when the iteration before it ended; {@link Long#MIN_VALUE} in a merge or for a probe
 * @param lateBeganNanos       when its call began: read when queued, else when the harness called it, else the later
 *                             of its intended start and the previous end; {@link Long#MIN_VALUE} where that is unknown
 * @param lateNotKept          late samples beyond the capacity
 */
public record RunTimeline(int run, long startNanos, long endNanos, long windowNanos, long[] worstNanos,
                          long[] budgetsNanos, int[][] overBudget, long[] lateEndNanos, long[] lateNanos,
                          long[] latePreviousEndNanos, long[] lateBeganNanos, long lateNotKept) {

    /** @return this timeline as run {@code number}'s: one side's share of a paired measurement */
    public RunTimeline numbered(int number) {
        return new RunTimeline(number, startNanos, endNanos, windowNanos, worstNanos, budgetsNanos, overBudget,
                lateEndNanos, lateNanos, latePreviousEndNanos, lateBeganNanos, lateNotKept);
    }

    /**
     * @param threads the timelines harness threads recorded of one probe in one run, begun together; at least one
     * @return their merge: per window the worst and summed counts; the late samples by end, with no previous end
     */
    public static RunTimeline merge(List<RunTimeline> threads) {
        RunTimeline first = threads.get(0);
        long[] worst = first.worstNanos.clone();
        int[][] over = Arrays.stream(first.overBudget).map(int[]::clone).toArray(int[][]::new);
        for (RunTimeline thread : threads.subList(1, threads.size())) {
            if (thread.startNanos != first.startNanos || thread.windowNanos != first.windowNanos
                    || thread.worstNanos.length != worst.length) {
                throw new IllegalArgumentException("the threads' timelines of run " + first.run + " were not begun "
                        + "together");
            }
            for (int w = 0; w < worst.length; w++) {
                worst[w] = Math.max(worst[w], thread.worstNanos[w]);
            }
            for (int b = 0; b < over.length; b++) {
                for (int w = 0; w < over[b].length; w++) {
                    over[b][w] += thread.overBudget[b][w];
                }
            }
        }
        long[][] late = threads.stream().flatMap(thread -> IntStream.range(0, thread.lateKept())
                        .mapToObj(i -> new long[] {thread.lateEndNanos[i], thread.lateNanos[i]}))
                .sorted(Comparator.comparingLong(sample -> sample[0])).toArray(long[][]::new);
        long[] previousEnd = new long[late.length];
        Arrays.fill(previousEnd, Long.MIN_VALUE);
        return new RunTimeline(first.run, first.startNanos,
                threads.stream().mapToLong(RunTimeline::endNanos).max().orElseThrow(), first.windowNanos, worst,
                first.budgetsNanos.clone(), over, Arrays.stream(late).mapToLong(sample -> sample[0]).toArray(),
                Arrays.stream(late).mapToLong(sample -> sample[1]).toArray(), previousEnd, previousEnd.clone(),
                threads.stream().mapToLong(RunTimeline::lateNotKept).sum());
    }

    /** @return the run's length in windows: up to the last that holds a sample */
    public int windows() {
        return IntStream.range(0, worstNanos.length).filter(w -> worstNanos[w] > 0
                || Arrays.stream(overBudget).anyMatch(counts -> counts[w] > 0)).max().orElse(-1) + 1;
    }

    public int lateKept() {
        return lateNanos.length;
    }

    /** @return whether every kept late sample has a previous end: one queue, which a replay can re-time */
    public boolean sequential() {
        return Arrays.stream(latePreviousEndNanos).noneMatch(previousEnd -> previousEnd == Long.MIN_VALUE);
    }
}

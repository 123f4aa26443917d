package org.jlbh.junit.internal.run;

import java.util.Optional;

/**
 * What Linux's scheduler said about the harness thread during a measurement, sampled by the {@link SchedulerMonitor}
 * about every millisecond: at each sample the time and, so far, how long the harness thread had been runnable but
 * waiting for a CPU (its run delay), how many times it had got a CPU, how many times it had been preempted, and how
 * long the host had taken its CPU. Run delay is counted when the thread gets its CPU back, so a wait shows in the
 * interval between the samples around its end. Immutable (the arrays are not handed out).
 *
 * @param timesNanos    each sample's {@link System#nanoTime()}, ascending
 * @param runDelayNanos the harness thread's run delay so far at each sample, in nanoseconds
 * @param slices        how many times so far the harness thread had got a CPU, at each sample
 * @param lostNanos     how long so far the host had taken the harness thread's CPU, at each sample, in nanoseconds (see
 *                      {@link #of})
 * @param preemptions   how many times so far the harness thread had been preempted (involuntary context switches), at
 *                      each sample
 * @param unavailable   when there is no scheduler evidence, why (e.g. {@code no scheduler evidence on this OS});
 *                      else empty
 */
public record SchedulerEvidence(long[] timesNanos, long[] runDelayNanos, long[] slices, long[] lostNanos,
                                long[] preemptions, Optional<String> unavailable) {
    /** The least lost time counted in an interval, in nanoseconds: twice the longest a sample's readings may take. */
    public static final long LOST_NOISE_NANOS = 2 * SchedulerMonitor.MAX_READ_NANOS;

    /**
     * The evidence from the monitor's readings. The time the thread neither ran nor waited on the run queue is time
     * the host took from it: the kernel leaves the host's steal out of a thread's CPU time (paravirtual steal
     * accounting), and out of nothing else, except the time the thread gave up its CPU itself (slept or blocked), so
     * intervals with a voluntary switch add none. A wait still under way when a sample is read is not yet in the run
     * delay, and looks lost until the thread gets its CPU back; so the lost time so far at a sample is the least it
     * is at that sample or any later one (it never really decreases). Intervals with less than
     * {@link #LOST_NOISE_NANOS} add none: that is within the readings' own spread.
     *
     * @param timesNanos    each sample's nanoTime, ascending
     * @param runDelayNanos the thread's run delay so far at each sample
     * @param slices        how many times so far it had got a CPU, at each sample
     * @param cpuNanos      its CPU time so far at each sample
     * @param voluntary     how many times so far it had given up its CPU itself, at each sample
     * @param involuntary   how many times so far it had been preempted, at each sample
     * @return the evidence
     */
    public static SchedulerEvidence of(long[] timesNanos, long[] runDelayNanos, long[] slices, long[] cpuNanos,
                                       long[] voluntary, long[] involuntary) {
        int n = timesNanos.length;
        long[] unaccounted = new long[n];
        for (int i = 1; i < n; i++) {
            long step = timesNanos[i] - timesNanos[i - 1] - (cpuNanos[i] - cpuNanos[i - 1])
                    - (runDelayNanos[i] - runDelayNanos[i - 1]);
            unaccounted[i] = unaccounted[i - 1] + (voluntary[i] != voluntary[i - 1] ? Math.min(0, step) : step);
        }
        for (int i = n - 2; i >= 0; i--) {
            unaccounted[i] = Math.min(unaccounted[i], unaccounted[i + 1]);
        }
        long[] lost = new long[n];
        for (int i = 1; i < n; i++) {
            long step = unaccounted[i] - unaccounted[i - 1];
            lost[i] = lost[i - 1] + (step >= LOST_NOISE_NANOS ? step : 0);
        }
        return new SchedulerEvidence(timesNanos.clone(), runDelayNanos.clone(), slices.clone(), lost,
                involuntary.clone(), Optional.empty());
    }

    /**
     * @param why why there is none
     * @return no evidence, saying why
     */
    public static SchedulerEvidence none(String why) {
        return new SchedulerEvidence(new long[0], new long[0], new long[0], new long[0], new long[0],
                Optional.of(why));
    }

    /** @return whether there is evidence */
    public boolean available() {
        return unavailable.isEmpty() && timesNanos.length > 1;
    }

    /** @return how many samples there are */
    public int samples() {
        return timesNanos.length;
    }

    /**
     * @param i a sample
     * @return its time, nanoTime
     */
    public long time(int i) {
        return timesNanos[i];
    }

    /**
     * @param i a sample after the first
     * @return how long the harness thread waited on the run queue in the interval ending at sample {@code i}, in
     *         nanoseconds
     */
    public long runDelaySince(int i) {
        return runDelayNanos[i] - runDelayNanos[i - 1];
    }

    /**
     * @param i a sample after the first
     * @return how many times the harness thread got a CPU in the interval ending at sample {@code i}
     */
    public long slicesSince(int i) {
        return slices[i] - slices[i - 1];
    }

    /**
     * @param i a sample after the first
     * @return how long the host took the harness thread's CPU in the interval ending at sample {@code i}, in
     *         nanoseconds (see {@link #of})
     */
    public long lostSince(int i) {
        return lostNanos[i] - lostNanos[i - 1];
    }

    /**
     * @param i a sample after the first
     * @return how many times the harness thread was preempted in the interval ending at sample {@code i}
     */
    public long preemptionsSince(int i) {
        return preemptions[i] - preemptions[i - 1];
    }

    /**
     * What the scheduler said over a stretch (a run): the harness thread's run-queue waits, the host's taking its
     * CPU and its preemptions, summed over the monitor's intervals that end within it.
     *
     * @param fromNanos the stretch's start, nanoTime
     * @param toNanos   its end
     * @return the sums; all zero when there is no evidence
     */
    public Totals over(long fromNanos, long toNanos) {
        long wait = 0;
        long lost = 0;
        long preempted = 0;
        for (int i = Math.max(1, floorIndex(fromNanos) + 1); i < timesNanos.length && timesNanos[i] - toNanos <= 0; i++) {
            wait += runDelaySince(i);
            lost += lostSince(i);
            preempted += preemptionsSince(i);
        }
        return new Totals(wait, lost, preempted);
    }

    /**
     * The scheduler's figures over a stretch.
     *
     * @param runQueueWaitNanos how long the harness thread waited for a CPU
     * @param hostNanos         how long the host took its CPU
     * @param preemptions       how many times it was preempted
     */
    public record Totals(long runQueueWaitNanos, long hostNanos, long preemptions) {
    }

    /**
     * @param time a time, nanoTime
     * @return the index of the last sample at or before it, or -1
     */
    public int floorIndex(long time) {
        int low = 0;
        int high = timesNanos.length - 1;
        int found = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (timesNanos[mid] - time <= 0) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }
}

package org.jlbh.junit.internal.run.evidence;

import java.util.Optional;

/**
 * What Linux's scheduler said about one harness thread during a measurement, as the thread read it itself
 * ({@link SchedulerReadings}): at each reading, so far, how long it had been runnable but waiting for a CPU (its run
 * delay), how many times it had got a CPU, and how long the host had taken its CPU. A reading's figures were read
 * between its {@code from} and {@code at} times; a wait is counted when the thread gets its CPU back, so the waits of
 * interval {@code i} (between readings {@code i − 1} and {@code i}) ended after {@code from[i − 1]} and by
 * {@code at[i]}. Immutable (the arrays are not handed out).
 *
 * @param fromNanos     when each reading began, {@link System#nanoTime()}, ascending
 * @param atNanos       when each reading ended
 * @param runDelayNanos the thread's run delay so far at each reading, in nanoseconds
 * @param slices        how many times so far the thread had got a CPU, at each reading
 * @param lostNanos     how long so far the host had taken the thread's CPU, at each reading, in nanoseconds (see
 *                      {@link #of})
 * @param merged        readings that replaced the one before them because the part of the measurement had used its
 *                      share of rows: where they did, waits are placed more coarsely
 * @param unavailable   when there is no scheduler evidence, or it stops short (reading failed), why; else empty
 * @param blockedNanos  how long so far the thread had given up its CPU itself (slept, or blocked on I/O or a lock),
 *                      at each reading, in nanoseconds (see {@link #of})
 * @param switches      how many times so far it had given up its CPU itself where that was read, at each reading
 * @param testThreadsCpuNanos how long so far the test's own other threads ({@link TestThreads}) had run on a CPU, at
 *                      each reading, in nanoseconds; zeros where the test has none
 */
public record SchedulerEvidence(long[] fromNanos, long[] atNanos, long[] runDelayNanos, long[] slices,
                                long[] lostNanos, int merged, Optional<String> unavailable, long[] blockedNanos,
                                long[] switches, long[] testThreadsCpuNanos) {

    /** Evidence without the thread's own blocking and without the test's own threads: none was read. */
    public SchedulerEvidence(long[] fromNanos, long[] atNanos, long[] runDelayNanos, long[] slices, long[] lostNanos,
                             int merged, Optional<String> unavailable) {
        this(fromNanos, atNanos, runDelayNanos, slices, lostNanos, merged, unavailable, new long[atNanos.length],
                new long[atNanos.length], new long[atNanos.length]);
    }

    /**
     * The least unaccounted time an interval must have for it to be counted as the host's, in nanoseconds: below it,
     * it is within the readings' own spread (each reading reads its figures one after another, over about 2 µs).
     */
    public static final long LOST_NOISE_NANOS = 40_000;

    /**
     * The evidence from a thread's readings. The time the thread neither ran nor waited on the run queue is time the
     * host took from it (the kernel leaves the host's steal out of a thread's CPU time: paravirtual steal accounting)
     * or time it gave up its CPU itself (slept or blocked). An interval in which its voluntary switches went up, or in
     * which they were not read, adds none: only intervals with a voluntary count the same as the one read before
     * count. Intervals with less than {@link #LOST_NOISE_NANOS} add none. The time of an interval in which the voluntary
     * switches went up is the thread's own: it slept, or blocked on I/O or a lock (the code blocked). The switches are
     * compared with the last reading of them, which may be some intervals back: a switch in an earlier interval read
     * without them makes this one's time the thread's own too, so the host's time can be taken for the code's
     * blocking (and stay the code's), never the code's blocking for the host's.
     *
     * @param fromNanos     when each reading began, ascending
     * @param atNanos       when each ended
     * @param runDelayNanos the run delay so far at each
     * @param slices        how many times so far the thread had got a CPU, at each
     * @param cpuNanos      its CPU time so far at each
     * @param voluntary     how many times so far it had given up its CPU itself, at each, or -1 where not read
     * @param testThreadsCpu how long so far the test's own other threads had run on a CPU, at each
     * @param merged        readings that replaced the one before them
     * @param unavailable   why the readings stop short, or null
     * @return the evidence
     */
    public static SchedulerEvidence of(long[] fromNanos, long[] atNanos, long[] runDelayNanos, long[] slices,
                                       long[] cpuNanos, long[] voluntary, long[] testThreadsCpu, int merged,
                                       String unavailable) {
        int n = fromNanos.length;
        long[] lost = new long[n];
        long[] blocked = new long[n];
        long[] switches = new long[n];
        long lastVoluntary = voluntary.length > 0 ? voluntary[0] : -1;
        for (int i = 1; i < n; i++) {
            long unaccounted = fromNanos[i] - fromNanos[i - 1] - (cpuNanos[i] - cpuNanos[i - 1])
                    - (runDelayNanos[i] - runDelayNanos[i - 1]);
            boolean read = voluntary[i] >= 0 && lastVoluntary >= 0;
            boolean switched = read && voluntary[i] != lastVoluntary;
            lost[i] = lost[i - 1] + (read && !switched && unaccounted >= LOST_NOISE_NANOS ? unaccounted : 0);
            blocked[i] = blocked[i - 1] + (switched ? Math.max(0, unaccounted) : 0);
            switches[i] = switches[i - 1] + (switched ? voluntary[i] - lastVoluntary : 0);
            if (voluntary[i] >= 0) {
                lastVoluntary = voluntary[i];
            }
        }
        return new SchedulerEvidence(fromNanos.clone(), atNanos.clone(), runDelayNanos.clone(), slices.clone(), lost,
                merged, Optional.ofNullable(unavailable), blocked, switches, testThreadsCpu.clone());
    }

    /**
     * @param why why there is none
     * @return no evidence, saying why
     */
    public static SchedulerEvidence none(String why) {
        return new SchedulerEvidence(new long[0], new long[0], new long[0], new long[0], new long[0], 0,
                Optional.of(why));
    }

    /**
     * @return the evidence of a harness thread that had no iterations in a run (more threads than iterations): nothing
     *         to read, and nothing missing
     */
    public static SchedulerEvidence idle() {
        return new SchedulerEvidence(new long[0], new long[0], new long[0], new long[0], new long[0], 0,
                Optional.empty());
    }

    /** @return whether it is the evidence of a thread that had nothing to do ({@link #idle()}) */
    public boolean idleThread() {
        return atNanos.length == 0 && unavailable.isEmpty();
    }

    /** @return whether there is evidence: at least two readings */
    public boolean available() {
        return atNanos.length > 1;
    }

    /** @return how many readings there are */
    public int samples() {
        return atNanos.length;
    }

    /**
     * @param i a reading
     * @return when it ended, nanoTime
     */
    public long time(int i) {
        return atNanos[i];
    }

    /**
     * @param i a reading after the first
     * @return the earliest a wait counted in the interval ending at reading {@code i} can have ended: when the reading
     *         before it began, nanoTime
     */
    public long intervalFrom(int i) {
        return fromNanos[i - 1];
    }

    /**
     * @param i a reading after the first
     * @return the latest a wait counted in the interval ending at reading {@code i} can have ended: when the reading
     *         ended, nanoTime
     */
    public long intervalTo(int i) {
        return atNanos[i];
    }

    /**
     * @param i a reading after the first
     * @return how long the thread waited on the run queue in the interval ending at reading {@code i}, in nanoseconds
     */
    public long runDelaySince(int i) {
        return runDelayNanos[i] - runDelayNanos[i - 1];
    }

    /**
     * @param i a reading after the first
     * @return how long the test's own other threads ran on a CPU in the interval ending at reading {@code i}, in
     *         nanoseconds
     */
    public long testThreadsCpuSince(int i) {
        return testThreadsCpuNanos[i] - testThreadsCpuNanos[i - 1];
    }

    /**
     * The part of the interval's run delay that is the code's: as much of it as the test's own other threads ran on a
     * CPU in the interval, at most all of it. While the harness thread waited for a CPU, a thread of the test's that
     * ran held one of the CPUs it could have had: without the test's threads it would have waited that much less (on
     * a machine whose other CPUs were busy; where they were not, it did not wait). The rest is the platform's.
     *
     * @param i a reading after the first
     * @return that part, in nanoseconds
     */
    public long codesWaitSince(int i) {
        return Math.max(0, Math.min(runDelaySince(i), testThreadsCpuSince(i)));
    }

    /**
     * @param i a reading after the first
     * @return the interval's run delay that is the platform's: all of it but {@link #codesWaitSince(int)}, in
     *         nanoseconds
     */
    public long platformWaitSince(int i) {
        return runDelaySince(i) - codesWaitSince(i);
    }

    /**
     * @param i a reading after the first
     * @return how many times the thread got a CPU in the interval ending at reading {@code i}
     */
    public long slicesSince(int i) {
        return slices[i] - slices[i - 1];
    }

    /**
     * @param i a reading after the first
     * @return how long the host took the thread's CPU in the interval ending at reading {@code i}, in nanoseconds
     *         (see {@link #of})
     */
    public long lostSince(int i) {
        return lostNanos[i] - lostNanos[i - 1];
    }

    /**
     * @param i a reading after the first
     * @return how long the thread gave up its CPU itself (slept, or blocked on I/O or a lock) in the interval ending at
     *         reading {@code i}, in nanoseconds
     */
    public long blockedSince(int i) {
        return blockedNanos[i] - blockedNanos[i - 1];
    }

    /**
     * @param i a reading after the first
     * @return how many times the thread gave up its CPU itself in the interval ending at reading {@code i}
     */
    public long switchesSince(int i) {
        return switches[i] - switches[i - 1];
    }

    /**
     * @param fromNanos a stretch's start, nanoTime
     * @param toNanos   its end
     * @return whether readings were taken at or before its start and at or after its end: every wait in it is in the
     *         evidence
     */
    public boolean covers(long fromNanos, long toNanos) {
        return available() && this.fromNanos[0] - fromNanos <= 0 && atNanos[atNanos.length - 1] - toNanos >= 0;
    }

    /**
     * What the scheduler said over a stretch (a run): the thread's run-queue waits, the host's taking its CPU and the
     * times it got a CPU, summed over the intervals that end within it.
     *
     * @param fromNanos the stretch's start, nanoTime
     * @param toNanos   its end
     * @return the sums; all zero when there is no evidence
     */
    public Totals over(long fromNanos, long toNanos) {
        long wait = 0;
        long lost = 0;
        long given = 0;
        for (int i = Math.max(1, floorIndex(fromNanos) + 1); i < atNanos.length && atNanos[i] - toNanos <= 0; i++) {
            wait += runDelaySince(i);
            lost += lostSince(i);
            given += slicesSince(i);
        }
        return new Totals(wait, lost, given);
    }

    /**
     * The scheduler's figures over a stretch.
     *
     * @param runQueueWaitNanos how long the thread waited for a CPU
     * @param hostNanos         how long the host took its CPU
     * @param cpuSlices         how many times it was given a CPU (each after it was preempted, or woke)
     */
    public record Totals(long runQueueWaitNanos, long hostNanos, long cpuSlices) {
        /**
         * @param other another thread's figures over the same stretch
         * @return both summed
         */
        public Totals plus(Totals other) {
            return new Totals(runQueueWaitNanos + other.runQueueWaitNanos, hostNanos + other.hostNanos,
                    cpuSlices + other.cpuSlices);
        }
    }

    /**
     * @param time a time, nanoTime
     * @return the index of the last reading ended at or before it, or -1
     */
    public int floorIndex(long time) {
        int low = 0;
        int high = atNanos.length - 1;
        int found = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (atNanos[mid] - time <= 0) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }
}

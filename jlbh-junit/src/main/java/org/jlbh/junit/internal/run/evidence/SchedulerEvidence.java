package org.jlbh.junit.internal.run.evidence;

import java.util.Optional;

/**
 * What Linux's scheduler said about one harness thread during a measurement, as it read it itself: at each reading,
 * figures since the thread began. A wait is counted when the thread gets its CPU back, so the waits of interval
 * {@code i ≥ 1} (between readings {@code i − 1} and {@code i}) ended after {@code from[i − 1]} and by {@code at[i]}.
 * Times are nanoTime, durations nanoseconds. Immutable: the arrays are not to be written.
 *
 * @param fromNanos           when each reading began, ascending
 * @param atNanos             when each reading ended
 * @param runDelayNanos       how long the thread had waited for a CPU
 * @param slices              how many times it had got a CPU
 * @param lostNanos           how long the host had taken its CPU (see {@link #of})
 * @param unavailable         when there is no scheduler evidence, or it stops short, why; else empty
 * @param blockedNanos        how long the thread had given up its CPU itself: slept, or blocked (see {@link #of})
 * @param switches            how many times it had given up its CPU itself, where that was read
 * @param testThreadsCpuNanos how long the test's own other threads ({@link TestThreads}) had run on a CPU
 */
public record SchedulerEvidence(long[] fromNanos, long[] atNanos, long[] runDelayNanos, long[] slices,
                                long[] lostNanos, Optional<String> unavailable, long[] blockedNanos, long[] switches,
                                long[] testThreadsCpuNanos) {
    private static final long[] NOTHING = new long[0];

    /** The least unaccounted time of an interval that is the host's: below it, the readings' own spread. */
    public static final long LOST_NOISE_NANOS = 40_000;

    /**
     * The evidence from a thread's readings. An interval's time that the thread neither ran nor waited on the run queue
     * is the host's ({@code lost}) when its voluntary switches were read and had not moved since the last reading of
     * them, and it is at least {@link #LOST_NOISE_NANOS}; the thread's own ({@code blocked}) when they had moved. The
     * host's time may so be taken for the code's blocking, never the code's blocking for the host's.
     *
     * @param cpuNanos       the thread's CPU time at each reading
     * @param voluntary      how many times it had given up its CPU itself, at each reading; -1 where not read
     * @param unavailable    why the readings stop short, or null
     */
    public static SchedulerEvidence of(long[] fromNanos, long[] atNanos, long[] runDelayNanos, long[] slices,
                                       long[] cpuNanos, long[] voluntary, long[] testThreadsCpu, String unavailable) {
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
                Optional.ofNullable(unavailable), blocked, switches, testThreadsCpu.clone());
    }

    /** @return no evidence, saying why */
    public static SchedulerEvidence none(String why) {
        return new SchedulerEvidence(NOTHING, NOTHING, NOTHING, NOTHING, NOTHING, Optional.of(why), NOTHING, NOTHING,
                NOTHING);
    }

    /** @return the evidence of a harness thread that had no iterations in a run: nothing read, nothing missing */
    public static SchedulerEvidence idle() {
        return new SchedulerEvidence(NOTHING, NOTHING, NOTHING, NOTHING, NOTHING, Optional.empty(), NOTHING, NOTHING,
                NOTHING);
    }

    /** @return whether it is {@link #idle()} */
    public boolean idleThread() {
        return atNanos.length == 0 && unavailable.isEmpty();
    }

    /** @return whether there is evidence: at least two readings */
    public boolean available() {
        return atNanos.length > 1;
    }

    public int samples() {
        return atNanos.length;
    }

    /** @return the earliest a wait counted in interval {@code i} can have ended */
    public long intervalFrom(int i) {
        return fromNanos[i - 1];
    }

    /** @return when reading {@code i} ended: the latest a wait counted in interval {@code i} can have ended */
    public long intervalTo(int i) {
        return atNanos[i];
    }

    /** @return how long the thread waited on the run queue in interval {@code i} */
    public long runDelaySince(int i) {
        return runDelayNanos[i] - runDelayNanos[i - 1];
    }

    /**
     * @return the code's part of interval {@code i}'s run-queue wait: as much as the test's own other threads ran on a
     *         CPU meanwhile (each held a CPU the harness thread could have had), at most all of it
     */
    public long codesWaitSince(int i) {
        return Math.max(0, Math.min(runDelaySince(i), testThreadsCpuNanos[i] - testThreadsCpuNanos[i - 1]));
    }

    /** @return the platform's part of interval {@code i}'s run-queue wait: all but {@link #codesWaitSince(int)} */
    public long platformWaitSince(int i) {
        return runDelaySince(i) - codesWaitSince(i);
    }

    /** @return how many times the thread got a CPU in interval {@code i} */
    public long slicesSince(int i) {
        return slices[i] - slices[i - 1];
    }

    /** @return how long the host took the thread's CPU in interval {@code i} */
    public long lostSince(int i) {
        return lostNanos[i] - lostNanos[i - 1];
    }

    /** @return how long the thread gave up its CPU itself in interval {@code i} */
    public long blockedSince(int i) {
        return blockedNanos[i] - blockedNanos[i - 1];
    }

    /** @return how many times the thread gave up its CPU itself in interval {@code i} */
    public long switchesSince(int i) {
        return switches[i] - switches[i - 1];
    }

    /** @return the figures summed over the intervals that end within the stretch; zeros when there is no evidence */
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
     * @param runQueueWaitNanos how long the thread waited for a CPU
     * @param hostNanos         how long the host took its CPU
     * @param cpuSlices         how many times it was given a CPU
     */
    public record Totals(long runQueueWaitNanos, long hostNanos, long cpuSlices) {
        /** @return these and another thread's figures over the same stretch, summed */
        public Totals plus(Totals other) {
            return new Totals(runQueueWaitNanos + other.runQueueWaitNanos, hostNanos + other.hostNanos,
                    cpuSlices + other.cpuSlices);
        }
    }

    /** @return the index of the last reading ended at or before the time, or -1 */
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

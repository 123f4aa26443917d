package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What made a run's late samples late besides the code's own time: the pauses and waits the attribution used, and
 * what it could only name. Immutable.
 *
 * @param runQueue        the harness thread's waits on the run queue, cut as the platform's
 * @param host            the time the host took the harness thread's CPU
 * @param machineStalls   the stalls of the whole machine a second thread saw
 * @param gcPauses        the collections
 * @param safepoints      the other safepoints
 * @param lateStarts      calls the harness began late with no call of the test method running
 * @param testThreadsWait the harness thread's waits for a CPU kept as the code's: the test's own threads ran meanwhile
 * @param blocked         the code's late samples whose service the harness thread gave up its CPU in
 */
public record Delays(Stretches runQueue, Stretches host, List<MachineStall> machineStalls, List<JvmPause> gcPauses,
                     List<JvmPause> safepoints, LateStarts lateStarts, Stretches testThreadsWait, Blocked blocked) {
    /** Nothing. */
    public static final Delays NONE = new Delays(Stretches.NONE, Stretches.NONE, List.of(), List.of(), List.of(),
            LateStarts.NONE, Stretches.NONE, Blocked.NONE);

    /** Copies the lists. */
    public Delays {
        machineStalls = List.copyOf(machineStalls);
        gcPauses = List.copyOf(gcPauses);
        safepoints = List.copyOf(safepoints);
    }

    /**
     * @param other the delays of another harness thread of the run, or of another run
     * @return both together, a pause both name counted once
     */
    public Delays plus(Delays other) {
        return new Delays(runQueue.plus(other.runQueue), host.plus(other.host), union(machineStalls, other.machineStalls),
                union(gcPauses, other.gcPauses), union(safepoints, other.safepoints),
                lateStarts.plus(other.lateStarts), testThreadsWait.plus(other.testThreadsWait),
                blocked.plus(other.blocked));
    }

    private static <T> List<T> union(List<T> first, List<T> second) {
        Set<T> both = new LinkedHashSet<>(first);
        both.addAll(second);
        return List.copyOf(both);
    }

    /**
     * Time spent in stretches between two of the harness thread's scheduler readings.
     *
     * @param nanos     how long, in all
     * @param stretches in how many stretches
     */
    public record Stretches(long nanos, int stretches) {
        /** None. */
        public static final Stretches NONE = new Stretches(0, 0);

        /** @return both together */
        public Stretches plus(Stretches other) {
            return new Stretches(nanos + other.nanos, stretches + other.stretches);
        }
    }

    /**
     * The code's late samples whose service the harness thread gave up its CPU in (it slept, or blocked on I/O or a
     * lock, its voluntary context switches say). They stay the code's: this only says why.
     *
     * @param samples  how many late samples
     * @param nanos    how long the thread gave up its CPU in the stretches they lie in
     * @param switches how many voluntary switches those stretches hold
     */
    public record Blocked(long samples, long nanos, long switches) {
        /** None. */
        public static final Blocked NONE = new Blocked(0, 0, 0);

        /** @return both together */
        public Blocked plus(Blocked other) {
            return new Blocked(samples + other.samples, nanos + other.nanos, switches + other.switches);
        }
    }

    /**
     * Late samples on their schedule whose call the harness began more than {@link #MIN_NANOS} after it was due, with
     * no call of the test method running: that time, beyond the pauses and waits cut already, is not the code's.
     *
     * @param samples      how many late samples
     * @param nanos        how long their calls were held up, in all
     * @param longestNanos the longest of those
     */
    public record LateStarts(long samples, long nanos, long longestNanos) {
        /** None. */
        public static final LateStarts NONE = new LateStarts(0, 0, 0);
        /** The least hold-up counted, in nanoseconds: the harness's loop takes tens of nanoseconds to call. */
        public static final long MIN_NANOS = 1_000;

        /** @return both together */
        public LateStarts plus(LateStarts other) {
            return new LateStarts(samples + other.samples, nanos + other.nanos,
                    Math.max(longestNanos, other.longestNanos));
        }
    }
}

package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What made a run's late samples late besides the code's own time, as the attribution used it: the harness thread's
 * run-queue waits and the host's taking its CPU, the machine's stalls a second thread saw, the collections, the other
 * safepoints, the calls begun late, the waits kept as the code's because the test's own threads ran meanwhile, and
 * the code's samples in which the thread blocked. Immutable.
 */
public record Delays(Stretches runQueue, Stretches host, List<MachineStall> machineStalls, List<JvmPause> gcPauses,
                     List<JvmPause> safepoints, LateStarts lateStarts, Stretches testThreadsWait, Blocked blocked) {
    public static final Delays NONE = new Delays(Stretches.NONE, Stretches.NONE, List.of(), List.of(), List.of(),
            LateStarts.NONE, Stretches.NONE, Blocked.NONE);

    public Delays {
        machineStalls = List.copyOf(machineStalls);
        gcPauses = List.copyOf(gcPauses);
        safepoints = List.copyOf(safepoints);
    }

    /** @return these and another thread's or run's together, a pause both name counted once */
    public Delays plus(Delays other) {
        return new Delays(runQueue.plus(other.runQueue), host.plus(other.host),
                union(machineStalls, other.machineStalls), union(gcPauses, other.gcPauses),
                union(safepoints, other.safepoints), lateStarts.plus(other.lateStarts),
                testThreadsWait.plus(other.testThreadsWait), blocked.plus(other.blocked));
    }

    private static <T> List<T> union(List<T> first, List<T> second) {
        Set<T> both = new LinkedHashSet<>(first);
        both.addAll(second);
        return List.copyOf(both);
    }

    /** Time, in nanoseconds, in how many stretches between two of the harness thread's scheduler readings. */
    public record Stretches(long nanos, int stretches) {
        public static final Stretches NONE = new Stretches(0, 0);

        public Stretches plus(Stretches other) {
            return new Stretches(nanos + other.nanos, stretches + other.stretches);
        }
    }

    /**
     * The code's late samples whose service the harness thread gave up its CPU in (it slept, or blocked on I/O or a
     * lock), with the nanoseconds off the CPU and the voluntary switches of their stretches. They stay the code's.
     */
    public record Blocked(long samples, long nanos, long switches) {
        public static final Blocked NONE = new Blocked(0, 0, 0);

        public Blocked plus(Blocked other) {
            return new Blocked(samples + other.samples, nanos + other.nanos, switches + other.switches);
        }
    }

    /**
     * Late samples on their schedule whose call the harness began over {@link #MIN_NANOS} late with no call running:
     * how many, and the nanoseconds held up beyond the cuts already made, in all and the longest. Not the code's.
     */
    public record LateStarts(long samples, long nanos, long longestNanos) {
        public static final LateStarts NONE = new LateStarts(0, 0, 0);
        /** The least hold-up counted, in nanoseconds: the harness's loop takes tens of nanoseconds to call. */
        public static final long MIN_NANOS = 1_000;

        public LateStarts plus(LateStarts other) {
            return new LateStarts(samples + other.samples, nanos + other.nanos,
                    Math.max(longestNanos, other.longestNanos));
        }
    }
}

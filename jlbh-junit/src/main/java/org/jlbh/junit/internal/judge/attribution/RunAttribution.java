package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;

import java.util.List;
import java.util.Optional;

/**
 * One run's late samples of one probe (those over a budget), each put down to a {@link Cause}. Immutable (the arrays
 * are not handed out).
 *
 * @param run               1-based run
 * @param limitNanos        the budget the samples were late against, in nanoseconds
 * @param counts            late samples per cause, indexed by {@link Cause#ordinal()}; samples beyond those kept are
 *                          counted as the code's
 * @param notKept           of those, late samples beyond the kept capacity, which could not be attributed
 * @param originalNanos     the latencies the verdict replaces, in nanoseconds: late samples the platform or a safepoint
 *                          made later (or late)
 * @param codeOnlyNanos     what each is replaced by: its latency without those pauses (or, where that is not known, the
 *                          budget: within it, at worst at it), in nanoseconds
 * @param causes            per late sample the timeline kept (in its order), the {@link Cause#ordinal()} it was put down
 *                          to; -1 for a kept sample within this budget (late only against a smaller one)
 * @param queueWaitNanos    how long the harness thread waited on the run queue in the stretches that made samples late
 * @param queueStretches    how many such stretches (monitor intervals) there were
 * @param hostNanos        how long the host took the harness thread's CPU in the stretches that made samples late
 * @param hostStretches    how many such stretches there were
 * @param machineStalls    the stalls of the whole machine a second thread saw that made samples late, in order
 * @param gcPauses          the collections that made samples late
 * @param safepoints        the other safepoints that made samples late
 * @param blocked           of the code's late samples, those whose service the harness thread gave up its CPU in
 * @param lateStarts        the late samples on their schedule whose call the harness began late, and by how much
 * @param testThreadsWait   the harness thread's waits for a CPU kept as the code's, because the test's own threads ran
 *                          meanwhile, in the stretches in which late samples ran
 */
public record RunAttribution(int run, long limitNanos, long[] counts, long notKept, long[] originalNanos,
                             long[] codeOnlyNanos, byte[] causes, long queueWaitNanos, int queueStretches,
                             long hostNanos, int hostStretches, List<MachineStall> machineStalls,
                             List<JvmPause> gcPauses, List<JvmPause> safepoints, Blocked blocked,
                             LateStarts lateStarts, TestThreadsWait testThreadsWait) {

    /** Copies the pauses. */
    public RunAttribution {
        machineStalls = List.copyOf(machineStalls);
        gcPauses = List.copyOf(gcPauses);
        safepoints = List.copyOf(safepoints);
    }

    /**
     * An attribution with no whole-machine stall a second thread saw, and no late sample of the code's in a stretch
     * where the harness thread blocked.
     */
    public RunAttribution(int run, long limitNanos, long[] counts, long notKept, long[] originalNanos,
                          long[] codeOnlyNanos, byte[] causes, long queueWaitNanos, int queueStretches, long hostNanos,
                          int hostStretches, List<JvmPause> gcPauses, List<JvmPause> safepoints) {
        this(run, limitNanos, counts, notKept, originalNanos, codeOnlyNanos, causes, queueWaitNanos, queueStretches,
                hostNanos, hostStretches, List.of(), gcPauses, safepoints, Blocked.NONE, LateStarts.NONE,
                TestThreadsWait.NONE);
    }

    /**
     * The harness thread's waits for a CPU that stay the code's: in each stretch between two of its readings, as much
     * of its run-queue wait as the test's own other threads ran on a CPU meanwhile (they held a CPU it could have had;
     * {@code SchedulerEvidence.codesWaitSince}). Counted in the stretches in which late samples ran.
     *
     * @param nanos      how long, in all
     * @param stretches  in how many stretches
     */
    public record TestThreadsWait(long nanos, int stretches) {
        /** None. */
        public static final TestThreadsWait NONE = new TestThreadsWait(0, 0);

        /** @return both together */
        public TestThreadsWait plus(TestThreadsWait other) {
            return new TestThreadsWait(nanos + other.nanos, stretches + other.stretches);
        }
    }


    /**
     * The code's late samples whose service the harness thread gave up its CPU in: it slept, or blocked on I/O or a
     * lock, its voluntary context switches say. They stay the code's: this only says why.
     *
     * @param samples  how many late samples
     * @param nanos    how long the thread gave up its CPU in the stretches (between two of its readings) they lie in
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
     * Late samples on their schedule (not queued behind the one before) whose call the harness began more than
     * {@link #MIN_NANOS} ns after it was due: no call of the test method ran in between, so that time is cut from their
     * service as not the code's, as far as the pauses and waits cut already do not hold it.
     *
     * @param samples      how many late samples
     * @param nanos        how long their calls were held up, beyond the pauses and waits cut already, in all
     * @param longestNanos the longest of those
     */
    public record LateStarts(long samples, long nanos, long longestNanos) {
        /** None. */
        public static final LateStarts NONE = new LateStarts(0, 0, 0);
        /**
         * The least hold-up counted, in nanoseconds: the harness's loop takes tens of nanoseconds between its clock
         * reading and the call; a microsecond more is something else.
         */
        public static final long MIN_NANOS = 1_000;

        /** @return both together */
        public LateStarts plus(LateStarts other) {
            return new LateStarts(samples + other.samples, nanos + other.nanos,
                    Math.max(longestNanos, other.longestNanos));
        }
    }

    /**
     * @param cause a cause
     * @return how many late samples were put down to it
     */
    public long count(Cause cause) {
        return counts[cause.ordinal()];
    }

    /** @return how many samples were late */
    public long late() {
        long late = 0;
        for (long count : counts) {
            late += count;
        }
        return late;
    }

    /**
     * @param i a kept late sample's index in the run's timeline
     * @return what it was put down to, or empty when it is within this budget
     */
    public Optional<Cause> cause(int i) {
        return causes[i] < 0 ? Optional.empty() : Optional.of(Cause.values()[causes[i]]);
    }

    /** @return how many late samples were put down to the platform, a safepoint or a collection's older objects */
    public long excused() {
        return count(Cause.PLATFORM) + count(Cause.SAFEPOINT) + count(Cause.OLDER_OBJECTS);
    }

    /** @return how many latencies the verdict replaces */
    public int replaced() {
        return originalNanos.length;
    }

    /**
     * @param i a replaced latency's index, below {@link #replaced()}
     * @return the latency measured, in nanoseconds
     */
    public long originalNanos(int i) {
        return originalNanos[i];
    }

    /**
     * @param i a replaced latency's index, below {@link #replaced()}
     * @return the latency without the pauses not the code's, in nanoseconds
     */
    public long codeOnlyNanos(int i) {
        return codeOnlyNanos[i];
    }
}

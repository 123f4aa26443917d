package org.jlbh.junit.internal.report.result;

import java.util.List;
import java.util.Optional;

/**
 * The parts of a {@link ResultSnapshot} that say why samples were late: a broken budget's late samples put down to
 * their causes ({@link Attribution}), what the scheduler and the JVM said beside each run ({@link Evidence}), and each
 * run's latency over time ({@link Timeline}). Times are in nanoseconds from the run's start (its first iteration's
 * intended start) where a member says {@code startNanos}. Plain immutable values; thread-safe.
 */
public final class EvidenceSnapshot {

    private EvidenceSnapshot() {
    }

    /**
     * A latency budget's late samples (those over it), each put down to a cause, over the attempt's runs; given
     * whether the budget held or not.
     *
     * @param overMicros         the budget the samples were late against, microseconds
     * @param runs               per run: late samples per cause
     * @param runQueueWaitNanos  how long the harness thread waited on the run queue where that made samples late
     * @param runQueueStretches  in how many of the monitor's intervals it did
     * @param hostNanos          how long the host took the harness thread's CPU where that made samples late
     * @param hostStretches      in how many intervals it did
     * @param machineStalls      how many stalls of the whole machine a second thread saw made samples late
     * @param machineStallNanos  how long they lasted, summed, in nanoseconds
     * @param testThreadsWaitNanos how long the harness thread waited for a CPU while the test's own threads ran, in the
     *                     stretches where late samples ran: kept as the code's, not cut
     * @param testThreadsStretches in how many of the monitor's intervals it did
     * @param gcPauses           the collections that made samples late
     * @param safepoints         the other safepoints that made samples late
     * @param codeOnlyMicros     the value judged without the late samples that are not the code's, microseconds; NaN
     *                           when it could not be judged so
     * @param missingEvidence    what evidence there was not, and why (empty when there was all of it)
     * @param summary            the attribution in words, as the failure message gives it
     */
    public record Attribution(double overMicros, List<LateByCause> runs, long runQueueWaitNanos, int runQueueStretches,
                              long hostNanos, int hostStretches, int machineStalls, long machineStallNanos,
                              long testThreadsWaitNanos, int testThreadsStretches, List<PauseRecord> gcPauses,
                              List<PauseRecord> safepoints, double codeOnlyMicros, List<String> missingEvidence,
                              String summary) {
        /** Copies the lists. */
        public Attribution {
            runs = List.copyOf(runs);
            gcPauses = List.copyOf(gcPauses);
            safepoints = List.copyOf(safepoints);
            missingEvidence = List.copyOf(missingEvidence);
        }
    }

    /**
     * One run's late samples per cause.
     *
     * @param run          1-based run
     * @param platform     put down to the platform (the harness thread waited for a CPU, or the host took it)
     * @param safepoint    put down to a safepoint of the JVM other than a collection
     * @param gc           put down to a garbage collection
     * @param code         put down to the code: no pause covers them
     * @param notAttributed of the code's, those beyond the late samples the timeline keeps
     * @param windows      where in the run they ended: the timeline's windows with late samples, each with its
     *                     counts per cause (the kept late samples only)
     * @param olderObjects put down to collections' copying of objects older than the measured runs (the JVM's)
     */
    public record LateByCause(int run, long platform, long safepoint, long gc, long code, long notAttributed,
                              List<CauseWindow> windows, long olderObjects) {
        /** Copies the windows. */
        public LateByCause {
            windows = List.copyOf(windows);
        }

        /** Late samples of a run with none put down to older objects (a result written before they were told). */
        public LateByCause(int run, long platform, long safepoint, long gc, long code, long notAttributed,
                           List<CauseWindow> windows) {
            this(run, platform, safepoint, gc, code, notAttributed, windows, 0);
        }
    }

    /**
     * One window of a run's timeline: its late samples per cause.
     *
     * @param window    the window, from 0
     * @param platform  put down to the platform
     * @param safepoint put down to a safepoint
     * @param gc        put down to a garbage collection
     * @param code      put down to the code
     * @param olderObjects put down to collections' copying of objects older than the measured runs
     */
    public record CauseWindow(int window, long platform, long safepoint, long gc, long code, long olderObjects) {

        /** A window with none put down to older objects. */
        public CauseWindow(int window, long platform, long safepoint, long gc, long code) {
            this(window, platform, safepoint, gc, code, 0);
        }
    }

    /**
     * A pause of the JVM.
     *
     * @param run            the 1-based run it fell in
     * @param gc             whether it was a garbage collection
     * @param name           the collection's name or the safepoint's VM operation
     * @param startNanos     when it began, from the run's start (its first iteration's intended start)
     * @param durationNanos  how long it lasted
     * @param olderObjectsNanos of a collection, how long of it went to copying objects older than the measured runs
     *                       (the JVM's); 0 when not known
     */
    public record PauseRecord(int run, boolean gc, String name, long startNanos, long durationNanos,
                              long olderObjectsNanos) {

        /** A pause with nothing known of what it copied. */
        public PauseRecord(int run, boolean gc, String name, long startNanos, long durationNanos) {
            this(run, gc, name, startNanos, durationNanos, 0);
        }
    }

    /**
     * What was seen beside a run that can make samples late without the code being slower.
     *
     * @param schedulerMissing   why there is no scheduler evidence, or empty when there is
     * @param runQueueWaitNanos  how long the harness thread waited on the run queue during the run
     * @param hostNanos          how long the host took its CPU during the run
     * @param cpuSlices          how many times the harness threads were given a CPU during the run (each after being
     *                           preempted, or after waking)
     * @param jvmMissing         why there is no JVM evidence, or empty when there is
     * @param jvmAccuracyNanos   how far a JVM pause's placement on the run's time line may be off
     * @param pauses             the JVM's pauses during the run
     */
    public record Evidence(Optional<String> schedulerMissing, long runQueueWaitNanos, long hostNanos, long cpuSlices,
                           Optional<String> jvmMissing, long jvmAccuracyNanos, List<PauseRecord> pauses) {
        /** Copies the pauses. */
        public Evidence {
            pauses = List.copyOf(pauses);
        }
    }

    /**
     * A run's latency over time: the run cut into windows from its start, per window the worst sample of end to end
     * and how long the platform kept the harness thread from its CPU, and per budget on end to end the samples over
     * it. Windows with nothing in them are left out of the sparse lists.
     *
     * @param windowNanos       the width of a window
     * @param worstNanos        per window, from the first, the worst end-to-end sample that ended in it (0 for none)
     * @param overBudget        per end-to-end budget, the windows with samples over it
     * @param runQueueWaitNanos the windows in which the harness thread waited on the run queue, with how long
     * @param hostNanos         the windows in which the host took its CPU, with how long
     */
    public record Timeline(long windowNanos, List<Long> worstNanos, List<BudgetWindows> overBudget,
                           List<WindowValue> runQueueWaitNanos, List<WindowValue> hostNanos) {
        /** Copies the lists. */
        public Timeline {
            worstNanos = List.copyOf(worstNanos);
            overBudget = List.copyOf(overBudget);
            runQueueWaitNanos = List.copyOf(runQueueWaitNanos);
            hostNanos = List.copyOf(hostNanos);
        }
    }

    /**
     * The windows with samples over one budget.
     *
     * @param budgetNanos the budget
     * @param windows     the windows with samples over it, with how many
     */
    public record BudgetWindows(long budgetNanos, List<WindowValue> windows) {
        /** Copies the windows. */
        public BudgetWindows {
            windows = List.copyOf(windows);
        }
    }

    /**
     * A value of one window.
     *
     * @param window the window, from 0
     * @param value  its value
     */
    public record WindowValue(int window, long value) {
    }
}

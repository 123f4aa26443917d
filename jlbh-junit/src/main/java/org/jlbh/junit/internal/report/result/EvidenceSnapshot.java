package org.jlbh.junit.internal.report.result;

import java.util.List;
import java.util.Optional;

/**
 * The parts of a {@link ResultSnapshot} that say why samples were late: a broken budget's late samples put down to
 * their causes ({@link Attribution}), what the scheduler and the JVM said beside each run ({@link Evidence}), and each
 * run's latency over time ({@link Timeline}). Times are in nanoseconds, from the run's start (its first iteration's
 * intended start) where a member says {@code startNanos}; counts are of late samples. Immutable.
 */
public final class EvidenceSnapshot {

    private EvidenceSnapshot() {
    }

    /**
     * A latency budget's late samples (those over {@code overMicros}), each put down to a cause, over the attempt's
     * runs: per run its counts; where samples were late, how long (and in how many of the monitor's intervals) the
     * harness thread waited on the run queue, the host took its CPU, the whole machine stalled, or the test's own
     * threads held the CPUs (kept as the code's); the pauses that made samples late; the value judged without what is
     * not the code's (NaN when it could not be judged so); what evidence was missing; and the summary in words.
     */
    public record Attribution(double overMicros, List<LateByCause> runs, long runQueueWaitNanos, int runQueueStretches,
                              long hostNanos, int hostStretches, int machineStalls, long machineStallNanos,
                              long testThreadsWaitNanos, int testThreadsStretches, List<PauseRecord> gcPauses,
                              List<PauseRecord> safepoints, double codeOnlyMicros, List<String> missingEvidence,
                              String summary) {
        public Attribution {
            runs = List.copyOf(runs);
            gcPauses = List.copyOf(gcPauses);
            safepoints = List.copyOf(safepoints);
            missingEvidence = List.copyOf(missingEvidence);
        }
    }

    /**
     * One run's late samples per cause: the platform (no CPU for the harness thread), a safepoint other than a
     * collection, a collection, the code (no pause covers them; {@code notAttributed} of them beyond those the
     * timeline keeps), collections' copying of objects older than the runs; and per timeline window the kept ones.
     */
    public record LateByCause(int run, long platform, long safepoint, long gc, long code, long notAttributed,
                              List<CauseWindow> windows, long olderObjects) {
        public LateByCause {
            windows = List.copyOf(windows);
        }
    }

    /** One window of a run's timeline, from 0: its late samples per cause, as {@link LateByCause} counts them. */
    public record CauseWindow(int window, long platform, long safepoint, long gc, long code, long olderObjects) {
    }

    /**
     * A pause of the JVM in a 1-based run: a collection or another safepoint, by its name or VM operation; of a
     * collection, how long went to copying objects older than the measured runs (0 when not known).
     */
    public record PauseRecord(int run, boolean gc, String name, long startNanos, long durationNanos,
                              long olderObjectsNanos) {
    }

    /**
     * What was seen beside a run that can make samples late without the code being slower: the scheduler's (how long
     * the harness thread waited on the run queue, or the host took its CPU, how often it was given a CPU) and the
     * JVM's (its pauses, placed on the run's time line to within {@code jvmAccuracyNanos}), or why either is missing.
     */
    public record Evidence(Optional<String> schedulerMissing, long runQueueWaitNanos, long hostNanos, long cpuSlices,
                           Optional<String> jvmMissing, long jvmAccuracyNanos, List<PauseRecord> pauses) {
        public Evidence {
            pauses = List.copyOf(pauses);
        }
    }

    /**
     * A run's latency over time, cut into windows from its start: per window the worst end-to-end sample that ended in
     * it (0 for none); the sparse lists of windows with samples over each end-to-end budget, and with the harness
     * thread waiting on the run queue or the host taking its CPU, with how long.
     */
    public record Timeline(long windowNanos, List<Long> worstNanos, List<BudgetWindows> overBudget,
                           List<WindowValue> runQueueWaitNanos, List<WindowValue> hostNanos) {
        public Timeline {
            worstNanos = List.copyOf(worstNanos);
            overBudget = List.copyOf(overBudget);
            runQueueWaitNanos = List.copyOf(runQueueWaitNanos);
            hostNanos = List.copyOf(hostNanos);
        }
    }

    /** The windows with samples over one budget, with how many. */
    public record BudgetWindows(long budgetNanos, List<WindowValue> windows) {
        public BudgetWindows {
            windows = List.copyOf(windows);
        }
    }

    /** A value of one window, from 0. */
    public record WindowValue(int window, long value) {
    }
}

package org.jlbh.core.internal.engine;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.internal.ImmutableJLBHResult;
import org.jlbh.core.internal.ImmutableProbeResult;
import org.jlbh.core.internal.LatencyRecorder;
import org.jlbh.core.internal.OsJitterSampler;
import org.jlbh.core.internal.PacedLanes;
import org.jlbh.core.internal.Schedule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records of a benchmark's runs: closes each run into its {@link RunRecord}, from the thread that runs the task
 * or, for a stuck run, from the supervisor that takes it over (never both); keeps the measured runs' records and the
 * warm-up's summary; and builds the {@link JLBHResult} from them.
 *
 * <p>Thread-safety: one lock guards the records and the two claims, that a stuck run was taken over and that the
 * summary is being reported. A run is closed under it, and a taken-over run's block printed under it, so that once
 * the supervisor has taken a run over the thread that runs the task neither closes nor reports it, and the other way
 * round. The warm-up's summary is volatile.
 */
final class RunRecords {
    private final Settings settings;
    private final Recorders recorders;
    private final PacedLanes lanes;
    private final Abort abort;
    private final ReportPrinter printer;
    private final Object lock = new Object();
    private final List<RunRecord> records = new ArrayList<>(); // guarded by lock
    private boolean takenOver; // guarded by lock: the caller ended a stuck run and reports in its place
    private boolean finished; // guarded by lock: the summary has been printed (or is being printed)
    private volatile JLBHResult.RunSummary warmUpSummary;

    RunRecords(Settings settings, Recorders recorders, PacedLanes lanes, Abort abort, ReportPrinter printer) {
        this.settings = settings;
        this.recorders = recorders;
        this.lanes = lanes;
        this.abort = abort;
        this.printer = printer;
    }

    /**
     * Closes run {@code run} (0 = warm-up) from the thread that runs the task, keeping its record when it is a
     * measured run; {@code thrown} says why it ended early, if it did because the task threw.
     *
     * @return its record, or null when the supervisor has taken the run over
     */
    RunRecord close(int run, long planned, long done, long t0, long end, Schedule runSchedule, String thrown) {
        synchronized (lock) {
            if (takenOver) {
                return null;
            }
            String reason = thrown != null ? thrown : lanes.abortRequested() ? abort.reason() : null;
            RunRecord record = recorders.record(run, planned, done, t0, end, runSchedule, reason);
            if (run > 0) {
                records.add(record);
            }
            return record;
        }
    }

    /**
     * Closes the stuck run {@code stuckPhase} (0 = warm-up) from the supervisor, as aborted, and prints its block (or
     * the warm-up's line), unless the summary is claimed or the run was closed already.
     *
     * @return whether it took the run over: the thread that called start() reports from then on, and the thread
     *         that runs the task does not
     */
    boolean takeOver(int stuckPhase) {
        synchronized (lock) {
            if (finished || (!records.isEmpty() && records.get(records.size() - 1).summary.run() >= stuckPhase)) {
                return false;
            }
            takenOver = true;
            if (stuckPhase > 0) {
                long done = lanes.returned();
                RunRecord record = recorders.record(stuckPhase, lanes.runIterations(), done, lanes.runT0(),
                        settings.clock.nanoTime(), settings.schedule, abort.reason());
                records.add(record);
                printer.printRunBlock(record);
            } else {
                RunRecord record = recorders.record(0, lanes.runIterations(), lanes.returned(), lanes.runT0(),
                        settings.clock.nanoTime(), settings.warmUpSchedule, abort.reason());
                warmUpSummary = record.summary;
                printer.printWarmUpAborted(abort.reason());
            }
        }
        return true;
    }

    /** Keeps the warm-up's summary, for the results. */
    void warmUpSummary(JLBHResult.RunSummary summary) {
        warmUpSummary = summary;
    }

    /** @return whether the thread that runs the task may report: true once, and never after a take-over */
    boolean claimFinish() {
        synchronized (lock) {
            if (takenOver || finished) {
                return false;
            }
            finished = true;
            return true;
        }
    }

    /** @return whether the thread that called start() reports, having taken a stuck run over: true once, if so */
    boolean claimFinishAfterTakeOver() {
        synchronized (lock) {
            boolean callerReports = takenOver && !finished;
            finished |= callerReports;
            return callerReports;
        }
    }

    /** @return a copy of the measured runs' records so far */
    List<RunRecord> soFar() {
        synchronized (lock) {
            return List.copyOf(records);
        }
    }

    /** @return the results of the measured runs so far */
    JLBHResult result() {
        List<RunRecord> done = soFar();
        List<JLBHResult.RunResult> e2e = new ArrayList<>();
        Map<String, List<JLBHResult.RunResult>> byProbe = new LinkedHashMap<>();
        for (LatencyRecorder probe : recorders.probes) {
            byProbe.put(probe.name(), new ArrayList<>());
        }
        List<JLBHResult.RunResult> jitter = new ArrayList<>();
        List<JLBHResult.RunSummary> summaries = new ArrayList<>();
        for (RunRecord record : done) {
            summaries.add(record.summary);
            e2e.add(record.endToEnd);
            record.probes.forEach((name, result) -> byProbe.computeIfAbsent(name, n -> new ArrayList<>()).add(result));
            if (record.osJitter != null) {
                jitter.add(record.osJitter);
            }
        }
        Map<String, JLBHResult.ProbeResult> probeResults = new LinkedHashMap<>();
        byProbe.forEach((name, results) -> probeResults.put(name, new ImmutableProbeResult(name, results)));
        return new ImmutableJLBHResult(new ImmutableProbeResult(JLBH.END_TO_END, e2e), probeResults,
                recorders.osJitter == null ? null : new ImmutableProbeResult(OsJitterSampler.NAME, jitter),
                summaries, settings.runs, settings.accountForCoordinatedOmission,
                settings.schedule.throughputPerSecond(), settings.schedule.arrivalsDescribed(), settings.threads,
                warmUpSummary);
    }
}

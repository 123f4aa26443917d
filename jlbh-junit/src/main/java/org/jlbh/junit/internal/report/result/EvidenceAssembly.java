package org.jlbh.junit.internal.report.result;

import org.jlbh.core.JLBH;
import org.jlbh.junit.internal.judge.LatencyCheck;
import org.jlbh.junit.internal.judge.attribution.Cause;
import org.jlbh.junit.internal.judge.attribution.Delays;
import org.jlbh.junit.internal.judge.attribution.RunAttribution;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.IntStream;

/** Builds a result's {@link EvidenceSnapshot} parts from the judgement and the runs' measures. Stateless. */
final class EvidenceAssembly {

    private EvidenceAssembly() {
    }

    /** @return the budget's late samples by cause, where they were put down to causes */
    static Optional<EvidenceSnapshot.Attribution> attribution(LatencyCheck check, Attempt attempt) {
        return check.lateSamples().map(late -> {
            List<EvidenceSnapshot.LateByCause> runs = new ArrayList<>();
            List<EvidenceSnapshot.PauseRecord> collections = new ArrayList<>();
            List<EvidenceSnapshot.PauseRecord> safepoints = new ArrayList<>();
            for (RunAttribution run : late.runs()) {
                runs.add(new EvidenceSnapshot.LateByCause(run.run(), run.count(Cause.PLATFORM),
                        run.count(Cause.SAFEPOINT), run.count(Cause.GC), run.count(Cause.CODE), run.notKept(),
                        windows(run, timeline(attempt, run.run(), check.latencyBudget().probe())),
                        run.count(Cause.OLDER_OBJECTS)));
                long runStart = runStart(attempt, run.run());
                run.delays().gcPauses().forEach(pause -> collections.add(pause(run.run(), pause, runStart)));
                run.delays().safepoints().forEach(pause -> safepoints.add(pause(run.run(), pause, runStart)));
            }
            Delays delays = late.delays();
            return new EvidenceSnapshot.Attribution(late.limitNanos() / 1e3, runs, delays.runQueue().nanos(),
                    delays.runQueue().stretches(), delays.host().nanos(), delays.host().stretches(),
                    delays.machineStalls().size(), delays.machineStalls().stream().mapToLong(MachineStall::nanos).sum(),
                    delays.testThreadsWait().nanos(), delays.testThreadsWait().stretches(), collections, safepoints,
                    check.codeOnlyNanos().orElse(Double.NaN) / 1e3, late.notes(), late.describe());
        });
    }

    /** @return when the run's first iteration was due, nanoTime; 0 when its timeline was not recorded */
    private static long runStart(Attempt attempt, int run) {
        RunTimeline timeline = timeline(attempt, run, JLBH.END_TO_END);
        return timeline == null ? 0 : timeline.startNanos();
    }

    /** @return the probe's timeline of the run, or null when it was not recorded */
    private static RunTimeline timeline(Attempt attempt, int run, String probe) {
        return run > attempt.runs().size() ? null : attempt.runs().get(run - 1).timelines().get(probe);
    }

    /** @return the windows in which the run's kept late samples ended, with their counts per cause */
    private static List<EvidenceSnapshot.CauseWindow> windows(RunAttribution run, RunTimeline timeline) {
        if (timeline == null) {
            return List.of();
        }
        TreeMap<Integer, long[]> counts = new TreeMap<>();
        for (int i = 0; i < timeline.lateKept(); i++) {
            Optional<Cause> cause = run.cause(i);
            if (cause.isPresent()) {
                int window = (int) Math.max(0, (timeline.lateEndNanos()[i] - timeline.startNanos())
                        / timeline.windowNanos());
                counts.computeIfAbsent(window, w -> new long[Cause.values().length])[cause.get().ordinal()]++;
            }
        }
        List<EvidenceSnapshot.CauseWindow> windows = new ArrayList<>();
        counts.forEach((window, byCause) -> windows.add(new EvidenceSnapshot.CauseWindow(window,
                byCause[Cause.PLATFORM.ordinal()], byCause[Cause.SAFEPOINT.ordinal()], byCause[Cause.GC.ordinal()],
                byCause[Cause.CODE.ordinal()], byCause[Cause.OLDER_OBJECTS.ordinal()])));
        return windows;
    }

    private static EvidenceSnapshot.PauseRecord pause(int run, JvmPause pause, long runStart) {
        return new EvidenceSnapshot.PauseRecord(run, pause.gc(), pause.name(), pause.startNanos() - runStart,
                pause.nanos(), pause.olderObjectsNanos());
    }

    /** @return what the scheduler and the JVM said beside the run, placed on its timeline; empty without one */
    static Optional<EvidenceSnapshot.Evidence> evidence(RunMeasures measures) {
        RunTimeline timeline = measures.timelines().get(JLBH.END_TO_END);
        if (timeline == null) {
            return Optional.empty();
        }
        RunEvidence evidence = measures.evidence();
        SchedulerEvidence.Totals totals = evidence.schedulerOver(timeline.startNanos(), timeline.endNanos());
        List<EvidenceSnapshot.PauseRecord> pauses = evidence.pauses().stream()
                .map(pause -> pause(measures.run(), pause, timeline.startNanos())).toList();
        return Optional.of(new EvidenceSnapshot.Evidence(evidence.schedulerMissing(), totals.runQueueWaitNanos(),
                totals.hostNanos(), totals.cpuSlices(), evidence.jvmUnavailable(), evidence.jvmAccuracyNanos(),
                pauses));
    }

    /** @return the run's end-to-end latency over time, with the platform's waits on the same windows, if recorded */
    static Optional<EvidenceSnapshot.Timeline> timeline(RunMeasures measures) {
        RunTimeline timeline = measures.timelines().get(JLBH.END_TO_END);
        if (timeline == null) {
            return Optional.empty();
        }
        int windows = timeline.windows();
        List<Long> worst = IntStream.range(0, windows).mapToObj(w -> timeline.worstNanos()[w]).toList();
        List<EvidenceSnapshot.BudgetWindows> overBudget = IntStream.range(0, timeline.budgetsNanos().length)
                .mapToObj(budget -> new EvidenceSnapshot.BudgetWindows(timeline.budgetsNanos()[budget],
                        sparse(IntStream.range(0, windows).mapToLong(w -> timeline.overBudget()[budget][w]).toArray())))
                .toList();
        long[] queue = new long[Math.max(1, windows)];
        long[] host = new long[queue.length];
        for (SchedulerEvidence scheduler : measures.evidence().schedulers()) {
            for (int i = 1; i < scheduler.samples(); i++) {
                long end = scheduler.intervalTo(i);
                spread(queue, timeline, end - scheduler.runDelaySince(i), end);
                spread(host, timeline, end - scheduler.lostSince(i), end);
            }
        }
        return Optional.of(new EvidenceSnapshot.Timeline(timeline.windowNanos(), worst, overBudget, sparse(queue),
                sparse(host)));
    }

    /** Adds the stretch {@code [from, to)} to the windows it covers, each the part of it that lies in the window. */
    private static void spread(long[] windows, RunTimeline timeline, long from, long to) {
        long width = timeline.windowNanos();
        long start = Math.max(from, timeline.startNanos());
        long stop = Math.min(to, timeline.startNanos() + width * windows.length);
        for (long at = start; at - stop < 0; ) {
            int window = (int) ((at - timeline.startNanos()) / width);
            long windowEnd = timeline.startNanos() + (window + 1L) * width;
            long part = Math.min(stop, windowEnd) - at;
            windows[window] += part;
            at += part;
        }
    }

    private static List<EvidenceSnapshot.WindowValue> sparse(long[] values) {
        return IntStream.range(0, values.length).filter(w -> values[w] > 0)
                .mapToObj(w -> new EvidenceSnapshot.WindowValue(w, values[w])).toList();
    }
}

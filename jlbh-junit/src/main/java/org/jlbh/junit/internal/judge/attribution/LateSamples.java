package org.jlbh.junit.internal.judge.attribution;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * A probe's late samples against one budget over the runs of an attempt, each put down to a cause
 * ({@link LateSampleAttribution}), with what the evidence could not see. Immutable.
 *
 * @param limitNanos the budget, in nanoseconds
 * @param runs       each run's attribution, in run order
 * @param notes      what evidence was missing, e.g. {@code no scheduler evidence on this OS (no /proc schedstat)}
 */
public record LateSamples(long limitNanos, List<RunAttribution> runs, List<String> notes) {

    public LateSamples {
        runs = List.copyOf(runs);
        notes = List.copyOf(notes);
    }

    /** @return late samples put down to the cause, over all runs */
    public long count(Cause cause) {
        return sum(run -> run.count(cause));
    }

    /** @return late samples put down to the platform, a safepoint or a collection's older objects, over all runs */
    public long excused() {
        return sum(RunAttribution::excused);
    }

    /** @return late samples beyond those kept, counted as the code's, over all runs */
    public long notKept() {
        return sum(RunAttribution::notKept);
    }

    /** @return what made the samples late besides the code, over all runs */
    public Delays delays() {
        return runs.stream().map(RunAttribution::delays).reduce(Delays.NONE, Delays::plus);
    }

    private long sum(ToLongFunction<RunAttribution> perRun) {
        return runs.stream().mapToLong(perRun).sum();
    }

    /**
     * @return each run's value at the percentile on the code's own account ({@link #codeOnlyHistogram}), in ns, in
     *         run order; empty when a run has too few samples for it
     */
    public List<Double> codeOnlyRunNanos(JLBHResult.ProbeResult probe, double percentile) {
        List<Double> values = new ArrayList<>();
        for (RunResult run : probe.eachRunSummary()) {
            Histogram remaining = codeOnlyHistogram(run);
            if (!Percentiles.supported(percentile, remaining.getTotalCount())) {
                return List.of();
            }
            values.add((double) (percentile == 100 ? remaining.getMaxValue()
                    : remaining.getValueAtPercentile(percentile)));
        }
        return values;
    }

    /**
     * @return a copy of the run's histogram with the excused late samples replaced by their latencies without the
     *         pauses not the code's (as measured when these samples have no such run)
     */
    public Histogram codeOnlyHistogram(RunResult run) {
        Histogram remaining = run.histogram();
        if (run.run() <= runs.size()) {
            runs.get(run.run() - 1).replaceIn(remaining);
        }
        return remaining;
    }

    /**
     * @return e.g. {@code late samples over 100 µs: 1,180 while the harness thread waited 38.200 ms on the run queue
     *         (12 stretches), 41 in 2 GC pauses (G1New, longest 4.100 ms), 32 with no pause: the code}
     */
    public String describe() {
        Delays delays = delays();
        List<String> parts = new ArrayList<>();
        long platform = count(Cause.PLATFORM);
        if (platform > 0) {
            parts.add(String.format(Locale.ROOT, "%,d while %s", platform, String.join(" and ", platform(delays))));
        }
        long safepoint = count(Cause.SAFEPOINT);
        if (safepoint > 0) {
            parts.add(String.format(Locale.ROOT, "%,d in %s", safepoint, pauses(delays.safepoints(), "safepoint",
                    "safepoints")));
        }
        long older = count(Cause.OLDER_OBJECTS);
        if (older > 0) {
            parts.add(String.format(Locale.ROOT, "%,d in collections copying objects older than the measured runs "
                    + "(the JVM's)", older));
        }
        long gc = count(Cause.GC);
        if (gc > 0 || older > 0) {
            parts.add(String.format(Locale.ROOT, "%,d in %s", gc, pauses(delays.gcPauses(), "GC pause", "GC pauses")));
        }
        parts.add(code(delays));
        String described = "late samples over " + ReportFormat.plain(limitNanos / 1e3) + " \u00b5s: "
                + String.join(", ", parts);
        return notes.isEmpty() ? described : described + " (" + String.join("; ", notes) + ")";
    }

    /** @return how the platform made samples late: the waits, the host's time, machine stalls, late calls */
    private static List<String> platform(Delays delays) {
        List<String> how = new ArrayList<>();
        if (delays.runQueue().stretches() > 0) {
            how.add(String.format(Locale.ROOT, "the harness thread waited %s on the run queue (%s)",
                    ReportFormat.duration(delays.runQueue().nanos()), stretches(delays.runQueue())));
        }
        if (delays.host().stretches() > 0) {
            how.add(String.format(Locale.ROOT, "the host took its CPU for %s (%s)",
                    ReportFormat.duration(delays.host().nanos()), stretches(delays.host())));
        }
        List<MachineStall> stalls = delays.machineStalls();
        if (!stalls.isEmpty()) {
            how.add(String.format(Locale.ROOT, "the whole machine stalled (%s, %s, longest %s: a second thread "
                            + "was stopped as long at the same time, without waiting for a CPU)",
                    plural(stalls.size(), "stall", "stalls"),
                    ReportFormat.duration(stalls.stream().mapToLong(MachineStall::nanos).sum()),
                    ReportFormat.duration(stalls.stream().mapToLong(MachineStall::nanos).max().orElse(0))));
        }
        Delays.LateStarts lateStarts = delays.lateStarts();
        if (lateStarts.samples() > 0) {
            how.add(String.format(Locale.ROOT, "the harness called %s late with no call of the test method "
                            + "running (%s in all, longest %s, beyond the waits and pauses seen: the harness "
                            + "thread was held up outside the code)",
                    plural(lateStarts.samples(), "iteration", "iterations"),
                    ReportFormat.duration(lateStarts.nanos()), ReportFormat.duration(lateStarts.longestNanos())));
        }
        return how;
    }

    /** @return the code's late samples, and what is known of them: blocked, kept waiting by the test's threads */
    private String code(Delays delays) {
        String code = String.format(Locale.ROOT, "%,d with no pause: the code", count(Cause.CODE));
        Delays.Blocked blocked = delays.blocked();
        if (blocked.samples() > 0) {
            code += String.format(Locale.ROOT, ", %,d of them while the code blocked (%s, %s)", blocked.samples(),
                    plural(blocked.switches(), "voluntary switch", "voluntary switches"),
                    ReportFormat.duration(blocked.nanos()));
        }
        Delays.Stretches ownThreads = delays.testThreadsWait();
        if (ownThreads.nanos() > 0) {
            code += String.format(Locale.ROOT, ", the harness thread's waits for a CPU while the test's own threads "
                    + "ran counted as the code's (%s, %s)", ReportFormat.duration(ownThreads.nanos()),
                    stretches(ownThreads));
        }
        if (notKept() > 0) {
            code += String.format(Locale.ROOT, " (%,d of them beyond the %,d late samples kept per run, not "
                    + "attributed)", notKept(), LatencyTimeline.MAX_KEPT);
        }
        return code;
    }

    /** @return e.g. {@code 4 GC pauses (G1New, longest 24.600 ms; 21.000 ms of them copying objects older ...)} */
    private static String pauses(List<JvmPause> pauses, String one, String many) {
        long older = pauses.stream().mapToLong(JvmPause::olderObjectsNanos).sum();
        return String.format(Locale.ROOT, "%s (%s, longest %s%s)", plural(pauses.size(), one, many),
                pauses.stream().map(JvmPause::name).distinct().collect(Collectors.joining(", ")),
                ReportFormat.duration(pauses.stream().mapToLong(JvmPause::nanos).max().orElse(0)), older == 0 ? ""
                        : "; " + ReportFormat.duration(older) + " of them copying objects older than the measured "
                        + "runs: the JVM's");
    }

    private static String stretches(Delays.Stretches stretches) {
        return plural(stretches.stretches(), "stretch", "stretches");
    }

    private static String plural(long count, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", count, count == 1 ? one : many);
    }
}

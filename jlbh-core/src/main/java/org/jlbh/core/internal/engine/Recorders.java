package org.jlbh.core.internal.engine;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;
import org.jlbh.core.internal.BucketCounts;
import org.jlbh.core.internal.ImmutableRunResult;
import org.jlbh.core.internal.ImmutableRunSummary;
import org.jlbh.core.internal.LatencyRecorder;
import org.jlbh.core.internal.OsJitterSampler;
import org.jlbh.core.internal.Schedule;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The recorders of one benchmark: end to end, the probes, OS jitter (when it is recorded) and the harness's lateness
 * in calling each iteration, all in nanoseconds. Begins a run on all of them, and ends it into a {@link RunRecord}
 * with the run's status and detail. When several harness threads share the load, each records into counts of its
 * own, merged when a run ends, and each thread's end-to-end samples are also given as a probe of their own,
 * {@link JLBH#endToEndOfThread(int)}.
 *
 * <p>Thread-safety: the end-to-end and probe samplers may be used from any thread (fastest from their owner, the
 * thread that runs the task), and probes may be added from any thread. Runs are begun and ended by the thread that
 * runs the task, but a stuck run is ended by the supervisor that took it over (under {@link RunRecords}' lock);
 * lateness is recorded by the thread that runs the task.
 */
final class Recorders {
    final LatencyRecorder endToEnd = new LatencyRecorder(JLBH.END_TO_END, null);
    final List<LatencyRecorder> probes = new CopyOnWriteArrayList<>();
    /** Null when OS jitter is not recorded. */
    final OsJitterSampler osJitter;
    /** Per harness thread: how late it called each iteration. */
    final BucketCounts[] lateness;
    private final long timeoutNs;

    Recorders(Settings settings) {
        this.osJitter = settings.recordOSJitter
                ? new OsJitterSampler(settings.recordJitterGreaterThanNs, settings.jitterAffinity) : null;
        this.timeoutNs = settings.timeoutNs;
        this.lateness = new BucketCounts[settings.threads];
        for (int i = 0; i < lateness.length; i++) {
            lateness[i] = new BucketCounts();
        }
    }

    /**
     * Adds a probe, or returns the one of that name already added.
     *
     * @param owner gives the thread that runs the task (null before there is one), read when the probe is created
     */
    NanoSampler addProbe(String name, Supplier<Thread> owner) {
        synchronized (probes) {
            for (LatencyRecorder probe : probes) {
                if (probe.name().equals(name)) {
                    return probe;
                }
            }
            LatencyRecorder probe = new LatencyRecorder(name, owner.get());
            probes.add(probe);
            return probe;
        }
    }

    /** Makes {@code thread} the owner of the end-to-end and probe recorders' fast path. */
    void owner(Thread thread) {
        endToEnd.owner(thread);
        for (LatencyRecorder probe : probes) {
            probe.owner(thread);
        }
    }

    /**
     * Makes {@code threads} the owners of the end-to-end and probe recorders' fast path, each with counts of its
     * own; before any of them starts. Probes added later have the first of them as their only owner.
     */
    void owners(Thread[] threads) {
        endToEnd.owners(threads);
        for (LatencyRecorder probe : probes) {
            probe.owners(threads);
        }
    }

    /** Starts a run on every recorder, and clears the lateness. */
    void beginRun() {
        endToEnd.beginRun();
        for (LatencyRecorder probe : probes) {
            probe.beginRun();
        }
        if (osJitter != null) {
            osJitter.beginRun();
        }
        for (BucketCounts lane : lateness) {
            lane.reset();
        }
    }

    /** Builds a run's record from the recorders; abortReason is null unless the run was cut short. */
    RunRecord record(int run, long planned, long done, long t0, long end, Schedule runSchedule, String abortReason) {
        ImmutableRunResult e2e = endToEnd.endRun(run);
        Map<String, JLBHResult.RunResult> probeResults = new LinkedHashMap<>();
        for (LatencyRecorder probe : probes) {
            probeResults.put(probe.name(), probe.endRun(run));
        }
        if (lateness.length > 1) {
            for (int thread = 0; thread < lateness.length; thread++) {
                String name = JLBH.endToEndOfThread(thread);
                probeResults.put(name, endToEnd.ownerRun(thread, name, run));
            }
        }
        ImmutableRunResult jitter = osJitter == null ? null : osJitter.endRun(run);
        long samples = e2e.count();
        RunStatus status;
        String detail;
        if (abortReason != null) {
            status = RunStatus.ABORTED;
            detail = done == 0 && samples == 0
                    ? abortReason + "; no iteration had returned before that"
                    : String.format(Locale.ROOT, "%s; figures cover the %,d iterations before that (%,d samples)",
                    abortReason, done, samples);
        } else if (samples < done) {
            status = RunStatus.INCOMPLETE;
            detail = String.format(Locale.ROOT, "%,d of %,d end-to-end samples missing after waiting %,d ms",
                    done - samples, done, TimeUnit.NANOSECONDS.toMillis(timeoutNs));
        } else if (samples > done) {
            status = RunStatus.OVERSAMPLED;
            detail = String.format(Locale.ROOT, "%,d end-to-end samples for %,d iterations: %,d more than one per iteration",
                    samples, done, samples - done);
        } else {
            status = RunStatus.COMPLETE;
            // every warm-up round is closed too: no Formatter here, whose code the JIT would be compiling round after
            // round while a sized warm-up waits for a round in which it compiles nothing
            detail = grouped(done) + " iterations, one end-to-end sample each";
        }
        org.HdrHistogram.Histogram latenessCopy = LatencyRecorder.compactCopy(lateness[0]);
        for (int thread = 1; thread < lateness.length; thread++) {
            lateness[thread].addTo(latenessCopy);
        }
        ImmutableRunSummary summary = new ImmutableRunSummary(run, status, detail, planned, done, samples,
                Duration.ofNanos(Math.max(0, end - t0)), Duration.ofNanos(runSchedule.durationNanos(planned)),
                new ImmutableRunResult("harness lateness", run, latenessCopy, 0, 0));
        long wakeUps = osJitter == null ? 0 : osJitter.wakeUpsLastRun();
        return new RunRecord(summary, e2e, probeResults, jitter, wakeUps);
    }

    /** @return {@code count} with thousands separators, as {@code String.format(Locale.ROOT, "%,d", count)} */
    static String grouped(long count) {
        String digits = Long.toString(count);
        int first = count < 0 ? 1 : 0;
        StringBuilder grouped = new StringBuilder(digits.length() + digits.length() / 3);
        for (int i = 0; i < digits.length(); i++) {
            if (i > first && (digits.length() - i) % 3 == 0) {
                grouped.append(',');
            }
            grouped.append(digits.charAt(i));
        }
        return grouped.toString();
    }
}

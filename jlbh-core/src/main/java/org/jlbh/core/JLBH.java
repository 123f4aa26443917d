package org.jlbh.core;

import net.openhft.chronicle.core.util.NanoSampler;
import org.HdrHistogram.Histogram;
import org.jlbh.core.internal.ImmutableJLBHResult;
import org.jlbh.core.internal.ImmutableProbeResult;
import org.jlbh.core.internal.ImmutableRunResult;
import org.jlbh.core.internal.ImmutableRunSummary;
import org.jlbh.core.internal.LatencyRecorder;
import org.jlbh.core.internal.OsJitterSampler;
import org.jlbh.core.internal.PacedLoop;
import org.jlbh.core.internal.Schedule;
import org.jlbh.core.internal.TextReport;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The latency benchmark harness: drives a {@link JLBHTask} at a fixed target throughput and records, per run, the
 * end-to-end latency of every iteration, each probe, and OS jitter, then prints a JLBH-style report.
 *
 * <p>Same API as the reference JLBH, so a benchmark ports by changing its imports:
 * <pre>{@code
 * JLBHOptions options = new JLBHOptions()
 *         .warmUpIterations(40_000).iterations(1_100_000).throughput(100_000).runs(3)
 *         .jlbhTask(new MyTask());
 * new JLBH(options).start();
 * }</pre>
 *
 * <p>Timing: iteration <i>i</i> of a run is due at {@code t0 + i × interval}, exactly and without re-anchoring;
 * with coordinated omission accounted for (the default) the task gets that intended start, so a stall's delay to
 * the iterations queued behind it is part of their latency. See the package documentation.
 *
 * <p>{@link #start()} runs the benchmark on a thread of its own ({@code jlbh-harness}, where every task callback
 * runs) and supervises it from the calling thread: it prints progress during long runs and ends a run whose
 * iteration does not return within the timeout. {@link #sample}, {@link #addProbe} samplers and {@link #abort()}
 * may be used from any thread; {@code start()} may be called once.
 */
public class JLBH implements NanoSampler {
    /** The name of the end-to-end results. */
    public static final String END_TO_END = "end to end";
    /** The name of the OS jitter results ({@link JLBHResult#osJitter()}). */
    public static final String OS_JITTER = "OS jitter";

    private static final long SUPERVISION_POLL_MS = 50;
    private static final long FAST_POLL_NS = TimeUnit.MICROSECONDS.toNanos(20);
    private static final long SLOW_POLL_NS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long FAST_POLL_PERIOD_NS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long TAKE_OVER_GRACE_MS = 1_000;

    private final JLBHTask task;
    private final NanoClock clock;
    private final PrintStream out;
    private final Consumer<JLBHResult> resultConsumer;
    private final Schedule schedule;
    private final long iterations;
    private final int warmUpIterations;
    private final int runs;
    private final boolean accountForCoordinatedOmission;
    private final boolean skipFirstRun;
    private final int pauseAfterWarmupMs;
    private final long timeoutNs;
    private final long progressIntervalNs;

    private final PacedLoop loop;
    private final LatencyRecorder endToEnd = new LatencyRecorder(END_TO_END, null);
    private final List<LatencyRecorder> probes = new CopyOnWriteArrayList<>();
    private final OsJitterSampler osJitter;
    private final Histogram lateness = LatencyRecorder.newHistogram();

    private final AtomicBoolean started = new AtomicBoolean();
    private final Object recordsLock = new Object();
    private final List<RunRecord> records = new ArrayList<>();
    private boolean takenOver;
    private volatile Thread harnessThread;
    private volatile int phase = -1;
    private volatile String abortReason;
    private volatile Throwable failure;

    /**
     * A benchmark that prints to {@code System.out}.
     *
     * @param options the settings; copied, so later changes to them have no effect
     * @throws IllegalArgumentException when no task is set
     */
    public JLBH(JLBHOptions options) {
        this(options, System.out, null);
    }

    /**
     * @param options        the settings; copied, so later changes to them have no effect
     * @param printStream    where the report goes
     * @param resultConsumer receives the results when {@link #start()} finishes; may be null
     * @throws IllegalArgumentException when no task is set
     */
    public JLBH(JLBHOptions options, PrintStream printStream, Consumer<JLBHResult> resultConsumer) {
        if (options.jlbhTask == null) {
            throw new IllegalArgumentException("JLBHOptions.jlbhTask must be set, was null");
        }
        this.task = options.jlbhTask;
        this.clock = options.clock;
        this.out = printStream == null ? System.out : printStream;
        this.resultConsumer = resultConsumer;
        this.schedule = new Schedule(options.throughputTimeUnit.toNanos(1), options.throughput);
        this.iterations = options.iterations;
        this.warmUpIterations = options.warmUpIterations;
        this.runs = options.runs;
        this.accountForCoordinatedOmission = options.accountForCoordinatedOmission;
        this.skipFirstRun = options.skipFirstRun;
        this.pauseAfterWarmupMs = options.pauseAfterWarmupMS;
        this.timeoutNs = TimeUnit.MILLISECONDS.toNanos(options.timeoutMs);
        this.progressIntervalNs = TimeUnit.MILLISECONDS.toNanos(options.progressIntervalMs);
        this.loop = new PacedLoop(clock, task, accountForCoordinatedOmission);
        this.osJitter = options.recordOSJitter ? new OsJitterSampler(options.recordJitterGreaterThanNs) : null;
    }

    /**
     * Adds a probe: a named latency distribution recorded beside end-to-end, for example one stage of the
     * iteration. Adding a name twice returns the same probe. Its sampler may be used from any thread; from the
     * harness thread it is fastest. Probes are normally added in {@link JLBHTask#init(JLBH)}.
     *
     * @param name the probe's name
     * @return the sampler to record the probe's latencies, in nanoseconds
     */
    public NanoSampler addProbe(String name) {
        synchronized (probes) {
            for (LatencyRecorder probe : probes) {
                if (probe.name().equals(name)) {
                    return probe;
                }
            }
            LatencyRecorder probe = new LatencyRecorder(name, harnessThread);
            probes.add(probe);
            return probe;
        }
    }

    /**
     * Records one end-to-end latency; call it once per iteration, from any thread.
     *
     * @param durationNs the iteration's latency in nanoseconds, normally {@code System.nanoTime() - startTimeNS}
     */
    public void sample(long durationNs) {
        endToEnd.sampleNanos(durationNs);
    }

    /** Same as {@link #sample(long)}. */
    @Override
    public void sampleNanos(long durationNs) {
        endToEnd.sampleNanos(durationNs);
    }

    /**
     * Ends the benchmark early: the current run stops before its next iteration with status
     * {@link RunStatus#ABORTED}, and no further run starts. May be called from any thread, including the task.
     */
    public void abort() {
        abort("abort() was called");
    }

    /**
     * Runs warm-up and the measured runs, prints the report and hands the results to the result consumer.
     * Blocks until done.
     *
     * @throws IllegalStateException when called a second time
     * @throws RuntimeException      what the task threw, after the report of what ran before it
     */
    public void start() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("JLBH.start() may be called once per JLBH instance");
        }
        Thread harness = new Thread(this::runOnHarnessThread, "jlbh-harness");
        harness.setDaemon(true);
        endToEnd.owner(harness);
        for (LatencyRecorder probe : probes) {
            probe.owner(harness);
        }
        harnessThread = harness;
        if (osJitter != null) {
            osJitter.start();
        }
        try {
            harness.start();
            supervise(harness);
        } finally {
            if (osJitter != null) {
                osJitter.stop();
            }
        }
        JLBHResult result = buildResult();
        printSummaries(result);
        if (resultConsumer != null) {
            resultConsumer.accept(result);
        }
        rethrowFailure();
    }

    // ---- harness thread ----

    private void runOnHarnessThread() {
        try {
            task.init(this);
            if (warmUpIterations > 0) {
                RunRecord warmUp = measure(0, warmUpIterations);
                if (warmUp == null) {
                    return; // the supervisor took over the warm-up
                }
                if (warmUp.summary.status() == RunStatus.ABORTED) {
                    out.println("Warm-up aborted: " + warmUp.summary.detail());
                    return;
                }
                out.printf(Locale.ROOT, "Warm-up complete (%,d iterations took %s, %s)%n", warmUpIterations,
                        ReportFormat.duration(warmUp.summary.runTime().toNanos()),
                        warmUp.summary.status() == RunStatus.COMPLETE ? "complete"
                                : warmUp.summary.status() + ": " + warmUp.summary.detail());
            }
            if (pauseAfterWarmupMs > 0) {
                out.printf(Locale.ROOT, "Pausing after warm-up for %,d ms%n", pauseAfterWarmupMs);
                Thread.sleep(pauseAfterWarmupMs);
            }
            task.warmedUp();
            for (int run = 1; run <= runs; run++) {
                RunRecord record = measure(run, iterations);
                if (record == null) {
                    return; // the supervisor took over this run
                }
                out.print(runBlock(record));
                task.runComplete();
                if (record.summary.status() == RunStatus.ABORTED) {
                    break;
                }
            }
            task.complete();
        } catch (InterruptedException e) {
            abort("the harness thread was interrupted");
        } catch (Throwable t) {
            failure = t;
        } finally {
            phase = -1;
        }
    }

    /**
     * Measures one run (0 = warm-up). Returns its record, or null when the supervisor has taken the run over.
     */
    private RunRecord measure(int run, long runIterations) {
        endToEnd.beginRun();
        for (LatencyRecorder probe : probes) {
            probe.beginRun();
        }
        if (osJitter != null) {
            osJitter.beginRun();
        }
        lateness.reset();
        phase = run;
        long t0 = clock.nanoTime();
        long done;
        String thrown = null;
        try {
            done = loop.iterate(schedule, t0, runIterations, lateness);
        } catch (Throwable t) {
            done = loop.returned();
            failure = t;
            thrown = String.format(Locale.ROOT, "the task threw %s at iteration %,d of %,d",
                    t.getClass().getName(), done + 1, runIterations);
        }
        long end = clock.nanoTime();
        if (thrown == null && !loop.abortRequested()) {
            end = awaitSamples(done, end);
        }
        synchronized (recordsLock) {
            if (takenOver) {
                return null;
            }
            String reason = thrown != null ? thrown : loop.abortRequested() ? abortReason : null;
            RunRecord record = record(run, runIterations, done, t0, end, reason);
            if (run > 0) {
                records.add(record);
            }
            return record;
        }
    }

    /** Waits for the end-to-end samples still in flight; returns the time of the last progress seen. */
    private long awaitSamples(long expected, long lastIterationEnd) {
        long count = endToEnd.count();
        long lastProgress = lastIterationEnd;
        while (count < expected && !loop.abortRequested()) {
            long now = clock.nanoTime();
            long idle = now - lastProgress;
            if (idle >= timeoutNs) {
                break;
            }
            clock.awaitUntil(now + (idle < FAST_POLL_PERIOD_NS ? FAST_POLL_NS : Math.min(SLOW_POLL_NS, timeoutNs - idle)));
            long latest = endToEnd.count();
            if (latest != count) {
                count = latest;
                lastProgress = clock.nanoTime();
            }
        }
        return lastProgress;
    }

    /** Builds a run's record from the recorders; abortReason is null unless the run was cut short. */
    private RunRecord record(int run, long planned, long done, long t0, long end, String abortReason) {
        ImmutableRunResult e2e = endToEnd.endRun(run);
        Map<String, JLBHResult.RunResult> probeResults = new LinkedHashMap<>();
        for (LatencyRecorder probe : probes) {
            probeResults.put(probe.name(), probe.endRun(run));
        }
        ImmutableRunResult jitter = osJitter == null ? null : osJitter.endRun(run);
        long samples = e2e.count();
        RunStatus status;
        String detail;
        if (abortReason != null) {
            status = RunStatus.ABORTED;
            detail = String.format(Locale.ROOT, "%s; figures cover the %,d iterations before that (%,d samples)",
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
            detail = String.format(Locale.ROOT, "%,d iterations, one end-to-end sample each", done);
        }
        Histogram latenessCopy = LatencyRecorder.compactCopy(lateness);
        ImmutableRunSummary summary = new ImmutableRunSummary(run, status, detail, planned, done, samples,
                Duration.ofNanos(Math.max(0, end - t0)), Duration.ofNanos(schedule.durationNanos(planned)),
                new ImmutableRunResult("harness lateness", run, latenessCopy, 0, 0));
        long wakeUps = osJitter == null ? 0 : osJitter.wakeUpsLastRun();
        return new RunRecord(summary, e2e, probeResults, jitter, wakeUps);
    }

    private String runBlock(RunRecord record) {
        StringBuilder sb = new StringBuilder();
        sb.append(TextReport.runHeader(record.summary, runs, accountForCoordinatedOmission, schedule));
        sb.append(TextReport.probeLine("End to End", record.endToEnd)).append(System.lineSeparator());
        record.probes.forEach((name, result) ->
                sb.append(TextReport.probeLine(name, result)).append(System.lineSeparator()));
        if (record.osJitter != null) {
            String head = String.format(Locale.ROOT, "OS jitter (%,d of %,d wake-ups > %s us late), us:",
                    record.osJitter.count(), record.osJitterWakeUps, ReportFormat.micros(osJitter.recordGreaterThanNs()));
            sb.append(TextReport.headedLine(head, record.osJitter)).append(System.lineSeparator());
        }
        sb.append(TextReport.rule());
        return sb.toString();
    }

    // ---- calling thread ----

    /** Waits for the harness thread, printing progress and ending a run whose iteration does not return. */
    private void supervise(Thread harness) {
        int watchedPhase = -2;
        long lastReturned = -1;
        long lastChange = clock.nanoTime();
        long nextProgress = System.nanoTime() + progressIntervalNs;
        while (true) {
            try {
                harness.join(SUPERVISION_POLL_MS);
            } catch (InterruptedException e) {
                abort("the thread that called start() was interrupted");
                Thread.currentThread().interrupt();
                return;
            }
            if (!harness.isAlive()) {
                return;
            }
            int currentPhase = phase;
            boolean iterating = loop.iterating();
            long now = clock.nanoTime();
            long returned = loop.returned();
            if (currentPhase != watchedPhase || returned != lastReturned || !iterating) {
                watchedPhase = currentPhase;
                lastReturned = returned;
                lastChange = now;
            }
            long sinceDue = now - schedule.dueTime(loop.runT0(), returned);
            if (iterating && now - lastChange > timeoutNs && sinceDue > timeoutNs) {
                takeOver(harness, currentPhase, returned);
                return;
            }
            if (iterating && progressIntervalNs > 0 && System.nanoTime() - nextProgress >= 0) {
                nextProgress = System.nanoTime() + progressIntervalNs;
                printProgress(currentPhase, returned, sinceDue);
            }
        }
    }

    private void printProgress(int currentPhase, long returned, long behindNs) {
        long planned = loop.runIterations();
        String what = currentPhase == 0 ? "warm-up" : "run " + currentPhase + " of " + runs;
        String schedule = behindNs > 0
                ? ReportFormat.duration(behindNs) + " behind schedule"
                : "on schedule";
        out.printf(Locale.ROOT, "... %s: %,d of %,d iterations (%.1f%%), %s%n",
                what, returned, planned, 100.0 * returned / planned, schedule);
    }

    /** The task is stuck in an iteration: end the run as aborted, from this thread if the harness cannot. */
    private void takeOver(Thread harness, int stuckPhase, long returned) {
        abort(String.format(Locale.ROOT, "iteration %,d did not return within the %,d ms timeout",
                returned + 1, TimeUnit.NANOSECONDS.toMillis(timeoutNs)));
        try {
            harness.join(Math.min(TAKE_OVER_GRACE_MS, TimeUnit.NANOSECONDS.toMillis(timeoutNs)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!harness.isAlive()) {
            return; // the task returned after the interrupt and the harness closed the run itself
        }
        synchronized (recordsLock) {
            if (!records.isEmpty() && records.get(records.size() - 1).summary.run() >= stuckPhase) {
                return;
            }
            takenOver = true;
            if (stuckPhase > 0) {
                long done = loop.returned();
                RunRecord record = record(stuckPhase, loop.runIterations(), done, loop.runT0(), clock.nanoTime(), abortReason);
                records.add(record);
                out.print(runBlock(record));
            } else {
                out.println("Warm-up aborted: " + abortReason);
            }
        }
        out.println("The task is still running on thread " + harness.getName()
                + "; it is a daemon thread and is left behind. JLBHTask.complete() is not called.");
    }

    private void abort(String reason) {
        if (abortReason == null) {
            abortReason = reason;
        }
        loop.requestAbort();
        Thread harness = harnessThread;
        if (harness != null && harness != Thread.currentThread()) {
            harness.interrupt();
        }
    }

    private JLBHResult buildResult() {
        List<RunRecord> done;
        synchronized (recordsLock) {
            done = List.copyOf(records);
        }
        List<JLBHResult.RunResult> e2e = new ArrayList<>();
        Map<String, List<JLBHResult.RunResult>> byProbe = new LinkedHashMap<>();
        for (LatencyRecorder probe : probes) {
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
        return new ImmutableJLBHResult(new ImmutableProbeResult(END_TO_END, e2e), probeResults,
                osJitter == null ? null : new ImmutableProbeResult(OsJitterSampler.NAME, jitter),
                summaries, runs, accountForCoordinatedOmission, schedule.throughputPerSecond());
    }

    private void printSummaries(JLBHResult result) {
        if (result.runs().isEmpty()) {
            out.println("No measured run completed: " + (abortReason != null ? abortReason : "see above"));
            return;
        }
        StringBuilder sb = new StringBuilder();
        sb.append(TextReport.summary(END_TO_END, result.endToEnd().eachRunSummary(), skipFirstRun));
        for (String name : result.probeNames()) {
            sb.append(TextReport.summary(name, result.probe(name).orElseThrow().eachRunSummary(), skipFirstRun));
        }
        result.osJitter().ifPresent(j -> sb.append(TextReport.summary(j.name(), j.eachRunSummary(), skipFirstRun)));
        if (result.status() != RunStatus.COMPLETE) {
            sb.append("Status: ").append(result.status()).append(" - not every run was complete; see the run blocks above")
                    .append(System.lineSeparator());
        }
        out.print(sb);
    }

    private void rethrowFailure() {
        Throwable t = failure;
        if (t == null) {
            return;
        }
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        throw new IllegalStateException("the JLBH task threw " + t, t);
    }

    /** Everything one run produced. */
    private static final class RunRecord {
        final JLBHResult.RunSummary summary;
        final JLBHResult.RunResult endToEnd;
        final Map<String, JLBHResult.RunResult> probes;
        final JLBHResult.RunResult osJitter;
        final long osJitterWakeUps;

        RunRecord(JLBHResult.RunSummary summary, JLBHResult.RunResult endToEnd,
                  Map<String, JLBHResult.RunResult> probes, JLBHResult.RunResult osJitter, long osJitterWakeUps) {
            this.summary = summary;
            this.endToEnd = endToEnd;
            this.probes = probes;
            this.osJitter = osJitter;
            this.osJitterWakeUps = osJitterWakeUps;
        }
    }
}

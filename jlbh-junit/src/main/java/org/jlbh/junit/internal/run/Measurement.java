package org.jlbh.junit.internal.run;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.ConfigurationError;
import org.jlbh.junit.internal.config.InconclusiveEnd;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.Sizing;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.run.evidence.EvidenceSource;
import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.JvmPauseRecorder;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;
import org.jlbh.junit.internal.run.evidence.ReadingPlan;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.StallSource;
import org.jlbh.junit.internal.run.paired.Alternation;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;
import org.jlbh.junit.internal.run.timeline.RunTimeline;
import org.jlbh.junit.internal.run.timeline.Timelines;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

/**
 * Measures one latency test: its method as the harness's task, its probe parameters, and the meters beside the
 * harness (allocation, garbage collections, platform stalls). Made before the test's setup, so that the probe and
 * context parameters can be resolved; each {@link #measure} is one attempt on a fresh harness, and the same
 * parameters serve every attempt. Used from the thread running the test; not thread-safe.
 */
public final class Measurement {
    private final TestSettings settings;
    private final StallSource stalls;
    private final EvidenceSource evidence;
    private final AbandonedBodies abandoned;
    private final MethodTask task;
    private final Map<String, ProbeHandle> probes = new LinkedHashMap<>();

    private Measurement(TestSettings settings, StallSource stalls, EvidenceSource evidence, AbandonedBodies abandoned) {
        this.settings = settings;
        this.stalls = stalls;
        this.evidence = evidence;
        this.abandoned = abandoned;
        Map<String, LatencyTimeline> timelines = new LinkedHashMap<>();
        timelines.put(JLBH.END_TO_END, timeline(settings, JLBH.END_TO_END));
        for (String probe : settings.run().probes()) {
            LatencyTimeline timeline = timeline(settings, probe);
            timelines.put(probe, timeline);
            probes.put(probe, new ProbeHandle(probe, timeline));
        }
        this.task = new MethodTask(settings.run(),
                new Timelines(timelines, settings.run().threads(), settings.run().iterations()));
        task.collectGarbageBeforeRuns(settings.budgets().allowsNoCollection());
    }

    /** @return a timeline for the probe, late over its smallest budget */
    private static LatencyTimeline timeline(TestSettings settings, String probe) {
        long[] budgets = settings.budgets().latency().stream().filter(budget -> budget.probe().equals(probe))
                .mapToLong(Budget::limitNanos).toArray();
        return new LatencyTimeline(budgets, settings.run().iterations());
    }

    /**
     * @param settings  the test's settings
     * @param stalls    where the platform's stalls are read from when there is no scheduler evidence
     * @param evidence  where the scheduler's and the JVM's evidence comes from
     * @param abandoned the test run's bodies given up on after their timeout
     * @return the measurement, ready for its parameters to be resolved
     * @throws ExtensionConfigurationException when the settings ask for what this JVM cannot measure
     */
    public static Measurement prepare(TestSettings settings, StallSource stalls, EvidenceSource evidence,
                                      AbandonedBodies abandoned) {
        if (settings.budgets().hasAllocationBudget() && !AllocationMeter.available()) {
            throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                    "Configuration error: %s has 'maxAllocatedBytesPerOp' = %,d, but this JVM cannot measure the "
                            + "allocation of a thread (%s). Fix: run on a JVM whose ThreadMXBean measures thread "
                            + "allocation (HotSpot-based JDKs do), or remove the allocation budget",
                    ConfigurationError.where(settings.method()), settings.budgets().maxAllocatedBytesPerOp(),
                    AllocationMeter.whyUnavailable()));
        }
        return new Measurement(settings, stalls, evidence, abandoned);
    }

    /**
     * Waits, within the test's timeout, for bodies abandoned by earlier tests of the run to end, so that none shares
     * the machine with this measurement.
     *
     * @throws org.opentest4j.TestAbortedException when one is still running: the test is not measured, and says why
     *                                             ({@link InconclusiveEnd}: or an {@link AssertionError})
     */
    public void requireNoAbandonedBody() {
        abandoned.awaitEnd(settings.run().timeoutMillis()).ifPresent(running -> {
            throw InconclusiveEnd.of(settings.configuration(), "Not measured: " + running + ", and would take a "
                    + "CPU from this measurement. To decide it: fix the test whose body does not return");
        });
    }

    /**
     * Says, and remembers for the tests after it, when this test's body is still running after the measurement
     * (the harness gave up on an iteration after the timeout).
     *
     * @param out the console
     */
    public void reportAbandonedBody(PrintStream out) {
        for (Thread harness : task.harnessThreads()) {
            if (!harness.isAlive()) {
                continue;
            }
            abandoned.add(harness, settings.displayName());
            out.println("=== The body of " + settings.displayName() + " is still running on thread " + harness.getName()
                    + ", given up on after its timeout: it takes a CPU until it returns, and no later latency test "
                    + "of this run starts while it runs");
        }
    }

    /**
     * Measures this machine's own floor ({@link MachineFloor}) for the test's highest percentile, once per JVM (after
     * the Flight Recorder's start where it was begun ahead, when JUnit discovered the tests:
     * {@link JvmPauseRecorder#startAhead()}), then starts what the evidence starts once: the Flight Recorder's stream,
     * whose start (its first events parsed, the code its start made the JIT throw away compiled again) would otherwise
     * land in the floor; a sized warm-up goes on until it is over ({@link WarmUpGauge}), and a warm-up as set is
     * followed by a wait for it.
     *
     * @param out where to say what the floor is, when it is measured now
     * @return the floor
     */
    public MachineFloor floor(PrintStream out) {
        // the Flight Recorder's start, where it was begun when JUnit discovered the tests, must not land in the floor
        JvmPauseRecorder.awaitHeadStart();
        MachineFloor floor = MachineFloor.of(settings.budgets().strictestPercentile(), out);
        evidence.prepare();
        return floor;
    }

    /** @return the current iteration, for an {@link IterationContext} parameter */
    public IterationContext context() {
        return task;
    }

    /**
     * @param name a probe the settings declare
     * @return its sampler, for a {@code @Probe} parameter; it records into whichever attempt is measuring
     */
    public Optional<NanoSampler> probe(String name) {
        return Optional.ofNullable(probes.get(name));
    }

    /** @param body the test method bound to its instance and arguments */
    public void bind(Body body) {
        task.body(body);
    }

    /**
     * Measures once: warm-up and runs on a fresh harness, which prints its report to {@code out}.
     *
     * @param number 1-based attempt
     * @param again  whether it is measured again while the runs disagree, after the first attempt of its window: with
     *               a sized warm-up, it warms up one round ({@link RunPlan#warmsUpInRounds})
     * @param out    where the harness's report goes
     * @return what was measured
     * @throws Throwable what the test body threw, with a suppressed note of where
     */
    public Attempt measure(int number, boolean again, PrintStream out) throws Throwable {
        return measure(number, again, out, settings.run().runs(), false);
    }

    /**
     * Measures once more, after the verdict, for a profiler: a warm-up round (0.1 s, or the test's warm-up where it is
     * shorter), then runs of the test's settings, its report printed to {@code out}.
     *
     * @param number         its attempt number
     * @param out            where the harness's report goes
     * @param harnessThreads told of each harness thread as it starts to run the test method (the warm-up's first)
     * @param runs           how many runs of the test's settings, 1 to as many as an attempt of the test holds
     * @return what was measured
     * @throws Throwable what the test body threw, with a suppressed note of where
     */
    public Attempt measureProfiled(int number, PrintStream out, Consumer<Thread> harnessThreads, int runs)
            throws Throwable {
        task.watchThreads(harnessThreads);
        try {
            return measure(number, true, out, runs, true);
        } finally {
            task.watchThreads(null);
        }
    }

    /** @return the threads the last attempt ran the test method on, the first harness thread first */
    public List<Thread> harnessThreads() {
        return task.harnessThreads();
    }

    /** As {@link #measure(int, boolean, PrintStream)}; a profiled measurement warms up one round at most. */
    private Attempt measure(int number, boolean again, PrintStream out, int runsOfAttempt, boolean profiled)
            throws Throwable {
        for (Thread previous : task.harnessThreads()) {
            if (!previous.isAlive()) {
                continue;
            }
            // never start an attempt beside the last one's abandoned call: its samples would land in this one
            previous.join(settings.run().timeoutMillis());
            if (previous.isAlive()) {
                throw new AssertionError(String.format(Locale.ROOT, "Attempt %d was not started: the body of attempt "
                        + "%d, given up on after its %,d ms timeout, is still running on thread %s after %,d ms more",
                        number, number - 1, settings.run().timeoutMillis(), previous.getName(), settings.run().timeoutMillis()));
            }
        }
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        RunPlan plan = settings.run();
        JLBHOptions options = plan.options().runs(runsOfAttempt).jlbhTask(task);
        if (profiled) {
            // the body is warm from the runs that decided the verdict: one round keeps it so
            options.warmUpIterations(Math.min(plan.warmUpIterations(), Sizing.warmUpRound(plan.throughput())));
        }
        if (plan.warmsUpInRounds(again)) {
            WarmUpGauge gauge = WarmUpGauge.ofThisJvm(plan.warmUpIterations(), evidence::ready);
            options.warmUpUntil(() -> task.warmedUpAfterRound(gauge), Sizing.maxWarmUpRounds());
        } else {
            evidence.awaitReady();
        }
        JLBH jlbh = new JLBH(options, out, results);
        for (ProbeHandle probe : probes.values()) {
            probe.target(jlbh.addProbe(probe.name()));
        }
        GcMonitor gc = GcMonitor.start();
        EvidenceSource.Recording recording = evidence.start(readingPlan());
        task.evidence(recording);
        List<GcEvent> collections;
        try {
            jlbh.start();
        } catch (Throwable thrown) {
            if (task.failure().failure() == null) {
                throw thrown;
            }
            // the harness rethrew what the test body threw: said below, with where it happened
        } finally {
            recording.stop();
            collections = gc.stop();
        }
        long strayed = task.strayedSamples();
        if (strayed > 0) {
            out.printf(Locale.ROOT, "=== Attempt %d ignored %,d end-to-end sample%s whose iteration began before it "
                    + "did: a reply to an earlier attempt's request, arriving late, is not this attempt's%n", number,
                    strayed, strayed == 1 ? "" : "s");
        }
        Throwable failure = task.failure().failure();
        if (failure != null) {
            throw located(failure);
        }
        JLBHResult result = results.get();
        if (result == null || Thread.currentThread().isInterrupted()) {
            // start() returned at once when the test's thread was interrupted (JUnit's @Timeout, say), leaving the
            // harness thread to end the run it aborted: its result, if it came already, is of that abort only
            throw new AssertionError(String.format(Locale.ROOT, "the measurement was interrupted before it had a "
                    + "result: the test's thread was interrupted while it waited for the harness (by JUnit's @Timeout, "
                    + "or by the test's own code). A latency test takes its warm-up and runs on schedule, %,.1f s "
                    + "here: a @Timeout on it must be longer (an iteration is bounded by 'timeoutMillis' already)",
                    settings.run().scheduledMeasurementNanos() / 1e9));
        }
        List<RunMeasures> runs = new ArrayList<>();
        for (int run = 1; run <= result.runs().size(); run++) {
            List<GcEvent> inRun = new ArrayList<>();
            for (GcEvent collection : collections) {
                if (task.brackets().duringRun(run, collection)) {
                    inRun.add(collection);
                }
            }
            long allocated = task.brackets().allocatedBytes(run);
            long[] stallsNanos = stalls.stallsNanos(result, run);
            Map<String, RunTimeline> timelines = task.timelines().ofRun(run);
            RunTimeline endToEnd = timelines.get(JLBH.END_TO_END);
            RunEvidence seen = endToEnd == null ? RunEvidence.none("the run's timeline was not recorded")
                    : recording.ofRun(run, endToEnd.startNanos(), endToEnd.endNanos(), timelines);
            runs.add(new RunMeasures(run, allocated < 0 ? OptionalLong.empty() : OptionalLong.of(allocated), inRun,
                    stallsNanos == null ? Optional.empty()
                            : Optional.of(new PlatformStalls(stallsNanos).withoutJvmPauses(jvmPausesNanos(seen, inRun))),
                    timelines, seen));
        }
        return new Attempt(number, result, runs);
    }

    /**
     * Measures once on each side of a paired test, their parts in turns (the base's warm-up, the change's, then run 1
     * of each, run 2 of each, ...; {@link Alternation}): this measurement is the change's, measured on the calling
     * thread; the base's on a thread of its own, which waits while this side measures, and this side while it does.
     *
     * @param number  1-based attempt
     * @param again   whether it is measured again after the first attempt of its window
     * @param out     where the change's harness prints its report
     * @param base    the base's measurement, its body bound
     * @param baseOut where the base's harness prints its report
     * @return what was measured on each side
     * @throws Throwable what the change's test body threw, with a suppressed note of where; an assertion error saying
     *                   that the base's side failed, with what it threw as the cause
     */
    public PairedAttempt measurePaired(int number, boolean again, PrintStream out, Measurement base,
                                      PrintStream baseOut)
            throws Throwable {
        Alternation turns = new Alternation();
        base.task.alternate(turns, Alternation.BASE);
        task.alternate(turns, Alternation.CHANGE);
        FutureTask<Attempt> baseSide = new FutureTask<>(() -> {
            try {
                return base.measure(number, again, baseOut);
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable other) {
                throw new ExecutionException(other);
            } finally {
                turns.leave(Alternation.BASE);
            }
        });
        Thread baseThread = new Thread(baseSide, "jlbh-paired-base");
        baseThread.setDaemon(true);
        baseThread.start();
        Attempt change;
        try {
            change = measure(number, again, out);
        } finally {
            turns.leave(Alternation.CHANGE);
            task.alternate(null, Alternation.CHANGE);
            baseThread.join();
            base.task.alternate(null, Alternation.BASE);
        }
        try {
            return new PairedAttempt(baseSide.get(), change);
        } catch (ExecutionException e) {
            Throwable thrown = e.getCause() instanceof ExecutionException wrapped ? wrapped.getCause() : e.getCause();
            throw new AssertionError("the base's side of this paired test failed: " + thrown, thrown);
        }
    }

    /**
     * @return the JVM's pauses during a run, each's length in nanoseconds: the Flight Recorder's when it gave them,
     *         else the collections the JVM reported (to the millisecond)
     */
    private static long[] jvmPausesNanos(RunEvidence seen, List<GcEvent> collections) {
        if (seen.jvmUnavailable().isEmpty() || !seen.pauses().isEmpty()) {
            return seen.pauses().stream().mapToLong(JvmPause::nanos).toArray();
        }
        return collections.stream().filter(collection -> !collection.concurrent())
                .mapToLong(collection -> collection.durationMillis() * 1_000_000).toArray();
    }

    /** @return what each harness thread's scheduler readings are fitted to */
    private ReadingPlan readingPlan() {
        long smallestBudget = settings.budgets().latency().stream().mapToLong(Budget::limitNanos).min().orElse(0);
        RunPlan plan = settings.run();
        return new ReadingPlan(plan.threads(), plan.runs(), smallestBudget, plan.threadIntervalNanos(),
                plan.arrivals() == Arrivals.FIXED_RATE, plan.scheduledRunNanos());
    }

    /**
     * @return what the test body threw, saying where: when it came after the harness gave up on the iteration (it
     *         ran past the timeout and was interrupted), an assertion error saying so, with it as the cause; else itself
     *         with a suppressed note of where, or wrapped with that note when it cannot take one (the JVM makes some
     *         errors, such as a stack overflow, without room for suppressed exceptions)
     */
    private Throwable located(Throwable failure) {
        if (task.failure().afterTimeout(settings.run().timeoutMillis())) {
            return new AssertionError(String.format(Locale.ROOT, "the test body did not return within the %,d ms "
                            + "timeout (%s): the harness interrupted it, and it then threw %s", settings.run().timeoutMillis(),
                    task.failure().where(), failure), failure);
        }
        IterationFailure note = new IterationFailure("thrown by the test body in " + task.failure().where());
        failure.addSuppressed(note);
        if (List.of(failure.getSuppressed()).contains(note)) {
            return failure;
        }
        return new AssertionError(note.getMessage() + ": " + failure, failure);
    }

    /** Says where in the measurement the test body threw; added to what it threw as a suppressed exception. */
    static final class IterationFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        IterationFailure(String message) {
            super(message, null, false, false);
        }
    }
}

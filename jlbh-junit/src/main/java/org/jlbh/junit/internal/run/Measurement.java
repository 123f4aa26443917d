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
import org.jlbh.junit.internal.run.paired.PairSchedule;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;
import org.jlbh.junit.internal.run.timeline.RunTimeline;
import org.jlbh.junit.internal.run.timeline.Timelines;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Measures one latency test: its method as the harness's task, its probe parameters, and the meters beside the harness.
 * Made before the test's setup, to resolve the probe and context parameters, which serve every attempt; each
 * {@link #measure} is one attempt on a fresh harness. Used from the thread running the test; not thread-safe.
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
        int runs = settings.run().runs();
        this.task = new MethodTask(settings.run(),
                new Timelines(timelines, settings.run().threads(), settings.run().iterations()),
                settings.budgets().maxGcCount() == 0,
                settings.configuration().paired().isPresent() ? PairSchedule.SIDES * PairSchedule.rounds(runs) : runs);
    }

    /** @return a timeline for the probe, late over its smallest budget */
    private static LatencyTimeline timeline(TestSettings settings, String probe) {
        long[] budgets = settings.budgets().latency().stream().filter(budget -> budget.probe().equals(probe))
                .mapToLong(Budget::limitNanos).toArray();
        return new LatencyTimeline(budgets, settings.run().iterations());
    }

    /**
     * @param stalls    where the platform's stalls are read from when there is no scheduler evidence
     * @param evidence  where the scheduler's and the JVM's evidence comes from
     * @param abandoned the test run's bodies given up on after their timeout
     * @return the measurement, ready for its parameters to be resolved
     * @throws ExtensionConfigurationException when the settings ask for what this JVM cannot measure
     */
    public static Measurement prepare(TestSettings settings, StallSource stalls, EvidenceSource evidence,
                                      AbandonedBodies abandoned) {
        if (settings.budgets().hasAllocationBudget() && AllocationMeter.whyUnavailable() != null) {
            throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                    "Configuration error: %s has 'maxAllocatedBytesPerOp' = %,d, but this JVM cannot measure the "
                            + "allocation of a thread (%s). Fix: run on a JVM whose ThreadMXBean measures thread "
                            + "allocation (HotSpot-based JDKs do), or remove the allocation budget",
                    ConfigurationError.where(settings.method()), settings.budgets().maxAllocatedBytesPerOp(),
                    AllocationMeter.whyUnavailable()));
        }
        return new Measurement(settings, stalls, evidence, abandoned);
    }

    /** Waits, within the test's timeout, for bodies abandoned by earlier tests to end; else ends it inconclusive. */
    public void requireNoAbandonedBody() {
        abandoned.awaitEnd(settings.run().timeoutMillis()).ifPresent(running -> {
            throw settings.configuration().inconclusiveEnd("Not measured: " + running + ", and would take a "
                    + "CPU from this measurement. To decide it: fix the test whose body does not return");
        });
    }

    /** @param out the console, told of each harness thread still running the body (given up on after its timeout) */
    public void reportAbandonedBody(PrintStream out) {
        for (Thread harness : task.harnessThreads()) {
            if (harness.isAlive()) {
                abandoned.add(harness, settings.displayName());
                out.println("=== The body of " + settings.displayName() + " is still running on thread "
                        + harness.getName() + ", given up on after its timeout: it takes a CPU until it returns, and "
                        + "no later latency test of this run starts while it runs");
            }
        }
    }

    /**
     * @param out where to say what the floor is, when it is measured now
     * @return this JVM's floor for the test's highest percentile, measured (if need be) clear of the evidence's start
     */
    public MachineFloor floor(PrintStream out) {
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
     * Measures once, warm-up and runs, on a fresh harness that prints its report to {@code out}.
     *
     * @param number 1-based attempt
     * @param again  whether measured again while the runs disagree ({@link RunPlan#warmsUpInRounds})
     * @throws Throwable what the test body threw, with a suppressed note of where
     */
    public Attempt measure(int number, boolean again, PrintStream out) throws Throwable {
        return measure(number, again, out, settings.run().runs(), false);
    }

    /**
     * As {@link #measure(int, boolean, PrintStream)}, after the verdict, for a profiler: one warm-up round at most.
     *
     * @param harnessThreads told of each harness thread as it starts to run the test method
     * @param runs           1 to as many as an attempt of the test holds
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

    private Attempt measure(int number, boolean again, PrintStream out, int runsOfAttempt, boolean profiled)
            throws Throwable {
        awaitEarlierAttemptsBody(number);
        task.measuring(runsOfAttempt);
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        JLBH jlbh = new JLBH(options(again, runsOfAttempt, profiled), out, results);
        for (ProbeHandle probe : probes.values()) {
            probe.target(jlbh.addProbe(probe.name()));
        }
        GcMonitor gc = GcMonitor.start();
        EvidenceSource.Recording recording = evidence.start(readingPlan(runsOfAttempt));
        task.evidence(recording);
        List<GcEvent> collections;
        try {
            jlbh.start();
        } catch (Throwable thrown) {
            if (task.failure().failure() == null) {
                throw thrown;
            }
            // the harness rethrew what the test body threw: thrown below, saying where
        } finally {
            recording.stop();
            collections = gc.stop();
        }
        sayStrayedSamples(number, out);
        JLBHResult result = completed(results);
        return new Attempt(number, result, runMeasures(result, collections, recording));
    }

    /** An abandoned call of the last attempt would put its samples in this one. */
    private void awaitEarlierAttemptsBody(int number) throws InterruptedException {
        long timeoutMillis = settings.run().timeoutMillis();
        for (Thread previous : task.harnessThreads()) {
            previous.join(timeoutMillis); // at once for a thread that has ended
            if (previous.isAlive()) {
                throw new AssertionError(String.format(Locale.ROOT, "Attempt %d was not started: the body of attempt "
                        + "%d, given up on after its %,d ms timeout, is still running on thread %s after %,d ms more",
                        number, number - 1, timeoutMillis, previous.getName(), timeoutMillis));
            }
        }
    }

    private JLBHOptions options(boolean again, int runsOfAttempt, boolean profiled) {
        RunPlan plan = settings.run();
        JLBHOptions options = plan.options().runs(runsOfAttempt).jlbhTask(task);
        options.warmUpIterations(task.warmUpIterations());
        if (profiled) {
            // the body is warm from the runs that decided the verdict: one round keeps it so
            options.warmUpIterations(task.sides() * Math.min(plan.warmUpIterations(),
                    Sizing.warmUpRound(plan.throughput())));
        }
        if (plan.warmsUpInRounds(again)) {
            WarmUpGauge gauge = WarmUpGauge.ofThisJvm(plan.warmUpIterations(), evidence::ready);
            options.warmUpUntil(() -> task.warmedUpAfterRound(gauge), Sizing.maxWarmUpRounds());
        } else {
            evidence.awaitReady();
        }
        return options;
    }

    private void sayStrayedSamples(int number, PrintStream out) {
        long strayed = task.strayedSamples();
        if (strayed > 0) {
            out.printf(Locale.ROOT, "=== Attempt %d ignored %,d end-to-end sample%s whose iteration began before it "
                    + "did: a reply to an earlier attempt's request, arriving late, is not this attempt's%n", number,
                    strayed, strayed == 1 ? "" : "s");
        }
    }

    /** @return the result; else what the body threw, or an assertion error on the test thread's interrupt */
    private JLBHResult completed(JLBHResultConsumer results) throws Throwable {
        Throwable failure = task.failure().failure();
        if (failure != null) {
            throw located(failure);
        }
        JLBHResult result = results.get();
        if (result == null || Thread.currentThread().isInterrupted()) {
            // a result that came after the interrupt is of the aborted run only
            throw new AssertionError(String.format(Locale.ROOT, "the measurement was interrupted before it had a "
                    + "result: the test's thread was interrupted while it waited for the harness (by JUnit's @Timeout, "
                    + "or by the test's own code). A latency test takes its warm-up and runs on schedule, %,.1f s "
                    + "here: a @Timeout on it must be longer (an iteration is bounded by 'timeoutMillis' already)",
                    settings.run().scheduledMeasurementNanos() / 1e9));
        }
        return result;
    }

    private List<RunMeasures> runMeasures(JLBHResult result, List<GcEvent> collections,
                                          EvidenceSource.Recording recording) {
        List<RunMeasures> runs = new ArrayList<>();
        for (int run = 1; run <= result.runs().size(); run++) {
            int measured = run;
            List<GcEvent> inRun = collections.stream()
                    .filter(collection -> task.brackets().duringRun(measured, collection)).toList();
            long[] stallsNanos = stalls.stallsNanos(result, run);
            Map<String, RunTimeline> timelines = task.timelines().ofRun(run);
            RunTimeline endToEnd = timelines.get(JLBH.END_TO_END);
            RunEvidence seen = endToEnd == null ? RunEvidence.none("the run's timeline was not recorded")
                    : recording.ofRun(run, endToEnd.startNanos(), endToEnd.endNanos(), timelines);
            Optional<PlatformStalls> platform = stallsNanos == null ? Optional.empty()
                    : Optional.of(new PlatformStalls(stallsNanos).withoutJvmPauses(jvmPausesNanos(seen, inRun)));
            runs.add(new RunMeasures(run, task.brackets().allocatedBytes(run), inRun, platform, timelines, seen));
        }
        return runs;
    }

    /**
     * As {@link #measure(int, boolean, PrintStream)} on every side of a paired test at once: one harness, on this
     * thread, calls two copies of each side, the change's method and its second copy (loaded apart from the test's
     * class), the base's copy and the control (a second copy of the base's, loaded apart from the first), as {@link
     * PairSchedule} says (the warm-up's calls taking turns, then the test's runs, half of them a copy of the change's,
     * in rounds of one run a copy), so that the copies run on the same thread, after the same warm-up, beside the same
     * state of the libraries they share. Each side's run blocks go to its own stream, the change's two copies' to
     * {@code out}; the harness's summary across the copies' runs is left out.
     *
     * @param sides each copy's body, bound to its instance and to this measurement's arguments, and stream
     * @return each copy's runs, numbered as its own, and the change's two copies' together
     * @throws Throwable as {@code measure}; what the base's copy, the control or the change's second copy threw as an
     *                   assertion error that says so
     */
    public PairedAttempt measurePaired(int number, boolean again, PrintStream out, PairedSides sides)
            throws Throwable {
        int rounds = PairSchedule.rounds(settings.run().runs());
        String numbered = "=== One harness measures two copies of each side, its runs numbered as taken: the base's "
                + runsOf(PairSchedule.BASE) + ", the change's " + runsOf(PairSchedule.CHANGE) + ", the control's (a "
                + "second copy of the base's code) " + runsOf(PairSchedule.CONTROL) + ", the change's second copy's "
                + runsOf(PairSchedule.CHANGE_COPY) + "; each copy's n-th is its run n in the comparison";
        out.println(numbered);
        sides.baseOut().println(numbered);
        sides.controlOut().println(numbered);
        task.pairWith(sides.base(), sides.control(), sides.changeCopy());
        Attempt all;
        try (PrintStream bySide = new PrintStream(new SideStreams(new PrintStream[]{sides.baseOut(), out,
                sides.controlOut(), out}, task, rounds), true, StandardCharsets.UTF_8)) {
            all = measure(number, again, bySide, PairSchedule.SIDES * rounds, false);
        } catch (Throwable thrown) {
            if (task.failure().fromBase()) {
                throw new AssertionError("the base's side of this paired test failed: " + thrown, thrown);
            }
            if (task.failure().fromChangeCopy()) {
                throw new AssertionError("the change's second copy (its classes loaded apart from the test's) "
                        + "failed: " + thrown, thrown);
            }
            throw thrown;
        } finally {
            task.pairWith(null, null, null);
        }
        return new PairedAttempt(side(all, rounds, PairSchedule.BASE), side(all, rounds, PairSchedule.CONTROL),
                side(all, rounds, PairSchedule.CHANGE), side(all, rounds, PairSchedule.CHANGE_COPY),
                side(all, rounds, PairSchedule.CHANGE, PairSchedule.CHANGE_COPY));
    }

    /**
     * What a paired measurement calls besides the change's method, and where each copy's runs are printed.
     *
     * @param base          the base's copy of the test method
     * @param baseOut       where the base's runs are printed
     * @param control       the control: a second copy of the base's method, loaded apart from the first
     * @param controlOut    where the control's runs are printed
     * @param changeCopy    the change's second copy of the method, loaded apart from the test's class
     */
    public record PairedSides(Body base, PrintStream baseOut, Body control, PrintStream controlOut, Body changeCopy) {
    }

    /** @return the harness's first runs of a copy, e.g. {@code 1, 7, 12, …} */
    private static String runsOf(int side) {
        return IntStream.rangeClosed(1, 4).mapToObj(n -> String.valueOf(PairSchedule.harnessRun(side, n)))
                .collect(Collectors.joining(", ")) + ", …";
    }

    /** @return one side's share of a paired attempt: its copies' runs in the order taken, numbered as its own */
    private static Attempt side(Attempt all, int rounds, int... copies) {
        SideResult result = new SideResult(all.result(), rounds, copies);
        return new Attempt(all.number(), result, IntStream.rangeClosed(1, result.runCount())
                .mapToObj(n -> all.runs().get(result.harnessRun(n) - 1).numbered(n)).toList());
    }

    /**
     * Sends what the paired harness prints to the copy whose run it is: the warm-up's lines to the change's stream,
     * each run's block to its copy's stream, nothing after the last run (a summary across the copies' runs).
     */
    private static final class SideStreams extends OutputStream {
        /** At each side's {@link PairSchedule} index. */
        private final PrintStream[] streams;
        private final MethodTask task;
        private final int rounds;

        SideStreams(PrintStream[] streams, MethodTask task, int rounds) {
            this.streams = streams;
            this.task = task;
            this.rounds = rounds;
        }

        private OutputStream target() {
            int run = task.part();
            if (run > PairSchedule.SIDES * rounds) {
                return OutputStream.nullOutputStream();
            }
            int side = PairSchedule.sideOfRun(run, rounds);
            return streams[side == PairSchedule.NEITHER ? PairSchedule.CHANGE : side];
        }

        @Override
        public void write(int b) throws IOException {
            target().write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            target().write(bytes, offset, length);
        }

        @Override
        public void flush() {
            for (PrintStream stream : streams) {
                stream.flush();
            }
        }

        @Override
        public void close() {
            flush(); // the streams are the caller's
        }
    }

    /** @return each JVM pause's length in a run, ns: the Flight Recorder's, else the collections reported */
    private static long[] jvmPausesNanos(RunEvidence seen, List<GcEvent> collections) {
        if (seen.jvmUnavailable().isEmpty() || !seen.pauses().isEmpty()) {
            return seen.pauses().stream().mapToLong(JvmPause::nanos).toArray();
        }
        return collections.stream().filter(collection -> !collection.concurrent())
                .mapToLong(collection -> collection.durationMillis() * 1_000_000).toArray();
    }

    private ReadingPlan readingPlan(int runs) {
        long smallestBudget = settings.budgets().latency().stream().mapToLong(Budget::limitNanos).min().orElse(0);
        RunPlan plan = settings.run();
        return new ReadingPlan(plan.threads(), runs, smallestBudget, plan.threadIntervalNanos(),
                plan.arrivals() == Arrivals.FIXED_RATE, plan.scheduledRunNanos());
    }

    /** @return what the body threw, noting where (wrapped where it takes no suppressed note), or its timeout */
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

    /** Where in the measurement the test body threw, as a suppressed exception. */
    static final class IterationFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        IterationFailure(String message) {
            super(message, null, false, false);
        }
    }
}

package org.jlbh.junit.internal.profile;

import org.jlbh.core.JLBH;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.config.TestSettingsReader;
import org.jlbh.junit.internal.judge.CompletenessCheck;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.LatencyCheck;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Takes the tail and the growth profiles, each in measurements of its own after the verdict, which they never change;
 * with {@code jlbh.profile = on-breach} (the default) only for a latency budget broken on the code's own account, or a
 * paired regression. Writes no file: the pages are returned for the caller to write. Stateless.
 */
public final class Profiling {
    /** How many frames are ranked at most. */
    static final int RANKED = 10;
    /** The least time each side's profiled runs take a round of the growth profile, in seconds. */
    static final double GROWTH_SECONDS = 1;
    /** The fewest rounds of the growth profile, each side measured once a round. */
    static final int GROWTH_MIN_ROUNDS = 2;
    /** The most rounds of the growth profile. */
    static final int GROWTH_MAX_ROUNDS = 6;
    /**
     * The samples in the test method, the two sides' together, below which the growth profile measures another round:
     * with fewer, a frame's count is too rough to rank it against another's.
     */
    static final long GROWTH_SAMPLES = 200;

    private Profiling() {
    }

    /** @param settings the test's settings: where it may be profiled, the profiler is loaded before it compiles */
    public static void prepare(TestSettings settings) {
        if (settings.configuration().profile() != LatencyTestConfiguration.Profile.OFF) {
            AsyncProfilerRun.load();
        }
    }

    /**
     * @return the tail profile with its pages, or why none was taken (empty when none is to be): one more run, numbered
     *         {@code number}, its iterations over the broken budget (or, profiling always, the smallest latency budget)
     *         against those on time; its pages' files named after {@code testId}
     */
    public static Optional<ProfileWithPages<LateAgainstOnTime>> tail(TestSettings settings, Decision decision,
                                                                     Measurement measurement, int number,
                                                                     String testId) {
        Optional<Budget> broken = brokenBudget(decision);
        Optional<Budget> late = broken.or(() -> settings.budgets().latency().stream()
                .min(Comparator.comparingLong(Budget::limitNanos)));
        if (!asked(settings, decision, broken.isPresent()) || late.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(profile(settings, testId, LateAgainstOnTime.NONE,
                () -> lateAgainstOnTime(settings, late.get(), measurement, number)));
    }

    /**
     * @return the growth profile with its pages, or why none was taken (empty when none is to be): each side measured
     *         again, numbered {@code number}, in rounds of one measurement of each, the base's first, until the test
     *         method has drawn enough samples; the change's calls against the base's; its pages' files named after
     *         {@code testId}
     */
    public static Optional<ProfileWithPages<ChangeAgainstBase>> growth(TestSettings settings, Decision decision,
                                                                       PairedComparison compared, Measurement change,
                                                                       Measurement base, int number, String testId) {
        if (!asked(settings, decision, compared.regressed())) {
            return Optional.empty();
        }
        return Optional.of(profile(settings, testId, ChangeAgainstBase.NONE,
                () -> changeAgainstBase(settings, change, base, number)));
    }

    /** @return whether the test is to be profiled: as asked, and only where every run of its verdict completed */
    private static boolean asked(TestSettings settings, Decision decision, boolean breached) {
        LatencyTestConfiguration.Profile mode = settings.configuration().profile();
        boolean completed = decision.reported().checks().stream()
                .noneMatch(check -> check instanceof CompletenessCheck && !check.met());
        return mode != LatencyTestConfiguration.Profile.OFF
                && (mode != LatencyTestConfiguration.Profile.ON_BREACH || breached) && completed;
    }

    /** @return the smallest latency budget broken on the code's own account; empty when none broke so */
    private static Optional<Budget> brokenBudget(Decision decision) {
        if (decision.outcome() != Outcome.FAILED && decision.outcome() != Outcome.REPORTED) {
            return Optional.empty();
        }
        return decision.reported().checks().stream()
                .filter(check -> check instanceof LatencyCheck && !check.met() && check.explanation().isEmpty())
                .map(check -> ((LatencyCheck) check).latencyBudget())
                .min(Comparator.comparingLong(Budget::limitNanos));
    }

    private interface Comparing<C extends Comparison> {
        C compare() throws NotProfiled;
    }

    /** The one way a profile is taken: measured and compared, then drawn; or why it is not. */
    private static <C extends Comparison> ProfileWithPages<C> profile(TestSettings settings, String testId, C none,
                                                                      Comparing<C> comparing) {
        if (settings.run().samplesItself()) {
            return notProfiled(none, "the test samples end to end itself (an IterationContext parameter): its "
                    + "iterations end on threads the harness does not run, which the profile cannot follow");
        }
        long began = System.nanoTime();
        C compared;
        try {
            compared = comparing.compare();
        } catch (NotProfiled why) {
            return notProfiled(none, why.getMessage());
        }
        double seconds = (System.nanoTime() - began) / 1e9;
        List<ProfileWithPages.Page> pages = compared.pages(testId, settings.displayName());
        return new ProfileWithPages<>(new CodeProfile<>(AsyncProfilerRun.ENGINE, Optional.empty(), seconds, compared,
                Optional.of(pages.get(0).file()), Optional.of(pages.get(1).file())), pages);
    }

    private static <C extends Comparison> ProfileWithPages<C> notProfiled(C none, String why) {
        return new ProfileWithPages<>(CodeProfile.unavailable(AsyncProfilerRun.ENGINE, why, none), List.of());
    }

    private static LateAgainstOnTime lateAgainstOnTime(TestSettings settings, Budget late, Measurement measurement,
                                                       int number) throws NotProfiled {
        Taken taken = take(measurement, number, 1, 1);
        List<RunMeasures> runs = taken.attempts().get(0).runs();
        if (runs.isEmpty()) {
            throw new NotProfiled("the profiled run recorded nothing");
        }
        Map<String, RunTimeline> timelines = runs.get(0).timelines();
        RunTimeline whole = timelines.get(late.probe());
        if (whole == null) {
            throw new NotProfiled("the profiled run has no timeline of " + late.probe());
        }
        int threads = settings.run().threads();
        List<LateIterations> byThread = new ArrayList<>();
        int lateIterations = 0;
        for (int thread = 0; thread < threads; thread++) {
            // a probe's late samples are not the harness thread's own: with several threads, each is looked at whole
            RunTimeline own = threads > 1 && late.probe().equals(JLBH.END_TO_END)
                    ? timelines.getOrDefault(JLBH.endToEndOfThread(thread), whole) : whole;
            LateIterations iterations = LateIterations.of(own, late.limitNanos());
            byThread.add(iterations);
            lateIterations += own == whole && thread > 0 ? 0 : iterations.count();
        }
        TailSplit split = TailSplit.of(taken.samples(), byThread, whole.startNanos(), whole.endNanos(),
                bodyFrame(settings));
        return new LateAgainstOnTime(late.probe() + " over " + ReportFormat.plain(late.maxMicros()) + " \u00b5s",
                lateIterations, split, TailFrames.rank(split, RANKED));
    }

    /**
     * Measures the sides in rounds, the base's first in each: {@value #GROWTH_MIN_ROUNDS} rounds, then more until the
     * test method holds {@value #GROWTH_SAMPLES} samples of the two sides together, {@value #GROWTH_MAX_ROUNDS} rounds
     * at most. A machine's stall or drift in one side's measurement is then one of several, and where sampling is
     * sparse (a short body, a machine whose timers fire late) the ranking still stands on enough samples.
     */
    private static ChangeAgainstBase changeAgainstBase(TestSettings settings, Measurement change, Measurement base,
                                                       int number) throws NotProfiled {
        int runs = (int) Math.max(1, Math.min(TestSettingsReader.MAX_RUNS,
                Math.ceil(GROWTH_SECONDS * 1e9 / settings.run().scheduledRunNanos())));
        SideSamples baseSide = SideSamples.NONE;
        SideSamples changeSide = SideSamples.NONE;
        int rounds = 0;
        do {
            baseSide = baseSide.plus(side(settings, base, number, runs, "the base's side: "));
            changeSide = changeSide.plus(side(settings, change, number, runs, "the change's side: "));
            rounds++;
        } while (anotherRound(rounds, baseSide.inMethod() + changeSide.inMethod()));
        int threads = settings.run().threads();
        ChangeAgainstBase.Side changed = changeSide.side(threads);
        ChangeAgainstBase.Side based = baseSide.side(threads);
        return new ChangeAgainstBase(changed, based, GrowthFrames.rank(changed, based, RANKED));
    }

    /**
     * @param rounds    the rounds of the growth profile taken
     * @param inMethod  the samples in the test method so far, the two sides' together
     * @return whether the growth profile takes another round
     */
    static boolean anotherRound(int rounds, long inMethod) {
        return rounds < GROWTH_MIN_ROUNDS || rounds < GROWTH_MAX_ROUNDS && inMethod < GROWTH_SAMPLES;
    }

    /**
     * One side's samples over its profiled runs so far. Immutable.
     *
     * @param stacks  the collapsed stacks of the samples in the test method, with how many samples each
     * @param calls   the calls measured
     * @param sampled the samples of the harness threads while the runs lasted, in the test method or not
     * @param nanos   how long the runs lasted, in nanoseconds
     */
    private record SideSamples(Map<String, Long> stacks, long calls, long sampled, long nanos) {
        static final SideSamples NONE = new SideSamples(Map.of(), 0, 0, 0);

        SideSamples plus(SideSamples more) {
            Map<String, Long> merged = new HashMap<>(stacks);
            more.stacks.forEach((stack, count) -> merged.merge(stack, count, Long::sum));
            return new SideSamples(merged, calls + more.calls, sampled + more.sampled, nanos + more.nanos);
        }

        long inMethod() {
            return CollapsedStacks.samples(stacks);
        }

        /** @return the side: each harness thread was sampled all along, so the period is the threads' time a sample */
        ChangeAgainstBase.Side side(int threads) {
            return new ChangeAgainstBase.Side(stacks, calls, sampled == 0 ? 0 : nanos * (double) threads / sampled);
        }
    }

    /** @return one side's calls: its samples in the test method over the profiled runs, the warm-ups left out */
    private static SideSamples side(TestSettings settings, Measurement measurement, int number, int runs,
                                    String which) throws NotProfiled {
        try {
            Taken taken = take(measurement, number, runs, settings.run().runs());
            int threads = settings.run().threads();
            String bodyFrame = bodyFrame(settings);
            Map<String, Long> stacks = new HashMap<>();
            long calls = 0;
            long sampled = 0;
            long nanos = 0;
            for (Attempt attempt : taken.attempts()) {
                List<RunMeasures> measured = attempt.runs();
                RunTimeline first = measured.isEmpty() ? null : measured.get(0).timelines().get(JLBH.END_TO_END);
                RunTimeline last = measured.isEmpty() ? null
                        : measured.get(measured.size() - 1).timelines().get(JLBH.END_TO_END);
                if (first == null || last == null) {
                    throw new NotProfiled("the profiled runs recorded no timeline of end to end");
                }
                calls += (long) measured.size() * settings.run().iterations();
                nanos += last.endNanos() - first.startNanos();
                for (StackSample sample : taken.samples()) {
                    if (sample.timeNanos() >= first.startNanos() && sample.timeNanos() <= last.endNanos()
                            && sample.thread() >= 0 && sample.thread() < threads) {
                        sampled++;
                        String stack = CollapsedStacks.from(sample.frames(), bodyFrame);
                        if (stack != null) {
                            stacks.merge(stack, 1L, Long::sum);
                        }
                    }
                }
            }
            return new SideSamples(stacks, calls, sampled, nanos);
        } catch (NotProfiled why) {
            throw new NotProfiled(which + why.getMessage());
        }
    }

    /** The measurements, each a warm-up round and up to the test's runs; the samples, threads indexed in each. */
    private record Taken(List<Attempt> attempts, List<StackSample> samples) {
    }

    /**
     * @return {@code runs} runs measured again, numbered {@code number}, at most {@code runsEach} (the test's runs per
     *         attempt) a measurement, async-profiler sampling the harness threads, the harness's reports discarded
     * @throws NotProfiled when the profiler cannot start, the body threw or the recording cannot be read
     */
    private static Taken take(Measurement measurement, int number, int runs, int runsEach) throws NotProfiled {
        AsyncProfilerRun run = AsyncProfilerRun.start();
        List<Attempt> attempts = new ArrayList<>();
        Map<Long, Integer> index = new HashMap<>(); // each measurement's harness threads, by id
        List<StackSample> samples = List.of();
        String whyNot = null;
        try (PrintStream discarded = new PrintStream(OutputStream.nullOutputStream())) {
            for (int left = runs; left > 0; left -= runsEach) {
                try {
                    attempts.add(measurement.measureProfiled(number, discarded, run::addThread,
                            Math.min(left, runsEach)));
                } finally {
                    List<Thread> threads = measurement.harnessThreads();
                    for (int i = 0; i < threads.size(); i++) {
                        index.put(threads.get(i).getId(), i);
                    }
                }
            }
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Throwable failed) {
            whyNot = "the profiled " + (runs == 1 ? "run" : "runs") + " did not complete: " + failed;
        } finally {
            try {
                samples = run.stop(index);
            } catch (IOException | RuntimeException unreadable) {
                whyNot = whyNot != null ? whyNot : "the profiler's recording could not be read: " + unreadable;
            }
        }
        if (whyNot != null) {
            throw new NotProfiled(whyNot);
        }
        return new Taken(attempts, samples);
    }

    /** @return the test method's frame, e.g. {@code com.acme.QuoteTest.quote} */
    private static String bodyFrame(TestSettings settings) {
        return settings.method().getDeclaringClass().getName() + "." + settings.method().getName();
    }
}

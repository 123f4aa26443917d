package org.jlbh.junit.internal.profile;

import org.jlbh.core.JLBH;
import org.jlbh.junit.LatencyTestConfiguration.Profile;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.config.TestSettingsReader;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Profiles where a paired test's change spent more time than its base, once its verdict is decided: one more
 * measurement of each side (the base's, then the change's: a warm-up round, then runs of the test's settings lasting
 * {@value #SECONDS} s at least), each with async-profiler sampling its harness threads ({@link AsyncProfilerRun}), so
 * that the profiler's cost never touches the runs that decided the verdict, and the verdict is the same whatever the
 * profile finds. Each side's samples in the test method become collapsed stacks, the frames are ranked by how much more
 * time a call the change spent in them ({@link GrowthFrames}), and the change's calls are drawn as a flame graph, alone
 * and against the base's (the base's counts scaled to the change's number of calls and sampling period). With
 * {@code jlbh.profile = on-breach} (the default) only a paired comparison that found a regression is profiled.
 * Stateless.
 */
public final class GrowthProfiling {
    /**
     * The least time each side's profiled runs take, in seconds: a body of a quarter of a microsecond called 20,000
     * times a second is in 0.5% of the wall-clock samples, some 40 in 2 s here (where the samples come every 200 µs
     * or so, the 100 µs asked for stretched by the timers), and a body of 20 µs in 2,000.
     */
    static final double SECONDS = 2;
    /** What the colours of the change's flame graph against the base's mean, written on its page. */
    static final String DIFFERENTIAL_LEGEND = "Colour is the time a call in a frame itself, not in what it calls. red: "
            + "more in the change than in the base, the deeper the more (a frame the base never entered counts as none "
            + "there); blue: less; grey: the same. The base's counts scaled to the change's number of calls and "
            + "sampling period.";

    private GrowthProfiling() {
    }

    /**
     * @param settings the test's settings
     * @param decision its decision
     * @param compared the change against its base
     * @param change   the change's measurement
     * @param base     the base's measurement
     * @param number   the profiled measurements' attempt number (after the last that was judged)
     * @param testId   the test's id, which the flame graphs' files are named after
     * @return the profile, or why the sides could not be profiled; empty when they are not to be
     */
    public static Optional<GrowthProfile> profileIfAsked(TestSettings settings, Decision decision,
                                                         PairedComparison compared, Measurement change,
                                                         Measurement base, int number, String testId) {
        Profile mode = settings.configuration().profile();
        if (mode == Profile.OFF || mode == Profile.ON_BREACH && !compared.regressed()
                || !TailProfiling.complete(decision)) {
            return Optional.empty();
        }
        if (settings.run().samplesItself()) {
            return Optional.of(GrowthProfile.unavailable(AsyncProfilerRun.ENGINE, "the test samples end to end "
                    + "itself (an IterationContext parameter): its iterations end on threads the harness does not run, "
                    + "which the profile cannot follow"));
        }
        long began = System.nanoTime();
        int runs = (int) Math.max(1, Math.min(TestSettingsReader.MAX_RUNS,
                Math.ceil(SECONDS * 1e9 / settings.run().scheduledRunNanos())));
        String bodyFrame = settings.method().getDeclaringClass().getName() + "." + settings.method().getName();
        Path dir = settings.configuration().reportDir();
        Profiled baseSide = profile(base, number, runs, dir.resolve(testId + ".base.profile.jfr"), bodyFrame, settings);
        if (baseSide.whyNot != null) {
            return Optional.of(GrowthProfile.unavailable(AsyncProfilerRun.ENGINE, "the base's side: "
                    + baseSide.whyNot));
        }
        Profiled changeSide = profile(change, number, runs, dir.resolve(testId + ".change.profile.jfr"), bodyFrame,
                settings);
        if (changeSide.whyNot != null) {
            return Optional.of(GrowthProfile.unavailable(AsyncProfilerRun.ENGINE, "the change's side: "
                    + changeSide.whyNot));
        }
        GrowthFrames.Side changeCalls = changeSide.side;
        GrowthFrames.Side baseCalls = baseSide.side;
        List<GrownFrame> top = GrowthFrames.rank(changeCalls, baseCalls, TailProfiling.RANKED);
        String name = settings.displayName();
        Optional<String> flameGraph = TailProfiling.write(dir, testId + ".change.html", changeCalls.stacks().isEmpty()
                ? null : () -> FlameGraphPages.of("Calls of " + name + " in the change", changeCalls.stacks()));
        Optional<String> differential = TailProfiling.write(dir, testId + ".change-vs-base.html",
                changeCalls.stacks().isEmpty() || baseCalls.stacks().isEmpty() ? null
                        : () -> FlameGraphPages.differential("Calls of " + name + " in the change against the base",
                        DIFFERENTIAL_LEGEND, changeCalls.stacks(), baseCalls.stacks(),
                        baseScale(changeCalls, baseCalls)));
        return Optional.of(new GrowthProfile(AsyncProfilerRun.ENGINE, Optional.empty(),
                (System.nanoTime() - began) / 1e9, changeCalls, baseCalls, top, flameGraph, differential));
    }

    /**
     * @return what each of the base's sample counts is multiplied by to stand for the same time a call in the change's
     *         units: its calls to the change's number, its sampling period to the change's
     */
    static double baseScale(GrowthFrames.Side change, GrowthFrames.Side base) {
        return change.periodNanos() == 0 || base.calls() == 0 ? 0
                : change.calls() / (double) base.calls() * (base.periodNanos() / change.periodNanos());
    }

    /** One side's profiled calls, or why there are none. */
    private record Profiled(GrowthFrames.Side side, String whyNot) {
    }

    private static Profiled profile(Measurement measurement, int number, int runs, Path recording, String bodyFrame,
                                    TestSettings settings) {
        // a measurement holds as many runs as the test's settings: more are measured in more of them
        ProfiledMeasurements.Taken taken = ProfiledMeasurements.take(measurement, number, runs,
                settings.run().runs(), recording);
        if (taken.whyNot() != null) {
            return new Profiled(null, taken.whyNot());
        }
        List<long[]> windows = new ArrayList<>();
        long calls = 0;
        for (Attempt attempt : taken.attempts()) {
            RunTimeline first = attempt.runs().isEmpty() ? null
                    : attempt.runs().get(0).timelines().get(JLBH.END_TO_END);
            RunTimeline last = attempt.runs().isEmpty() ? null
                    : attempt.runs().get(attempt.runs().size() - 1).timelines().get(JLBH.END_TO_END);
            if (first == null || last == null) {
                return new Profiled(null, "the profiled runs recorded no timeline of end to end");
            }
            windows.add(new long[]{first.startNanos(), last.endNanos()});
            calls += (long) attempt.runs().size() * settings.run().iterations();
        }
        List<StackSample> samples = taken.samples();
        int threads = settings.run().threads();
        List<LateIterations> noneLate = new ArrayList<>();
        for (int thread = 0; thread < threads; thread++) {
            noneLate.add(new LateIterations(new long[0], new long[0]));
        }
        Map<String, Long> stacks = new HashMap<>();
        long sampled = 0;
        long nanos = 0;
        for (long[] window : windows) {
            sampled += samples.stream().filter(sample -> sample.timeNanos() >= window[0]
                    && sample.timeNanos() <= window[1] && sample.thread() >= 0 && sample.thread() < threads).count();
            nanos += window[1] - window[0];
            TailSplit.of(samples, noneLate, window[0], window[1], bodyFrame).onTime()
                    .forEach((stack, count) -> stacks.merge(stack, count, Long::sum));
        }
        // the period as it was: the profiled runs' time, each harness thread sampled all along, over their samples
        double periodNanos = sampled == 0 ? 0 : nanos * (double) threads / sampled;
        return new Profiled(new GrowthFrames.Side(stacks, calls, periodNanos), null);
    }
}

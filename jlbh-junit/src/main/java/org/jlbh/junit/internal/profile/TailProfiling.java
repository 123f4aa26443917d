package org.jlbh.junit.internal.profile;

import org.jlbh.core.JLBH;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTestConfiguration.Profile;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.CompletenessCheck;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.LatencyCheck;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Profiles where a test's late iterations spent their time, once its verdict is decided: one more run of the test
 * (a warm-up round, then one run as its settings give), measured as the others were but with async-profiler sampling
 * its harness threads ({@link AsyncProfilerRun}), so the profiler's cost never touches the runs that decided the
 * verdict, and the verdict is the same whatever the profile finds. Every iteration over the broken budget is late from
 * its intended start to its end; the samples then are split from those of the iterations on time ({@link TailSplit}),
 * the frames ranked ({@link TailFrames}), and both drawn as flame graphs in the report folder. With
 * {@code jlbh.profile = on-breach} (the default) only a latency budget broken on the code's own account is profiled:
 * a platform's stall has no stack of the code's to show. Stateless.
 */
public final class TailProfiling {
    /** How many frames are ranked. */
    public static final int RANKED = 10;
    /** What the colours of the late iterations' flame graph against those on time mean, written on its page. */
    static final String DIFFERENTIAL_LEGEND = "Colour is the time in a frame itself, not in what it calls. red: more "
            + "in the late iterations than in those on time, the deeper the more (a frame the on-time iterations never "
            + "entered counts as none there); blue: less; grey: the same. On-time counts scaled to the late "
            + "iterations' total.";

    private TailProfiling() {
    }

    /**
     * Loads the profiler, where the test may be profiled, before its code is compiled ({@link AsyncProfilerRun#load});
     * once per JVM.
     *
     * @param settings the test's settings
     */
    public static void prepare(TestSettings settings) {
        if (settings.configuration().profile() != Profile.OFF) {
            AsyncProfilerRun.load();
        }
    }

    /**
     * @param settings    the test's settings
     * @param decision    its decision
     * @param measurement its measurement, to measure the profiled run with
     * @param number      the profiled run's attempt number (after the last that was judged)
     * @param testId      the test's id, which the flame graphs' files are named after
     * @return the profile, or why the test could not be profiled (the body threw in the profiled run, say); empty
     *         when it is not to be
     */
    public static Optional<TailProfile> profileIfAsked(TestSettings settings, Decision decision,
                                                       Measurement measurement, int number, String testId) {
        Profile mode = settings.configuration().profile();
        Optional<Budget> broken = brokenBudget(decision);
        if (mode == Profile.OFF || mode == Profile.ON_BREACH && broken.isEmpty() || !complete(decision)) {
            return Optional.empty(); // a run that did not complete (its body timed out, say) is not run again
        }
        Optional<Budget> late = broken.or(() -> settings.budgets().latency().stream()
                .min(Comparator.comparingLong(Budget::limitNanos)));
        if (late.isEmpty()) {
            return Optional.empty(); // no latency budget: nothing is late
        }
        if (settings.run().samplesItself()) {
            return Optional.of(TailProfile.unavailable(AsyncProfilerRun.ENGINE, "the test samples end to end itself "
                    + "(an IterationContext parameter): its iterations end on threads the harness does not run, "
                    + "which the profile cannot follow"));
        }
        return Optional.of(profile(settings, late.get(), measurement, number, testId));
    }

    /** @return whether every run of the reported attempt completed (a body that timed out, say, did not) */
    static boolean complete(Decision decision) {
        return decision.reported().checks().stream()
                .noneMatch(check -> check instanceof CompletenessCheck && !check.met());
    }

    /** @return the budget broken on the code's own account, the smallest first; empty when none broke so */
    private static Optional<Budget> brokenBudget(Decision decision) {
        if (decision.outcome() != Outcome.FAILED && decision.outcome() != Outcome.REPORTED) {
            return Optional.empty();
        }
        return decision.reported().checks().stream()
                .filter(check -> check instanceof LatencyCheck && !check.met() && check.explanation().isEmpty())
                .map(check -> ((LatencyCheck) check).latencyBudget())
                .min(Comparator.comparingLong(Budget::limitNanos));
    }

    private static TailProfile profile(TestSettings settings, Budget late, Measurement measurement, int number,
                                       String testId) {
        Path dir = settings.configuration().reportDir();
        long began = System.nanoTime();
        ProfiledMeasurements.Taken taken = ProfiledMeasurements.take(measurement, number, 1, 1,
                dir.resolve(testId + ".profile.jfr"));
        if (taken.whyNot() != null) {
            return TailProfile.unavailable(AsyncProfilerRun.ENGINE, taken.whyNot());
        }
        Attempt attempt = taken.attempts().get(0);
        List<StackSample> samples = taken.samples();
        double seconds = (System.nanoTime() - began) / 1e9;
        String lateOver = late.probe() + " over " + ReportFormat.plain(late.maxMicros()) + " \u00b5s";
        if (attempt.runs().isEmpty()) {
            return TailProfile.unavailable(AsyncProfilerRun.ENGINE, "the profiled run recorded nothing");
        }
        Map<String, RunTimeline> timelines = attempt.runs().get(0).timelines();
        RunTimeline whole = timelines.get(late.probe());
        if (whole == null) {
            return TailProfile.unavailable(AsyncProfilerRun.ENGINE, "the profiled run has no timeline of "
                    + late.probe());
        }
        int threads = settings.run().threads();
        List<LateIterations> byThread = new ArrayList<>();
        int lateIterations = 0;
        for (int thread = 0; thread < threads; thread++) {
            // a probe's late samples are not the harness thread's own: with several threads, each is looked at whole
            RunTimeline own = threads > 1 && late.probe().equals(JLBH.END_TO_END)
                    ? timelines.getOrDefault(JLBH.endToEndOfThread(thread), whole) : whole;
            LateIterations iterations = lateOf(own, late.limitNanos());
            byThread.add(iterations);
            lateIterations += own == whole && thread > 0 ? 0 : iterations.count();
        }
        String bodyFrame = settings.method().getDeclaringClass().getName() + "." + settings.method().getName();
        TailSplit split = TailSplit.of(samples, byThread, whole.startNanos(), whole.endNanos(), bodyFrame);
        List<TailFrame> top = TailFrames.rank(split, RANKED);
        Optional<String> flameGraph = write(dir, testId + ".late.html", split.late().isEmpty() ? null : () -> FlameGraphPages.of(
                "Late iterations of " + settings.displayName() + " (" + lateOver + ")", split.late()));
        Optional<String> differential = write(dir, testId + ".late-vs-on-time.html", split.late().isEmpty()
                || split.onTime().isEmpty() ? null : () -> FlameGraphPages.differential("Late iterations of "
                + settings.displayName() + " against those on time", DIFFERENTIAL_LEGEND, split.late(),
                split.onTime()));
        return new TailProfile(AsyncProfilerRun.ENGINE, Optional.empty(), lateOver, seconds, lateIterations, split,
                top, flameGraph, differential);
    }

    /** @return the timeline's iterations over the limit, each from its intended start to its end */
    static LateIterations lateOf(RunTimeline timeline, long limitNanos) {
        int kept = timeline.lateKept();
        long[] starts = new long[kept];
        long[] ends = new long[kept];
        int over = 0;
        for (int i = 0; i < kept; i++) {
            if (timeline.lateLatency(i) > limitNanos) {
                ends[over] = timeline.lateEnd(i);
                starts[over] = ends[over] - timeline.lateLatency(i);
                over++;
            }
        }
        return new LateIterations(java.util.Arrays.copyOf(starts, over), java.util.Arrays.copyOf(ends, over));
    }

    /** Draws a page. */
    interface Page {
        byte[] draw() throws IOException;
    }

    /**
     * @return the file's name, once written; empty (the profile still stands) when it could not be, or was not to be
     *         (a null page), and then no older file of that name is left behind
     */
    static Optional<String> write(Path dir, String name, Page page) {
        try {
            if (page == null) {
                Files.deleteIfExists(dir.resolve(name));
                return Optional.empty();
            }
            Files.createDirectories(dir);
            Files.write(dir.resolve(name), page.draw());
            return Optional.of(name);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}

package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a test's late iterations spent their time: what one profiled run after the verdict found
 * ({@link TailProfiling}), or why there is none. Immutable.
 *
 * @param engine         how the samples were taken, e.g. {@code async-profiler, wall-clock samples of the harness threads
 *                       asked for every 100 µs}
 * @param unavailable    why the run was not profiled (the profiler cannot start here, say); empty when it was
 * @param late           what counted as late, e.g. {@code end to end over 50 µs}
 * @param seconds        what the profiled run took, its warm-up round included, in seconds
 * @param lateIterations how many iterations of the profiled run were late
 * @param split          its samples, late and on time
 * @param top            the frames the late iterations spent more of their time in, most first
 * @param flameGraph     the late iterations' flame graph, a file in the report folder; empty when none was written
 * @param differential   the late iterations' flame graph against the on-time iterations', a file in the report
 *                       folder; empty when none was written
 */
public record TailProfile(String engine, Optional<String> unavailable, String late, double seconds, int lateIterations,
                          TailSplit split, List<TailFrame> top, Optional<String> flameGraph,
                          Optional<String> differential) {
    /** How many frames the failure message names. */
    public static final int IN_MESSAGE = 3;

    /** Copies the frames. */
    public TailProfile {
        top = List.copyOf(top);
    }

    /**
     * @param engine how it would have been taken
     * @param why    why it was not
     * @return a profile that was not taken
     */
    public static TailProfile unavailable(String engine, String why) {
        return new TailProfile(engine, Optional.of(why), "", 0, 0, new TailSplit(Map.of(), Map.of()), List.of(),
                Optional.empty(), Optional.empty());
    }

    /**
     * @return for the failure message: e.g. {@code Where the late iterations (end to end over 50 µs) spent their
     *         time, profiled in one more run after the verdict: 91% in Pricer.recalculateRisk (on time: 0.4%)}, with
     *         the first {@value #IN_MESSAGE} frames, or why there is no profile
     */
    public String message() {
        if (unavailable.isPresent()) {
            return "Not profiled: " + unavailable.get();
        }
        if (top.isEmpty()) {
            return "Profiled in one more run after the verdict: " + nothingToRank() + betweenCalls();
        }
        return "Where the late iterations (" + late + ") spent their time, profiled in one more run after the verdict"
                + " (" + split.lateSamples() + " samples late, " + split.onTimeSamples() + " on time): "
                + String.join("; ", top.stream().limit(IN_MESSAGE).map(TailFrame::describe).toList()) + betweenCalls();
    }

    /**
     * @return what the profile found, a line each: how the run was profiled, the frames ranked (or why none is), and
     *         the share of the harness between calls; or why there is no profile
     */
    public List<String> findings() {
        List<String> lines = new ArrayList<>();
        if (unavailable.isPresent()) {
            lines.add("Not profiled: " + unavailable.get());
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "Where the late iterations spent their time: one more run after the "
                        + "verdict, %.1f s, %s; %,d iterations late (%s): %,d samples while one was due, %,d in "
                        + "iterations on time", seconds, engine, lateIterations, late, split.lateSamples(),
                split.onTimeSamples()));
        if (top.isEmpty()) {
            lines.add(nothingToRank());
        }
        for (int i = 0; i < top.size(); i++) {
            lines.add(String.format(Locale.ROOT, "%2d. %s", i + 1, top.get(i).describe()));
        }
        if (split.betweenCalls() > 0) {
            lines.add(betweenCalls().substring(2));
        }
        return lines;
    }

    /** @return the console's lines: the {@link #findings()}, then the files */
    public List<String> consoleLines() {
        return ConsoleLines.of(findings(), flameGraph, "flame graph of the late iterations", differential, "against the iterations on time");
    }

    /** @return e.g. {@code ; 12% between calls: ...}, or nothing when no late sample was */
    private String betweenCalls() {
        return split.betweenCalls() == 0 ? "" : "; " + TailFrame.percent(split.betweenCalls()) + " between calls of "
                + "the test method: its harness thread waiting to run, or the harness's own work, not the code";
    }

    private String nothingToRank() {
        return split.lateSamples() == 0 ? "no sample fell in a late iteration (" + lateIterations + " late, "
                + late + ")" : "no frame of the code took the late iterations more of their time than the on-time ones'";
    }
}

package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a paired test's change spent more time than its base: what one profiled measurement of each side after the
 * verdict found ({@link GrowthProfiling}), or why there is none. Immutable.
 *
 * @param engine       how the samples were taken, e.g. {@code async-profiler, wall-clock samples of the harness
 *                     threads asked for every 100 µs}
 * @param unavailable  why the sides were not profiled (the profiler cannot start here, say); empty when they were
 * @param seconds      what profiling both sides took, their warm-ups included, in seconds
 * @param change       the change's profiled calls
 * @param base         the base's profiled calls
 * @param top          the frames the change spent measurably more time a call in, most first
 * @param flameGraph   the change's calls' flame graph, a file in the report folder; empty when none was written
 * @param differential the change's calls' flame graph against the base's, a file in the report folder; empty when
 *                     none was written
 */
public record GrowthProfile(String engine, Optional<String> unavailable, double seconds, GrowthFrames.Side change,
                            GrowthFrames.Side base, List<GrownFrame> top, Optional<String> flameGraph,
                            Optional<String> differential) {
    /** How many frames the failure message names. */
    public static final int IN_MESSAGE = 3;

    /** Copies the frames. */
    public GrowthProfile {
        top = List.copyOf(top);
    }

    /**
     * @param engine how it would have been taken
     * @param why    why it was not
     * @return a profile that was not taken
     */
    public static GrowthProfile unavailable(String engine, String why) {
        GrowthFrames.Side none = new GrowthFrames.Side(Map.of(), 0, 0);
        return new GrowthProfile(engine, Optional.of(why), 0, none, none, List.of(), Optional.empty(),
                Optional.empty());
    }

    /**
     * @return for the failure message: e.g. {@code Where the change spent more time than its base, profiled in one more
     *         measurement of each after the verdict (the test method 0.402 µs a call against 0.354): +0.402 µs a call
     *         in QuoteFields.readChecked (0.402 against 0; ± 0.021)}, with the first {@value #IN_MESSAGE} frames, or
     *         why there is no profile
     */
    public String message() {
        if (unavailable.isPresent()) {
            return "Not profiled against the base: " + unavailable.get();
        }
        return "Where the change spent more time than its base, profiled in one more measurement of each after the "
                + "verdict (" + body() + "): " + (top.isEmpty() ? nothingGrew()
                : String.join("; ", top.stream().limit(IN_MESSAGE).map(GrownFrame::describe).toList()));
    }

    /**
     * @return what the profile found, a line each: how the sides were profiled, then the frames ranked (or why none
     *         is); or why there is no profile
     */
    public List<String> findings() {
        List<String> lines = new ArrayList<>();
        if (unavailable.isPresent()) {
            lines.add("Not profiled against the base: " + unavailable.get());
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "Where the change spent more time than its base: one more measurement of "
                        + "each after the verdict, %.1f s, %s (a sample every %.0f µs as taken); %,d calls of each, "
                        + "%,d samples in the change's, %,d in the base's; %s (times a call estimated from the samples)",
                seconds, engine, change.periodNanos() / 1e3, change.calls(), change.samples(), base.samples(), body()));
        if (top.isEmpty()) {
            lines.add(nothingGrew());
        }
        for (int i = 0; i < top.size(); i++) {
            lines.add(String.format(Locale.ROOT, "%2d. %s", i + 1, top.get(i).describe()));
        }
        return lines;
    }

    /** @return the console's lines: the {@link #findings()}, then the files */
    public List<String> consoleLines() {
        return ConsoleLines.of(findings(), flameGraph, "flame graph of the change's calls", differential, "against the base's");
    }

    /** @return e.g. {@code the test method 0.402 µs a call against 0.354} */
    private String body() {
        return String.format(Locale.ROOT, "the test method %.3f \u00b5s a call against %.3f",
                change.micros(change.samples()), base.micros(base.samples()));
    }

    private static String nothingGrew() {
        return "no frame of the code took measurably more time a call in the change than in the base (by more than "
                + "twice the error of counting its samples)";
    }
}

package org.jlbh.junit.internal.profile;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tail profile's comparison: the samples taken while a late iteration was due against those of the iterations on
 * time, and the frames the late iterations spent more of their time in ({@link TailFrames}). Immutable.
 *
 * @param late           what counted as late, e.g. {@code end to end over 50 µs}
 * @param lateIterations how many iterations of the profiled run were late
 * @param split          the profiled run's samples, late and on time
 * @param top            the frames ranked, most first
 */
public record LateAgainstOnTime(String late, int lateIterations, TailSplit split, List<TailFrame> top)
        implements Comparison {
    public static final LateAgainstOnTime NONE = new LateAgainstOnTime("", 0, new TailSplit(Map.of(), Map.of()),
            List.of());
    static final String LEGEND = "Colour is the time in a frame itself, not in what it calls. red: more in the late "
            + "iterations than in those on time, the deeper the more (a frame the on-time iterations never entered "
            + "counts as none there); blue: less; grey: the same. On-time counts scaled to the late iterations' "
            + "total.";

    public LateAgainstOnTime {
        top = List.copyOf(top);
    }

    @Override
    public List<String> findings(double seconds, String engine) {
        List<String> lines = Comparison.findings(String.format(Locale.ROOT, "Where the late iterations spent their "
                        + "time: one more run after the verdict, %.1f s, %s; %,d iterations late (%s): %,d samples "
                        + "while one was due, %,d in iterations on time", seconds, engine, lateIterations, late,
                split.lateSamples(), split.onTimeSamples()), ranked(), nothingRanked());
        if (split.betweenCalls() > 0) {
            lines.add(betweenCalls().substring(2));
        }
        return lines;
    }

    @Override
    public String message() {
        if (top.isEmpty()) {
            return "Profiled in one more run after the verdict: " + nothingRanked() + betweenCalls();
        }
        return "Where the late iterations (" + late + ") spent their time, profiled in one more run after the verdict"
                + " (" + split.lateSamples() + " samples late, " + split.onTimeSamples() + " on time): "
                + Comparison.named(ranked()) + betweenCalls();
    }

    @Override
    public Labels labels() {
        return new Labels("Not profiled: ", "flame graph of the late iterations", "against the iterations on time");
    }

    @Override
    public List<ProfileWithPages.Page> pages(String testId, String test) {
        return List.of(FlameGraphPages.page(testId + ".late.html", "Late iterations of " + test + " (" + late + ")",
                        split.late()),
                FlameGraphPages.differentialPage(testId + ".late-vs-on-time.html", "Late iterations of " + test
                        + " against those on time", LEGEND, split.late(), split.onTime(), split.onTimeScale()));
    }

    private List<String> ranked() {
        return top.stream().map(TailFrame::describe).toList();
    }

    /** @return e.g. {@code ; 12% between calls of the test method: ...}; nothing where there were none */
    private String betweenCalls() {
        return split.betweenCalls() == 0 ? "" : "; " + TailFrame.percent(split.betweenCalls()) + " between calls of "
                + "the test method: its harness thread waiting to run, or the harness's own work, not the code";
    }

    private String nothingRanked() {
        return split.lateSamples() == 0 ? "no sample fell in a late iteration (" + lateIterations + " late, " + late
                + ")" : "no frame of the code took the late iterations more of their time than the on-time ones'";
    }
}

package org.jlbh.junit.internal.profile;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The growth profile's comparison, in the paired mode: the change's calls against its base's, and the frames whose own
 * time a call the change measurably grew, each with the way to it from the test method ({@link GrowthFrames}): where
 * the differential flame graph is red. Immutable.
 *
 * @param top the frames ranked, most first
 */
public record ChangeAgainstBase(Side change, Side base, List<GrownFrame> top) implements Comparison {
    public static final ChangeAgainstBase NONE = new ChangeAgainstBase(Side.NONE, Side.NONE, List.of());
    static final String LEGEND = "Colour is the time a call in a frame itself, not in what it calls. red: more in the "
            + "change than in the base, the deeper the more (a frame the base never entered counts as none there); "
            + "blue: less; grey: the same. The base's counts scaled to the change's number of calls and sampling "
            + "period.";
    private static final String NOTHING_RANKED = "no frame of the code took measurably more time of its own a call in "
            + "the change than in the base (by more than twice the error of counting its samples)";

    public ChangeAgainstBase {
        top = List.copyOf(top);
    }

    /**
     * @param stacks      collapsed stacks of the samples in the test method, with how many samples each
     * @param calls       how many calls of the test method were measured
     * @param periodNanos the sampling period as it was: the profiled runs' time over their samples, in nanoseconds
     */
    public record Side(Map<String, Long> stacks, long calls, double periodNanos) {
        static final Side NONE = new Side(Map.of(), 0, 0);

        public Side {
            stacks = Map.copyOf(stacks);
        }

        /** @return how many samples were in the test method */
        public long samples() {
            return CollapsedStacks.samples(stacks);
        }

        /** @return the time a call, in microseconds, that {@code samples} samples stand for */
        double micros(long samples) {
            return calls == 0 ? 0 : samples * periodNanos / calls / 1e3;
        }
    }

    @Override
    public List<String> findings(double seconds, String engine) {
        return Comparison.findings(String.format(Locale.ROOT, "Where the change spent more time than its base: both "
                        + "measured again after the verdict, in turns, %.1f s, %s (a sample every %.0f µs as taken); "
                        + "%,d calls of each, %,d samples in the change's, %,d in the base's; %s (times a call "
                        + "estimated from the samples; a frame's own time counts the JDK's and native code it calls)",
                seconds, engine, change.periodNanos() / 1e3, change.calls(),
                change.samples(), base.samples(), body()), ranked(), NOTHING_RANKED);
    }

    @Override
    public String message() {
        return "Where the change spent more time than its base, profiled as both were measured again after the "
                + "verdict (" + body() + "): " + (top.isEmpty() ? NOTHING_RANKED : Comparison.named(ranked()));
    }

    @Override
    public Labels labels() {
        return new Labels("Not profiled against the base: ", "flame graph of the change's calls", "against the base's");
    }

    @Override
    public List<ProfileWithPages.Page> pages(String testId, String test) {
        return List.of(FlameGraphPages.page(testId + ".change.html", "Calls of " + test + " in the change",
                        change.stacks()),
                FlameGraphPages.differentialPage(testId + ".change-vs-base.html", "Calls of " + test
                        + " in the change against the base", LEGEND, change.stacks(), base.stacks(), baseScale()));
    }

    /** @return what the base's counts are multiplied by to stand for the change's calls and sampling period */
    double baseScale() {
        return change.periodNanos() == 0 || base.calls() == 0 ? 0
                : change.calls() / (double) base.calls() * (base.periodNanos() / change.periodNanos());
    }

    private List<String> ranked() {
        return top.stream().map(GrownFrame::describe).toList();
    }

    /** @return e.g. {@code the test method 0.402 µs a call against 0.354} */
    private String body() {
        return String.format(Locale.ROOT, "the test method %.3f \u00b5s a call against %.3f",
                change.micros(change.samples()), base.micros(base.samples()));
    }
}

package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A frame whose own time a call grew from the base to the change (its time and that of the JDK's and native frames it
 * calls, {@link GrowthFrames}), estimated from the samples. Times are in microseconds a call. Immutable.
 *
 * @param frame        the frame, as {@code com.acme.QuoteFields.readChecked}
 * @param changeMicros the change's own time in it
 * @param baseMicros   the base's own time in it
 * @param errorMicros  the standard error of the difference, from counting samples
 * @param way          the code's own frames from the test method to it, the outermost first, on the way its time
 *                     grew the most by in the change
 * @param inJdk        the JDK's frames under it its time grew the most in on that way, from the one it calls to the
 *                     innermost; empty where that was its own code
 */
public record GrownFrame(String frame, double changeMicros, double baseMicros, double errorMicros, List<String> way,
                         List<String> inJdk) {
    /** A longer way is shortened to its first two frames and its last two; the JDK's, of more than two, to its ends. */
    static final int MOST_ON_WAY = 5;

    public GrownFrame {
        way = List.copyOf(way);
        inJdk = List.copyOf(inJdk);
    }

    public double growthMicros() {
        return changeMicros - baseMicros;
    }

    /**
     * @return e.g. {@code +0.412 µs a call in QuoteFields.readChecked (0.412 against 0; ± 0.031), reached by
     *         QuoteTest.parse → QuoteParser.parse → QuoteFields.readChecked}, then where the time grew in the JDK
     *         under it, if it did: {@code , the largest part in the JDK's SecureRandom.<init> → … → Constructor.copy}
     */
    public String describe() {
        return String.format(Locale.ROOT, "+%.3f \u00b5s a call in %s (%.3f against %.3f; \u00b1 %.3f)", growthMicros(),
                CollapsedStacks.shortName(frame), changeMicros, baseMicros, errorMicros)
                + (way.size() < 2 ? "" : ", reached by " + shortened(way, MOST_ON_WAY, 2))
                + (inJdk.isEmpty() ? "" : ", the largest part in the JDK's " + shortened(inJdk, 2, 1));
    }

    /** @return the frames, each its class and method, joined by arrows; of more than {@code most}, the ends only */
    private static String shortened(List<String> frames, int most, int ends) {
        List<String> shown = new ArrayList<>(frames.stream().map(CollapsedStacks::shortName).toList());
        if (shown.size() > most) {
            shown.subList(ends, shown.size() - ends).clear();
            shown.add(ends, "\u2026");
        }
        return String.join(" \u2192 ", shown);
    }
}

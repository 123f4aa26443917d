package org.jlbh.junit.internal.profile;

import java.util.Locale;

/**
 * A frame the change's calls spent more time in than its base's, estimated from the samples with it on their stack.
 * Times are in microseconds a call. Immutable.
 *
 * @param frame        the frame, as {@code com.acme.QuoteFields.readChecked}
 * @param changeMicros the change's time in it
 * @param baseMicros   the base's time in it
 * @param errorMicros  the standard error of the difference, from counting samples
 */
public record GrownFrame(String frame, double changeMicros, double baseMicros, double errorMicros) {

    public double growthMicros() {
        return changeMicros - baseMicros;
    }

    /** @return e.g. {@code +0.412 µs a call in QuoteFields.readChecked (0.412 against 0; ± 0.031)} */
    public String describe() {
        return String.format(Locale.ROOT, "+%.3f \u00b5s a call in %s (%.3f against %.3f; \u00b1 %.3f)", growthMicros(),
                CollapsedStacks.shortName(frame), changeMicros, baseMicros, errorMicros);
    }
}

package org.jlbh.junit.internal.profile;

import java.util.Locale;

/**
 * A frame the change's calls spent more time in than its base's did, estimated from wall-clock samples of each side's
 * profiled runs: the samples with the frame on their stack, times the sampling period, over the calls measured.
 * Immutable.
 *
 * @param frame        the frame, as {@code com.acme.QuoteFields.readChecked}
 * @param changeMicros the change's time in it, in microseconds a call
 * @param baseMicros   the base's time in it, in microseconds a call (0 where the base never was in it)
 * @param errorMicros  the standard error of the difference, in microseconds a call (counting samples: the square
 *                     root of each side's count)
 */
public record GrownFrame(String frame, double changeMicros, double baseMicros, double errorMicros) {

    /** @return how much more time a call the change spent in the frame, in microseconds */
    public double growthMicros() {
        return changeMicros - baseMicros;
    }

    /**
     * @return e.g. {@code +0.412 µs a call in QuoteFields.readChecked (0.412 against 0; ± 0.031)}: class names without
     *         their package
     */
    public String describe() {
        return String.format(Locale.ROOT, "+%.3f \u00b5s a call in %s (%.3f against %.3f; \u00b1 %.3f)", growthMicros(),
                TailFrame.shortName(frame), changeMicros, baseMicros, errorMicros);
    }
}

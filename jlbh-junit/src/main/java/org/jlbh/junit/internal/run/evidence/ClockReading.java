package org.jlbh.junit.internal.run.evidence;

import java.util.function.LongSupplier;

/**
 * Another clock read between two reads of {@link System#nanoTime()}, to put its times on the harness's. Immutable.
 *
 * @param nanos        the nanoTime halfway between the two reads around the reading
 * @param reading      what the other clock read, in its own unit
 * @param bracketNanos how far apart the two nanoTime reads were: how uncertain the pairing is
 */
public record ClockReading(long nanos, long reading, long bracketNanos) {

    /** @return the reading of {@code tries} whose two nanoTime reads were closest */
    public static ClockReading tightest(LongSupplier clock, int tries) {
        long best = Long.MAX_VALUE;
        long nanos = 0;
        long reading = 0;
        for (int i = 0; i < tries; i++) {
            long before = System.nanoTime();
            long read = clock.getAsLong();
            long after = System.nanoTime();
            if (after - before < best) {
                best = after - before;
                nanos = before + (after - before) / 2;
                reading = read;
            }
        }
        return new ClockReading(nanos, reading, best);
    }
}

package org.jlbh.junit.internal.run.evidence;

import java.util.function.LongSupplier;

/**
 * Another clock read between two reads of {@link System#nanoTime()}, the tightest pair of several: what that clock
 * said at a nanoTime, for the times of another recorder (the Flight Recorder's wall clock, async-profiler's ticks) to
 * be put on the harness's clock. Immutable.
 *
 * @param nanos        the nanoTime halfway between the two reads around the tightest reading
 * @param reading      what the other clock read then, in its own unit
 * @param bracketNanos how far apart the two nanoTime reads around it were: how uncertain the pairing is
 */
public record ClockReading(long nanos, long reading, long bracketNanos) {

    /**
     * @param clock the other clock
     * @param tries how many readings to take
     * @return the reading between the two closest reads of nanoTime
     */
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

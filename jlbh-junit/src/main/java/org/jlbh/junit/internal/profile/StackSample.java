package org.jlbh.junit.internal.profile;

import java.util.List;

/**
 * A profiler's sample of a harness thread. Immutable.
 *
 * @param timeNanos when it was taken, nanoTime
 * @param thread    the harness thread's index, from 0
 * @param frames    its stack, the innermost frame first, as {@code com.acme.Pricer.quote}
 */
record StackSample(long timeNanos, int thread, List<String> frames) {
    StackSample {
        frames = List.copyOf(frames);
    }
}

package org.jlbh.junit.internal.profile;

import java.util.List;

/**
 * One profiler sample of a harness thread. Immutable.
 *
 * @param timeNanos when it was taken, on the clock of {@link System#nanoTime()}
 * @param thread    the harness thread's index (0 for the first)
 * @param frames    its stack, the innermost frame first, each a method's name as {@code com.acme.Pricer.quote}
 */
public record StackSample(long timeNanos, int thread, List<String> frames) {
    /** Copies the frames. */
    public StackSample {
        frames = List.copyOf(frames);
    }
}

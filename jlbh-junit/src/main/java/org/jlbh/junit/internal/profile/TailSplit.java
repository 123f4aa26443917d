package org.jlbh.junit.internal.profile;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A profiled run's samples split in two: those taken while a late iteration was due and not yet ended, and those of
 * the iterations on time. Each stack starts at the test method's frame. A late sample outside the test method is the
 * harness's between two calls, its whole stack under {@link #BETWEEN_CALLS}; an on-time one is the harness waiting
 * for the next start, and is left out. Immutable.
 *
 * @param late   the late samples' collapsed stacks, with how many samples each
 * @param onTime the on-time samples' collapsed stacks, with how many samples each
 */
public record TailSplit(Map<String, Long> late, Map<String, Long> onTime) {
    /** The outermost frame of a late sample outside the test method. */
    public static final String BETWEEN_CALLS = "[the harness, between calls of the test method]";

    /** Copies the stacks, sorted. */
    public TailSplit {
        late = Collections.unmodifiableMap(new TreeMap<>(late));
        onTime = Collections.unmodifiableMap(new TreeMap<>(onTime));
    }

    /**
     * @return the split of the samples from {@code fromNanos} to {@code toNanos} (the run's, without its warm-up), each
     *         thread's against its own late iterations, the stacks from {@code bodyFrame}, the test method's, up
     */
    static TailSplit of(List<StackSample> samples, List<LateIterations> lateByThread, long fromNanos, long toNanos,
                        String bodyFrame) {
        Map<String, Long> late = new TreeMap<>();
        Map<String, Long> onTime = new TreeMap<>();
        for (StackSample sample : samples) {
            if (sample.timeNanos() < fromNanos || sample.timeNanos() > toNanos
                    || sample.thread() < 0 || sample.thread() >= lateByThread.size()) {
                continue;
            }
            String stack = CollapsedStacks.from(sample.frames(), bodyFrame);
            if (lateByThread.get(sample.thread()).covers(sample.timeNanos())) {
                late.merge(stack == null ? BETWEEN_CALLS + ";" + CollapsedStacks.whole(sample.frames()) : stack, 1L,
                        Long::sum);
            } else if (stack != null) {
                onTime.merge(stack, 1L, Long::sum);
            }
        }
        return new TailSplit(late, onTime);
    }

    public long lateSamples() {
        return CollapsedStacks.samples(late);
    }

    /** @return how many samples were on time (in the test method) */
    public long onTimeSamples() {
        return CollapsedStacks.samples(onTime);
    }

    /** @return what the on-time counts are multiplied by to add up to as many as the late ones */
    double onTimeScale() {
        return onTimeSamples() == 0 ? 0 : lateSamples() / (double) onTimeSamples();
    }

    /** @return the share of the late samples outside the test method, from 0 to 1 */
    public double betweenCalls() {
        long between = late.entrySet().stream().filter(stack -> stack.getKey().startsWith(BETWEEN_CALLS))
                .mapToLong(Map.Entry::getValue).sum();
        long lateSamples = lateSamples();
        return lateSamples == 0 ? 0 : between / (double) lateSamples;
    }
}

package org.jlbh.junit.internal.profile;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A profiled run's samples of the harness threads, split in two: those taken while a late iteration was due and not
 * yet ended (from its intended start, so the time a queue behind a slow call waited is included), and those of the
 * iterations on time. Each sample becomes a collapsed stack ({@code Test.method;Pricer.quote;...}, outermost first)
 * from the test method's frame up: the harness's own frames below it are the same in both. A late sample without the
 * test method's frame is the harness's between two calls, its stack under {@link #BETWEEN_CALLS}; an on-time one is the
 * harness waiting for the next iteration's start, and is left out. Immutable.
 *
 * @param late   the late samples' collapsed stacks, with how many samples each
 * @param onTime the on-time samples' collapsed stacks, with how many samples each
 */
public record TailSplit(Map<String, Long> late, Map<String, Long> onTime) {
    /** The frame a late sample stands for when the harness thread was not in the test method. */
    public static final String BETWEEN_CALLS = "[the harness, between calls of the test method]";

    /** Copies the stacks, sorted. */
    public TailSplit {
        late = Collections.unmodifiableMap(new TreeMap<>(late));
        onTime = Collections.unmodifiableMap(new TreeMap<>(onTime));
    }

    /**
     * @param samples    the harness threads' samples
     * @param lateByThread each harness thread's late iterations, by thread index
     * @param fromNanos  the run's start, nanoTime: samples before it (the warm-up's) are left out
     * @param toNanos    the run's end, nanoTime: samples after it are left out
     * @param bodyFrame  the test method's frame, as {@code com.acme.QuoteTest.quote}
     * @return the split
     */
    public static TailSplit of(List<StackSample> samples, List<LateIterations> lateByThread, long fromNanos,
                               long toNanos, String bodyFrame) {
        Map<String, Long> late = new TreeMap<>();
        Map<String, Long> onTime = new TreeMap<>();
        for (StackSample sample : samples) {
            if (sample.timeNanos() < fromNanos || sample.timeNanos() > toNanos
                    || sample.thread() < 0 || sample.thread() >= lateByThread.size()) {
                continue;
            }
            String stack = collapsed(sample.frames(), bodyFrame);
            if (lateByThread.get(sample.thread()).covers(sample.timeNanos())) {
                late.merge(stack == null ? BETWEEN_CALLS + ";" + collapsed(sample.frames(), sample.frames().size() - 1)
                        : stack, 1L, Long::sum);
            } else if (stack != null) {
                onTime.merge(stack, 1L, Long::sum);
            }
        }
        return new TailSplit(late, onTime);
    }

    /** @return how many samples were late */
    public long lateSamples() {
        return samples(late);
    }

    /** @return how many samples were on time (in the test method) */
    public long onTimeSamples() {
        return samples(onTime);
    }

    private static long samples(Map<String, Long> stacks) {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }

    /** @return the share of the late samples the harness thread was not in the test method, from 0 to 1 */
    public double betweenCalls() {
        long between = late.entrySet().stream().filter(stack -> stack.getKey().startsWith(BETWEEN_CALLS))
                .mapToLong(Map.Entry::getValue).sum();
        long lateSamples = lateSamples();
        return lateSamples == 0 ? 0 : between / (double) lateSamples;
    }

    /** @return the frames from the outermost call of the test method up, outermost first; null when it is not in them */
    private static String collapsed(List<String> innermostFirst, String bodyFrame) {
        int body = innermostFirst.lastIndexOf(bodyFrame);
        return body < 0 ? null : collapsed(innermostFirst, body);
    }

    /** @return the frames from the one at {@code body} (counted from the innermost) up, outermost first */
    private static String collapsed(List<String> innermostFirst, int body) {
        StringBuilder stack = new StringBuilder();
        for (int i = body; i >= 0; i--) {
            if (i < body) {
                stack.append(';');
            }
            stack.append(innermostFirst.get(i).replace(';', ','));
        }
        return stack.toString();
    }
}

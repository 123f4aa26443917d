package org.jlbh.junit.internal.profile;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Stacks in async-profiler's collapsed format, as both profiles keep them: frames joined by {@code ;}, the outermost
 * first ({@code com.acme.QuoteTest.quote;com.acme.Pricer.quote}), each with how many samples it has. Stateless.
 */
final class CollapsedStacks {
    /** Marks the test method's own code: the samples whose innermost Java frame is the test method's. */
    static final String OWN_CODE = " (its own code)";

    private CollapsedStacks() {
    }

    /** @return a sample's stack (innermost first) from the outermost call of {@code frame} up; null without it */
    static String from(List<String> innermostFirst, String frame) {
        int outermost = innermostFirst.lastIndexOf(frame);
        return outermost < 0 ? null : from(innermostFirst, outermost);
    }

    static String whole(List<String> innermostFirst) {
        return from(innermostFirst, innermostFirst.size() - 1);
    }

    private static String from(List<String> innermostFirst, int outermost) {
        return IntStream.iterate(outermost, i -> i >= 0, i -> i - 1)
                .mapToObj(i -> innermostFirst.get(i).replace(';', ',')).collect(Collectors.joining(";"));
    }

    static long samples(Map<String, Long> stacks) {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }

    /** @return the stacks as lists of frames, a frame {@link #OWN_CODE} above the test method's where no Java one is */
    static Map<List<String>, Long> parsed(Map<String, Long> stacks) {
        Map<List<String>, Long> parsed = new LinkedHashMap<>();
        stacks.forEach((stack, count) -> {
            List<String> frames = List.of(stack.split(";"));
            boolean own = !frames.get(0).equals(TailSplit.BETWEEN_CALLS)
                    && frames.stream().skip(1).noneMatch(CollapsedStacks::javaFrame);
            parsed.merge(own ? List.of(frames.get(0), frames.get(0) + OWN_CODE) : frames, count, Long::sum);
        });
        return parsed;
    }

    /** @return how many samples have each frame on their stack (once per stack, however often it recurses there) */
    static Map<String, Long> onStacks(Map<List<String>, Long> stacks) {
        Map<String, Long> on = new HashMap<>();
        stacks.forEach((stack, count) -> {
            for (String frame : new HashSet<>(stack)) {
                on.merge(frame, count, Long::sum);
            }
        });
        return on;
    }

    /** @return the outermost frames: the test method, on every sample, which no time is put down to */
    static Set<String> outermost(Collection<List<String>> stacks) {
        return stacks.stream().map(stack -> stack.get(0)).collect(Collectors.toCollection(HashSet::new));
    }

    /** @return each frame's depth on the stacks, 0 outermost: the least or the most it has there, as {@code which} */
    static Map<String, Integer> depths(Collection<List<String>> stacks, BinaryOperator<Integer> which) {
        Map<String, Integer> depths = new HashMap<>();
        stacks.forEach(stack -> IntStream.range(0, stack.size()).forEach(i -> depths.merge(stack.get(i), i, which)));
        return depths;
    }

    /** @return whether the frame is a Java method's ({@code com.acme.Pricer.quote}), not a native function's */
    static boolean javaFrame(String frame) {
        return frame.endsWith(OWN_CODE) || frame.indexOf('.') > 0 && !frame.contains("::") && !frame.startsWith("[")
                && !frame.contains("@") && !frame.contains("/");
    }

    /** @return whether the frame is a method of the JDK's own classes */
    static boolean jdkFrame(String frame) {
        return frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.")
                || frame.startsWith("com.sun.");
    }

    /** @return {@code com.acme.Pricer.quote} as {@code Pricer.quote}; a native frame as it is */
    static String shortName(String frame) {
        if (frame.endsWith(OWN_CODE)) {
            return shortName(frame.substring(0, frame.length() - OWN_CODE.length())) + OWN_CODE;
        }
        if (frame.startsWith("[") || frame.contains("::") || frame.contains("(")) {
            return frame;
        }
        int method = frame.lastIndexOf('.');
        if (method <= 0) {
            return frame;
        }
        int type = frame.lastIndexOf('.', method - 1);
        return frame.substring(type + 1);
    }
}

package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranks the frames of a {@link TailSplit}: by how much larger a share of the late samples than of the on-time samples
 * has the frame on its stack. A frame that lies inside one ranked before it, in every late stack it is on, is not
 * ranked again: where it holds (nearly) all of that one's extra time, it names where that time went instead
 * ({@link TailFrame#deepest()}: the lock's {@code park} under the {@code lock} call), and is ranked on its own where
 * it holds less; a frame whose late time is (nearly) all in one ranked before it, further in, is not ranked either.
 * Each is then named by the innermost of the code's own frames on that way down, with what called it: without on-time
 * samples to tell them apart (a body of a microsecond, sampled every 100 µs, has few), every frame of a slow path holds
 * the same extra time, and the one that spends it says most. Stateless.
 */
public final class TailFrames {
    /** A frame that holds this part of the extra time of the frame it lies in stands for where that time went. */
    static final double HOLDS_NEARLY_ALL = 0.95;
    /** Frames on fewer late samples than this share are not ranked: too few to say anything of. */
    static final double LEAST_LATE_SHARE = 0.01;
    /**
     * Fewer on-time samples than this are no contrast: a share of a handful says nothing (a body of a microsecond,
     * sampled every 100 µs, is caught a few times a second), and frames are then ranked by their late share alone.
     */
    static final long LEAST_ON_TIME_SAMPLES = 20;

    private TailFrames() {
    }

    /**
     * @param split the samples, split
     * @param most  how many frames to rank at most
     * @return the frames of the code the late iterations spent more of their time in, most first; shares are of all
     *         late samples, the harness's between calls among them
     */
    public static List<TailFrame> rank(TailSplit split, int most) {
        long lateTotal = split.lateSamples();
        long onTimeTotal = split.onTimeSamples();
        if (lateTotal == 0) {
            return List.of();
        }
        Map<List<String>, Long> late = parsed(split.late());
        late.keySet().removeIf(stack -> stack.get(0).equals(TailSplit.BETWEEN_CALLS)); // counted, not ranked
        List<List<String>> lateStacks = List.copyOf(late.keySet());
        Map<String, Long> lateOn = onStacks(late);
        Map<String, Long> onTimeOn = onStacks(parsed(split.onTime()));
        Map<String, Integer> depths = new HashMap<>();
        for (List<String> stack : lateStacks) {
            for (int i = 0; i < stack.size(); i++) {
                depths.merge(stack.get(i), i, Math::min);
            }
        }
        // the test method, outermost on every stack, is where every sample is, late or not: not a place the late
        // iterations went (its own code is, as its own frame); native frames are where Java frames went, not ranked
        Set<String> everywhere = new HashSet<>();
        lateStacks.forEach(stack -> everywhere.add(stack.get(0)));
        List<TailFrame> candidates = new ArrayList<>();
        lateOn.forEach((frame, count) -> {
            double lateShare = count / (double) lateTotal;
            double onTimeShare = onTimeTotal < LEAST_ON_TIME_SAMPLES ? Double.NaN
                    : onTimeOn.getOrDefault(frame, 0L) / (double) onTimeTotal;
            if (!everywhere.contains(frame) && javaFrame(frame) && lateShare >= LEAST_LATE_SHARE
                    && (Double.isNaN(onTimeShare) || lateShare > onTimeShare)) {
                candidates.add(new TailFrame(frame, frame, 0, lateShare, onTimeShare, ""));
            }
        });
        candidates.sort(Comparator.comparingDouble(TailFrame::excess).reversed()
                .thenComparing(frame -> depths.get(frame.frame())).thenComparing(TailFrame::frame));
        Map<String, TailFrame> ranked = new LinkedHashMap<>();
        for (TailFrame candidate : candidates) {
            // the innermost frame ranked already that the candidate lies in, in every late stack it is on
            TailFrame within = null;
            for (TailFrame listed : ranked.values()) {
                if (inside(candidate.frame(), listed.frame(), lateStacks)
                        && (within == null || depths.get(listed.frame()) > depths.get(within.frame()))) {
                    within = listed;
                }
            }
            if (within != null && candidate.excess() >= HOLDS_NEARLY_ALL * within.excess()) {
                int depth = depths.get(candidate.frame()) - depths.get(within.frame());
                if (depth > within.depth()) {
                    ranked.put(within.frame(), new TailFrame(within.frame(), candidate.frame(), depth,
                            within.lateShare(), within.onTimeShare(), within.caller()));
                }
                continue;
            }
            // a caller whose late time is (nearly) all in a frame ranked already says nothing more
            boolean explained = ranked.values().stream().anyMatch(listed -> inside(listed.frame(),
                    candidate.frame(), lateStacks) && listed.lateShare() >= HOLDS_NEARLY_ALL * candidate.lateShare());
            if (!explained && ranked.size() < most) {
                ranked.put(candidate.frame(), candidate);
            }
        }
        return ranked.values().stream().map(found -> named(found, late)).toList();
    }

    /**
     * @param found a ranked frame, where the late time parts from the on-time, with where (nearly) all its extra time
     *              went
     * @param late  the late stacks, with their samples
     * @return it as named: the innermost frame of the code's own (not the JDK's) between the two, so that a slow path
     *         of several methods is named where it spends its time, with the one that called it; a frame of the JDK's
     *         with the nearest of the code's methods that called it
     */
    private static TailFrame named(TailFrame found, Map<List<String>, Long> late) {
        List<String> stack = mostSampled(found.deepest(), late);
        int from = stack.indexOf(found.frame());
        int to = stack.indexOf(found.deepest());
        if (from < 0 || to < from) {
            return found;
        }
        int named = from;
        for (int i = to; i > from; i--) {
            if (javaFrame(stack.get(i)) && !jdkFrame(stack.get(i))) {
                named = i;
                break;
            }
        }
        String caller = "";
        if (jdkFrame(stack.get(named))) {
            for (int i = named - 1; i >= 0; i--) {
                if (javaFrame(stack.get(i)) && !jdkFrame(stack.get(i))) {
                    caller = stack.get(i);
                    break;
                }
            }
        } else if (named > 1 && javaFrame(stack.get(named - 1))) {
            caller = stack.get(named - 1); // the test method, outermost, calls everything: not said
        }
        return new TailFrame(stack.get(named), found.deepest(), to - named, found.lateShare(), found.onTimeShare(),
                caller);
    }

    /** @return the late stack with the most samples that has the frame, outermost first; empty when none has */
    private static List<String> mostSampled(String frame, Map<List<String>, Long> late) {
        List<String> most = List.of();
        long samples = 0;
        for (Map.Entry<List<String>, Long> stack : late.entrySet()) {
            if (stack.getValue() > samples && stack.getKey().contains(frame)) {
                most = stack.getKey();
                samples = stack.getValue();
            }
        }
        return most;
    }

    /**
     * @return the collapsed stacks as lists of frames, outermost first, with a frame {@link TailFrame#OWN_CODE} added
     *         above the test method's where it is the innermost Java frame: the time spent in its own code
     */
    static Map<List<String>, Long> parsed(Map<String, Long> stacks) {
        Map<List<String>, Long> parsed = new LinkedHashMap<>();
        stacks.forEach((stack, count) -> {
            List<String> frames = List.of(stack.split(";"));
            boolean own = !frames.get(0).equals(TailSplit.BETWEEN_CALLS)
                    && frames.stream().skip(1).noneMatch(TailFrames::javaFrame);
            parsed.merge(own ? List.of(frames.get(0), frames.get(0) + TailFrame.OWN_CODE) : frames, count, Long::sum);
        });
        return parsed;
    }

    /** @return whether the frame is a method of the JDK's own classes */
    private static boolean jdkFrame(String frame) {
        return frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.")
                || frame.startsWith("com.sun.");
    }

    /** @return whether the frame is a Java method's ({@code com.acme.Pricer.quote}), not a native function's */
    static boolean javaFrame(String frame) {
        if (frame.endsWith(TailFrame.OWN_CODE)) {
            return true;
        }
        return frame.indexOf('.') > 0 && !frame.contains("::") && !frame.startsWith("[") && !frame.contains("@")
                && !frame.contains("/");
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

    /** @return whether, in every late stack with the frame, the outer frame is on it further out */
    private static boolean inside(String frame, String outer, List<List<String>> lateStacks) {
        boolean seen = false;
        for (List<String> stack : lateStacks) {
            int at = stack.indexOf(frame);
            if (at < 0) {
                continue;
            }
            seen = true;
            int outerAt = stack.indexOf(outer);
            if (outerAt < 0 || outerAt >= at) {
                return false;
            }
        }
        return seen;
    }
}

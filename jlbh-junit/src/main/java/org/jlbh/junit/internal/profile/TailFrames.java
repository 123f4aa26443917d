package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Ranks the frames of a {@link TailSplit} by how much larger a share of the late samples than of the on-time samples
 * has them on its stack. A frame inside one ranked before it, holding (nearly) all of that one's extra time, names
 * where that time went ({@link TailFrame#deepest()}) instead of being ranked; one whose late time is (nearly) all in a
 * frame ranked further in is left out. Each is named by the innermost of the code's own frames on that way down, the
 * one that spends the time. The test method, on every stack, and native frames are not ranked. Stateless.
 */
final class TailFrames {
    /** A frame that holds this part of the extra time of the frame it lies in stands for where that time went. */
    static final double HOLDS_NEARLY_ALL = 0.95;
    /** The least share of the late samples a frame ranked is on. */
    static final double LEAST_LATE_SHARE = 0.01;
    /** With fewer on-time samples there is no contrast: frames are ranked by their late share alone. */
    static final long LEAST_ON_TIME_SAMPLES = 20;

    private TailFrames() {
    }

    /** @return at most {@code most} frames, most first; shares are of all late samples, those between calls too */
    static List<TailFrame> rank(TailSplit split, int most) {
        long lateTotal = split.lateSamples();
        long onTimeTotal = split.onTimeSamples();
        if (lateTotal == 0) {
            return List.of();
        }
        Map<List<String>, Long> late = CollapsedStacks.parsed(split.late());
        late.keySet().removeIf(stack -> stack.get(0).equals(TailSplit.BETWEEN_CALLS)); // counted, not ranked
        List<List<String>> lateStacks = List.copyOf(late.keySet());
        Map<String, Long> onTimeOn = CollapsedStacks.onStacks(CollapsedStacks.parsed(split.onTime()));
        Map<String, Integer> depths = CollapsedStacks.depths(lateStacks, Math::min);
        Set<String> everywhere = CollapsedStacks.outermost(lateStacks);
        List<TailFrame> candidates = new ArrayList<>();
        CollapsedStacks.onStacks(late).forEach((frame, count) -> {
            double lateShare = count / (double) lateTotal;
            double onTimeShare = onTimeTotal < LEAST_ON_TIME_SAMPLES ? Double.NaN
                    : onTimeOn.getOrDefault(frame, 0L) / (double) onTimeTotal;
            if (!everywhere.contains(frame) && CollapsedStacks.javaFrame(frame) && lateShare >= LEAST_LATE_SHARE
                    && (Double.isNaN(onTimeShare) || lateShare > onTimeShare)) {
                candidates.add(new TailFrame(frame, frame, 0, lateShare, onTimeShare, ""));
            }
        });
        candidates.sort(Comparator.comparingDouble(TailFrame::excess).reversed()
                .thenComparing(frame -> depths.get(frame.frame())).thenComparing(TailFrame::frame));
        Map<String, TailFrame> ranked = new LinkedHashMap<>();
        for (TailFrame candidate : candidates) {
            rankOrFold(candidate, ranked, lateStacks, depths, most);
        }
        return ranked.values().stream().map(found -> named(found, late)).toList();
    }

    /** Ranks a candidate, folds it into a frame ranked that it lies in, or leaves it out. */
    private static void rankOrFold(TailFrame candidate, Map<String, TailFrame> ranked, List<List<String>> lateStacks,
                                   Map<String, Integer> depths, int most) {
        TailFrame within = ranked.values().stream().filter(listed -> inside(candidate.frame(), listed.frame(),
                lateStacks)).max(Comparator.comparing(listed -> depths.get(listed.frame()))).orElse(null);
        if (within != null && candidate.excess() >= HOLDS_NEARLY_ALL * within.excess()) {
            int depth = depths.get(candidate.frame()) - depths.get(within.frame());
            if (depth > within.depth()) {
                ranked.put(within.frame(), new TailFrame(within.frame(), candidate.frame(), depth,
                        within.lateShare(), within.onTimeShare(), within.caller()));
            }
            return;
        }
        boolean explained = ranked.values().stream().anyMatch(listed -> inside(listed.frame(), candidate.frame(),
                lateStacks) && listed.lateShare() >= HOLDS_NEARLY_ALL * candidate.lateShare());
        if (!explained && ranked.size() < most) {
            ranked.put(candidate.frame(), candidate);
        }
    }

    /** @return the frame as named: the innermost of the code's own down to where its time went, with its caller */
    private static TailFrame named(TailFrame found, Map<List<String>, Long> late) {
        List<String> stack = mostSampled(found.deepest(), late);
        int from = stack.indexOf(found.frame());
        int to = stack.indexOf(found.deepest());
        if (from < 0 || to < from) {
            return found;
        }
        int named = ownFrames(stack, to, from).findFirst().orElse(from);
        String caller = "";
        if (CollapsedStacks.jdkFrame(stack.get(named))) {
            caller = ownFrames(stack, named - 1, -1).mapToObj(stack::get).findFirst().orElse("");
        } else if (named > 1 && CollapsedStacks.javaFrame(stack.get(named - 1))) {
            caller = stack.get(named - 1); // the test method, outermost, calls everything: not said
        }
        return new TailFrame(stack.get(named), found.deepest(), to - named, found.lateShare(), found.onTimeShare(),
                caller);
    }

    /** @return the indices of the code's own frames from {@code from} out to above {@code above}, innermost first */
    private static IntStream ownFrames(List<String> stack, int from, int above) {
        return IntStream.iterate(from, i -> i > above, i -> i - 1)
                .filter(i -> CollapsedStacks.javaFrame(stack.get(i)) && !CollapsedStacks.jdkFrame(stack.get(i)));
    }

    /** @return the late stack with the most samples that has the frame; empty when none has */
    private static List<String> mostSampled(String frame, Map<List<String>, Long> late) {
        return late.entrySet().stream().filter(stack -> stack.getKey().contains(frame))
                .max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(List.of());
    }

    /** @return whether, in every late stack with the frame, the outer frame is on it further out */
    private static boolean inside(String frame, String outer, List<List<String>> lateStacks) {
        List<List<String>> withFrame = lateStacks.stream().filter(stack -> stack.contains(frame)).toList();
        return !withFrame.isEmpty() && withFrame.stream()
                .allMatch(stack -> stack.contains(outer) && stack.indexOf(outer) < stack.indexOf(frame));
    }
}

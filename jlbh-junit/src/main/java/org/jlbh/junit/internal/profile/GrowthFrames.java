package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranks the frames the change's calls spent more time in than its base's, from the collapsed stacks of each side's
 * calls (the test method's frame outermost on each, the same class name on both sides): each frame's time a call is
 * the samples with it on their stack, times the sampling period, over the calls measured; frames are ranked by how
 * much more of it the change took, and kept only where that is more than twice its standard error, so that a frame
 * the noise of counting samples put ahead is not named; of frames that grew alike, the innermost comes first. The test
 * method's own frame, on every stack, is the whole of each side's time, not a place: not ranked; its own code is
 * ({@link TailFrame#OWN_CODE}: the samples whose innermost Java frame is the test method's). Native frames are where
 * Java frames' time went (the clock read under {@code System.nanoTime}), and the JIT may inline such a call on one
 * side and not the other: they are not ranked. Stateless.
 */
public final class GrowthFrames {
    /** How many standard errors a frame's growth must exceed to be named. */
    static final double STANDARD_ERRORS = 2;

    private GrowthFrames() {
    }

    /**
     * One side's profiled calls.
     *
     * @param stacks       collapsed stacks of the samples in the test method, with how many samples each
     * @param calls        how many calls of the test method were measured
     * @param periodNanos  the sampling period, as measured: the profiled runs' time over their samples, nanoseconds
     */
    public record Side(Map<String, Long> stacks, long calls, double periodNanos) {
        /** Copies the stacks. */
        public Side {
            stacks = Map.copyOf(stacks);
        }

        /** @return how many samples were in the test method */
        public long samples() {
            return stacks.values().stream().mapToLong(Long::longValue).sum();
        }

        /** @return the time a call, in microseconds, that {@code samples} samples stand for */
        double micros(long samples) {
            return calls == 0 ? 0 : samples * periodNanos / calls / 1e3;
        }

    }

    /**
     * @param change the change's calls
     * @param base   the base's calls
     * @param most   how many frames to rank at most
     * @return the frames the change spent measurably more time a call in, most first
     */
    public static List<GrownFrame> rank(Side change, Side base, int most) {
        // each stack as frames, the test method's own code a frame of its own ({@link TailFrame#OWN_CODE})
        Map<List<String>, Long> changeStacks = TailFrames.parsed(change.stacks());
        Map<List<String>, Long> baseStacks = TailFrames.parsed(base.stacks());
        Map<String, Long> changeOn = TailFrames.onStacks(changeStacks);
        Map<String, Long> baseOn = TailFrames.onStacks(baseStacks);
        Set<String> everywhere = new HashSet<>();
        changeStacks.keySet().forEach(stack -> everywhere.add(stack.get(0)));
        baseStacks.keySet().forEach(stack -> everywhere.add(stack.get(0)));
        List<GrownFrame> grown = new ArrayList<>();
        changeOn.forEach((frame, count) -> {
            long inBase = baseOn.getOrDefault(frame, 0L);
            double error = Math.hypot(change.micros(1) * Math.sqrt(count), base.micros(1) * Math.sqrt(inBase));
            GrownFrame candidate = new GrownFrame(frame, change.micros(count), base.micros(inBase), error);
            if (!everywhere.contains(frame) && TailFrames.javaFrame(frame)
                    && candidate.growthMicros() > STANDARD_ERRORS * error) {
                grown.add(candidate);
            }
        });
        // of frames that grew alike (a method and the one it calls that took the time), the innermost first
        Map<String, Integer> depths = new HashMap<>();
        changeStacks.keySet().forEach(stack -> {
            for (int i = 0; i < stack.size(); i++) {
                depths.merge(stack.get(i), i, Math::max);
            }
        });
        grown.sort(Comparator.comparingDouble(GrownFrame::growthMicros).reversed()
                .thenComparing(frame -> -depths.get(frame.frame())).thenComparing(GrownFrame::frame));
        return List.copyOf(grown.subList(0, Math.min(most, grown.size())));
    }
}

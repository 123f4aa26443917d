package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranks the frames the change's calls spent more time in than its base's: a frame's time a call is the samples with
 * it on their stack, times the sampling period, over the calls. Only growth beyond {@value #STANDARD_ERRORS} standard
 * errors of counting samples is ranked, most first; of frames whose growth differs by less than its error, the
 * innermost first. The test method (on every
 * stack) and native frames (which the JIT may inline on one side only) are not ranked; its own code is. Stateless.
 */
final class GrowthFrames {
    static final double STANDARD_ERRORS = 2;

    private GrowthFrames() {
    }

    /** @return at most {@code most} frames the change spent measurably more time a call in, most first */
    static List<GrownFrame> rank(ChangeAgainstBase.Side change, ChangeAgainstBase.Side base, int most) {
        Map<List<String>, Long> changeStacks = CollapsedStacks.parsed(change.stacks());
        Map<List<String>, Long> baseStacks = CollapsedStacks.parsed(base.stacks());
        Map<String, Long> baseOn = CollapsedStacks.onStacks(baseStacks);
        Set<String> everywhere = CollapsedStacks.outermost(changeStacks.keySet());
        everywhere.addAll(CollapsedStacks.outermost(baseStacks.keySet()));
        List<GrownFrame> grown = new ArrayList<>();
        CollapsedStacks.onStacks(changeStacks).forEach((frame, count) -> {
            long inBase = baseOn.getOrDefault(frame, 0L);
            double error = Math.hypot(change.micros(1) * Math.sqrt(count), base.micros(1) * Math.sqrt(inBase));
            GrownFrame candidate = new GrownFrame(frame, change.micros(count), base.micros(inBase), error);
            if (!everywhere.contains(frame) && CollapsedStacks.javaFrame(frame)
                    && candidate.growthMicros() > STANDARD_ERRORS * error) {
                grown.add(candidate);
            }
        });
        Map<String, Integer> depths = CollapsedStacks.depths(changeStacks.keySet(), Math::max);
        grown.sort(Comparator.comparingDouble(GrownFrame::growthMicros).reversed()
                .thenComparing(frame -> -depths.get(frame.frame())).thenComparing(GrownFrame::frame));
        // of frames that grew alike (a caller by its callee's growth and its own code's, within the error), the
        // innermost first: each frame passes the shallower ones ahead of it that grew alike
        for (int i = 1; i < grown.size(); i++) {
            for (int at = i; at > 0 && alike(grown.get(at - 1), grown.get(at))
                    && depths.get(grown.get(at).frame()) > depths.get(grown.get(at - 1).frame()); at--) {
                Collections.swap(grown, at - 1, at);
            }
        }
        return List.copyOf(grown.subList(0, Math.min(most, grown.size())));
    }

    /** @return whether the frame ahead grew by less than either's error more than the one behind it */
    private static boolean alike(GrownFrame ahead, GrownFrame behind) {
        return ahead.growthMicros() - behind.growthMicros() < Math.max(ahead.errorMicros(), behind.errorMicros());
    }
}

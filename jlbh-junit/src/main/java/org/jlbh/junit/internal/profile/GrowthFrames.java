package org.jlbh.junit.internal.profile;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Ranks the frames whose own time a call grew from the base to the change, as the differential flame graph colours
 * them. A sample's time is put down to the innermost of the code's own frames on its stack (a Java method not of the
 * JDK: the code's, a library's, or the test method's own code, {@link CollapsedStacks#OWN_CODE}), the JDK's and native
 * frames it calls included, and the frames the JVM generates for a lambda ({@code $$Lambda}) too; a frame's own time a
 * call is its samples, times the sampling period, over the calls. A caller that holds the growth without its own time
 * growing is not ranked: the way from the test method to each frame ranked names it. Only growth beyond
 * {@value #STANDARD_ERRORS} standard errors of counting samples is ranked, most first; of frames that grew as much, the
 * innermost first. A method reached by several ways adds their time up. Stateless.
 */
final class GrowthFrames {
    static final double STANDARD_ERRORS = 2;

    private GrowthFrames() {
    }

    /**
     * Where a sample's time is put down.
     *
     * @param frame the innermost of the code's own frames on the stack
     * @param way   the code's own frames from the test method to it, the outermost first (the JDK's, the JVM's and
     *              lambdas' left out)
     * @param inJdk the JDK's frames under it, from the one it calls to the innermost; empty in its own code
     */
    private record Own(String frame, List<String> way, List<String> inJdk) {
        static Own of(String stack) {
            List<String> frames = List.of(stack.split(";"));
            int at = frames.size() - 1;
            while (at > 0 && !codeFrame(frames.get(at))) {
                at--;
            }
            String frame = frames.get(at).equals(frames.get(0)) ? frames.get(0) + CollapsedStacks.OWN_CODE
                    : frames.get(at);
            return new Own(frame, frames.subList(0, at + 1).stream().filter(Own::codeFrame).toList(),
                    frames.subList(at + 1, frames.size()).stream().filter(CollapsedStacks::jdkFrame).toList());
        }

        /** @return the JDK's method it calls; empty in its own code */
        String entry() {
            return inJdk.isEmpty() ? "" : inJdk.get(0);
        }

        private static boolean codeFrame(String frame) {
            return CollapsedStacks.javaFrame(frame) && !CollapsedStacks.jdkFrame(frame) && !frame.contains("$$Lambda");
        }
    }

    /** @return at most {@code most} frames whose own time a call the change measurably grew, most first */
    static List<GrownFrame> rank(ChangeAgainstBase.Side change, ChangeAgainstBase.Side base, int most) {
        Map<Own, Long> changeOwn = own(change.stacks());
        Map<Own, Long> baseOwn = own(base.stacks());
        Map<String, Double> baseByFrame = summed(baseOwn, Own::frame);
        double changeSample = change.micros(1);
        double baseSample = base.micros(1);
        return summed(changeOwn, Own::frame).entrySet().stream().map(frame -> {
            double inChange = frame.getValue();
            double inBase = baseByFrame.getOrDefault(frame.getKey(), 0.0);
            return new GrownFrame(frame.getKey(), changeSample * inChange, baseSample * inBase,
                    Math.hypot(changeSample * Math.sqrt(inChange), baseSample * Math.sqrt(inBase)), List.of(), List.of());
        }).filter(frame -> frame.growthMicros() > STANDARD_ERRORS * frame.errorMicros())
                .map(frame -> reached(frame, changeOwn, baseOwn, changeSample == 0 ? 0 : baseSample / changeSample))
                .sorted(Comparator.comparingDouble(GrownFrame::growthMicros).reversed()
                        .thenComparing(frame -> -frame.way().size()).thenComparing(GrownFrame::frame))
                .limit(most).toList();
    }

    /**
     * @return the frame with the way to it its own time grew the most by, and there the JDK's frames under it that it
     *         grew the most in: of the JDK's methods it calls, the one it grew the most in, down to the innermost
     *         frame it grew the most in; {@code baseScale} is what a base sample stands for in the change's samples
     */
    private static GrownFrame reached(GrownFrame frame, Map<Own, Long> changeOwn, Map<Own, Long> baseOwn,
                                      double baseScale) {
        Map<Own, Double> grown = new HashMap<>();
        changeOwn.forEach((own, count) -> {
            if (own.frame().equals(frame.frame())) {
                grown.put(own, count - baseScale * baseOwn.getOrDefault(own, 0L));
            }
        });
        List<String> way = most(summed(grown, Own::way));
        grown.keySet().removeIf(own -> !own.way().equals(way));
        String entry = most(summed(grown, Own::entry));
        grown.keySet().removeIf(own -> !own.entry().equals(entry));
        return new GrownFrame(frame.frame(), frame.changeMicros(), frame.baseMicros(), frame.errorMicros(), way,
                most(summed(grown, Own::inJdk)));
    }

    /** @return the key with the most; of those alike, the first in its text */
    private static <K> K most(Map<K, Double> grown) {
        return grown.entrySet().stream().max(Map.Entry.<K, Double>comparingByValue()
                .thenComparing(entry -> entry.getKey().toString(), Comparator.reverseOrder())).orElseThrow().getKey();
    }

    private static <K> Map<K, Double> summed(Map<Own, ? extends Number> counts, Function<Own, K> by) {
        Map<K, Double> summed = new HashMap<>();
        counts.forEach((own, count) -> summed.merge(by.apply(own), count.doubleValue(), Double::sum));
        return summed;
    }

    /** @return the samples of each place their time is put down */
    private static Map<Own, Long> own(Map<String, Long> stacks) {
        Map<Own, Long> own = new HashMap<>();
        stacks.forEach((stack, count) -> own.merge(Own.of(stack), count, Long::sum));
        return own;
    }
}

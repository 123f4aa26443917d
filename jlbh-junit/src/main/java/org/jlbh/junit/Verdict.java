package org.jlbh.junit;

import java.util.ArrayList;
import java.util.List;

/**
 * Over which runs a {@link LatencyBudget} (and an allocation budget) is judged.
 *
 * <p>The guide's page on it: {@code docs/noisy-machines.md}.
 */
public enum Verdict {
    /**
     * The median run's value must be within budget (the default): one unlucky run on a noisy machine does not fail
     * the test, a consistent breach does. With an even number of runs, the worse of the two middle runs counts.
     */
    MEDIAN_RUN,
    /** Every run's value must be within budget. */
    EVERY_RUN;

    /**
     * @param runValues each run's value of a cost (latency, bytes), at least one, in any order
     * @return the value this verdict judges: the median run's (for an even number of runs, the worse of the two in
     *         the middle), or for {@link #EVERY_RUN} the worst run's
     * @throws IllegalArgumentException when there is no value
     */
    public double judge(List<Double> runValues) {
        if (runValues.isEmpty()) {
            throw new IllegalArgumentException("no run to judge");
        }
        List<Double> sorted = new ArrayList<>(runValues);
        sorted.sort(null);
        return this == EVERY_RUN ? sorted.get(sorted.size() - 1) : sorted.get(sorted.size() / 2);
    }
}

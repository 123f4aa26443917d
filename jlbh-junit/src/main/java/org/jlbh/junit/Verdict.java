package org.jlbh.junit;

import java.util.ArrayList;
import java.util.List;

/** Over which runs a {@link LatencyBudget} (and an allocation budget) is judged. */
public enum Verdict {
    /** The median run's value must be within budget; with an even number of runs, the worse of the middle two. */
    MEDIAN_RUN,
    /** Every run's value must be within budget. */
    EVERY_RUN;

    /**
     * @param runValues each run's value of a cost (latency, bytes), in any order
     * @return the value this verdict judges
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

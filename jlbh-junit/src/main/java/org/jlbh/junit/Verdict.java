package org.jlbh.junit;

/** Over which runs a {@link LatencyBudget} is judged. */
public enum Verdict {
    /**
     * The median run's value must be within budget (the default): one unlucky run on a noisy machine does not fail
     * the test, a consistent breach does. With an even number of runs, the worse of the two middle runs counts.
     */
    MEDIAN_RUN,
    /** Every run's value must be within budget. */
    EVERY_RUN
}

package org.jlbh.junit.internal.judge;

import org.jlbh.junit.internal.config.Budget;

import java.util.Optional;

/**
 * A latency budget of a test checked against one attempt. Immutable.
 *
 * @param latencyBudget the budget
 * @param check       the percentile check over the attempt's runs
 * @param explanation when the budget broke and the platform's stalls explain it: how; else empty
 */
public record LatencyCheck(Budget latencyBudget, PercentileCheck check, Optional<StallExplanation> explanation)
        implements Check {

    @Override
    public String budget() {
        return latencyBudget.describe();
    }

    @Override
    public String measured() {
        return check.measured();
    }

    @Override
    public boolean met() {
        return check.met();
    }

    /** @return the percentile check's breach, and the budget as declared when {@code jlbh.budget.factor} scaled it */
    @Override
    public Optional<String> breach() {
        return check.breach().map(breach -> latencyBudget.scaled()
                ? breach + " [budget " + latencyBudget.describe() + "]" : breach);
    }
}

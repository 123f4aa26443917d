package org.jlbh.junit.internal.config;

import java.lang.reflect.Method;

/**
 * The validated settings of one latency test, read by {@link TestSettingsReader}: who the test is, the configuration
 * parameters, what it runs and what it is judged by. Immutable.
 */
public record TestSettings(TestIdentity identity, Configuration configuration, RunPlan run, Budgets budgets) {

    /** @return the test method */
    public Method method() {
        return identity.method();
    }

    /** @return {@link TestIdentity#displayName()} */
    public String displayName() {
        return identity.displayName();
    }

    /** @return the run plan, verdict and budgets in one line */
    public String describeRuns() {
        return run.describe() + ", verdict " + budgets.verdict() + "; budgets: " + budgets.describe();
    }
}

package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

import java.lang.reflect.Method;

/**
 * The validated settings of one latency test, by concern: who the test is ({@link TestIdentity}), what it runs
 * ({@link RunPlan}), what it is judged by ({@link Budgets}) and how it is judged and reported ({@link Configuration},
 * the configuration parameters). Read from its {@link LatencyTest}, its {@link LatencyBudget}s and the configuration
 * parameters by {@link TestSettingsReader}. Immutable.
 *
 * @param identity      which test, and the names its reports go by
 * @param configuration the configuration parameters
 * @param run           what it runs
 * @param budgets       what it is judged by
 */
public record TestSettings(TestIdentity identity, Configuration configuration, RunPlan run, Budgets budgets) {

    /** @return the test method */
    public Method method() {
        return identity.method();
    }

    /** @return e.g. {@code OrderTest.parse} ({@link TestIdentity#displayName()}) */
    public String displayName() {
        return identity.displayName();
    }

    /** @return e.g. {@code com.example.OrderTest.parse} ({@link TestIdentity#qualifiedName()}) */
    public String qualifiedName() {
        return identity.qualifiedName();
    }

    /** @return a one-line description for the report's header */
    public String describe() {
        return displayName() + ": " + describeRuns();
    }

    /** @return the settings and budgets in one line, without the test's name */
    public String describeRuns() {
        return run.describe() + ", verdict " + budgets.verdict() + "; budgets: " + budgets.describe();
    }
}

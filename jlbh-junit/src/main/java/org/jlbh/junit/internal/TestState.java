package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.run.Measurement;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * What one latency test needs from its setup to its verdict, kept in its context's store: its settings, its
 * measurement (whose probes and context its parameters receive) and, for a sweep's invocation, its rate. Immutable.
 *
 * @param settings    the test's validated settings
 * @param measurement its measurement, prepared
 * @param sweep       its rate, when it is one of a sweep's invocations
 * @param base        in the paired mode, the measurement of the base's side, prepared with the same settings
 */
public record TestState(TestSettings settings, Measurement measurement, Optional<SweepRate> sweep,
                        Optional<Measurement> base) {

    /** @return the state of the test a context runs, or null when it is not a latency test (or was not set up) */
    static TestState of(ExtensionContext context) {
        return context.getStore(Stores.NAMESPACE).get(TestState.class, TestState.class);
    }

    /** The name a template's invocation goes by in the reports, kept before its settings are validated. */
    record InvocationName(String label) {
    }

    /** The key of a sweep's table in its test class's store, where a {@code SweepOf} parameter finds it. */
    record SweptMethod(Method method) {
    }
}

package org.jlbh.junit;

import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.LatencyParameters;
import org.jlbh.junit.internal.LatencyTestExecution;
import org.jlbh.junit.internal.MachineTurn;
import org.jlbh.junit.internal.Stores;
import org.jlbh.junit.internal.TestPreparation;
import org.jlbh.junit.internal.config.DeclarationRules;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Outcome;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.TestWatcher;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Runs {@link LatencyTest} and {@link LatencyTemplate} methods on the jlbh-core harness, routing JUnit's callbacks:
 * before setup, the test is prepared ({@link TestPreparation}) so that its parameters resolve
 * ({@link LatencyParameters}); after setup it takes its turn on the machine ({@link MachineTurn}); its method's
 * invocation is measured, judged and reported by {@link LatencyTestExecution} in place of JUnit's. Stateless;
 * thread-safe.
 */
class LatencyTestExtension implements ExecutionCondition, BeforeEachCallback, BeforeTestExecutionCallback,
        AfterTestExecutionCallback, ParameterResolver, InvocationInterceptor,
        TestWatcher, TestTemplateInvocationContextProvider {
    /** The namespace of the extension's state in JUnit's stores (tests inject evidence under it). */
    static final ExtensionContext.Namespace NAMESPACE = Stores.NAMESPACE;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty()) {
            return ConditionEvaluationResult.enabled("not a test method");
        }
        if (!DeclarationRules.isLatencyTest(context.getRequiredTestMethod())) {
            // registered for the whole class (a @SweepOf parameter of @AfterAll): its other tests are not ours
            return ConditionEvaluationResult.enabled("not a latency test");
        }
        return Stores.configuration(context).mode().map(mode -> mode == Mode.DISABLED
                        ? ConditionEvaluationResult.disabled(LatencyTestConfiguration.MODE
                        + " = disabled: latency tests are skipped")
                        : ConditionEvaluationResult.enabled(LatencyTestConfiguration.MODE + " = "
                        + mode.name().toLowerCase(Locale.ROOT)))
                // let the test start: its setup fails it with a configuration error that names the method
                .orElse(ConditionEvaluationResult.enabled(LatencyTestConfiguration.MODE + " cannot be read"));
    }

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return DeclarationRules.invocationsAreOurs(context.getRequiredTestMethod());
    }

    /** A sweep's invocations, one per rate, named by it; a template with neither a sweep nor another is refused. */
    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Sweep sweep = DeclarationRules.sweepOf(context.getRequiredTestMethod());
        return sweep.rates().stream().map(rate -> new TestTemplateInvocationContext() {
            @Override
            public String getDisplayName(int invocationIndex) {
                return Sweep.label(rate);
            }
        });
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        TestPreparation.prepare(context);
    }

    /** Takes a latency test's turn on the machine ({@link MachineTurn} says when, for how long, what on timeout). */
    @Override
    public void beforeTestExecution(ExtensionContext context) throws InterruptedException {
        MachineTurn.take(context);
    }

    /** Gives the turn back once the method has been measured, judged and reported. */
    @Override
    public void afterTestExecution(ExtensionContext context) {
        MachineTurn.giveBack(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return LatencyParameters.supports(parameter);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (parameter.getParameter().getType() == SweepResult.class) {
            LatencyParameters.Swept swept = LatencyParameters.sweepOf(parameter, context);
            return new SweepResult(swept.rates(), swept.knee());
        }
        return LatencyParameters.resolve(parameter, context);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        LatencyTestExecution.intercept(invocation, invocationContext, context);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
                                            ReflectiveInvocationContext<Method> invocationContext,
                                            ExtensionContext context) throws Throwable {
        LatencyTestExecution.intercept(invocation, invocationContext, context);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        LatencyTestExecution.endedWithoutResult(context, Outcome.FAILED, cause);
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        LatencyTestExecution.endedWithoutResult(context, Outcome.INCONCLUSIVE, cause);
    }
}

package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.internal.TextReport;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.Body;
import org.jlbh.junit.internal.Budget;
import org.jlbh.junit.internal.LatencySettings;
import org.jlbh.junit.internal.MethodTask;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@link LatencyTest} methods on the jlbh-core harness and judges their budgets.
 *
 * <p>Before the test's setup, the settings are validated ({@link LatencySettings}) and the harness is built; probe
 * and context parameters are resolved from it. The test method invocation is then intercepted: the extension
 * binds the method to its instance and arguments ({@link Body}), lets the harness call it once per iteration, and
 * skips JUnit's own single invocation. State lives in the test's extension store; the extension itself is
 * stateless and thread-safe.
 */
class LatencyTestExtension implements ExecutionCondition, BeforeEachCallback, ParameterResolver, InvocationInterceptor {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LatencyTestExtension.class);

    /** What one test invocation needs from setup to verdict. */
    private static final class State {
        final LatencySettings settings;
        final MethodTask task;
        final JLBH jlbh;
        final JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();

        State(LatencySettings settings) {
            this.settings = settings;
            this.task = new MethodTask(!settings.samplesItself(), settings.warmUpIterations(), settings.iterations(),
                    settings.runs());
            this.jlbh = new JLBH(settings.options().jlbhTask(task), System.out, results);
        }
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty()) {
            return ConditionEvaluationResult.enabled("not a test method");
        }
        Mode mode;
        try {
            mode = LatencySettings.mode(context::getConfigurationParameter, "latency tests");
        } catch (ExtensionConfigurationException unparseable) {
            // let the test start: its setup validation fails it with a message that names the method
            return ConditionEvaluationResult.enabled(unparseable.getMessage());
        }
        return mode == Mode.DISABLED
                ? ConditionEvaluationResult.disabled(LatencyTestConfiguration.MODE + " = disabled: latency tests are skipped")
                : ConditionEvaluationResult.enabled(LatencyTestConfiguration.MODE + " = " + mode.name().toLowerCase());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        LatencyTest test = AnnotationSupport.findAnnotation(method, LatencyTest.class)
                .orElseThrow(() -> new IllegalStateException("no @LatencyTest on " + method));
        List<LatencyBudget> budgets = AnnotationSupport.findRepeatableAnnotations(method, LatencyBudget.class);
        LatencySettings settings = LatencySettings.of(method, test, budgets, context::getConfigurationParameter);
        context.getStore(NAMESPACE).put(State.class, new State(settings));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == NanoSampler.class || type == IterationContext.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        State state = context.getStore(NAMESPACE).get(State.class, State.class);
        if (state == null) {
            throw new ParameterResolutionException("latency test parameters are only available to the @LatencyTest method");
        }
        if (parameter.getParameter().getType() == IterationContext.class) {
            return state.task;
        }
        return state.jlbh.addProbe(parameter.findAnnotation(Probe.class).orElseThrow().value());
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        State state = context.getStore(NAMESPACE).get(State.class, State.class);
        try {
            state.task.body(Body.of(invocationContext.getExecutable(), invocationContext.getTarget().orElseThrow(),
                    invocationContext.getArguments().toArray()));
            System.out.println("=== @LatencyTest " + state.settings.describe());
            state.jlbh.start();
        } finally {
            invocation.skip();
        }
        Throwable failure = state.task.failure();
        if (failure != null) {
            failure.addSuppressed(new IterationFailure("thrown by the test body in " + state.task.failedWhere()));
            throw failure;
        }
        judge(state.settings, state.results.get());
    }

    private static void judge(LatencySettings settings, JLBHResult result) {
        List<String> breaches = new ArrayList<>();
        List<String> met = new ArrayList<>();
        try {
            LatencyAssertions.assertThat(result).isComplete();
        } catch (AssertionError incomplete) {
            breaches.add(incomplete.getMessage());
        }
        for (Budget budget : settings.budgets()) {
            try {
                JLBHResultAssert assertion = LatencyAssertions.assertThat(result);
                ProbeResultAssert probe = budget.probe().equals(LatencyBudget.END_TO_END)
                        ? assertion.endToEnd() : assertion.probe(budget.probe());
                probe.hasPercentileAtMostMicros(budget.percentile(), budget.maxMicros(), settings.verdict());
                met.add(budget.describe() + ": " + TextReport.micros(probe.judgedNanos(budget.percentile(), settings.verdict()))
                        + " \u00b5s");
            } catch (AssertionError breach) {
                breaches.add(breach.getMessage() + (budget.maxMicros() == budget.declaredMicros() ? ""
                        : " [budget " + budget.describe() + "]"));
            }
        }
        if (breaches.isEmpty()) {
            System.out.println("=== Latency budgets met (" + settings.verdict() + "): " + String.join("; ", met));
            return;
        }
        String message = String.join(System.lineSeparator(), breaches);
        if (settings.mode() == Mode.REPORT) {
            System.out.println("=== Latency budget breached (" + LatencyTestConfiguration.MODE + " = report, not failing): "
                    + message);
            return;
        }
        throw new AssertionError(message);
    }

    /** Says where in the measurement the test body threw; added to what it threw as a suppressed exception. */
    static final class IterationFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        IterationFailure(String message) {
            super(message, null, false, false);
        }
    }
}

package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.Body;
import org.jlbh.junit.Judgement.Outcome;
import org.jlbh.junit.internal.GcMonitor;
import org.jlbh.junit.internal.LatencySettings;
import org.jlbh.junit.internal.MethodTask;
import org.jlbh.junit.internal.ProbeHandle;
import org.jlbh.junit.internal.ReportSettings;
import org.jlbh.junit.internal.StallSource;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
    static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LatencyTestExtension.class);

    /** What one test invocation needs from setup to verdict. */
    private static final class State {
        final LatencySettings settings;
        final ReportSettings reports;
        final MethodTask task;
        final Map<String, ProbeHandle> probes = new LinkedHashMap<>();

        State(LatencySettings settings, ReportSettings reports) {
            this.settings = settings;
            this.reports = reports;
            this.task = new MethodTask(!settings.samplesItself(), settings.warmUpIterations(), settings.iterations(),
                    settings.runs());
            for (String probe : settings.probes()) {
                probes.put(probe, new ProbeHandle(probe));
            }
        }

        /** @return a harness for one attempt, its probes behind the test's probe parameters */
        JLBH newHarness(JLBHResultConsumer results) {
            JLBH jlbh = new JLBH(settings.options().jlbhTask(task), System.out, results);
            for (ProbeHandle probe : probes.values()) {
                probe.target(jlbh.addProbe(probe.name()));
            }
            return jlbh;
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
        ReportSettings reports = ReportSettings.of(context::getConfigurationParameter,
                "@LatencyTest on method [" + method.toGenericString() + "]");
        context.getStore(NAMESPACE).put(State.class, new State(settings, reports));
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
        return state.probes.get(parameter.findAnnotation(Probe.class).orElseThrow().value());
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        State state = context.getStore(NAMESPACE).get(State.class, State.class);
        LatencySettings settings = state.settings;
        StallSource stalls = context.getStore(NAMESPACE).getOrDefault(StallSource.class, StallSource.class,
                StallSource.OS_JITTER);
        List<Judgement> attempts = new ArrayList<>();
        try {
            state.task.body(Body.of(invocationContext.getExecutable(), invocationContext.getTarget().orElseThrow(),
                    invocationContext.getArguments().toArray()));
            int allowed = settings.retries() + 1;
            for (int attempt = 1; attempt <= allowed; attempt++) {
                System.out.println("=== @LatencyTest " + settings.describe()
                        + (allowed == 1 ? "" : " (attempt " + attempt + " of " + allowed + ")"));
                JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
                JLBH jlbh = state.newHarness(results);
                GcMonitor gc = GcMonitor.start();
                List<GcMonitor.Collection> collections;
                try {
                    jlbh.start();
                } finally {
                    collections = gc.stop();
                }
                Throwable failure = state.task.failure();
                if (failure != null) {
                    failure.addSuppressed(new IterationFailure("thrown by the test body in " + state.task.failedWhere()));
                    throw failure;
                }
                Judgement judgement = Judgement.of(attempt, settings, results.get(), state.task, collections, stalls);
                attempts.add(judgement);
                if (judgement.outcome == Outcome.PASSED) {
                    break;
                }
                if (attempt < allowed) {
                    System.out.println("=== Attempt " + attempt + " of " + allowed + " "
                            + judgement.outcome.name().toLowerCase(Locale.ROOT) + ", measuring again ("
                            + LatencyTestConfiguration.RETRIES + " = " + settings.retries() + "): " + judgement.breaches());
                }
            }
        } finally {
            invocation.skip();
        }
        Verdicts.decide(settings, state.reports, attempts, context);
    }

    /** Says where in the measurement the test body threw; added to what it threw as a suppressed exception. */
    static final class IterationFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        IterationFailure(String message) {
            super(message, null, false, false);
        }
    }
}

package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.LatencyTestExecution;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.EndedTest;
import org.jlbh.junit.internal.report.JUnitPublisher;
import org.jlbh.junit.internal.report.ResultAssembly;
import org.jlbh.junit.internal.report.ReportWriter;
import org.jlbh.junit.internal.report.SuitePage;
import org.jlbh.junit.internal.run.AbandonedBodies;
import org.jlbh.junit.internal.run.Body;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.EvidenceSource;
import org.jlbh.junit.internal.run.LiveEvidence;
import org.jlbh.junit.internal.run.StallSource;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs {@link LatencyTest} methods on the jlbh-core harness. It keeps each test's state in the extension store and
 * delegates: the configuration parameters are read once per test run into the root store; before the test's setup
 * its settings are validated and its measurement prepared (so that probe and context parameters can be resolved);
 * the test method's invocation is then intercepted, measured, judged and reported by
 * {@link LatencyTestExecution}, and JUnit's own single invocation is skipped. Stateless and thread-safe.
 */
class LatencyTestExtension implements ExecutionCondition, BeforeEachCallback, ParameterResolver, InvocationInterceptor,
        TestWatcher {
    static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LatencyTestExtension.class);

    /** What one test needs from setup to verdict. */
    private record State(TestSettings settings, Measurement measurement) {
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty()) {
            return ConditionEvaluationResult.enabled("not a test method");
        }
        return configuration(context).mode().map(mode -> mode == Mode.DISABLED
                        ? ConditionEvaluationResult.disabled(LatencyTestConfiguration.MODE
                        + " = disabled: latency tests are skipped")
                        : ConditionEvaluationResult.enabled(LatencyTestConfiguration.MODE + " = "
                        + mode.name().toLowerCase(Locale.ROOT)))
                // let the test start: its setup fails it with a configuration error that names the method
                .orElse(ConditionEvaluationResult.enabled(LatencyTestConfiguration.MODE + " cannot be read"));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        Optional<LatencyTest> latencyTest = AnnotationSupport.findAnnotation(method, LatencyTest.class);
        if (latencyTest.isEmpty()) {
            return; // registered for the whole class (an annotation meta-annotated with @LatencyTest on it): not ours
        }
        LatencyTest test = latencyTest.get();
        if (AnnotationSupport.isAnnotated(method, TestTemplate.class)
                || AnnotationSupport.isAnnotated(method, TestFactory.class)) {
            throw new ExtensionConfigurationException("Configuration error: " + TestSettings.where(method) + " is a "
                    + "test template or factory (@ParameterizedTest, @RepeatedTest, @TestTemplate or @TestFactory), "
                    + "which latency tests do not support yet: its invocations would pass without being measured. "
                    + "Fix: remove the template or factory annotation and measure one case per @LatencyTest method");
        }
        List<LatencyBudget> budgets = AnnotationSupport.findRepeatableAnnotations(method, LatencyBudget.class);
        Configuration configuration = configuration(context).require(TestSettings.where(method));
        TestSettings settings = TestSettings.of(context.getRequiredTestClass(), method, test, budgets, configuration);
        StallSource stalls = context.getStore(NAMESPACE).getOrDefault(StallSource.class, StallSource.class,
                StallSource.OS_JITTER);
        AbandonedBodies abandoned = shared(context, AbandonedBodies.class, AbandonedBodies::new);
        context.getStore(NAMESPACE).put(State.class, new State(settings,
                Measurement.prepare(settings, stalls, evidence(context, configuration), abandoned)));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == NanoSampler.class || type == IterationContext.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        State state = context.getStore(NAMESPACE).get(State.class, State.class);
        if (state == null || !parameter.getDeclaringExecutable().equals(state.settings().method())) {
            throw new ParameterResolutionException(String.format(Locale.ROOT, "A %s parameter is only available to "
                            + "the @LatencyTest method itself, not to [%s]. Fix: declare it on the @LatencyTest method "
                            + "and keep what setup needs elsewhere", parameter.getParameter().getType() == IterationContext.class
                            ? "IterationContext" : "@Probe NanoSampler",
                    parameter.getDeclaringExecutable().toGenericString()));
        }
        if (parameter.getParameter().getType() == IterationContext.class) {
            return state.measurement().context();
        }
        String probe = parameter.findAnnotation(Probe.class).map(Probe::value).orElse("");
        return state.measurement().probe(probe).orElseThrow(() -> new ParameterResolutionException(
                "no probe \"" + probe + "\" is declared by the @LatencyTest method " + state.settings().method()));
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        State state = context.getStore(NAMESPACE).get(State.class, State.class);
        if (state == null) {
            invocation.proceed(); // a method of the class that is not a latency test
            return;
        }
        Configuration configuration = state.settings().configuration();
        ReportWriter reports = new ReportWriter(System.out, configuration, new JUnitPublisher(context));
        context.getStore(NAMESPACE).put(ReportWriter.class, reports);
        try {
            LatencyTestExecution.execute(state.settings(), state.measurement(),
                    Body.of(invocationContext.getExecutable(), invocationContext.getTarget().orElseThrow(),
                            invocationContext.getArguments().toArray()),
                    reports, suitePage(context, configuration.reportDir()));
        } finally {
            invocation.skip();
        }
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        endedWithoutResult(context, Outcome.FAILED, cause);
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        endedWithoutResult(context, Outcome.INCONCLUSIVE, cause);
    }

    /**
     * A test that failed or was aborted before its result was written (a configuration error, a body that threw, an
     * earlier test's body still running) still goes on the suite page, as such.
     */
    private static void endedWithoutResult(ExtensionContext context, Outcome outcome, Throwable cause) {
        ReportWriter reports = context.getStore(NAMESPACE).get(ReportWriter.class, ReportWriter.class);
        if (reports != null && reports.wroteResult() || context.getTestMethod().isEmpty()
                || !AnnotationSupport.isAnnotated(context.getTestMethod(), LatencyTest.class)) {
            return;
        }
        Path reportDir = configuration(context).reportDir();
        EndedTest ended = new EndedTest(ResultAssembly.test(new TestIdentity(context.getRequiredTestClass(),
                context.getRequiredTestMethod())), outcome, String.valueOf(cause.getMessage() == null
                ? cause : cause.getMessage()), Instant.now().toString());
        ReportWriter.writeEnded(reportDir, ended, suitePage(context, reportDir), System.out);
    }

    /**
     * @return where the evidence that attributes late samples comes from: one injected into the store (tests), none
     *         when {@code jlbh.evidence = off}, else this machine's, shared by the test run
     */
    private static EvidenceSource evidence(ExtensionContext context, Configuration configuration) {
        EvidenceSource injected = context.getStore(NAMESPACE).get(EvidenceSource.class, EvidenceSource.class);
        if (injected != null) {
            return injected;
        }
        if (configuration.evidence() == LatencyTestConfiguration.Evidence.OFF) {
            return EvidenceSource.OFF;
        }
        return shared(context, LiveEvidence.class, LiveEvidence::new);
    }

    /** @return the configuration parameters, read once per test run */
    private static Configuration.Loaded configuration(ExtensionContext context) {
        return shared(context, Configuration.Loaded.class,
                () -> Configuration.load(context.getRoot()::getConfigurationParameter));
    }

    /** @return the suite page of this test run, written when the run ends */
    private static SuitePage suitePage(ExtensionContext context, Path reportDir) {
        return shared(context, SuitePage.class, () -> new SuitePage(reportDir.resolve("index.html")));
    }

    /**
     * The test run's one instance of a type, kept in the root store, made on first use. Written with the store's
     * {@code get} and {@code put} alone, which every JUnit from 5.10 to 6 has undeprecated, and made once even when
     * tests run in parallel.
     */
    private static <T> T shared(ExtensionContext context, Class<T> type, Supplier<T> make) {
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        synchronized (LatencyTestExtension.class) {
            T value = store.get(type, type);
            if (value == null) {
                value = make.get();
                store.put(type, value);
            }
            return value;
        }
    }
}

package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.LatencyTestExecution;
import org.jlbh.junit.internal.SweepRate;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.Capacity;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.EndedTest;
import org.jlbh.junit.internal.report.JUnitPublisher;
import org.jlbh.junit.internal.report.ResultAssembly;
import org.jlbh.junit.internal.report.ReportWriter;
import org.jlbh.junit.internal.report.SuitePage;
import org.jlbh.junit.internal.report.SweepTable;
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
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.TestWatcher;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.engine.UniqueId;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Runs {@link LatencyTest} methods on the jlbh-core harness. It keeps each test's state in the extension store and
 * delegates: the configuration parameters are read once per test run into the root store; before the test's setup
 * its settings are validated and its measurement prepared (so that probe and context parameters can be resolved);
 * the test method's invocation is then intercepted, measured, judged and reported by
 * {@link LatencyTestExecution}, and JUnit's own single invocation is skipped. Stateless and thread-safe.
 */
class LatencyTestExtension implements ExecutionCondition, BeforeEachCallback, ParameterResolver, InvocationInterceptor,
        TestWatcher, TestTemplateInvocationContextProvider {
    static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LatencyTestExtension.class);

    /** What one test needs from setup to verdict. */
    private record State(TestSettings settings, Measurement measurement, Optional<SweepRate> sweep) {
    }

    /** The name a template's invocation goes by in the reports, kept before its settings are validated. */
    private record InvocationName(String label) {
    }

    /** The key of a sweep's table in its test class's store, where a {@link SweepOf} parameter finds it. */
    private record SweptMethod(Method method) {
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty()) {
            return ConditionEvaluationResult.enabled("not a test method");
        }
        if (!isLatencyTest(context.getRequiredTestMethod())) {
            // registered for the whole class (a @SweepOf parameter of @AfterAll): its other tests are not ours
            return ConditionEvaluationResult.enabled("not a latency test");
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
    public boolean supportsTestTemplate(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        return AnnotationSupport.findAnnotation(method, LatencyTemplate.class)
                .map(template -> Sweep.declared(template) || otherTemplate(method).isEmpty()).orElse(false);
    }

    /**
     * A sweep's invocations, one per rate, named by it; a template with neither a sweep nor another template is
     * refused here, since it would have no invocation.
     */
    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        LatencyTemplate template = AnnotationSupport.findAnnotation(method, LatencyTemplate.class).orElseThrow();
        Sweep sweep = Sweep.of(method, template).orElseThrow(() -> new ExtensionConfigurationException(
                "Configuration error: " + TestSettings.where(method) + " has no invocation to measure. Fix: sweep "
                        + "rates (rates = {5_000, 10_000}, or ratesFrom, ratesTo and rateSteps), or add "
                        + "@ParameterizedTest or @RepeatedTest; for one measurement, use @LatencyTest"));
        otherTemplate(method).ifPresent(other -> {
            throw sweepAndOtherTemplate(method, other);
        });
        return sweep.rates().stream().map(rate -> new TestTemplateInvocationContext() {
            @Override
            public String getDisplayName(int invocationIndex) {
                return Sweep.label(rate);
            }
        });
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        Optional<LatencyTest> latencyTest = AnnotationSupport.findAnnotation(method, LatencyTest.class);
        Optional<LatencyTemplate> latencyTemplate = AnnotationSupport.findAnnotation(method, LatencyTemplate.class);
        if (latencyTest.isEmpty() && latencyTemplate.isEmpty()) {
            return; // registered for the whole class (an annotation meta-annotated with @LatencyTest on it): not ours
        }
        if (latencyTest.isPresent() && latencyTemplate.isPresent()) {
            throw new ExtensionConfigurationException("Configuration error: method [" + method.toGenericString()
                    + "] is both @LatencyTest and @LatencyTemplate. Fix: keep @LatencyTest for one measurement, "
                    + "@LatencyTemplate for a sweep or a parameterized or repeated test");
        }
        if (AnnotationSupport.isAnnotated(method, TestFactory.class)) {
            throw new ExtensionConfigurationException("Configuration error: " + TestSettings.where(method) + " is a "
                    + "@TestFactory, whose dynamic tests latency tests do not measure: they would pass without being "
                    + "measured. Fix: measure each case with @LatencyTemplate on a @ParameterizedTest, or with a "
                    + "@LatencyTest method of its own");
        }
        List<LatencyBudget> budgets = AnnotationSupport.findRepeatableAnnotations(method, LatencyBudget.class);
        Configuration configuration = configuration(context).require(TestSettings.where(method));
        TestSettings settings;
        Optional<SweepRate> sweep = Optional.empty();
        if (latencyTest.isPresent()) {
            if (AnnotationSupport.isAnnotated(method, TestTemplate.class)) {
                throw new ExtensionConfigurationException("Configuration error: " + TestSettings.where(method)
                        + " is a test template (@ParameterizedTest, @RepeatedTest or @TestTemplate), and @LatencyTest "
                        + "is a @Test, so JUnit runs it once more beside the template's invocations. Fix: use "
                        + "@LatencyTemplate in place of @LatencyTest: it measures each invocation");
            }
            settings = TestSettings.of(context.getRequiredTestClass(), method, latencyTest.get(), budgets,
                    configuration);
        } else {
            LatencyTemplate template = latencyTemplate.get();
            int index = invocationIndex(context);
            Optional<Sweep> swept = Sweep.of(method, template);
            if (swept.isPresent()) {
                otherTemplate(method).ifPresent(other -> {
                    throw sweepAndOtherTemplate(method, other);
                });
            }
            String label = swept.map(s -> Sweep.label(s.rate(index))).orElseGet(() -> {
                String shown = context.getDisplayName();
                return shown.startsWith("[" + index + "]") ? shown : "[" + index + "] " + shown;
            });
            context.getStore(NAMESPACE).put(InvocationName.class, new InvocationName(label));
            int throughput = swept.map(s -> s.rate(index)).orElse(template.throughput());
            settings = TestSettings.of(context.getRequiredTestClass(), method, label, template, throughput, budgets,
                    configuration);
            sweep = swept.map(s -> new SweepRate(s, throughput, shared(classContext(context),
                    new SweptMethod(method), SweepTable.class, () -> new SweepTable(s, template.verdict()))));
        }
        StallSource stalls = context.getStore(NAMESPACE).getOrDefault(StallSource.class, StallSource.class,
                StallSource.OS_JITTER);
        AbandonedBodies abandoned = shared(context.getRoot(), AbandonedBodies.class, AbandonedBodies::new);
        context.getStore(NAMESPACE).put(State.class, new State(settings,
                Measurement.prepare(settings, stalls, evidence(context, configuration), abandoned), sweep));
    }

    private static ExtensionConfigurationException sweepAndOtherTemplate(Method method, Class<?> other) {
        return new ExtensionConfigurationException("Configuration error: " + TestSettings.where(method)
                + " sweeps rates and is also @" + other.getSimpleName() + ": JUnit would run the invocations of "
                + "both, one after the other, not each at every rate. Fix: sweep the rates, or drop the sweep "
                + "and set throughput");
    }

    /** @return the template annotation other than {@link LatencyTemplate} the method carries, if any */
    private static Optional<Class<? extends Annotation>> otherTemplate(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            Class<? extends Annotation> type = annotation.annotationType();
            if (type != LatencyTemplate.class && (type == TestTemplate.class
                    || AnnotationSupport.isAnnotated(type, TestTemplate.class))) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** @return the 1-based index of the template invocation the context runs */
    private static int invocationIndex(ExtensionContext context) {
        UniqueId.Segment last = UniqueId.parse(context.getUniqueId()).getLastSegment();
        if (!last.getValue().startsWith("#")) {
            throw new ExtensionConfigurationException("Configuration error: " + TestSettings.where(
                    context.getRequiredTestMethod()) + " runs as [" + context.getUniqueId() + "], not as a template's "
                    + "invocation. Fix: run it through JUnit Jupiter's test templates");
        }
        return Integer.parseInt(last.getValue().substring(1));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == NanoSampler.class || type == IterationContext.class || type == SweepResult.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (parameter.getParameter().getType() == SweepResult.class) {
            return sweepResult(parameter, context);
        }
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

    /**
     * @return the sweep of the method a {@link SweepOf} parameter names, as measured so far in this test class
     * @throws ParameterResolutionException when it has no {@code @SweepOf}, or names no sweeping template method
     */
    private static SweepResult sweepResult(ParameterContext parameter, ExtensionContext context) {
        String where = parameter.getDeclaringExecutable().toGenericString();
        String name = parameter.findAnnotation(SweepOf.class).map(SweepOf::value).orElseThrow(() ->
                new ParameterResolutionException("Configuration error: the SweepResult parameter of [" + where
                        + "] does not say whose sweep it is. Fix: annotate it @SweepOf(\"<method>\")"));
        List<Method> sweeps = ReflectionSupport.findMethods(context.getRequiredTestClass(),
                m -> m.getName().equals(name) && AnnotationSupport.findAnnotation(m, LatencyTemplate.class)
                        .filter(Sweep::declared).isPresent(), HierarchyTraversalMode.BOTTOM_UP);
        if (sweeps.size() != 1) {
            throw new ParameterResolutionException(String.format(Locale.ROOT, "Configuration error: "
                    + "@SweepOf(\"%s\") on [%s] names %s in %s. Fix: name one @LatencyTemplate method that sweeps "
                    + "rates", name, where, sweeps.isEmpty() ? "no @LatencyTemplate method that sweeps rates"
                    : sweeps.size() + " such methods", context.getRequiredTestClass().getName()));
        }
        SweepTable table = classContext(context).getStore(NAMESPACE).get(new SweptMethod(sweeps.get(0)),
                SweepTable.class);
        List<SweepTable.Measured> measured = table == null ? List.of() : table.measured();
        List<SweepResult.Rate> rates = measured.stream().map(m -> new SweepResult.Rate(m.rate().rate(),
                switch (m.rate().latency()) {
                    case PASSED -> SweepResult.Latency.MET;
                    case INCONCLUSIVE -> SweepResult.Latency.BROKEN_BY_PLATFORM;
                    default -> SweepResult.Latency.BROKEN;
                }, m.measured())).toList();
        return new SweepResult(rates, Capacity.knee(measured.stream().map(SweepTable.Measured::rate).toList()));
    }

    /** @return the context of the test class a test, an invocation or the class itself runs in */
    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext owner = context;
        while (owner.getTestMethod().isPresent()) {
            owner = owner.getParent().orElseThrow();
        }
        return owner;
    }

    private static boolean isLatencyTest(Method method) {
        return AnnotationSupport.isAnnotated(method, LatencyTest.class)
                || AnnotationSupport.isAnnotated(method, LatencyTemplate.class);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        measure(invocation, invocationContext, context);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
                                            ReflectiveInvocationContext<Method> invocationContext,
                                            ExtensionContext context) throws Throwable {
        measure(invocation, invocationContext, context);
    }

    /** Measures, judges and reports a latency test in place of JUnit's single call of its method. */
    private static void measure(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
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
                    reports, suitePage(context, configuration.reportDir()), state.sweep());
        } finally {
            invocation.skip();
            state.sweep().filter(SweepRate::last).ifPresent(sweep -> sweep.table().print(reports.console(),
                    new TestIdentity(state.settings().testClass(), state.settings().method()).displayName()));
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
                || !isLatencyTest(context.getRequiredTestMethod())) {
            return;
        }
        Path reportDir = configuration(context).reportDir();
        InvocationName invocation = context.getStore(NAMESPACE).getOrDefault(InvocationName.class,
                InvocationName.class, new InvocationName(""));
        EndedTest ended = new EndedTest(ResultAssembly.test(new TestIdentity(context.getRequiredTestClass(),
                context.getRequiredTestMethod(), invocation.label())), outcome, String.valueOf(cause.getMessage() == null
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
        return shared(context.getRoot(), LiveEvidence.class, LiveEvidence::new);
    }

    /** @return the configuration parameters, read once per test run */
    private static Configuration.Loaded configuration(ExtensionContext context) {
        return shared(context.getRoot(), Configuration.Loaded.class,
                () -> Configuration.load(context.getRoot()::getConfigurationParameter));
    }

    /** @return the suite page of this test run, written when the run ends */
    private static SuitePage suitePage(ExtensionContext context, Path reportDir) {
        return shared(context.getRoot(), SuitePage.class, () -> new SuitePage(reportDir.resolve("index.html")));
    }

    /**
     * The one instance of a type in a context's store (the root's: the test run's; a template's: its invocations'),
     * made on first use. Written with the store's {@code get} and {@code put} alone, which every JUnit from 5.10 to
     * 6 has undeprecated, and made once even when tests run in parallel.
     */
    private static <T> T shared(ExtensionContext owner, Class<T> type, Supplier<T> make) {
        return shared(owner, type, type, make);
    }

    /** As {@link #shared(ExtensionContext, Class, Supplier)}, one instance per key. */
    private static <T> T shared(ExtensionContext owner, Object key, Class<T> type, Supplier<T> make) {
        ExtensionContext.Store store = owner.getStore(NAMESPACE);
        synchronized (LatencyTestExtension.class) {
            T value = store.get(key, type);
            if (value == null) {
                value = make.get();
                store.put(key, value);
            }
            return value;
        }
    }
}

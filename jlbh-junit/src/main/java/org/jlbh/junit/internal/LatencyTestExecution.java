package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.DeclarationRules;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.AttemptJudgement;
import org.jlbh.junit.internal.judge.Capacity;
import org.jlbh.junit.internal.judge.CodesOwnFigures;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.SequentialRule;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.BaselineGate;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.report.JUnitPublisher;
import org.jlbh.junit.internal.report.ReportWriter;
import org.jlbh.junit.internal.report.json.EndedTest;
import org.jlbh.junit.internal.report.page.SuitePage;
import org.jlbh.junit.internal.report.result.ResultAssembly;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.run.Body;
import org.jlbh.junit.internal.run.Measurement;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One latency test from its bound method to its end, in order: measure (again, while retries are allowed and the
 * budgets broke), judge each attempt, compare the reported attempt with the baseline, decide, report, and end the
 * test as decided. Each step is another package's: {@code run}, {@code judge}, {@code report}. Stateless.
 */
public final class LatencyTestExecution {

    private LatencyTestExecution() {
    }

    /**
     * Measures, judges and reports a latency test in place of JUnit's single call of its method, which is skipped;
     * a method of the class that is not a latency test is called as JUnit would.
     *
     * @throws Throwable as {@link #execute} does
     */
    public static void intercept(InvocationInterceptor.Invocation<Void> invocation,
                                 ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context)
            throws Throwable {
        TestState state = TestState.of(context);
        if (state == null) {
            invocation.proceed(); // a method of the class that is not a latency test
            return;
        }
        Configuration configuration = state.settings().configuration();
        ReportWriter reports = new ReportWriter(System.out, configuration, new JUnitPublisher(context));
        context.getStore(Stores.NAMESPACE).put(ReportWriter.class, reports);
        try {
            execute(state.settings(), state.measurement(), Body.of(invocationContext.getExecutable(),
                            invocationContext.getTarget().orElseThrow(), invocationContext.getArguments().toArray()),
                    reports, Stores.suitePage(context, configuration.reportDir()), state.sweep());
        } finally {
            invocation.skip();
            TestIdentity identity = state.settings().identity();
            state.sweep().filter(SweepRate::last).ifPresent(sweep -> sweep.table().print(reports.console(),
                    new TestIdentity(identity.testClass(), identity.method()).displayName())); // the sweep's, not a rate's
        }
    }

    /**
     * A latency test that failed or was aborted before its result was written (a configuration error, a body that
     * threw, an earlier test's body still running) still goes on the suite page, as such.
     *
     * @param context the test's context
     * @param outcome how it ended
     * @param cause   why
     */
    public static void endedWithoutResult(ExtensionContext context, Outcome outcome, Throwable cause) {
        ReportWriter reports = context.getStore(Stores.NAMESPACE).get(ReportWriter.class, ReportWriter.class);
        if (reports != null && reports.wroteResult() || context.getTestMethod().isEmpty()
                || !DeclarationRules.isLatencyTest(context.getRequiredTestMethod())) {
            return;
        }
        Path reportDir = Stores.configuration(context).reportDir();
        TestState.InvocationName invocation = context.getStore(Stores.NAMESPACE).getOrDefault(
                TestState.InvocationName.class, TestState.InvocationName.class, new TestState.InvocationName(""));
        EndedTest ended = new EndedTest(ResultAssembly.test(new TestIdentity(context.getRequiredTestClass(),
                context.getRequiredTestMethod(), invocation.label())), outcome, String.valueOf(cause.getMessage() == null
                ? cause : cause.getMessage()), Instant.now().toString());
        ReportWriter.writeEnded(reportDir, ended, Stores.suitePage(context, reportDir), System.out);
    }

    /**
     * @param settings    the test's settings
     * @param measurement the test's measurement, its parameters resolved
     * @param body        the test method bound to its instance and arguments
     * @param reports     the test's output
     * @param page        the suite page of this test run
     * @param sweep       the rate of a throughput sweep this invocation measures, if it is one
     * @throws AssertionError       when a budget broke, or the baseline shows a regression, in enforce mode
     * @throws TestAbortedException when the breaches are explained by the platform's stalls, or the body of an
     *                              earlier test is still running
     * @throws Throwable            what the test body threw
     */
    public static void execute(TestSettings settings, Measurement measurement, Body body, ReportWriter reports,
                               SuitePage page, Optional<SweepRate> sweep) throws Throwable {
        measurement.requireNoAbandonedBody();
        measurement.bind(body);
        try {
            measureJudgeAndReport(settings, measurement, reports, page, sweep);
        } finally {
            measurement.reportAbandonedBody(reports.console());
        }
    }

    /**
     * @return how many attempts a test may have: the first, {@code jlbh.retries} more, and, once its runs disagreed,
     *         {@code jlbh.remeasure} more
     */
    private static int allowed(Configuration configuration, int remeasured) {
        return 1 + configuration.retries() + (remeasured > 0 ? configuration.remeasures() : 0);
    }

    private static BaselineGate gate(Configuration configuration) {
        return new BaselineGate(configuration.tolerancePercent(), configuration.baselinePercentiles(),
                configuration.baselineEnvironment() == LatencyTestConfiguration.BaselineEnvironment.ANY,
                BaselineGate.DEFAULT_FAMILY_ALPHA);
    }

    private static void measureJudgeAndReport(TestSettings settings, Measurement measurement, ReportWriter reports,
                                              SuitePage page, Optional<SweepRate> sweep) throws Throwable {
        Configuration configuration = settings.configuration();
        List<AttemptJudgement> attempts = new ArrayList<>();
        int windowStart = 0;
        int retried = 0;
        int remeasured = 0;
        SequentialRule.Judged judged;
        // a window that failed before a retry: it outranks a later one that could not decide
        Optional<SequentialRule.Judged> failedEarlier = Optional.empty();
        for (int number = 1; ; number++) {
            reports.attemptHeader(settings, number, allowed(configuration, remeasured));
            attempts.add(AttemptJudgement.judge(settings, measurement.measure(number, reports.console())));
            judged = SequentialRule.judge(attempts.subList(windowStart, attempts.size()), settings.run().runs(),
                    settings.budgets().verdict());
            if (judged.outcome() == Outcome.PASSED) {
                break;
            }
            if (judged.undecided() && remeasured < configuration.remeasures()) {
                remeasured++;
                reports.measuringAgain(judged, number, allowed(configuration, remeasured));
            } else if (retried < configuration.retries()) {
                // jlbh.retries: a fresh start, each attempt judged on its own
                if (judged.outcome() == Outcome.FAILED) {
                    failedEarlier = Optional.of(judged);
                }
                retried++;
                windowStart = attempts.size();
                reports.measuringAgain(attempts.get(attempts.size() - 1), allowed(configuration, remeasured));
            } else {
                break;
            }
        }
        if (judged.outcome() == Outcome.INCONCLUSIVE && failedEarlier.isPresent()) {
            judged = failedEarlier.get();
        }
        int allowed = allowed(configuration, remeasured);

        Decision judgedOnly = Decision.decide(attempts, allowed, Optional.empty(), configuration.mode(), judged);
        AttemptJudgement reported = judgedOnly.reported();
        // a baseline gates, and records, the figures on the code's own account: they need every run's evidence
        Optional<CodesOwnFigures> codesOwn = configuration.baselineDir().map(dir -> CodesOwnFigures.of(settings,
                reported.attempt(), ResultAssembly.reportedPercentiles(settings)));
        Optional<String> withoutEvidence = codesOwn.flatMap(CodesOwnFigures::missing);
        List<ProbeFigures> probes = ResultAssembly.probes(reported.attempt().result(), settings, codesOwn);
        ResultSnapshot.Test test = ResultAssembly.test(settings.identity());
        withoutEvidence.ifPresent(reports::notGated);
        Optional<BaselineComparison> comparison = withoutEvidence.isPresent() ? Optional.empty()
                : reports.readBaseline(test).map(history -> BaselineComparison.compare(
                        configuration.baselineDir().orElseThrow(), history, probes, ResultAssembly.environment(),
                        gate(configuration), test.id().hashCode()));
        comparison.ifPresent(compared -> reports.comparison(test, compared));
        Decision decided = Decision.decide(attempts, allowed, comparison, configuration.mode(), judged);
        Optional<Capacity.Rate> atRate = sweep.map(rate -> Capacity.Rate.of(rate.rate(), reported));
        Decision decision = sweep.map(rate -> Capacity.judge(decided, comparison, rate.sweep(), atRate.orElseThrow(),
                rate.table().rates())).orElse(decided);
        ResultSnapshot result = ResultAssembly.assemble(settings, attempts, decision, probes, comparison,
                sweep.map(SweepRate::sweep));
        reports.write(result, reported.attempt().result(), page, withoutEvidence);
        reports.verdict(settings, decision);
        sweep.ifPresent(rate -> rate.table().add(atRate.orElseThrow(), result, reported.attempt().result()));

        switch (decision.outcome()) {
            case INCONCLUSIVE:
                throw new TestAbortedException(decision.detail());
            case FAILED:
                throw new AssertionError(decision.detail());
            default:
                break;
        }
    }
}

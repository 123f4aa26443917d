package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.DeclarationRules;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.JUnitPublisher;
import org.jlbh.junit.internal.report.ReportWriter;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultAssembly;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.run.CopiesApart;
import org.jlbh.junit.internal.run.Body;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.store.ReportFolder;
import org.jlbh.junit.internal.store.TestStore;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.time.Instant;
import java.util.Optional;

/**
 * The doorway of a latency test's method call: binds the method (and, in the paired mode, the base's copy) to the
 * test's measurement, hands it to the {@link TestPipeline}, and says what happened to a test that ended before it had
 * a result. Stateless.
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
        TestStore store = new TestStore(Stores.reportFolder(context, configuration.reportDir()), configuration);
        context.getStore(Stores.NAMESPACE).put(TestStore.class, store);
        try {
            Object[] arguments = invocationContext.getArguments().toArray();
            Optional<CopiesApart> base = state.base().flatMap(measurement -> PairedCopies.of(context,
                    configuration.paired().orElseThrow(), invocationContext.getExecutable(), measurement,
                    reports.console()));
            // paired, both sides call their method alike (Body.throughHandle says why)
            Body body = base.isPresent()
                    ? Body.throughHandle(invocationContext.getExecutable(), invocationContext.getTarget().orElseThrow(),
                    arguments)
                    : Body.of(invocationContext.getExecutable(), invocationContext.getTarget().orElseThrow(), arguments);
            execute(state.settings(), state.measurement(), body,
                    reports, store, state.sweep(),
                    base.map(side -> new Paired(side, arguments)),
                    MachineTurn.machineOf(context));
        } finally {
            invocation.skip();
            TestIdentity identity = state.settings().identity(); // the table is the sweep's, not a rate's
            state.sweep().filter(SweepRate::last).ifPresent(sweep -> sweep.table().print(reports.console(),
                    new TestIdentity(identity.testClass(), identity.method(), "").displayName()));
        }
    }

    /**
     * A latency test that failed or was aborted before its result was written (a configuration error, a body that
     * threw, an earlier test's body still running) still goes on the suite page, as such; unless the report folder
     * is the baseline folder's place, whose histories its file would overwrite.
     *
     * @param context the test's context
     * @param outcome how it ended
     * @param cause   why
     */
    public static void endedWithoutResult(ExtensionContext context, Outcome outcome, Throwable cause) {
        TestStore store = context.getStore(Stores.NAMESPACE).get(TestStore.class, TestStore.class);
        if (store != null && store.keptResult() || context.getTestMethod().isEmpty()
                || !DeclarationRules.isLatencyTest(context.getRequiredTestMethod())
                || Stores.configuration(context).overHistory()) {
            return;
        }
        ReportFolder folder = Stores.reportFolder(context, Stores.configuration(context).reportDir());
        TestState.InvocationName invocation = context.getStore(Stores.NAMESPACE).getOrDefault(
                TestState.InvocationName.class, TestState.InvocationName.class, new TestState.InvocationName(""));
        EndedTest ended = new EndedTest(ResultAssembly.test(new TestIdentity(context.getRequiredTestClass(),
                context.getRequiredTestMethod(), invocation.label())), outcome, String.valueOf(cause.getMessage() == null
                ? cause : cause.getMessage()), Instant.now().toString());
        folder.write(ended).ifPresent(error -> ReportWriter.notWritten(System.out, ended, folder.dir(), error));
    }

    /**
     * @param settings    the test's settings
     * @param measurement the test's measurement, its parameters resolved
     * @param body        the test method bound to its instance and arguments
     * @param reports     the test's output
     * @param store       where the test's result and history are kept
     * @param sweep       the rate of a throughput sweep this invocation measures, if it is one
     * @param paired      in the paired mode, the base's side and the change's arguments, when the base has the test
     * @param machine     how the test came to the machine ({@link MachineTurn}), said before it measures
     * @throws AssertionError       when a budget broke, or the baseline or the base shows a regression, in enforce
     *                              mode
     * @throws TestAbortedException when the test is inconclusive (its runs disagree, its breaches are explained by
     *                              the platform's stalls, the body of an earlier test is still running) and {@code
     *                              jlbh.inconclusive = skip}; with {@code fail}, an {@link AssertionError}
     * @throws Throwable            what the test body threw
     */
    public static void execute(TestSettings settings, Measurement measurement, Body body, ReportWriter reports,
                               TestStore store, Optional<SweepRate> sweep, Optional<Paired> paired,
                               ResultSnapshot.MachineRecord machine) throws Throwable {
        measurement.requireNoAbandonedBody();
        measurement.bind(body);
        try {
            reports.machine(machine);
            if (paired.isPresent()) {
                paired.get().side().begin(measurement, paired.get().arguments());
            }
            TestPipeline.run(settings, measurement, reports, store, sweep, paired.map(Paired::side), machine);
        } finally {
            measurement.reportAbandonedBody(reports.console());
            if (paired.isPresent()) {
                paired.get().side().measurement().reportAbandonedBody(reports.console());
                paired.get().side().end();
            }
        }
    }

    /**
     * The base's side of a paired test, and the change's arguments (whose context and probes the base's side
     * replaces with its own).
     *
     * @param side      the base's side
     * @param arguments the change's method's resolved arguments
     */
    public record Paired(CopiesApart side, Object[] arguments) {
    }
}

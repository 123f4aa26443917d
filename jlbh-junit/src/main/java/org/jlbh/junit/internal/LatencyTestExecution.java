package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.DeclarationRules;
import org.jlbh.junit.internal.config.InconclusiveEnd;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.AttemptJudgement;
import org.jlbh.junit.internal.judge.Capacity;
import org.jlbh.junit.internal.judge.CodesOwnFigures;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.FloorRoom;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.SequentialRule;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.BaselineGate;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.profile.ChangeAgainstBase;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.LateAgainstOnTime;
import org.jlbh.junit.internal.profile.Profiling;
import org.jlbh.junit.internal.report.JUnitPublisher;
import org.jlbh.junit.internal.report.ReportWriter;
import org.jlbh.junit.internal.report.json.EndedTest;
import org.jlbh.junit.internal.report.page.SuitePage;
import org.jlbh.junit.internal.report.result.ResultAssembly;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.BaseSide;
import org.jlbh.junit.internal.run.Body;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.PairedAttempt;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.TestAbortedException;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

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
            Object[] arguments = invocationContext.getArguments().toArray();
            Optional<BaseSide> base = state.base().flatMap(measurement -> PairedBase.of(context,
                    configuration.paired().orElseThrow(), invocationContext.getExecutable(), measurement,
                    reports.console()));
            // paired, both sides call their method alike (Body.throughHandle says why)
            Body body = base.isPresent()
                    ? Body.throughHandle(invocationContext.getExecutable(), invocationContext.getTarget().orElseThrow(),
                    arguments)
                    : Body.of(invocationContext.getExecutable(), invocationContext.getTarget().orElseThrow(), arguments);
            execute(state.settings(), state.measurement(), body,
                    reports, Stores.suitePage(context, configuration.reportDir()), state.sweep(),
                    base.map(side -> new Paired(side, arguments)),
                    MachineTurn.of(context, state.settings()).machine());
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
                               SuitePage page, Optional<SweepRate> sweep, Optional<Paired> paired,
                               ResultSnapshot.MachineRecord machine) throws Throwable {
        measurement.requireNoAbandonedBody();
        measurement.bind(body);
        try {
            reports.machine(machine);
            if (paired.isPresent()) {
                paired.get().side().begin(measurement, paired.get().arguments());
            }
            measureJudgeAndReport(settings, measurement, reports, page, sweep, paired.map(Paired::side), machine);
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
    public record Paired(BaseSide side, Object[] arguments) {
    }

    private static BaselineGate gate(Configuration configuration) {
        return new BaselineGate(configuration.tolerancePercent(), configuration.baselinePercentiles(),
                configuration.baselineEnvironment() == LatencyTestConfiguration.BaselineEnvironment.ANY,
                BaselineGate.DEFAULT_FAMILY_ALPHA);
    }

    /**
     * @return the attempt measured: in the paired mode, the change's side of a paired attempt, whose base side is
     *         added to {@code baseAttempts}. Both sides' harnesses print their runs into memory while they measure, the
     *         change's report then printed before the base's: a line that reached the console during a run would wake
     *         whatever reads the console (the launcher's parent process, a pipe's reader) on one side's account only
     */
    private static Attempt measure(int number, boolean again, Measurement measurement, Optional<BaseSide> base,
                                   List<Attempt> baseAttempts, ReportWriter reports) throws Throwable {
        if (base.isEmpty()) {
            return measurement.measure(number, again, reports.console());
        }
        ByteArrayOutputStream changeReport = new ByteArrayOutputStream();
        ByteArrayOutputStream baseReport = new ByteArrayOutputStream();
        PairedAttempt both;
        try (PrintStream changeOut = new PrintStream(changeReport, true, StandardCharsets.UTF_8);
             PrintStream baseOut = new PrintStream(baseReport, true, StandardCharsets.UTF_8)) {
            both = measurement.measurePaired(number, again, changeOut, base.get().measurement(), baseOut);
        } finally {
            reports.console().print(changeReport.toString(StandardCharsets.UTF_8));
            reports.baseReport(number, baseReport.toString(StandardCharsets.UTF_8));
        }
        baseAttempts.add(both.base());
        return both.change();
    }

    /**
     * @return each probe's figures over the attempts' runs in the order measured, on the code's own account where
     *         every run has its evidence
     */
    private static List<ProbeFigures> probesOf(TestSettings settings, List<Attempt> attempts) {
        java.util.Collection<Double> percentiles = ResultAssembly.reportedPercentiles(settings);
        List<List<ProbeFigures>> ofAttempts = new ArrayList<>();
        for (Attempt attempt : attempts) {
            ofAttempts.add(ResultAssembly.probes(attempt.result(), settings,
                    Optional.of(CodesOwnFigures.of(settings, attempt, percentiles))));
        }
        return ProbeFigures.concat(ofAttempts);
    }

    /**
     * @param notAgain why runs that disagreed were not measured again, where they were not
     * @return how the measurement ended, e.g. {@code decided after 3 runs of 10,000 iterations (1.0 s each)}, {@code
     *         undecided after 12 runs of 10,000 iterations (1.0 s each), the most jlbh.remeasure.undecided = 3 allows}, {@code 3
     *         runs of 100,000 iterations (10.0 s each) in 1 attempt, runs as set}
     */
    private static String ended(TestSettings settings, AttemptLoop.Ended ended, Optional<String> notAgain) {
        int runs = ended.runs();
        int attempts = ended.attempts().size();
        RunPlan plan = settings.run();
        String ofRuns = String.format(Locale.ROOT, "%d run%s of %,d iterations (%s each)", runs,
                runs == 1 ? "" : "s", plan.iterations(), runTime(plan.scheduledRunNanos()));
        if (!plan.sizing().runs()) {
            return ofRuns + " in " + attempts + " attempt" + (attempts == 1 ? "" : "s") + ", runs as set";
        }
        if (!ended.judged().undecided()) {
            return (ended.judged().outcome() == Outcome.INCONCLUSIVE ? "inconclusive after " : "decided after ")
                    + ofRuns;
        }
        return "undecided after " + ofRuns + notAgain.map(why -> ", not measured again: " + why).orElse(", the most "
                + LatencyTestConfiguration.REMEASURE_UNDECIDED + " = " + settings.configuration().remeasures()
                + " allows");
    }

    /** @return a run's scheduled time: {@code 1.0 s} from a second, {@code 50 ms} or {@code 2.50 ms} below it */
    static String runTime(long nanos) {
        double millis = nanos / 1e6;
        if (millis >= 999.5) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1e3);
        }
        return String.format(Locale.ROOT, millis >= 9.995 ? "%.0f ms" : "%.2f ms", millis);
    }

    /** @return the change against its base over the pairs of every attempt so far */
    private static PairedComparison comparePaired(TestSettings settings, List<Attempt> baseAttempts,
                                                  List<AttemptJudgement> attempts) {
        Configuration configuration = settings.configuration();
        return PairedComparison.compare(probesOf(settings, baseAttempts),
                probesOf(settings, attempts.stream().map(AttemptJudgement::attempt).toList()),
                configuration.baselinePercentiles(), configuration.paired().orElseThrow().tolerancePercent());
    }

    private static void measureJudgeAndReport(TestSettings settings, Measurement measurement, ReportWriter reports,
                                              SuitePage page, Optional<SweepRate> sweep, Optional<BaseSide> base,
                                              ResultSnapshot.MachineRecord machine) throws Throwable {
        Configuration configuration = settings.configuration();
        Profiling.prepare(settings); // before the body is compiled
        long began = System.nanoTime();
        // sized runs stop when decided: this machine's own floor says at once where a budget cannot be told apart
        List<FloorRoom> floor = List.of();
        if (settings.run().sizing().runs()) {
            floor = FloorRoom.beside(settings.budgets(), measurement.floor(reports.console())::micros);
        }
        boolean noRoom = floor.stream().anyMatch(FloorRoom::noRoom);
        // above a sweep's required throughput, latency budgets are reported, not enforced: runs that disagree there
        // say the knee is about here, and measuring them again would decide nothing that fails
        boolean aboveRequired = sweep.map(rate -> !rate.sweep().enforced(rate.rate())).orElse(false);
        Optional<String> notAgain = noRoom ? Optional.of("this machine's own floor leaves the code no room")
                : aboveRequired ? Optional.of(String.format(Locale.ROOT, "above the required throughput (%,d/s) "
                + "nothing is enforced", sweep.orElseThrow().sweep().requiredThroughput())) : Optional.empty();
        reports.cost(settings, settings.run().mostNanos(aboveRequired ? 0 : configuration.remeasures()), floor);
        List<Attempt> baseAttempts = new ArrayList<>();
        AttemptLoop.Ended ended = AttemptLoop.run(settings, notAgain.isPresent(), (number, again) ->
                AttemptJudgement.judge(settings, measure(number, again, measurement, base, baseAttempts, reports)),
                made -> base.isEmpty() ? Optional.empty()
                        : comparePaired(settings, baseAttempts, made).leaningToRegression(), reports);
        List<AttemptJudgement> attempts = ended.attempts();
        SequentialRule.Judged judged = ended.judged();
        int allowed = ended.allowed();

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
        List<ProbeFigures> baseProbes = base.isEmpty() ? List.of() : probesOf(settings, baseAttempts);
        Optional<PairedComparison> paired = base.map(side -> comparePaired(settings, baseAttempts, attempts));
        paired.ifPresent(compared -> reports.paired(compared, base.orElseThrow().classPath().describe(),
                base.orElseThrow().classPath().dependencies()));
        Decision decided = Decision.decide(attempts, allowed, comparison, paired, configuration.mode(), judged);
        Optional<Capacity.Rate> atRate = sweep.map(rate -> Capacity.Rate.of(rate.rate(), reported));
        Decision capacity = sweep.map(rate -> Capacity.judge(decided, comparison, rate.sweep(), atRate.orElseThrow(),
                rate.table().rates())).orElse(decided);
        boolean stoppedByFloor = noRoom && judged.undecided();
        Decision verdict = (stoppedByFloor ? capacity.withNote("Not measured again: " + floor.stream()
                .filter(FloorRoom::noRoom).map(FloorRoom::describe).collect(Collectors.joining("; "))) : capacity)
                .withWhatWouldDecide(judged, stoppedByFloor, configuration.remeasures());
        double measuringSeconds = (System.nanoTime() - began) / 1e9;
        String howEnded = ended(settings, ended, notAgain);
        // after the verdict, which it never changes: where the late iterations spent their time
        Optional<CodeProfile<LateAgainstOnTime>> profile = Profiling.tail(settings, verdict, measurement,
                attempts.size() + 1, test.id()).map(reports::profile);
        // and, in the paired mode, where the change spent more time than its base
        Optional<CodeProfile<ChangeAgainstBase>> growth = paired.flatMap(compared -> Profiling.growth(settings,
                verdict, compared, measurement, base.orElseThrow().measurement(), attempts.size() + 1, test.id()))
                .map(reports::profile);
        Decision profiled = profile.filter(taken -> verdict.outcome() != Outcome.PASSED)
                .map(taken -> verdict.withProfile(taken.message())).orElse(verdict);
        Decision decision = growth.filter(taken -> verdict.outcome() != Outcome.PASSED)
                .map(taken -> profiled.withProfile(taken.message())).orElse(profiled);
        ResultSnapshot assembled = ResultAssembly.assemble(settings, attempts, decision, probes, comparison,
                sweep.map(SweepRate::sweep), paired.map(compared -> new ResultSnapshot.Paired(configuration.paired()
                        .orElseThrow().base().stream().map(Object::toString).toList(), compared, baseProbes,
                        growth)))
                .withCost(measuringSeconds, howEnded, floor.stream().map(room -> new ResultSnapshot.FloorRecord(
                        room.percentile(), room.maxMicros(), room.floorMicros(), room.noRoom())).toList())
                .withMachine(machine.until(Instant.now()));
        ResultSnapshot result = profile.map(assembled::withProfile).orElse(assembled);
        reports.write(result, reported.attempt().result(), page, withoutEvidence);
        reports.verdict(settings, decision);
        reports.took(settings, measuringSeconds, howEnded);
        sweep.ifPresent(rate -> rate.table().add(atRate.orElseThrow(), result, reported.attempt().result()));

        switch (decision.outcome()) {
            case INCONCLUSIVE:
                throw InconclusiveEnd.of(configuration, decision.detail());
            case FAILED:
                throw new AssertionError(decision.detail());
            default:
                break;
        }
    }
}

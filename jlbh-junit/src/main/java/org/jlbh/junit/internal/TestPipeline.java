package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.AttemptJudgement;
import org.jlbh.junit.internal.judge.Capacity;
import org.jlbh.junit.internal.judge.CodesOwnFigures;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.FloorRoom;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.BaselineGate;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.profile.ChangeAgainstBase;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.LateAgainstOnTime;
import org.jlbh.junit.internal.profile.Profiling;
import org.jlbh.junit.internal.report.ReportWriter;
import org.jlbh.junit.internal.report.result.ResultAssembly;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.CopiesApart;
import org.jlbh.junit.internal.run.paired.PairSchedule;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.PairedAttempt;
import org.jlbh.junit.internal.store.HistoryRead;
import org.jlbh.junit.internal.store.TestStore;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One latency test's measurement, bound and set up, taken to its end in named stages: plan, measure, compare, judge,
 * profile, assemble, store, say, end. Each stage is one method that hands a value to the next; the {@link Decision}
 * is made once, in {@link #judge}, and only annotated after it. Used once, from the thread that runs the test.
 */
final class TestPipeline {
    private final TestSettings settings;
    private final Configuration configuration;
    private final Measurement measurement;
    private final ReportWriter reports;
    private final TestStore store;
    private final Optional<SweepRate> sweep;
    private final Optional<CopiesApart> base;
    private final ResultSnapshot.Test test;
    private final long began = System.nanoTime();

    private TestPipeline(TestSettings settings, Measurement measurement, ReportWriter reports, TestStore store,
                         Optional<SweepRate> sweep, Optional<CopiesApart> base) {
        this.settings = settings;
        this.configuration = settings.configuration();
        this.measurement = measurement;
        this.reports = reports;
        this.store = store;
        this.sweep = sweep;
        this.base = base;
        this.test = ResultAssembly.test(settings.identity());
    }

    /**
     * Measures, judges, profiles, stores and reports the test, then ends it as decided.
     *
     * @param settings    the test's settings
     * @param measurement its measurement, its body bound
     * @param reports     its output
     * @param store       where its result and history are kept
     * @param sweep       the rate of a throughput sweep this invocation measures, if it is one
     * @param base        in the paired mode, the base's side, begun
     * @param machine     how the test came to the machine
     * @throws AssertionError when it failed (or is inconclusive with {@code jlbh.inconclusive = fail})
     * @throws org.opentest4j.TestAbortedException when it is inconclusive
     * @throws Throwable      what the test body threw
     */
    static void run(TestSettings settings, Measurement measurement, ReportWriter reports, TestStore store,
                    Optional<SweepRate> sweep, Optional<CopiesApart> base, ResultSnapshot.MachineRecord machine)
            throws Throwable {
        TestPipeline test = new TestPipeline(settings, measurement, reports, store, sweep, base);
        Plan plan = test.plan();
        Measured measured = test.measure(plan);
        Compared compared = test.compare(measured);
        Decision verdict = test.judge(plan, measured, compared);
        Profiles profiles = test.profile(verdict, measured, compared);
        Decision decision = profiles.annotate(verdict);
        ResultSnapshot result = test.assemble(plan, measured, compared, profiles, decision, machine);
        test.store(result, measured);
        test.say(decision, measured, result);
        test.end(decision);
    }

    /**
     * What the test may measure before it measures.
     *
     * @param floor    this machine's own floor beside each budget, for a test whose runs are sized; else empty
     * @param notAgain why runs that disagree are not measured again, where they are not
     */
    private record Plan(List<FloorRoom> floor, Optional<String> notAgain) {
        boolean noRoom() {
            return noRoom(floor);
        }

        static boolean noRoom(List<FloorRoom> floor) {
            return floor.stream().anyMatch(FloorRoom::noRoom);
        }
    }

    /** Its attempts, the other copies' where paired, and the figures of the attempt reported. */
    private record Measured(AttemptLoop.Ended ended, Others others, AttemptJudgement reported,
                            List<ProbeFigures> probes, Optional<String> withoutEvidence) {
        List<AttemptJudgement> attempts() {
            return ended.attempts();
        }
    }

    /**
     * The test against its history and against its base, where it was compared; the history asked for that could not
     * be compared with, if so.
     */
    private record Compared(Optional<BaselineComparison> history, Optional<PairedComparison> paired,
                            List<ProbeFigures> baseProbes, Optional<HistoryRead> notCompared) {
        Optional<Decision.GateOff> gateOff() {
            return notCompared.flatMap(HistoryRead::notUsable).map(unusable -> new Decision.GateOff(unusable.why(),
                    unusable.repair()));
        }

        /** @return what the result says of a history that could not be compared with */
        Optional<ResultSnapshot.HistoryState> historyState() {
            return notCompared.flatMap(read -> read.notUsable().map(unusable -> new ResultSnapshot.HistoryState(
                    ResultSnapshot.HistoryState.State.NOT_COMPARED, read.file().toAbsolutePath().toString(),
                    unusable.why(), Optional.empty(), unusable.repair())));
        }
    }

    /** Where the late iterations, and a paired change, spent their time, where they were profiled. */
    private record Profiles(Optional<CodeProfile<LateAgainstOnTime>> tail,
                            Optional<CodeProfile<ChangeAgainstBase>> growth) {
        /** @return the verdict, its detail ending with each profile's line when the test did not pass */
        Decision annotate(Decision verdict) {
            if (verdict.outcome() == Outcome.PASSED) {
                return verdict;
            }
            Decision profiled = tail.map(taken -> verdict.withProfile(taken.message())).orElse(verdict);
            return growth.map(taken -> profiled.withProfile(taken.message())).orElse(profiled);
        }
    }

    /** Stage 1: this machine's floor where runs are sized, whether disagreeing runs are measured again, the cost. */
    private Plan plan() {
        Profiling.prepare(settings); // before the body is compiled
        List<FloorRoom> floor = settings.run().sizing().runs()
                ? FloorRoom.beside(settings.budgets(), measurement.floor(reports.console())::micros) : List.of();
        // above a sweep's required throughput, latency budgets are reported, not enforced: measuring runs that
        // disagree there again would decide nothing that fails
        boolean aboveRequired = sweep.map(rate -> !rate.sweep().enforced(rate.rate())).orElse(false);
        Optional<String> notAgain = Plan.noRoom(floor) ? Optional.of("this machine's own floor leaves the code no room")
                : aboveRequired ? Optional.of(String.format(Locale.ROOT, "above the required throughput (%,d/s) "
                + "nothing is enforced", sweep.orElseThrow().sweep().requiredThroughput())) : Optional.empty();
        int remeasures = aboveRequired ? 0 : configuration.remeasures();
        // paired, the one harness warms up every copy and takes each copy's runs, half the test's runs a copy
        reports.cost(settings, base.isEmpty() ? settings.run().mostNanos(remeasures) : PairSchedule.SIDES
                * settings.run().withRuns(PairSchedule.rounds(settings.run().runs())).mostNanos(remeasures), floor);
        return new Plan(floor, notAgain);
    }

    /** Stage 2: the attempts, until they decide; the reported attempt's figures, on the code's own account. */
    private Measured measure(Plan plan) throws Throwable {
        Others others = new Others(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        AttemptLoop.Ended ended = AttemptLoop.run(settings, plan.notAgain().isPresent(), (number, again) ->
                AttemptJudgement.judge(settings, attempt(number, again, others)),
                made -> base.isEmpty() ? Optional.empty()
                        : comparePaired(others).leaningToRegression(), reports);
        AttemptJudgement reported = ended.judged().reported();
        // a baseline gates, and records, the figures on the code's own account: they need every run's evidence
        Optional<CodesOwnFigures> codesOwn = configuration.baselineDir().map(dir -> CodesOwnFigures.of(settings,
                reported.attempt(), ResultAssembly.reportedPercentiles(settings)));
        return new Measured(ended, others, reported, ResultAssembly.probes(reported.attempt().result(),
                settings, codesOwn), codesOwn.flatMap(CodesOwnFigures::missing));
    }

    /**
     * @return the attempt measured: in the paired mode, the change's side of a paired attempt (its two copies' runs),
     *         whose every copy is added to {@code others}. The sides print their runs into memory while they measure,
     *         the change's then the base's and the control's after: a line that reached the console during a run
     *         would wake whatever reads it (the launcher's parent process, a pipe's reader) on one side's account only
     */
    private Attempt attempt(int number, boolean again, Others others) throws Throwable {
        if (base.isEmpty()) {
            return measurement.measure(number, again, reports.console());
        }
        ByteArrayOutputStream changeReport = new ByteArrayOutputStream();
        ByteArrayOutputStream baseReport = new ByteArrayOutputStream();
        ByteArrayOutputStream controlReport = new ByteArrayOutputStream();
        PairedAttempt all;
        try (PrintStream changeOut = new PrintStream(changeReport, true, StandardCharsets.UTF_8);
             PrintStream baseOut = new PrintStream(baseReport, true, StandardCharsets.UTF_8);
             PrintStream controlOut = new PrintStream(controlReport, true, StandardCharsets.UTF_8)) {
            all = measurement.measurePaired(number, again, changeOut, new Measurement.PairedSides(
                    base.get().pairedBody(), baseOut, base.get().controlBody(), controlOut,
                    base.get().changeCopyBody()));
        } finally {
            reports.console().print(changeReport.toString(StandardCharsets.UTF_8));
            reports.baseReport(number, baseReport.toString(StandardCharsets.UTF_8),
                    controlReport.toString(StandardCharsets.UTF_8));
        }
        others.base().add(all.base());
        others.control().add(all.control());
        others.changeOwn().add(all.changeOwn());
        others.changeCopy().add(all.changeCopy());
        return all.change();
    }

    /** A paired test's attempts of each copy, in the order measured; else empty. */
    private record Others(List<Attempt> base, List<Attempt> control, List<Attempt> changeOwn,
                          List<Attempt> changeCopy) {
    }

    /** Stage 3: the reported attempt against the test's history, and every attempt against the base's. */
    private Compared compare(Measured measured) {
        measured.withoutEvidence().ifPresent(reports::notGated);
        Optional<HistoryRead> history = measured.withoutEvidence().isPresent() ? Optional.empty()
                : store.history(test);
        history.ifPresent(reports::history);
        Optional<BaselineComparison> comparison = history.flatMap(HistoryRead::builds).map(builds ->
                BaselineComparison.compare(configuration.baselineDir().orElseThrow(), builds, measured.probes(),
                        ResultAssembly.environment(), gate(), test.id().hashCode()));
        comparison.ifPresent(compared -> reports.comparison(test, compared));
        Optional<PairedComparison> paired = base.map(side -> comparePaired(measured.others()));
        paired.ifPresent(compared -> reports.paired(compared, base.orElseThrow().classPath().describe(),
                base.orElseThrow().classPath().dependencies()));
        return new Compared(comparison, paired, base.isEmpty() ? List.of() : probesOf(measured.others().base()),
                history.filter(read -> read.notUsable().isPresent()));
    }

    /** Stage 4: the one verdict, from the attempts, the comparisons, the mode and a sweep's capacity. */
    private Decision judge(Plan plan, Measured measured, Compared compared) {
        AttemptLoop.Ended ended = measured.ended();
        Decision decided = Decision.decide(ended.attempts(), ended.allowed(), compared.history(), compared.paired(),
                compared.gateOff(), configuration.mode(), ended.judged());
        Decision capacity = sweep.map(rate -> Capacity.judge(decided, compared.history(), rate.sweep(),
                atRate(rate, measured), rate.table().rates())).orElse(decided);
        boolean stoppedByFloor = plan.noRoom() && ended.judged().undecided();
        return (stoppedByFloor ? capacity.withNote("Not measured again: " + plan.floor().stream()
                .filter(FloorRoom::noRoom).map(FloorRoom::describe).collect(Collectors.joining("; "))) : capacity)
                .withWhatWouldDecide(ended.judged(), stoppedByFloor, configuration.remeasures());
    }

    /** Stage 5, after the verdict, which it never changes: where the late iterations, and the change, spent time. */
    private Profiles profile(Decision verdict, Measured measured, Compared compared) {
        int attempt = measured.attempts().size() + 1;
        Optional<CodeProfile<LateAgainstOnTime>> tail = Profiling.tail(settings, verdict, measurement, attempt,
                test.id()).map(store::keepPages);
        Optional<CodeProfile<ChangeAgainstBase>> growth = compared.paired().flatMap(paired -> Profiling.growth(
                settings, verdict, paired, measurement, base.orElseThrow().measurement(), attempt, test.id()))
                .map(store::keepPages);
        tail.ifPresent(reports::profile);
        growth.ifPresent(reports::profile);
        return new Profiles(tail, growth);
    }

    /** Stage 6: the test's one result, every report's source. */
    private ResultSnapshot assemble(Plan plan, Measured measured, Compared compared, Profiles profiles,
                                    Decision decision, ResultSnapshot.MachineRecord machine) {
        ResultSnapshot assembled = ResultAssembly.assemble(settings, measured.attempts(), decision, measured.probes(),
                compared.history(), sweep.map(SweepRate::sweep), compared.paired().map(paired ->
                        new ResultSnapshot.Paired(configuration.paired().orElseThrow().base().stream()
                                .map(Object::toString).toList(), paired, compared.baseProbes(), profiles.growth())))
                .concluded(measuringSeconds(), ended(measured.ended(), plan.notAgain()), plan.floor().stream()
                        .map(room -> new ResultSnapshot.FloorRecord(room.percentile(), room.maxMicros(),
                                room.floorMicros(), room.noRoom())).toList(), Optional.of(machine.until(Instant.now())),
                        profiles.tail());
        return compared.historyState().map(assembled::withHistory).orElse(assembled);
    }

    /** Stage 7: the result and the history kept. */
    private void store(ResultSnapshot result, Measured measured) {
        reports.stored(store.keep(result, measured.reported().attempt().result(), measured.withoutEvidence()));
    }

    /** Stage 8: the verdict and what it cost, on the console; a sweep's rate into its table. */
    private void say(Decision decision, Measured measured, ResultSnapshot result) {
        reports.verdict(settings, decision);
        // the cost the result records, taken once when it was assembled
        reports.took(settings, result.conclusion().measuringSeconds(), result.conclusion().ended());
        sweep.ifPresent(rate -> rate.table().add(atRate(rate, measured), result,
                measured.reported().attempt().result()));
    }

    /** Stage 9: the test ends as decided. */
    private void end(Decision decision) {
        switch (decision.outcome()) {
            case INCONCLUSIVE -> throw configuration.inconclusiveEnd(decision.detail());
            case FAILED -> throw new AssertionError(decision.detail());
            default -> {
            }
        }
    }

    private double measuringSeconds() {
        return (System.nanoTime() - began) / 1e9;
    }

    private static Capacity.Rate atRate(SweepRate rate, Measured measured) {
        return Capacity.Rate.of(rate.rate(), measured.reported());
    }

    private BaselineGate gate() {
        return new BaselineGate(configuration.tolerancePercent(), configuration.baselinePercentiles(),
                configuration.baselineEnvironment() == LatencyTestConfiguration.BaselineEnvironment.ANY,
                BaselineGate.DEFAULT_FAMILY_ALPHA);
    }

    /** @return the change's two copies against the base's two, over the rounds of every attempt so far */
    private PairedComparison comparePaired(Others others) {
        return PairedComparison.compare(probesOf(others.base()), probesOf(others.changeOwn()),
                probesOf(others.control()), probesOf(others.changeCopy()), configuration.baselinePercentiles(),
                configuration.paired().orElseThrow().tolerancePercent());
    }

    /**
     * @return each probe's figures over the attempts' runs in the order measured, on the code's own account where
     *         every run has its evidence
     */
    private List<ProbeFigures> probesOf(List<Attempt> attempts) {
        Collection<Double> percentiles = ResultAssembly.reportedPercentiles(settings);
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
     *         undecided after 12 runs of 10,000 iterations (1.0 s each), the most jlbh.remeasure.undecided = 3
     *         allows}, {@code 3 runs of 100,000 iterations (10.0 s each) in 1 attempt, runs as set}
     */
    private String ended(AttemptLoop.Ended ended, Optional<String> notAgain) {
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
                + LatencyTestConfiguration.REMEASURE_UNDECIDED + " = " + configuration.remeasures() + " allows");
    }

    /** @return a run's scheduled time: {@code 1.0 s} from a second, {@code 50 ms} or {@code 2.50 ms} below it */
    static String runTime(long nanos) {
        double millis = nanos / 1e6;
        if (millis >= 999.5) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1e3);
        }
        return String.format(Locale.ROOT, millis >= 9.995 ? "%.0f ms" : "%.2f ms", millis);
    }
}

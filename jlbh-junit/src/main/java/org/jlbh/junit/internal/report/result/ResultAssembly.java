package org.jlbh.junit.internal.report.result;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult.ProbeResult;
import org.jlbh.core.JLBHResult.RunResult.Percentile;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.JLBHResult.RunSummary;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.Percentiles;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.AttemptJudgement;
import org.jlbh.junit.internal.judge.Check;
import org.jlbh.junit.internal.judge.CodesOwnFigures;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.LatencyCheck;
import org.jlbh.junit.internal.judge.attribution.BreachExplanation;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.run.GcEvent;
import org.jlbh.junit.internal.run.RunMeasures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Builds a test's {@link ResultSnapshot} from its settings, attempts and decision: the reported attempt's histograms
 * are summarised once ({@link #probes}), everything else is copied across. Stateless; thread-safe.
 */
public final class ResultAssembly {
    /** Chart points per decade of the "nines" percentile scale. */
    private static final int POINTS_PER_DECADE = 5;

    private ResultAssembly() {
    }

    /** @return the test as its reports name it; no two tests of a run share a report id ({@link TestIdentity}) */
    public static ResultSnapshot.Test test(TestIdentity identity) {
        return new ResultSnapshot.Test(identity.reportId(), identity.testClass().getName(),
                identity.method().getDeclaringClass().getName(), identity.method().getName(),
                Arrays.stream(identity.method().getParameterTypes()).map(Class::getName).toList(),
                identity.displayName(), identity.invocation());
    }

    /**
     * @return the figures of every probe an attempt measured, at the percentiles the settings report, each run's with
     *         its figures on the code's own account where there are some
     */
    public static List<ProbeFigures> probes(JLBHResult result, TestSettings settings,
                                            Optional<CodesOwnFigures> codesOwn) {
        TreeSet<Double> percentiles = reportedPercentiles(settings);
        return allProbes(result).stream().map(probe -> new ProbeFigures(probe.name(), probe.eachRunSummary().stream()
                .map(run -> codesOwn.map(own -> figures(run, percentiles).withCodesOwn(own.of(probe.name(), run.run())))
                        .orElseGet(() -> figures(run, percentiles))).toList())).toList();
    }

    /** @return the test's result, its cost, turn and profile not known yet */
    public static ResultSnapshot assemble(TestSettings settings, List<AttemptJudgement> attempts, Decision decision,
                                          List<ProbeFigures> probes, Optional<BaselineComparison> comparison,
                                          Optional<Sweep> sweep, Optional<ResultSnapshot.Paired> paired) {
        TreeSet<Double> percentiles = reportedPercentiles(settings);
        List<ResultSnapshot.AttemptRecord> attemptRecords = attempts.stream()
                .map(attempt -> new ResultSnapshot.AttemptRecord(attempt.number(), attempt.outcome(),
                        attempt.checks().stream().map(check -> checkRecord(check, attempt)).toList())).toList();
        AttemptJudgement reported = decision.reported();
        List<ResultSnapshot.Run> runs = new ArrayList<>();
        for (RunSummary run : reported.attempt().result().runs()) {
            RunMeasures measures = reported.attempt().runs().get(run.run() - 1);
            runs.add(new ResultSnapshot.Run(run.run(), run.status(), run.detail(), run.iterations(),
                    run.iterationsRun(), run.samples(), run.runTime().toNanos(), run.targetRunTime().toNanos(),
                    run.achievedThroughputPerSecond(), measures.allocatedBytes(),
                    measures.stalls().map(stalls -> OptionalLong.of(stalls.worstNanos())).orElse(OptionalLong.empty()),
                    measures.gc().stream().map(ResultAssembly::collection).toList(),
                    figures(run.harnessLateness(), percentiles), EvidenceAssembly.evidence(measures),
                    EvidenceAssembly.timeline(measures)));
        }
        return new ResultSnapshot(test(settings.identity()), settings(settings, sweep), CurrentEnvironment.read(),
                new ResultSnapshot.Conclusion(decision.outcome(), reported.number(), decision.attempts(),
                        decision.detail()),
                attemptRecords, reported.attempt().allocatedBytesPerOp(), runs, probes,
                comparison.map(BaselineComparison::rows), paired);
    }

    /** @return every probe measured, end to end first, then the named probes as added, OS jitter if recorded */
    public static List<ProbeResult> allProbes(JLBHResult result) {
        return Stream.of(Stream.of(result.endToEnd()), result.probeNames().stream()
                .map(name -> result.probe(name).orElseThrow()), result.osJitter().stream())
                .flatMap(Function.identity()).toList();
    }

    private static ResultSnapshot.CheckRecord checkRecord(Check check, AttemptJudgement attempt) {
        Optional<ResultSnapshot.LatencyRecord> latency = Optional.empty();
        Optional<EvidenceSnapshot.Attribution> attribution = Optional.empty();
        Optional<String> codesOwnAccount = Optional.empty();
        if (check instanceof LatencyCheck latencyCheck) {
            codesOwnAccount = latencyCheck.metOnTheCodesOwnAccount();
            Budget budget = latencyCheck.latencyBudget();
            latency = Optional.of(new ResultSnapshot.LatencyRecord(budget.probe(), budget.percentile(),
                    budget.maxMicros(), latencyCheck.check().judgedNanos() / 1e3));
            attribution = EvidenceAssembly.attribution(latencyCheck, attempt.attempt());
        }
        return new ResultSnapshot.CheckRecord(check.budget(), check.measured(), check.met(), latency, check.breach(),
                check.explanation().map(BreachExplanation::describe), codesOwnAccount, attribution);
    }

    private static ResultSnapshot.Settings settings(TestSettings settings, Optional<Sweep> sweep) {
        RunPlan run = settings.run();
        return new ResultSnapshot.Settings(run.throughput(), run.arrivals().describe(run.arrivalSeed()), run.threads(),
                run.iterations(), run.warmUpIterations(), run.runs(), run.accountForCoordinatedOmission(),
                run.recordOSJitter(), run.timeoutMillis(), settings.budgets().verdict(),
                settings.configuration().mode(), settings.configuration().noise(), settings.configuration().retries(),
                settings.budgets().latency(),
                limit(settings.budgets().maxAllocatedBytesPerOp()), limit(settings.budgets().maxGcCount()),
                limit(settings.budgets().maxGcPauseMillis()), settings.describeRuns(), sweep);
    }

    private static OptionalLong limit(long value) {
        return value == LatencyTest.UNLIMITED ? OptionalLong.empty() : OptionalLong.of(value);
    }

    /** @return the machine and JVM this runs on, as a baseline's recorded builds name theirs */
    public static String environment() {
        return CurrentEnvironment.read().identity();
    }

    /** @return the reference's percentiles but the worst, every budget's and every one compared, ascending */
    public static TreeSet<Double> reportedPercentiles(TestSettings settings) {
        Stream<Double> reference = Arrays.stream(Percentile.values()).filter(reported -> reported != Percentile.WORST)
                .map(Percentile::value);
        Stream<Double> budgets = settings.budgets().latency().stream().map(Budget::percentile)
                .filter(percentile -> percentile < 100);
        Stream<Double> compared = settings.configuration().baselinePercentiles().stream().map(Double::parseDouble);
        return Stream.of(reference, budgets, compared).flatMap(Function.identity())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static RunFigures figures(RunResult run, TreeSet<Double> percentiles) {
        if (run.count() == 0) {
            return new RunFigures(run.run(), 0, 0, 0, 0, Map.of(), List.of(), run.outOfRangeSamples());
        }
        Map<String, Long> values = new LinkedHashMap<>();
        for (double percentile : percentiles) {
            if (run.supports(percentile)) {
                values.put(Percentiles.label(percentile), run.percentile(percentile).toNanos());
            }
        }
        return new RunFigures(run.run(), run.count(), run.min().toNanos(), run.mean().toNanos(), run.max().toNanos(),
                values, distribution(run), run.outOfRangeSamples());
    }

    /** @return the run's distribution, evenly spaced on the "nines" scale up to what its count supports, then 100 */
    static List<RunFigures.Point> distribution(RunResult run) {
        List<RunFigures.Point> points = new ArrayList<>();
        Histogram histogram = run.histogram();
        for (int step = 0; ; step++) {
            double percentile = Math.round(1e6 * (1 - Math.pow(10, -(double) step / POINTS_PER_DECADE))) / 1e4;
            // rounded to four decimals, the scale reaches 100 after six decades: the worst is added below
            if (step > 0 && (percentile >= 100 || !Percentiles.supported(percentile, run.count()))) {
                break;
            }
            points.add(new RunFigures.Point(percentile, histogram.getValueAtPercentile(percentile)));
        }
        points.add(new RunFigures.Point(100, run.max().toNanos()));
        return points;
    }

    private static ResultSnapshot.Collection collection(GcEvent event) {
        return new ResultSnapshot.Collection(event.collector(), event.action(), event.cause(), event.durationMillis(),
                event.concurrent(), event.collectorIndex(), event.id());
    }
}

package org.jlbh.junit.internal.judge;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.attribution.BreachExplanation;
import org.jlbh.junit.internal.judge.attribution.LateSampleAttribution;
import org.jlbh.junit.internal.judge.attribution.LateSamples;
import org.jlbh.junit.internal.judge.attribution.RunAttribution;
import org.jlbh.junit.internal.judge.attribution.StallExplanation;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Every budget of a latency test checked against one attempt, and how the attempt ended: passed when every check
 * holds, as measured or on the code's own account; inconclusive when the evidence cannot decide; failed otherwise.
 * A judged latency budget carries its late samples' causes ({@link LateSampleAttribution}). Immutable; thread-safe.
 *
 * @param checks the checks: completeness when broken, then each latency budget, allocation and GC when set
 */
public record AttemptJudgement(Attempt attempt, List<Check> checks) {

    public AttemptJudgement {
        checks = List.copyOf(checks);
    }

    /** @return every budget of the settings checked against what one attempt measured */
    public static AttemptJudgement judge(TestSettings settings, Attempt attempt) {
        List<Check> checks = new ArrayList<>();
        CompletenessCheck complete = CompletenessCheck.of(attempt.result());
        if (!complete.met()) {
            checks.add(complete);
        }
        for (Budget budget : settings.budgets().latency()) {
            checks.add(latencyCheck(settings, attempt, budget));
        }
        if (settings.budgets().hasAllocationBudget()) {
            checks.add(AllocationCheck.of(settings, attempt));
        }
        if (settings.budgets().hasGcBudget()) {
            checks.add(GcCheck.of(settings, attempt));
        }
        return new AttemptJudgement(attempt, checks);
    }

    private static LatencyCheck latencyCheck(TestSettings settings, Attempt attempt, Budget budget) {
        JLBHResult result = attempt.result();
        boolean endToEnd = budget.probe().equals(LatencyBudget.END_TO_END);
        JLBHResult.ProbeResult probe = endToEnd ? result.endToEnd() : result.probe(budget.probe()).orElseThrow();
        Verdict verdict = settings.budgets().verdict();
        PercentileCheck check = PercentileCheck.of(result, probe, budget.percentile(), budget.maxMicros(), verdict);
        if (!check.judged()) {
            return new LatencyCheck(budget, check, Optional.empty(), OptionalDouble.empty(), false, Optional.empty(),
                    List.of());
        }
        LateSamples late = lateSamples(budget, probe, attempt);
        boolean aware = settings.configuration().noise() == Noise.AWARE;
        boolean anyRunBroke = check.runValuesNanos().stream().anyMatch(value -> value > check.limitNanos());
        List<Double> codeOnlyRuns = anyRunBroke ? late.codeOnlyRunNanos(probe, budget.percentile()) : List.of();
        List<Double> runsCounted = aware ? codeOnlyRuns : List.of();
        if (check.met()) {
            return new LatencyCheck(budget, check, Optional.of(late), OptionalDouble.empty(), false, Optional.empty(),
                    runsCounted);
        }
        OptionalDouble codeOnly = codeOnlyRuns.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(verdict.judge(codeOnlyRuns));
        boolean codesOwn = aware && codeOnly.isPresent() && codeOnly.getAsDouble() <= check.limitNanos();
        Optional<BreachExplanation> explanation = codesOwn || !aware || schedulerEvidence(attempt) ? Optional.empty()
                : StallExplanation.of(probe, budget.percentile(), check.limitNanos(), samplesPerNano(budget, result),
                        attempt.runs().stream().map(RunMeasures::stalls).toList()).map(BreachExplanation.class::cast);
        return new LatencyCheck(budget, check, Optional.of(late), codeOnly, codesOwn, explanation, runsCounted);
    }

    /** @return iterations due per nanosecond while a pause lasts: 0 for a probe, or without coordinated omission */
    private static double samplesPerNano(Budget budget, JLBHResult result) {
        return budget.probe().equals(LatencyBudget.END_TO_END) && result.accountedForCoordinatedOmission()
                ? result.targetThroughputPerSecond() / 1e9 : 0;
    }

    /** @return each run's late samples against a budget, put down to their causes */
    static LateSamples lateSamples(Budget budget, JLBHResult.ProbeResult probe, Attempt attempt) {
        long limit = budget.limitNanos();
        double samplesPerNano = samplesPerNano(budget, attempt.result());
        List<RunAttribution> runs = new ArrayList<>();
        Set<String> notes = new LinkedHashSet<>();
        for (JLBHResult.RunResult run : probe.eachRunSummary()) {
            RunMeasures measures = run.run() <= attempt.runs().size() ? attempt.runs().get(run.run() - 1) : null;
            RunEvidence evidence = measures == null ? RunEvidence.none("no evidence for the run") : measures.evidence();
            evidence.schedulerMissing().ifPresent(notes::add);
            evidence.jvmUnavailable().ifPresent(notes::add);
            Histogram histogram = run.histogram();
            long over = histogram.getMaxValue() <= limit ? 0
                    : histogram.getCountBetweenValues(limit + 1, histogram.getMaxValue());
            long typical = run.count() == 0 ? 0 : histogram.getValueAtPercentile(50);
            long fastest = run.count() == 0 ? 0 : histogram.getMinValue();
            // the samples over the budget lie above those within it: their median is at half their share
            long within = run.count() - over;
            long onSchedule = within <= 0 ? 0 : histogram.getValueAtPercentile(50.0 * within / run.count());
            runs.add(LateSampleAttribution.of(run.run(), measures == null ? null
                            : measures.timelines().get(budget.probe()), limit, over, evidence, samplesPerNano,
                    typical, fastest, onSchedule, measures == null ? List.of() : timelinesOfThreads(budget, measures)));
        }
        return new LateSamples(limit, runs, List.copyOf(notes));
    }

    /** @return whether every run of the attempt has the scheduler's evidence, of every harness thread */
    private static boolean schedulerEvidence(Attempt attempt) {
        return !attempt.runs().isEmpty()
                && attempt.runs().stream().allMatch(run -> run.evidence().schedulerAvailable());
    }

    /** @return for an end-to-end budget, each of several harness threads' own timeline of the run; else none */
    private static List<RunTimeline> timelinesOfThreads(Budget budget, RunMeasures measures) {
        int threads = measures.evidence().schedulers().size();
        if (!budget.probe().equals(LatencyBudget.END_TO_END) || threads < 2) {
            return List.of();
        }
        List<RunTimeline> ofThreads = IntStream.range(0, threads)
                .mapToObj(thread -> measures.timelines().get(JLBH.endToEndOfThread(thread))).toList();
        return ofThreads.contains(null) ? List.of() : ofThreads;
    }

    /** @return the 1-based attempt */
    public int number() {
        return attempt.number();
    }

    /** @return how the attempt ended: failed when a check broke unexplained, else inconclusive when one broke */
    public Outcome outcome() {
        List<Check> broken = checks.stream().filter(check -> !check.met()).toList();
        return broken.stream().anyMatch(check -> check.explanation().isEmpty()) ? Outcome.FAILED
                : broken.isEmpty() ? Outcome.PASSED : Outcome.INCONCLUSIVE;
    }

    /** @return the broken checks' breaches, one per line, each with its explanation in brackets when it has one */
    public String breaches() {
        return checks.stream().flatMap(check -> check.breach().map(breach -> breach + check.explanation()
                .map(explanation -> " [" + explanation.describe() + "]").orElse("")).stream())
                .collect(Collectors.joining(System.lineSeparator()));
    }

    /** @return each reason a broken budget's late samples lacked evidence, bar {@code jlbh.evidence = off} */
    public List<String> missingEvidence() {
        return checks.stream().filter(check -> !check.met()).flatMap(check -> check instanceof LatencyCheck latency
                        ? latency.lateSamples().stream() : Stream.empty()).flatMap(late -> late.notes().stream())
                .filter(note -> !note.contains(LatencyTestConfiguration.EVIDENCE + " = off")).distinct().toList();
    }

    /** @return the met budgets, e.g. {@code end to end p99.9 <= 50 µs: 12.000 µs; allocation <= 0 bytes/op: ...} */
    public String met() {
        return checks.stream().filter(Check::met).map(check -> check instanceof LatencyCheck latency
                && latency.codesOwn() ? latency.metOnTheCodesOwnAccount().orElseThrow()
                : check.budget() + ": " + check.measured()).collect(Collectors.joining("; "));
    }

    /** @return whether a latency budget broke as measured and was met on the code's own account */
    public boolean metOnTheCodesOwnAccount() {
        return checks.stream().anyMatch(check -> check instanceof LatencyCheck latency && latency.codesOwn());
    }
}

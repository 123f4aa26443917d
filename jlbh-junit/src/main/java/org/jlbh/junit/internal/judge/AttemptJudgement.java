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
import org.jlbh.junit.internal.judge.attribution.CodesOwnAccount;
import org.jlbh.junit.internal.judge.attribution.LateSampleAttribution;
import org.jlbh.junit.internal.judge.attribution.LateSamples;
import org.jlbh.junit.internal.judge.attribution.RunAttribution;
import org.jlbh.junit.internal.judge.attribution.StallExplanation;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Every budget of a latency test checked against one attempt, and how the attempt ended: passed when every check
 * holds, as measured or on the code's own account; inconclusive when the evidence cannot decide; failed otherwise.
 * A judged latency budget carries its late samples' causes ({@link LateSampleAttribution}). Immutable; thread-safe.
 */
public final class AttemptJudgement {
    private final Attempt attempt;
    private final List<Check> checks;
    private final Outcome outcome;

    private AttemptJudgement(Attempt attempt, List<Check> checks) {
        this.attempt = attempt;
        this.checks = List.copyOf(checks);
        boolean failed = checks.stream().anyMatch(c -> !c.met() && c.explanation().isEmpty());
        boolean explained = checks.stream().anyMatch(c -> !c.met() && c.explanation().isPresent());
        this.outcome = failed ? Outcome.FAILED : explained ? Outcome.INCONCLUSIVE : Outcome.PASSED;
    }

    /**
     * @param settings the test's settings
     * @param attempt  what one attempt measured
     * @return every budget checked against it
     */
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
            return new LatencyCheck(budget, check, Optional.empty(), OptionalDouble.empty(), Optional.empty(),
                    Optional.empty(), List.of());
        }
        LateSamples late = lateSamples(budget, probe, attempt);
        boolean aware = settings.configuration().noise() == Noise.AWARE;
        boolean anyRunBroke = check.runValuesNanos().stream().anyMatch(value -> value > check.limitNanos());
        List<Double> codeOnlyRuns = anyRunBroke ? late.codeOnlyRunNanos(probe, budget.percentile()) : List.of();
        List<Double> runsCounted = aware ? codeOnlyRuns : List.of();
        if (check.met()) {
            return new LatencyCheck(budget, check, Optional.of(late), OptionalDouble.empty(), Optional.empty(),
                    Optional.empty(), runsCounted);
        }
        OptionalDouble codeOnly = codeOnlyRuns.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(verdict.judge(codeOnlyRuns));
        Optional<CodesOwnAccount> codesOwnAccount = Optional.empty();
        Optional<BreachExplanation> explanation = Optional.empty();
        if (aware && codeOnly.isPresent() && codeOnly.getAsDouble() <= check.limitNanos()) {
            codesOwnAccount = Optional.of(new CodesOwnAccount(check.what(), check.judgedNanos(), late.excused(),
                    codeOnly.getAsDouble(), codeOnlyRuns));
        } else if (aware && !schedulerEvidence(attempt)) {
            List<Optional<PlatformStalls>> stalls = attempt.runs().stream().map(RunMeasures::stalls).toList();
            explanation = StallExplanation.of(probe, budget.percentile(), check.limitNanos(),
                    samplesPerNano(budget, result), stalls)
                    .map(BreachExplanation.class::cast);
        }
        return new LatencyCheck(budget, check, Optional.of(late), codeOnly, codesOwnAccount, explanation,
                runsCounted);
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
        List<RunTimeline> ofThreads = new ArrayList<>();
        for (int thread = 0; thread < threads; thread++) {
            RunTimeline timeline = measures.timelines().get(JLBH.endToEndOfThread(thread));
            if (timeline == null) {
                return List.of();
            }
            ofThreads.add(timeline);
        }
        return ofThreads;
    }

    public Attempt attempt() {
        return attempt;
    }

    /** @return the 1-based attempt */
    public int number() {
        return attempt.number();
    }

    /** @return the checks: completeness when broken, then each latency budget, allocation and GC when set */
    public List<Check> checks() {
        return checks;
    }

    /** @return how the attempt ended: passed, inconclusive or failed */
    public Outcome outcome() {
        return outcome;
    }

    /** @return the broken checks' breaches, one per line, each with its explanation in brackets when it has one */
    public String breaches() {
        List<String> lines = new ArrayList<>();
        for (Check check : checks) {
            check.breach().ifPresent(breach -> lines.add(breach
                    + check.explanation().map(explanation -> " [" + explanation.describe() + "]").orElse("")));
        }
        return String.join(System.lineSeparator(), lines);
    }

    /** @return each reason a broken budget's late samples lacked evidence, bar {@code jlbh.evidence = off} */
    public List<String> missingEvidence() {
        Set<String> missing = new LinkedHashSet<>();
        for (Check check : checks) {
            if (!check.met() && check instanceof LatencyCheck latency) {
                latency.lateSamples().ifPresent(late -> late.notes().stream()
                        .filter(note -> !note.contains(LatencyTestConfiguration.EVIDENCE + " = off"))
                        .forEach(missing::add));
            }
        }
        return List.copyOf(missing);
    }

    /** @return the met budgets, e.g. {@code end to end p99.9 <= 50 µs: 12.000 µs; allocation <= 0 bytes/op: 0 bytes/op} */
    public String met() {
        List<String> met = new ArrayList<>();
        for (Check check : checks) {
            if (check.met()) {
                met.add(check instanceof LatencyCheck latency && latency.codesOwnAccount().isPresent()
                        ? latency.metOnTheCodesOwnAccount().orElseThrow()
                        : check.budget() + ": " + check.measured());
            }
        }
        return String.join("; ", met);
    }

    /** @return whether a latency budget broke as measured and was met on the code's own account */
    public boolean metOnTheCodesOwnAccount() {
        return checks.stream().anyMatch(check -> check instanceof LatencyCheck latency
                && latency.codesOwnAccount().isPresent());
    }
}

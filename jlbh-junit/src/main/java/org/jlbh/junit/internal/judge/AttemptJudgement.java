package org.jlbh.junit.internal.judge;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
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
 * holds, as measured or on the code's own account (a broken latency budget that holds without the late samples the
 * platform and the JVM's safepoints account for, {@link LateSampleAttribution}, in {@code jlbh.noise = aware});
 * inconclusive when the evidence cannot decide (without scheduler evidence, a breach OS jitter explains); failed
 * otherwise. A broken budget always carries its late samples' causes.
 * Immutable; thread-safe.
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
        JLBHResult result = attempt.result();
        List<Check> checks = new ArrayList<>();
        CompletenessCheck complete = CompletenessCheck.of(result);
        if (!complete.met()) {
            checks.add(complete);
        }
        List<Optional<PlatformStalls>> stalls = attempt.runs().stream().map(RunMeasures::stalls).toList();
        double samplesPerNano = result.accountedForCoordinatedOmission() ? result.targetThroughputPerSecond() / 1e9 : 0;
        boolean aware = settings.configuration().noise() == Noise.AWARE;
        for (Budget budget : settings.budgets().latency()) {
            boolean endToEnd = budget.probe().equals(LatencyBudget.END_TO_END);
            JLBHResult.ProbeResult probe = endToEnd ? result.endToEnd() : result.probe(budget.probe()).orElseThrow();
            PercentileCheck check = PercentileCheck.of(result, probe, budget.percentile(), budget.maxMicros(),
                    settings.budgets().verdict());
            if (!check.judged()) {
                checks.add(new LatencyCheck(budget, check, Optional.empty(), OptionalDouble.empty(),
                        Optional.empty(), Optional.empty(), List.of()));
                continue;
            }
            // late samples are attributed whether the budget held or not: the report carries them either way
            LateSamples late = lateSamples(budget, probe, attempt, endToEnd ? samplesPerNano : 0);
            boolean anyRunBroke = check.runValuesNanos().stream().anyMatch(value -> value > check.limitNanos());
            // each run's value on the code's own account, where a run broke the budget: the sequential rule counts runs
            List<Double> codeOnlyRuns = anyRunBroke ? late.codeOnlyRunNanos(probe, budget.percentile()) : List.of();
            if (check.met()) {
                checks.add(new LatencyCheck(budget, check, Optional.of(late), OptionalDouble.empty(),
                        Optional.empty(), Optional.empty(), aware ? codeOnlyRuns : List.of()));
                continue;
            }
            OptionalDouble codeOnly = codeOnlyRuns.isEmpty() ? OptionalDouble.empty()
                    : OptionalDouble.of(settings.budgets().verdict().judge(codeOnlyRuns));
            Optional<CodesOwnAccount> codesOwnAccount = Optional.empty();
            Optional<BreachExplanation> explanation = Optional.empty();
            if (aware && codeOnly.isPresent() && codeOnly.getAsDouble() <= check.limitNanos()) {
                codesOwnAccount = Optional.of(new CodesOwnAccount(check.what(), check.judgedNanos(), late.excused(),
                        codeOnly.getAsDouble(), codeOnlyRuns));
            } else if (aware && !schedulerEvidence(attempt)) {
                // no scheduler evidence (another OS, or switched off): weigh the breach against OS jitter, a proxy
                explanation = StallExplanation.of(probe, budget.percentile(), check.limitNanos(),
                        endToEnd ? samplesPerNano : 0, stalls).map(BreachExplanation.class::cast);
            }
            checks.add(new LatencyCheck(budget, check, Optional.of(late), codeOnly, codesOwnAccount, explanation,
                    aware ? codeOnlyRuns : List.of()));
        }
        if (settings.budgets().hasAllocationBudget()) {
            checks.add(AllocationCheck.of(settings, attempt));
        }
        if (settings.budgets().hasGcBudget()) {
            checks.add(GcCheck.of(settings, attempt));
        }
        return new AttemptJudgement(attempt, checks);
    }

    /** @return each run's late samples against the budget, put down to their causes */
    static LateSamples lateSamples(Budget budget, JLBHResult.ProbeResult probe, Attempt attempt,
                                           double samplesPerNano) {
        long limit = budget.limitNanos();
        List<RunAttribution> runs = new ArrayList<>();
        Set<String> notes = new LinkedHashSet<>();
        for (JLBHResult.RunResult run : probe.eachRunSummary()) {
            RunMeasures measures = run.run() <= attempt.runs().size() ? attempt.runs().get(run.run() - 1) : null;
            RunEvidence evidence = measures == null ? RunEvidence.none("no evidence for the run") : measures.evidence();
            evidence.schedulerMissing().ifPresent(notes::add);
            evidence.jvmUnavailable().ifPresent(notes::add);
            RunTimeline timeline = measures == null ? null : measures.timelines().get(budget.probe());
            List<RunTimeline> ofThreads = measures == null ? List.of() : timelinesOfThreads(budget, measures);
            Histogram histogram = run.histogram();
            long over = histogram.getMaxValue() <= limit ? 0
                    : histogram.getCountBetweenValues(limit + 1, histogram.getMaxValue());
            long typical = run.count() == 0 ? 0 : histogram.getValueAtPercentile(50);
            long fastest = run.count() == 0 ? 0 : histogram.getMinValue();
            // every sample over the budget lies above every sample within it: the median of those within is the
            // value at half their share of the run
            long within = run.count() - over;
            long onSchedule = within <= 0 ? 0 : histogram.getValueAtPercentile(50.0 * within / run.count());
            RunAttribution attributed = LateSampleAttribution.of(run.run(), timeline, limit, over, evidence,
                    samplesPerNano, typical, fastest, onSchedule, ofThreads);
            runs.add(attributed);
        }
        return new LateSamples(limit, runs, List.copyOf(notes));
    }

    /** @return whether every run of the attempt has the scheduler's evidence, of every harness thread */
    static boolean schedulerEvidence(Attempt attempt) {
        return !attempt.runs().isEmpty()
                && attempt.runs().stream().allMatch(run -> run.evidence().schedulerAvailable());
    }

    /**
     * @return for an end-to-end budget with several harness threads, each thread's own end-to-end timeline of the
     *         run, in thread order; else (or when one is missing) none
     */
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

    /** @return the attempt judged */
    public Attempt attempt() {
        return attempt;
    }

    /** @return 1-based attempt */
    public int number() {
        return attempt.number();
    }

    /** @return the checks: completeness when broken, then each latency budget, allocation and GC when set */
    public List<Check> checks() {
        return checks;
    }

    /** @return how the attempt ended: {@link Outcome#PASSED}, {@link Outcome#INCONCLUSIVE} or {@link Outcome#FAILED} */
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

    /**
     * @return why the late samples of a broken latency budget could not all be put down to their causes: the evidence
     *         missing (e.g. {@code no scheduler evidence on this OS (...)}), each reason once; empty when nothing broke
     *         or the evidence was all there. Collection switched off on purpose ({@code jlbh.evidence = off}) is not
     *         missing.
     */
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

package org.jlbh.junit.internal.judge;

import org.jlbh.core.JLBHResult;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.PlatformStalls;
import org.jlbh.junit.internal.run.RunMeasures;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every budget of a latency test checked against one attempt, and how the attempt ended: passed when every check
 * holds, inconclusive when the only broken checks are explained by the platform's stalls, failed otherwise.
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
        for (Budget budget : settings.budgets()) {
            JLBHResult.ProbeResult probe = budget.probe().equals(LatencyBudget.END_TO_END)
                    ? result.endToEnd() : result.probe(budget.probe()).orElseThrow();
            PercentileCheck check = PercentileCheck.of(result, probe, budget.percentile(), budget.maxMicros(),
                    settings.verdict());
            Optional<StallExplanation> explanation = check.met() || settings.configuration().noise() != Noise.AWARE
                    ? Optional.empty()
                    : StallExplanation.of(probe, budget.percentile(), check.limitNanos(), samplesPerNano, stalls);
            checks.add(new LatencyCheck(budget, check, explanation));
        }
        if (settings.hasAllocationBudget()) {
            checks.add(AllocationCheck.of(settings, attempt));
        }
        if (settings.hasGcBudget()) {
            checks.add(GcCheck.of(settings, attempt));
        }
        return new AttemptJudgement(attempt, checks);
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

    /** @return the met budgets, e.g. {@code end to end p99.9 <= 50 µs: 12.000 µs; allocation <= 0 bytes/op: 0 bytes/op} */
    public String met() {
        List<String> met = new ArrayList<>();
        for (Check check : checks) {
            if (check.met()) {
                met.add(check.budget() + ": " + check.measured());
            }
        }
        return String.join("; ", met);
    }
}

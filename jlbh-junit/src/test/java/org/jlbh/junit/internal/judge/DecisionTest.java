package org.jlbh.junit.internal.judge;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBHResult;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.LatencyTestConfiguration.BaselineEnvironment;
import org.jlbh.junit.LatencyTestConfiguration.Evidence;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Budgets;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.Results.result;
import static org.jlbh.junit.internal.Results.run;

/** Attempts, baseline and mode to an outcome, on chosen results: no harness, no I/O. */
class DecisionTest {
    /** Budget: end to end p50 <= 50 µs, at 1,000/s. */
    private static final TestSettings SETTINGS = settings(Noise.AWARE);

    private static TestSettings settings(Noise noise) {
        Configuration configuration = new Configuration(Mode.ENFORCE, noise, 2, 1, 1, Path.of("target"),
                Optional.empty(), false, 10, 5, List.of("50"), BaselineEnvironment.SAME,
                Evidence.ON, 3);
        try {
            return new TestSettings(new TestIdentity(DecisionTest.class,
                    DecisionTest.class.getDeclaredMethod("settings", Noise.class)), configuration,
                    new RunPlan(1_000, Arrivals.FIXED_RATE, 1, 1, 200, 0, 1, true, true, 10_000, Set.of(), false),
                    new Budgets(Verdict.MEDIAN_RUN, List.of(new Budget(LatencyBudget.END_TO_END, 50, 50, 50)),
                            LatencyTest.UNLIMITED, LatencyTest.UNLIMITED, LatencyTest.UNLIMITED));
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    /** 200 samples of 10 µs: within budget. */
    private static AttemptJudgement passing(int number) {
        return attempt(number, run(200, 10_000), Optional.empty());
    }

    /** 151 of 200 samples at 200 µs: p50 breaks; with a 150 ms stall, the stall explains it. */
    private static AttemptJudgement breaching(int number, Optional<PlatformStalls> stalls) {
        return attempt(number, run(49, 10_000, 151, 200_000), stalls);
    }

    private static AttemptJudgement attempt(int number, long[] run, Optional<PlatformStalls> stalls) {
        JLBHResult result = result(1_000, run);
        return AttemptJudgement.judge(SETTINGS, new Attempt(number, result,
                List.of(RunMeasures.withoutEvidence(1, OptionalLong.empty(), List.of(), stalls))));
    }

    private static final Optional<PlatformStalls> STALL = Optional.of(new PlatformStalls(new long[] {150_000_000}));

    @Test
    void theFirstPassingAttemptPassesTheTestAndSaysWhichItWas() {
        List<AttemptJudgement> attempts = List.of(breaching(1, Optional.empty()), passing(2));

        Decision decision = Decision.decide(attempts, 3, Optional.empty(), Mode.ENFORCE);

        assertThat(decision.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(decision.reported().number()).isEqualTo(2);
        assertThat(decision.detail()).startsWith("budgets met on attempt 2 of 3: end to end p50 <= 50 \u00b5s: ");
    }

    @Test
    void breachesThePlatformExplainsAreInconclusiveAndOneUnexplainedBreachFails() {
        assertThat(breaching(1, STALL).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(Decision.decide(List.of(breaching(1, STALL), breaching(2, STALL)), 2, Optional.empty(), Mode.ENFORCE))
                .satisfies(decision -> {
                    assertThat(decision.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
                    assertThat(decision.verdictDetail()).startsWith("Inconclusive: the budgets broke only through late "
                            + "samples that are not the code's (jlbh.noise = aware), on all 2 attempts:");
                });

        Decision mixed = Decision.decide(List.of(breaching(1, Optional.empty()), breaching(2, STALL)), 2,
                Optional.empty(), Mode.ENFORCE);
        assertThat(mixed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(mixed.reported().number()).as("the last failed attempt is reported").isEqualTo(1);
        assertThat(mixed.detail()).endsWith("(no attempt of 2 met the budgets; this was attempt 1)");
    }

    @Test
    void strictNoiseNeverExplains() {
        JLBHResult result = result(1_000, run(49, 10_000, 151, 200_000));
        AttemptJudgement strict = AttemptJudgement.judge(settings(Noise.STRICT), new Attempt(1, result,
                List.of(RunMeasures.withoutEvidence(1, OptionalLong.empty(), List.of(), STALL))));
        assertThat(strict.outcome()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void aRegressionFailsAPassingTestAndIsAddedToAFailedOneButNotToAnInconclusiveOne() {
        BaselineComparison regressed = new BaselineComparison(Path.of("baseline"), 5, "", true, List.of(
                new BaselineComparison.Row(LatencyBudget.END_TO_END, "50", 1_000, 1_100, 5, 2_000, 90, 60, 120, 10,
                        BaselineComparison.Change.REGRESSION, "")), List.of());
        Optional<BaselineComparison> comparison = Optional.of(regressed);

        Decision passed = Decision.decide(List.of(passing(1)), 1, comparison, Mode.ENFORCE);
        assertThat(passed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(passed.detail()).isEqualTo("Regression against the baseline in baseline: end to end p50: history "
                + "1.000–1.100 \u00b5s (5 builds), now 2.000 \u00b5s, +90% (interval +60..+120%), threshold +10%: "
                + "REGRESSION");

        Decision failed = Decision.decide(List.of(breaching(1, Optional.empty())), 1, comparison, Mode.ENFORCE);
        assertThat(failed.verdictDetail()).startsWith("end to end p50 was ").contains(System.lineSeparator()
                + "Regression against the baseline");

        Decision inconclusive = Decision.decide(List.of(breaching(1, STALL)), 1, comparison, Mode.ENFORCE);
        assertThat(inconclusive.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(inconclusive.detail()).doesNotContain("Regression");
    }

    @Test
    void aBreachJudgedWithoutItsEvidenceSaysSoInTheFirstLine() {
        // these attempts' runs have no evidence: their late samples could not be put down to the platform or the JVM
        Decision failed = Decision.decide(List.of(breaching(1, Optional.empty())), 1, Optional.empty(),
                Mode.ENFORCE);

        assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failed.detail().lines().findFirst()).hasValue("Judged without all its evidence (no evidence "
                + "collected): late samples the platform or the JVM caused cannot be told from the code's, and are "
                + "counted as the code's");
        assertThat(failed.verdictDetail()).startsWith("end to end p50 was ");
        assertThat(Decision.decide(List.of(passing(1)), 1, Optional.empty(), Mode.ENFORCE).detail())
                .startsWith("budgets met");
    }

    @Test
    void reportModeReportsWhatWouldHaveFailed() {
        assertThat(Decision.decide(List.of(breaching(1, Optional.empty())), 1, Optional.empty(), Mode.REPORT).outcome())
                .isEqualTo(Outcome.REPORTED);
        assertThat(Decision.decide(List.of(passing(1)), 1, Optional.empty(), Mode.REPORT).outcome())
                .isEqualTo(Outcome.PASSED);
    }
}

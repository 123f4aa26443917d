package org.jlbh.junit.internal.judge;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBHResult;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.LatencyTestConfiguration.BaselineEnvironment;
import org.jlbh.junit.LatencyTestConfiguration.Profile;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Budgets;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.Sizing;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.jlbh.junit.internal.Results.result;
import static org.jlbh.junit.internal.Results.run;

/** Attempts, baseline and mode to an outcome, on chosen results: no harness, no I/O. */
class DecisionTest {
    /** Budget: end to end p50 <= 50 µs, at 1,000/s. */
    private static final TestSettings SETTINGS = settings(Noise.AWARE);

    private static TestSettings settings(Noise noise) {
        return settings(noise, 1, Verdict.MEDIAN_RUN, new Budget(LatencyBudget.END_TO_END, 50, 50, 50));
    }

    private static TestSettings settings(Noise noise, int runs, Verdict verdict, Budget... budgets) {
        Configuration configuration = new Configuration(Mode.ENFORCE, noise, 2, 1, 1, Path.of("target"),
                Optional.empty(), false, 10, 5, List.of("50"), BaselineEnvironment.SAME,
                true, 3, Optional.empty(), true, 600, true, Profile.ON_BREACH,
                Inconclusive.SKIP);
        try {
            return new TestSettings(new TestIdentity(DecisionTest.class,
                    DecisionTest.class.getDeclaredMethod("settings", Noise.class), ""), configuration,
                    new RunPlan(1_000, Arrivals.FIXED_RATE, 1, 1, 200, 0, runs, true, true, 10_000, Set.of(), false,
                            new Sizing(false, false, false)),
                    new Budgets(verdict, List.of(budgets), LatencyTest.UNLIMITED, LatencyTest.UNLIMITED,
                            LatencyTest.UNLIMITED));
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
                List.of(new RunMeasures(1, OptionalLong.empty(), List.of(), stalls, Map.of(),
                        RunEvidence.none("no evidence collected")))));
    }

    /** An attempt of these settings' runs, no evidence and no stalls. */
    private static AttemptJudgement attempt(TestSettings settings, int number, long[]... runs) {
        List<RunMeasures> measures = new ArrayList<>();
        for (int run = 1; run <= runs.length; run++) {
            measures.add(new RunMeasures(run, OptionalLong.empty(), List.of(), Optional.empty(), Map.of(),
                    RunEvidence.none("no evidence collected")));
        }
        return AttemptJudgement.judge(settings, new Attempt(number, result(1_000, runs), measures));
    }

    private static final Optional<PlatformStalls> STALL = Optional.of(new PlatformStalls(new long[] {150_000_000}));

    /**
     * Decides as the attempt loop does when {@code jlbh.retry.failed} judges each attempt on its own: by the last
     * attempt, or by an earlier failed one when the last could not decide.
     */
    private static Decision decideEachOnItsOwn(List<AttemptJudgement> attempts, int allowed,
                                               Optional<BaselineComparison> comparison, Mode mode) {
        SequentialRule.Judged judged = null;
        Optional<SequentialRule.Judged> failedEarlier = Optional.empty();
        for (AttemptJudgement attempt : attempts) {
            if (judged != null && judged.outcome() == Outcome.FAILED) {
                failedEarlier = Optional.of(judged);
            }
            judged = SequentialRule.judge(List.of(attempt), 1, Verdict.MEDIAN_RUN);
        }
        if (judged.outcome() == Outcome.INCONCLUSIVE && failedEarlier.isPresent()) {
            judged = failedEarlier.get();
        }
        return Decision.decide(attempts, allowed, comparison, Optional.empty(), mode, judged);
    }

    @Test
    void theFirstPassingAttemptPassesTheTestAndSaysWhichItWas() {
        List<AttemptJudgement> attempts = List.of(breaching(1, Optional.empty()), passing(2));

        Decision decision = decideEachOnItsOwn(attempts, 3, Optional.empty(), Mode.ENFORCE);

        assertThat(decision.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(decision.reported().number()).isEqualTo(2);
        assertThat(decision.detail()).startsWith("budgets met on attempt 2 of 3: end to end p50 <= 50 \u00b5s: ");
    }

    @Test
    void breachesThePlatformExplainsAreInconclusiveAndOneUnexplainedBreachFails() {
        assertThat(breaching(1, STALL).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(decideEachOnItsOwn(List.of(breaching(1, STALL), breaching(2, STALL)), 2, Optional.empty(),
                Mode.ENFORCE))
                .satisfies(decision -> {
                    assertThat(decision.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
                    assertThat(decision.verdictDetail()).startsWith("Inconclusive: the budgets broke only through late "
                            + "samples that are not the code's (jlbh.noise = aware), on all 2 attempts:");
                });

        Decision mixed = decideEachOnItsOwn(List.of(breaching(1, Optional.empty()), breaching(2, STALL)), 2,
                Optional.empty(), Mode.ENFORCE);
        assertThat(mixed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(mixed.reported().number()).as("the last failed attempt is reported").isEqualTo(1);
        assertThat(mixed.detail()).endsWith("(no attempt of 2 met the budgets; this was attempt 1)");
    }

    @Test
    void aFailureTheSequentialRuleDecidedSaysTheRunsNotThatNoAttemptMetTheBudgets() {
        // the first attempt met the budget on its own; the rule, counting every run, called it broken
        List<AttemptJudgement> attempts = List.of(passing(1), breaching(2, Optional.empty()),
                breaching(3, Optional.empty()), breaching(4, Optional.empty()));
        SequentialRule.Judged judged = new SequentialRule.Judged(Outcome.FAILED, false, List.of(
                new SequentialRule.Tally("end to end p50 <= 50 \u00b5s", 1, 3, SequentialRule.Call.BROKEN)), attempts,
                1);

        Decision decision = Decision.decide(attempts, 4, Optional.empty(), Optional.empty(), Mode.ENFORCE, judged);

        assertThat(decision.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(decision.detail()).contains("(by the sequential rule, over 4 attempts: end to end p50 <= 50 \u00b5s: "
                + "1 run of 4 met it)").doesNotContain("no attempt of");
    }

    @Test
    void aWindowOfOneAttemptReportsThatAttemptNotAnEarlierOneThatPassed() {
        // jlbh.retry.failed began a fresh window after attempt 2: attempt 1's pass on its own belongs to the window before
        List<AttemptJudgement> attempts = List.of(passing(1), breaching(2, Optional.empty()),
                breaching(3, Optional.empty()));

        Decision decision = Decision.decide(attempts, 3, Optional.empty(), Optional.empty(), Mode.ENFORCE,
                SequentialRule.judge(List.of(attempts.get(2)), 1, Verdict.MEDIAN_RUN));

        assertThat(decision.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(decision.reported().number()).isEqualTo(3);
        assertThat(decision.verdictDetail()).startsWith("end to end p50 was ").doesNotContain("no attempt of");
    }

    @Test
    void aBudgetALaterAttemptCouldNotJudgeAddsNoRunThereAndLendsNoneToAnother() {
        // p99.9 needs 10,000 samples to be judged: the first attempt has them, the second 200
        TestSettings twoBudgets = settings(Noise.AWARE, 1, Verdict.MEDIAN_RUN,
                new Budget(LatencyBudget.END_TO_END, 99.9, 50, 50), new Budget(LatencyBudget.END_TO_END, 50, 50, 50));
        AttemptJudgement both = attempt(twoBudgets, 1, run(10_000, 10_000));
        AttemptJudgement p50Only = attempt(twoBudgets, 2, run(49, 10_000, 151, 200_000));

        List<SequentialRule.Tally> tallies = SequentialRule.judge(List.of(both, p50Only), 1, Verdict.MEDIAN_RUN)
                .tallies();

        assertThat(tallies).extracting(SequentialRule.Tally::what).satisfiesExactly(
                what -> assertThat(what).contains("p99.9"), what -> assertThat(what).contains("p50"));
        assertThat(tallies).extracting(SequentialRule.Tally::met, SequentialRule.Tally::broken)
                .containsExactly(tuple(1, 0), tuple(1, 1));
    }

    @Test
    void runsJudgedEveryOneAreNotTheSequentialRulesToDecide() {
        TestSettings everyRun = settings(Noise.AWARE, 3, Verdict.EVERY_RUN,
                new Budget(LatencyBudget.END_TO_END, 50, 50, 50));
        AttemptJudgement oneBroke = attempt(everyRun, 1, run(200, 10_000), run(49, 10_000, 151, 200_000),
                run(200, 10_000));

        SequentialRule.Judged judged = SequentialRule.judge(List.of(oneBroke), 3, Verdict.EVERY_RUN);
        Decision decision = Decision.decide(List.of(oneBroke), 1, Optional.empty(), Optional.empty(), Mode.ENFORCE,
                judged);

        assertThat(judged.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(judged.margin()).isZero();
        assertThat(judged.split()).as("one broken run decides; no rule weighed the runs").isFalse();
        assertThat(decision.detail()).doesNotContain("sequential rule");
    }

    @Test
    void strictNoiseNeverExplains() {
        JLBHResult result = result(1_000, run(49, 10_000, 151, 200_000));
        AttemptJudgement strict = AttemptJudgement.judge(settings(Noise.STRICT), new Attempt(1, result,
                List.of(new RunMeasures(1, OptionalLong.empty(), List.of(), STALL, Map.of(),
                        RunEvidence.none("no evidence collected")))));
        assertThat(strict.outcome()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void aRegressionFailsAPassingTestAndIsAddedToAFailedOneButNotToAnInconclusiveOne() {
        BaselineComparison regressed = new BaselineComparison(Path.of("baseline"), 5, "", true, List.of(
                new ComparisonRow(LatencyBudget.END_TO_END, "50", ComparisonRow.Basis.CODES_OWN,
                        new ComparisonRow.History(1_000, 1_100, 5, 2_000, 2_500), 90, 60, 120, 10, 24,
                        ComparisonRow.Change.REGRESSION, "")),
                List.of(), List.of());
        Optional<BaselineComparison> comparison = Optional.of(regressed);

        Decision passed = decideEachOnItsOwn(List.of(passing(1)), 1, comparison, Mode.ENFORCE);
        assertThat(passed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(passed.detail()).isEqualTo("Regression against the baseline in baseline: end to end p50 on the "
                + "code's own account: history 1.000–1.100 \u00b5s (5 builds), now 2.000 \u00b5s (as measured 2.500 "
                + "\u00b5s), +90% (interval +60..+120%), tolerance +10%, detectable +24%: REGRESSION");

        Decision failed = decideEachOnItsOwn(List.of(breaching(1, Optional.empty())), 1, comparison, Mode.ENFORCE);
        assertThat(failed.verdictDetail()).startsWith("end to end p50 was ").contains(System.lineSeparator()
                + "Regression against the baseline");

        Decision inconclusive = decideEachOnItsOwn(List.of(breaching(1, STALL)), 1, comparison, Mode.ENFORCE);
        assertThat(inconclusive.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(inconclusive.detail()).doesNotContain("Regression");
    }

    @Test
    void aBreachJudgedWithoutItsEvidenceSaysSoInTheFirstLine() {
        // these attempts' runs have no evidence: their late samples could not be put down to the platform or the JVM
        Decision failed = decideEachOnItsOwn(List.of(breaching(1, Optional.empty())), 1, Optional.empty(),
                Mode.ENFORCE);

        assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failed.detail().lines().findFirst()).hasValue("Judged without all its evidence (no evidence "
                + "collected): late samples the platform or the JVM caused cannot be told from the code's, and are "
                + "counted as the code's");
        assertThat(failed.verdictDetail()).startsWith("end to end p50 was ");
        assertThat(decideEachOnItsOwn(List.of(passing(1)), 1, Optional.empty(), Mode.ENFORCE).detail())
                .startsWith("budgets met");
    }

    @Test
    void reportModeReportsWhatWouldHaveFailed() {
        assertThat(decideEachOnItsOwn(List.of(breaching(1, Optional.empty())), 1, Optional.empty(), Mode.REPORT)
                .outcome())
                .isEqualTo(Outcome.REPORTED);
        assertThat(decideEachOnItsOwn(List.of(passing(1)), 1, Optional.empty(), Mode.REPORT).outcome())
                .isEqualTo(Outcome.PASSED);
    }

    @Test
    void aBaselineThatCouldNotBeComparedWithMakesAPassingTestInconclusiveEndingWithTheRepairAndIsSaidBesideAFailure() {
        Decision.GateOff gateOff = new Decision.GateOff("/p/A.m.json is not a valid jlbh-junit baseline (cut short)",
                "restore /p/A.m.json");
        SequentialRule.Judged passed = SequentialRule.judge(List.of(passing(1)), 1, Verdict.MEDIAN_RUN);

        Decision decision = Decision.decide(List.of(passing(1)), 1, Optional.empty(), Optional.empty(),
                Optional.of(gateOff), Mode.ENFORCE, passed).withWhatWouldDecide(passed, false, 3);

        assertThat(decision.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(decision.detail()).startsWith("Inconclusive: the baseline gate could not compare this build: "
                + "/p/A.m.json is not a valid jlbh-junit baseline (cut short); its own budgets were met (budgets met: "
                + "end to end p50 <= 50 \u00b5s: ").endsWith("). To decide it: restore /p/A.m.json");
        assertThat(Decision.decide(List.of(passing(1)), 1, Optional.empty(), Optional.empty(), Optional.of(gateOff),
                Mode.REPORT, passed).outcome()).as("report mode reports it").isEqualTo(Outcome.REPORTED);

        SequentialRule.Judged failed = SequentialRule.judge(List.of(breaching(1, Optional.empty())), 1,
                Verdict.MEDIAN_RUN);
        Decision failing = Decision.decide(List.of(breaching(1, Optional.empty())), 1, Optional.empty(),
                Optional.empty(), Optional.of(gateOff), Mode.ENFORCE, failed);
        assertThat(failing.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(failing.detail().lines().toList()).last().isEqualTo("The baseline gate could not compare this "
                + "build either: /p/A.m.json is not a valid jlbh-junit baseline (cut short). To repair the history: "
                + "restore /p/A.m.json");
    }
}

package org.jlbh.junit.internal;

import org.jlbh.core.Arrivals;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.LatencyTestConfiguration.BaselineEnvironment;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.LatencyTestConfiguration.Profile;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Budgets;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.Sizing;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.AttemptJudgement;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.Publisher;
import org.jlbh.junit.internal.report.ReportWriter;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.Results.result;
import static org.jlbh.junit.internal.Results.run;

/**
 * When a test stops: the loop of attempts driven with runs made to order (each run meets its p50 budget of 50 µs or
 * breaks it, as scripted), on a harness whose clock jumps to each due time. With sized runs, three runs first, then two
 * at a time while they disagree, up to jlbh.remeasure.undecided attempts more; where the floor leaves no room, not again.
 */
class AttemptLoopTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    /** Each attempt's runs as measured: its number, whether measured again, its run count. */
    private final List<String> measured = new ArrayList<>();

    private static TestSettings settings(Sizing sizing, int runs, int remeasures) {
        Configuration configuration = new Configuration(Mode.ENFORCE, Noise.AWARE, 0, 1, 1, Path.of("target"),
                Optional.empty(), false, 10, 5, List.of("50"), BaselineEnvironment.SAME, true, remeasures,
                Optional.empty(), true, 600, true, Profile.ON_BREACH,
                Inconclusive.SKIP);
        try {
            return new TestSettings(new TestIdentity(AttemptLoopTest.class,
                    AttemptLoopTest.class.getDeclaredMethod("settings", Sizing.class, int.class, int.class), ""),
                    configuration, new RunPlan(1_000, Arrivals.FIXED_RATE, 1, 1, 200, 0, runs, true, true, 10_000,
                    Set.of(), false, sizing),
                    new Budgets(Verdict.MEDIAN_RUN, List.of(new Budget(LatencyBudget.END_TO_END, 50, 50, 50)),
                            LatencyTest.UNLIMITED, LatencyTest.UNLIMITED, LatencyTest.UNLIMITED));
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    private static final TestSettings SIZED = settings(new Sizing(true, true, true), 3, 3);

    /** @param script each run in the order measured: true meets the budget (10 µs), false breaks it (200 µs) */
    private AttemptLoop.Ended loop(TestSettings settings, boolean noRoom, boolean... script) throws Throwable {
        int[] next = {0};
        ReportWriter reports = new ReportWriter(new PrintStream(console, true, StandardCharsets.UTF_8),
                settings.configuration(), new Publisher() {
                    @Override
                    public void entry(String key, String value) {
                    }

                    @Override
                    public void file(String name, String mediaType, String content) {
                    }
                });
        return AttemptLoop.run(settings, noRoom, (number, again) -> {
            int runs = settings.run().runs();
            measured.add(number + (again ? " again: " : ": ") + runs);
            long[][] samples = new long[runs][];
            List<RunMeasures> measures = new ArrayList<>();
            for (int run = 0; run < runs; run++) {
                samples[run] = script[next[0]++] ? run(200, 10_000) : run(200, 200_000);
                measures.add(new RunMeasures(run + 1, OptionalLong.empty(), List.of(), Optional.empty(), Map.of(),
                        RunEvidence.none("no evidence collected")));
            }
            return AttemptJudgement.judge(settings, new Attempt(number, result(1_000, samples), measures));
        }, attempts -> Optional.empty(), reports);
    }

    @Test
    void threeRunsThatAgreeDecideAtOnce() throws Throwable {
        AttemptLoop.Ended ended = loop(SIZED, false, true, true, true);

        assertThat(measured).containsExactly("1: 3");
        assertThat(ended.judged().outcome()).isEqualTo(Outcome.PASSED);
        assertThat(ended.runs()).isEqualTo(3);
        assertThat(loop(SIZED, false, false, false, false).judged().outcome()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void runsThatDisagreeAreMeasuredAgainThreeAtATimeUntilOneSideLeadsByThree() throws Throwable {
        // 2 met, 1 broken; then 3 met: 5 to 1
        AttemptLoop.Ended ended = loop(SIZED, false, true, false, true, true, true, true);

        assertThat(measured).containsExactly("1: 3", "2 again: 3");
        assertThat(ended.judged().outcome()).isEqualTo(Outcome.PASSED);
        assertThat(ended.runs()).isEqualTo(6);
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("=== Attempt 1 of 4: the runs disagree, "
                + "measuring again (jlbh.remeasure.undecided = 3; a budget is decided when the runs on one side outnumber the "
                + "other by 3)");
    }

    @Test
    void runsThatKeepDisagreeingStopAtTheMostRunsUndecided() throws Throwable {
        // 2-1, 1-2, 2-1, 1-2: never three apart at an attempt's end
        AttemptLoop.Ended ended = loop(SIZED, false, true, false, true, false, true, false, true, false, true,
                false, true, false);

        assertThat(measured).containsExactly("1: 3", "2 again: 3", "3 again: 3", "4 again: 3");
        assertThat(ended.runs()).isEqualTo(Sizing.maxRuns(3)).isEqualTo(12);
        assertThat(ended.judged().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(ended.judged().undecided()).isTrue();
        assertThat(ended.allowed()).isEqualTo(4);
    }

    @Test
    void whereTheFloorLeavesNoRoomRunsThatDisagreeAreNotMeasuredAgain() throws Throwable {
        AttemptLoop.Ended ended = loop(SIZED, true, true, false, true);

        assertThat(measured).containsExactly("1: 3");
        assertThat(ended.judged().undecided()).isTrue();
        assertThat(loop(SIZED, true, false, false, false).judged().outcome()).as("decided all the same")
                .isEqualTo(Outcome.FAILED);
    }

    @Test
    void runsAsSetAreMeasuredAgainInAttemptsOfAsMany() throws Throwable {
        TestSettings asSet = settings(new Sizing(false, false, false), 2, 1);
        AttemptLoop.Ended ended = loop(asSet, false, true, false, true, true);

        assertThat(measured).containsExactly("1: 2", "2 again: 2");
        assertThat(ended.runs()).isEqualTo(4);
        assertThat(ended.judged().outcome()).as("3 to 1 with a margin of 2 runs (runs = 2)").isEqualTo(Outcome.PASSED);
    }
}

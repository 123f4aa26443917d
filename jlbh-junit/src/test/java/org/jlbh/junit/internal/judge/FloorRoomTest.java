package org.jlbh.junit.internal.judge;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Budgets;
import org.jlbh.junit.internal.config.TestSettings;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.Results.run;

/** This machine's floor beside the budgets, on floors made to order. */
class FloorRoomTest {
    private static final Budgets BUDGETS = new Budgets(Verdict.MEDIAN_RUN, List.of(
            new Budget(LatencyBudget.END_TO_END, 99.9, 50, 50), new Budget(LatencyBudget.END_TO_END, 50, 10, 10),
            new Budget("parse", 99, 5, 5)), LatencyTest.UNLIMITED, LatencyTest.UNLIMITED, LatencyTest.UNLIMITED);

    @Test
    void aFloorTakingMoreThanFourFifthsOfABudgetLeavesTheCodeNoRoom() {
        List<FloorRoom> rooms = FloorRoom.beside(BUDGETS, p -> OptionalDouble.of(p == 99.9 ? 46 : 0.1));

        assertThat(rooms).as("end to end's budgets only: a probe times a part of the body, not the harness's path")
                .containsExactly(new FloorRoom(99.9, 50, 46), new FloorRoom(50, 10, 0.1));
        assertThat(rooms.get(0).noRoom()).isTrue();
        assertThat(rooms.get(0).describe()).isEqualTo("this machine's own p99.9 is 46.000 µs (an empty body); a "
                + "budget of 50 µs at p99.9 cannot be told apart from it here");
        assertThat(rooms.get(1).noRoom()).isFalse();
        assertThat(rooms.get(1).describe()).isEqualTo("this machine's own p50 is 0.100 µs (an empty body), 1% of "
                + "the budget of 10 µs");
        assertThat(new FloorRoom(99, 50, 40).noRoom()).as("exactly four fifths: room").isFalse();
    }

    /** End to end p50 <= 50 µs; three runs of 200 samples each. */
    private static final TestSettings SETTINGS = DecisionTest.settings(Noise.AWARE, 3, Verdict.MEDIAN_RUN,
            new Budget(LatencyBudget.END_TO_END, 50, 50, 50));

    /** Three runs whose p50 is 70 µs: the budget of 50 µs broken in each. */
    private static AttemptJudgement brokenAt70() {
        return DecisionTest.attempt(SETTINGS, 1, run(200, 70_000), run(200, 70_000), run(200, 70_000));
    }

    @Test
    void aBreachNoHigherThanTheFloorJustAfterCannotBeToldApart() {
        AttemptJudgement broken = brokenAt70();
        assertThat(broken.outcome()).isEqualTo(Outcome.FAILED);

        // 70.015 µs: 70 µs as the run's histogram holds it
        assertThat(FloorRoom.breachWithinFloor(broken, p -> OptionalDouble.of(80))).hasValue("this machine's own "
                + "p50 was 80.000 µs (an empty body) just after: the breach (70.015 µs) cannot be told apart from it "
                + "here");
        assertThat(FloorRoom.breachWithinFloor(broken, p -> OptionalDouble.of(60))).as("the code took more")
                .isEmpty();
        assertThat(FloorRoom.breachWithinFloor(broken, p -> OptionalDouble.empty())).as("no floor there").isEmpty();
    }

    @Test
    void nothingBrokenNothingToTellApart() {
        assertThat(FloorRoom.breachWithinFloor(DecisionTest.attempt(SETTINGS, 1, run(200, 10_000),
                run(200, 10_000), run(200, 10_000)), p -> OptionalDouble.of(1_000))).isEmpty();
    }

    @Test
    void aPercentileTheFloorHasTooFewSamplesForIsLeftOut() {
        assertThat(FloorRoom.beside(BUDGETS, p -> p > 99 ? OptionalDouble.empty() : OptionalDouble.of(1)))
                .containsExactly(new FloorRoom(50, 10, 1));
    }
}

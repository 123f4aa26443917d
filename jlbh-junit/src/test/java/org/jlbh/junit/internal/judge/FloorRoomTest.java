package org.jlbh.junit.internal.judge;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Budgets;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

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

    @Test
    void aPercentileTheFloorHasTooFewSamplesForIsLeftOut() {
        assertThat(FloorRoom.beside(BUDGETS, p -> p > 99 ? OptionalDouble.empty() : OptionalDouble.of(1)))
                .containsExactly(new FloorRoom(50, 10, 1));
    }
}

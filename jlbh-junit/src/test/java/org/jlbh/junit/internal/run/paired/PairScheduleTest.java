package org.jlbh.junit.internal.run.paired;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.run.paired.PairSchedule.BASE;
import static org.jlbh.junit.internal.run.paired.PairSchedule.CHANGE;
import static org.jlbh.junit.internal.run.paired.PairSchedule.CHANGE_COPY;
import static org.jlbh.junit.internal.run.paired.PairSchedule.CONTROL;
import static org.jlbh.junit.internal.run.paired.PairSchedule.NEITHER;

class PairScheduleTest {

    @Test
    void theRunsComeInRoundsOfOneRunACopyInOrdersThatTakeTurns() {
        assertThat(IntStream.rangeClosed(0, 9).map(run -> PairSchedule.sideOfRun(run, 2)).boxed().toList())
                .containsExactly(NEITHER, BASE, CHANGE, CHANGE_COPY, CONTROL, CHANGE, CONTROL, BASE, CHANGE_COPY,
                        NEITHER);
    }

    @Test
    void theTestsRunsAreTheChangesTwoCopiesHalfEachInHalfAsManyRounds() {
        assertThat(IntStream.rangeClosed(1, 6).map(PairSchedule::rounds).boxed().toList())
                .containsExactly(1, 1, 2, 2, 3, 3);
        assertThat(PairSchedule.rounds(60)).isEqualTo(30);
    }

    @Test
    void overFourRoundsEachCopyTakesEachPlaceOnceAndFollowsEachOtherCopyOnce() {
        int[][] places = new int[4][4];
        Map<List<Integer>, Integer> follows = new HashMap<>();
        for (int run = 1; run <= 16; run++) {
            int side = PairSchedule.sideOfRun(run, 4);
            places[side][(run - 1) % 4]++;
            if ((run - 1) % 4 > 0) {
                follows.merge(List.of(PairSchedule.sideOfRun(run - 1, 4), side), 1, Integer::sum);
            }
        }
        assertThat(places).isDeepEqualTo(new int[][]{{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}});
        assertThat(follows).hasSize(12).allSatisfy((pair, count) -> assertThat(count).as("%s", pair).isEqualTo(1));
    }

    @Test
    void eachCopysRunIsOneOfItsRound() {
        assertThat(IntStream.rangeClosed(1, 4).map(n -> PairSchedule.harnessRun(BASE, n)).boxed().toList())
                .containsExactly(1, 7, 12, 14);
        for (int run = 1; run <= 48; run++) {
            int side = PairSchedule.sideOfRun(run, 12);
            assertThat(PairSchedule.harnessRun(side, (run + 3) / 4)).as("run %d", run).isEqualTo(run);
        }
    }

    @Test
    void theWarmUpsCallsTakeTurnsOneByOne() {
        assertThat(IntStream.range(0, 6).map(i -> PairSchedule.sideOfWarmUpCall(i)).boxed().toList())
                .containsExactly(BASE, CHANGE, CONTROL, CHANGE_COPY, BASE, CHANGE);
    }
}

package org.jlbh.junit.internal.run.paired;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.run.paired.PairSchedule.BASE;
import static org.jlbh.junit.internal.run.paired.PairSchedule.CHANGE;
import static org.jlbh.junit.internal.run.paired.PairSchedule.CONTROL;
import static org.jlbh.junit.internal.run.paired.PairSchedule.NEITHER;

class PairScheduleTest {

    @Test
    void theRunsComeInRoundsOfOneRunASideInOrdersThatTakeTurns() {
        assertThat(IntStream.rangeClosed(0, 7).map(run -> PairSchedule.sideOfRun(run, 2)).boxed().toList())
                .containsExactly(NEITHER, BASE, CHANGE, CONTROL, CHANGE, CONTROL, BASE, NEITHER);
    }

    @Test
    void overSixRoundsEachSideTakesEachPlaceTwiceAndFollowsEachOtherSideTwice() {
        int[][] places = new int[3][3];
        Map<List<Integer>, Integer> follows = new HashMap<>();
        for (int run = 1; run <= 18; run++) {
            int side = PairSchedule.sideOfRun(run, 6);
            places[side][(run - 1) % 3]++;
            if ((run - 1) % 3 > 0) {
                follows.merge(List.of(PairSchedule.sideOfRun(run - 1, 6), side), 1, Integer::sum);
            }
        }
        assertThat(places).isDeepEqualTo(new int[][]{{2, 2, 2}, {2, 2, 2}, {2, 2, 2}});
        assertThat(follows).hasSize(6).allSatisfy((pair, count) -> assertThat(count).as("%s", pair).isEqualTo(2));
    }

    @Test
    void eachSidesRunIsOneOfItsRound() {
        assertThat(IntStream.rangeClosed(1, 4).map(n -> PairSchedule.harnessRun(BASE, n)).boxed().toList())
                .containsExactly(1, 6, 8, 12);
        for (int run = 1; run <= 36; run++) {
            int side = PairSchedule.sideOfRun(run, 12);
            assertThat(PairSchedule.harnessRun(side, (run + 2) / 3)).as("run %d", run).isEqualTo(run);
        }
    }

    @Test
    void theWarmUpsCallsTakeTurnsOneByOne() {
        assertThat(IntStream.range(0, 5).map(i -> PairSchedule.sideOfWarmUpCall(i)).boxed().toList())
                .containsExactly(BASE, CHANGE, CONTROL, BASE, CHANGE);
    }
}

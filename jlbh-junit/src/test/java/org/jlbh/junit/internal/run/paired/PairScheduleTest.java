package org.jlbh.junit.internal.run.paired;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.run.paired.PairSchedule.BASE;
import static org.jlbh.junit.internal.run.paired.PairSchedule.CHANGE;
import static org.jlbh.junit.internal.run.paired.PairSchedule.NEITHER;

class PairScheduleTest {

    @Test
    void theRunsComeInPairsTheFirstOfEachPairSwapped() {
        assertThat(IntStream.rangeClosed(0, 9).map(run -> PairSchedule.sideOfRun(run, 4)).boxed().toList())
                .containsExactly(NEITHER, BASE, CHANGE, CHANGE, BASE, BASE, CHANGE, CHANGE, BASE, NEITHER);
    }

    @Test
    void eachSidesRunIsOneOfItsPair() {
        assertThat(IntStream.rangeClosed(1, 4).map(n -> PairSchedule.harnessRun(BASE, n)).boxed().toList())
                .containsExactly(1, 4, 5, 8);
        assertThat(IntStream.rangeClosed(1, 4).map(n -> PairSchedule.harnessRun(CHANGE, n)).boxed().toList())
                .containsExactly(2, 3, 6, 7);
        for (int run = 1; run <= 8; run++) {
            int side = PairSchedule.sideOfRun(run, 4);
            assertThat(PairSchedule.harnessRun(side, (run + 1) / 2)).as("run %d", run).isEqualTo(run);
        }
    }

    @Test
    void theWarmUpsCallsAlternateOneByOne() {
        assertThat(List.of(PairSchedule.sideOfWarmUpCall(0), PairSchedule.sideOfWarmUpCall(1),
                PairSchedule.sideOfWarmUpCall(2), PairSchedule.sideOfWarmUpCall(3)))
                .containsExactly(BASE, CHANGE, BASE, CHANGE);
    }
}

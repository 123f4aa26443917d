package org.jlbh.junit.internal.run.paired;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Two threads standing in for the two sides' harness threads, each measuring its warm-up and runs in its turns. */
class AlternationTest {

    @Test
    void theSidesWarmUpInTurnThenMeasureTheirRunsInPairsTheFirstOfEachPairSwapped() throws InterruptedException {
        Alternation turns = new Alternation();
        List<String> parts = Collections.synchronizedList(new ArrayList<>());
        Thread change = side(turns, Alternation.CHANGE, "change", 4, parts);
        Thread base = side(turns, Alternation.BASE, "base", 4, parts);
        change.start(); // started first, it still waits for the base's warm-up
        base.start();
        change.join(10_000);
        base.join(10_000);

        assertThat(parts).containsExactly("base warm-up", "change warm-up", "base run 1", "change run 1",
                "change run 2", "base run 2", "base run 3", "change run 3", "change run 4", "base run 4");
    }

    @Test
    void aSideThatEndsEarlyKeepsTheOtherWaitingNoLonger() throws InterruptedException {
        Alternation turns = new Alternation();
        List<String> parts = Collections.synchronizedList(new ArrayList<>());
        Thread base = new Thread(() -> {
            turns.awaitTurn(Alternation.BASE);
            parts.add("base warm-up");
            turns.leave(Alternation.BASE); // its body threw in the warm-up: no runs
        });
        Thread change = side(turns, Alternation.CHANGE, "change", 2, parts);
        base.start();
        change.start();
        base.join(10_000);
        change.join(10_000);

        assertThat(change.isAlive()).isFalse();
        assertThat(parts).containsExactly("base warm-up", "change warm-up", "change run 1", "change run 2");
    }

    @Test
    void theFirstOfEachPairAlternates() {
        assertThat(List.of(Alternation.sideOf(0), Alternation.sideOf(1))).as("warm-ups")
                .containsExactly(Alternation.BASE, Alternation.CHANGE);
        assertThat(List.of(Alternation.sideOf(2), Alternation.sideOf(3), Alternation.sideOf(4), Alternation.sideOf(5)))
                .containsExactly(Alternation.BASE, Alternation.CHANGE, Alternation.CHANGE, Alternation.BASE);
    }

    /** A side as its harness thread takes its turns: the warm-up, then each run, then it leaves. */
    private static Thread side(Alternation turns, int side, String name, int runs, List<String> parts) {
        return new Thread(() -> {
            turns.awaitTurn(side);
            parts.add(name + " warm-up");
            turns.done(side);
            for (int run = 1; run <= runs; run++) {
                parts.add(name + " run " + run);
                turns.done(side);
            }
            turns.leave(side);
        }, name);
    }
}

package org.jlbh.core;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link JLBHOptions#warmUpUntil}: the warm-up in rounds until the task is warmed up, on a manual clock, so that every
 * count is exact.
 */
class JLBHWarmUpRoundsTest {
    private final ManualClock clock = new ManualClock(0);
    private final ByteArrayOutputStream report = new ByteArrayOutputStream();
    /** The iteration each round ended at, as the condition saw it. */
    private final List<Integer> askedAt = new ArrayList<>();

    private JLBH jlbh(JLBHOptions options) {
        return new JLBH(options, new PrintStream(report, true, StandardCharsets.UTF_8), null);
    }

    private JLBHOptions options(ScriptedTask task) {
        return new JLBHOptions().clock(clock).recordOSJitter(false).throughput(1_000).warmUpIterations(10)
                .iterations(20).runs(1).jlbhTask(task);
    }

    private static ScriptedTask sampling() {
        return new ScriptedTask((jlbh, i, start) -> jlbh.sample(10));
    }

    @Test
    void theWarmUpGoesOnInRoundsUntilTheConditionSaysItIsWarmedUp() {
        ScriptedTask task = sampling();
        jlbh(options(task).warmUpUntil(() -> {
            askedAt.add(task.iteration);
            return askedAt.size() == 3;
        }, 100)).start();

        assertThat(askedAt).as("asked between rounds, never during one").containsExactly(10, 20, 30);
        assertThat(task.iteration).as("three rounds of 10, then the run's 20").isEqualTo(50);
        assertThat(task.calls).containsSubsequence("warmedUp", "runComplete on jlbh-harness");
        assertThat(report.toString(StandardCharsets.UTF_8))
                .contains("Warm up complete (30 iterations in 3 rounds of 10 took 0.030 s)");
    }

    @Test
    void theRoundsStopAtTheirBoundWhateverTheConditionSays() {
        ScriptedTask task = sampling();
        jlbh(options(task).warmUpUntil(() -> {
            askedAt.add(task.iteration);
            return false;
        }, 4)).start();

        assertThat(askedAt).as("not asked after the last round").containsExactly(10, 20, 30);
        assertThat(task.iteration).isEqualTo(4 * 10 + 20);
        assertThat(report.toString(StandardCharsets.UTF_8)).contains("(40 iterations in 4 rounds of 10 took 0.040 s)");
    }

    @Test
    void roundsFollowEachOtherOnTheScheduleWithoutAGap() {
        List<Long> starts = new ArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            starts.add(start);
            jlbh.sample(10);
        });
        jlbh(options(task).warmUpUntil(() -> task.iteration >= 20, 10)).start();

        for (int i = 1; i < starts.size(); i++) {
            assertThat(starts.get(i) - starts.get(i - 1)).as("iteration %d's due time", i).isEqualTo(1_000_000);
        }
    }

    @Test
    void oneRoundIsTheFixedWarmUpAndItsLineIsTheReferencesOwn() {
        ScriptedTask task = sampling();
        jlbh(options(task)).start();

        assertThat(report.toString(StandardCharsets.UTF_8)).contains("Warm up complete (10 iterations took 0.010 s)");
    }

    @Test
    void anEventLoopsHandlerRefusesRoundsAndABoundBelowOneIsRefused() {
        assertThatThrownBy(() -> jlbh(options(sampling()).warmUpUntil(() -> true, 5)).asEventHandler())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("warmUpUntil");
        assertThatThrownBy(() -> new JLBHOptions().warmUpUntil(() -> true, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxRounds");
    }
}

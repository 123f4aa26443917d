package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a test that leaves iterations, warm-up and runs unset measures: sized from its budgets and rate, as
 * {@link Sizing} says; what it sets keeps the fixed design exactly. Pure: nothing is measured.
 */
public class SizingTest {

    public static class Fixtures {
        /** The design card's example, nothing else set. */
        @LatencyTest(throughput = 10_000, percentile = 99.9, maxMicros = 50)
        void card() {
        }

        @LatencyTest(throughput = 1_000, percentile = 99, maxMicros = 50)
        void slowRate() {
        }

        /** p99.99 needs 100,000 samples: more than a second of 20,000/s. */
        @LatencyTest(throughput = 20_000, percentile = 50, maxMicros = 50)
        @LatencyBudget(percentile = 99.99, maxMicros = 500)
        void deepTail() {
        }

        @LatencyTest(throughput = 10_000, iterations = 50_000, warmUpIterations = 7_000, runs = 5, percentile = 99.9,
                maxMicros = 50)
        void allSet() {
        }

        @LatencyTest(throughput = 10_000, runs = 4, percentile = 99, maxMicros = 50)
        void runsSet() {
        }
    }

    public static TestSettings settings(String name, Map<String, String> parameters) {
        Method method = Arrays.stream(Fixtures.class.getDeclaredMethods()).filter(m -> m.getName().equals(name))
                .findFirst().orElseThrow();
        Configuration configuration = Configuration.load(key -> Optional.ofNullable(parameters.get(key)))
                .require(ConfigurationError.where(method));
        return TestSettingsReader.read(Fixtures.class, method, "",
                AnnotationSupport.findAnnotation(method, LatencyTest.class).orElseThrow(),
                AnnotationSupport.findRepeatableAnnotations(method, LatencyBudget.class), configuration);
    }

    private static RunPlan plan(String name, Map<String, String> parameters) {
        return settings(name, parameters).run();
    }

    @Test
    void theCardsExampleRunsASecondOfItsRateThreeTimesAfterAWarmUpInRounds() {
        RunPlan card = plan("card", Map.of());

        assertThat(card.sizing()).isEqualTo(new Sizing(true, true, true));
        assertThat(card.iterations()).as("p99.9 needs 10,000: a second at 10,000/s").isEqualTo(10_000);
        assertThat(card.warmUpIterations()).as("a round: 0.1 s").isEqualTo(1_000);
        assertThat(card.runs()).isEqualTo(3);
        assertThat(card.warmsUpInRounds(false)).isTrue();
        assertThat(card.warmsUpInRounds(true)).as("the code is compiled by then: one round").isFalse();
        assertThat(card.scheduledRunNanos()).isEqualTo(1_000_000_000L);
        // the most: 10 s of warm-up, 3 runs and three attempts more of 3, each after a round of warm-up
        assertThat(card.mostNanos(3)).isEqualTo(10_000_000_000L + 12 * 1_000_000_000L + 3 * 100_000_000L);
        assertThat(card.describe()).isEqualTo("10,000/s, warm-up until compiled + 3 runs (3 more at a time while "
                + "undecided) x 10,000 iterations, coordinated omission on");
    }

    @Test
    void aRunLastsASecondAtLeastAndHoldsTheSamplesOfTheHighestPercentile() {
        assertThat(plan("slowRate", Map.of()).iterations()).as("p99 needs 1,000: a second of 1,000/s").isEqualTo(1_000);
        assertThat(plan("deepTail", Map.of()).iterations()).as("p99.99 needs 100,000").isEqualTo(100_000);
        assertThat(Sizing.iterations(50, 1_000)).as("p50 needs 20, a second needs 1,000").isEqualTo(1_000);
        assertThat(Sizing.iterations(99.9, 100)).as("p99.9 needs 10,000 whatever the rate").isEqualTo(10_000);
        assertThat(Sizing.warmUpRound(5)).as("at least one iteration a round").isEqualTo(1);
        assertThat(Sizing.maxWarmUpRounds()).as("10 s of 0.1 s rounds").isEqualTo(100);
        assertThat(Sizing.maxRuns(3)).isEqualTo(12);
    }

    @Test
    void theIterationsFactorScalesWhatATestSetsNotWhatWasSized() {
        assertThat(plan("card", Map.of("jlbh.iterations.factor", "0.1")).iterations()).isEqualTo(10_000);
        assertThat(plan("allSet", Map.of("jlbh.iterations.factor", "0.5")).iterations()).isEqualTo(25_000);
    }

    @Test
    void whatATestSetsKeepsTheFixedDesignExactly() {
        RunPlan all = plan("allSet", Map.of());
        assertThat(all.sizing()).isEqualTo(new Sizing(false, false, false));
        assertThat(all.iterations()).isEqualTo(50_000);
        assertThat(all.warmUpIterations()).isEqualTo(7_000);
        assertThat(all.runs()).isEqualTo(5);
        assertThat(all.warmsUpInRounds(false)).isFalse();
        assertThat(all.describe()).isEqualTo("10,000/s, 7,000 warm-up + 5 runs x 50,000 iterations, coordinated "
                + "omission on");
        assertThat(all.mostNanos(3)).as("four attempts of warm-up and five runs").isEqualTo(4 * 25_700_000_000L);

        RunPlan runsSet = plan("runsSet", Map.of());
        assertThat(runsSet.sizing()).isEqualTo(new Sizing(true, true, false));
        assertThat(runsSet.runs()).isEqualTo(4);
        assertThat(runsSet.iterations()).isEqualTo(10_000);
    }
}

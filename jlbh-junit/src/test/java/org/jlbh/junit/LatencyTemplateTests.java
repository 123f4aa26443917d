package org.jlbh.junit;

import org.jlbh.junit.assertj.LatencyAssertions;
import org.jlbh.junit.internal.store.JsonReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LatencyTemplate} through the JUnit engine: a sweep's rates and a parameterized or repeated test's
 * invocations are each measured, judged and reported under their own names; the capacity budget passes above the
 * knee and fails below it, naming the first broken rate; every template that would pass without measuring is refused.
 *
 * <p>The sweep's body spins 100 µs, so it serves at most 10,000/s: at 1,000/s and 2,000/s its median is ~100 µs; at
 * 20,000/s arrivals outrun it, the queue grows for the whole run and the median waits milliseconds. The budget, median
 * at most 1 ms, sits ten times from both, so the machine's stalls (a few ms, a few samples) cannot move a median
 * across it. Noise is strict, so the outcomes do not depend on the evidence of a given build.
 */
class LatencyTemplateTests {
    @TempDir
    Path work;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private EngineExecutionResults run(Class<?> fixture) {
        PrintStream original = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            return EngineRuns.run(work.resolve("reports"), Map.of(LatencyTestConfiguration.NOISE, "strict"), fixture);
        } finally {
            System.setOut(original);
        }
    }

    private String output() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private static Throwable failure(Event event) {
        return event.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }

    private static List<String> names(Stream<Event> events) {
        return events.map(event -> event.getTestDescriptor().getDisplayName()).toList();
    }

    static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    // ---------------------------------------------------------------- sweeps

    static class SweepWithoutCapacityBudget {
        @LatencyTemplate(rates = {1_000, 2_000, 20_000}, iterations = 400, warmUpIterations = 0, runs = 1,
                percentile = 50, maxMicros = 1_000)
        void serves100Micros() {
            spin(100_000);
        }
    }

    @Test
    void aSweepOfThreeRatesIsThreeInvocationsEachJudgedAtItsRate() throws IOException {
        EngineExecutionResults results = run(SweepWithoutCapacityBudget.class);

        assertThat(names(results.testEvents().started().stream()))
                .containsExactly("[1,000/s]", "[2,000/s]", "[20,000/s]");
        assertThat(names(results.testEvents().succeeded().stream())).containsExactly("[1,000/s]", "[2,000/s]");
        assertThat(names(results.testEvents().failed().stream())).containsExactly("[20,000/s]");
        assertThat(failure(results.testEvents().failed().list().get(0))).isInstanceOf(AssertionError.class)
                .hasMessageContaining("end to end p50").hasMessageNotContaining("Capacity budget");

        assertThat(output()).contains("20,000/s, 0 warm-up + 1 run x 400 iterations",
                "=== SWEEP SweepWithoutCapacityBudget.serves100Micros: latency against throughput",
                "=== Knee: 2,000/s, the highest rate up to which every rate met the latency budgets; they broke first "
                        + "at 20,000/s (end to end p50");
        String table = output().substring(output().indexOf("=== SWEEP"));
        assertThat(table.lines().filter(line -> !line.startsWith("===") && line.contains("end to end")).count())
                .as("a row per rate").isEqualTo(3);
        assertThat(table.lines().filter(line -> line.trim().startsWith("20,000")).findFirst().orElseThrow())
                .endsWith("broken");

        // each rate's result under its own name, none overwriting another
        String stem = SweepWithoutCapacityBudget.class.getName() + ".serves100Micros";
        for (String rate : List.of("1-000", "2-000", "20-000")) {
            Path json = work.resolve("reports").resolve(stem + "-" + rate + "-s-.json");
            Map<?, ?> test = (Map<?, ?>) ((Map<?, ?>) JsonReader.parse(Files.readString(json))).get("test");
            assertThat(test.get("invocation")).isEqualTo("[" + rate.replace('-', ',') + "/s]");
            Map<?, ?> settings = (Map<?, ?>) ((Map<?, ?>) JsonReader.parse(Files.readString(json))).get("settings");
            assertThat(((Number) settings.get("throughputPerSecond")).intValue())
                    .isEqualTo(Integer.parseInt(rate.replace("-", "")));
            Map<?, ?> sweep = (Map<?, ?>) settings.get("sweep");
            assertThat(sweep.get("rates")).as("the sweep it is a rate of, for the suite page's chart")
                    .isEqualTo(List.of(1_000.0, 2_000.0, 20_000.0));
            assertThat(sweep.get("requiredThroughputPerSecond")).isEqualTo(0.0);
        }
    }

    static class KneeAboveTheRequiredRate {
        @LatencyTemplate(rates = {1_000, 2_000, 20_000}, requiredThroughput = 2_000, iterations = 400,
                warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 1_000)
        void serves100Micros() {
            spin(100_000);
        }
    }

    @Test
    void aCapacityBudgetBelowTheKneePassesAndReportsTheBreachesAboveIt() {
        EngineExecutionResults results = run(KneeAboveTheRequiredRate.class);

        results.testEvents().assertStatistics(s -> s.started(3).succeeded(3).failed(0).aborted(0));
        assertThat(output()).contains("=== Latency budget breached (not failing): Above the required throughput "
                        + "(2,000/s), broken latency budgets are reported, not enforced",
                "=== Knee: 2,000/s, the highest rate up to which every rate met the latency budgets; they broke first "
                        + "at 20,000/s",
                "Capacity budget (at least 2,000/s): met.");
    }

    static class KneeBelowTheRequiredRate {
        @LatencyTemplate(rates = {1_000, 20_000, 40_000}, requiredThroughput = 20_000, iterations = 400,
                warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 1_000)
        void serves100Micros() {
            spin(100_000);
        }
    }

    @Test
    void aCapacityBudgetAboveTheKneeFailsNamingTheFirstBrokenRateAndByHowMuch() {
        EngineExecutionResults results = run(KneeBelowTheRequiredRate.class);

        assertThat(names(results.testEvents().succeeded().stream())).containsExactly("[1,000/s]", "[40,000/s]");
        assertThat(names(results.testEvents().failed().stream())).containsExactly("[20,000/s]");
        assertThat(failure(results.testEvents().failed().list().get(0))).isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("Capacity budget broken: the latency budgets must hold at every rate up to "
                        + "20,000/s; they broke first at 20,000/s")
                .hasMessageContaining("end to end p50").hasMessageContaining("budget 1000 \u00b5s");
        assertThat(output()).contains("=== Knee: 1,000/s", "Capacity budget (at least 20,000/s): broken.");
    }

    // ---------------------------------------------------------------- a sweep's results for @AfterAll

    static class KneeAboveTheRequiredRateWithItsResults {
        static final AtomicReference<SweepResult> RECEIVED = new AtomicReference<>();

        @LatencyTemplate(rates = {1_000, 2_000, 20_000}, requiredThroughput = 2_000, iterations = 400,
                warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 1_000)
        void serves100Micros() {
            spin(100_000);
        }

        @AfterAll
        static void receive(@SweepOf("serves100Micros") SweepResult sweep) {
            RECEIVED.set(sweep);
        }
    }

    @Test
    void anAfterAllReceivesEveryRateAsMeasuredAndTheKnee() {
        EngineExecutionResults results = run(KneeAboveTheRequiredRateWithItsResults.class);

        results.containerEvents().assertStatistics(s -> s.failed(0));
        SweepResult sweep = KneeAboveTheRequiredRateWithItsResults.RECEIVED.get();
        assertThat(sweep.rates()).extracting(SweepResult.Rate::rate).containsExactly(1_000, 2_000, 20_000);
        assertThat(sweep.rates()).extracting(SweepResult.Rate::latency).containsExactly(SweepResult.Latency.MET,
                SweepResult.Latency.MET, SweepResult.Latency.BROKEN);
        assertThat(sweep.knee()).hasValue(2_000);
        assertThat(sweep.firstBroken().map(SweepResult.Rate::rate)).hasValue(20_000);
        assertThat(sweep.rate(5_000)).isEmpty();
        // each rate's own measurement: 400 iterations at it, ~100 µs a call up to the knee, a queue of ms past it
        for (SweepResult.Rate rate : sweep.rates()) {
            LatencyAssertions.assertThat(rate.result()).isComplete().endToEnd().run(1).hasCount(400);
        }
        LatencyAssertions.assertThat(sweep.rate(2_000).orElseThrow().result()).endToEnd()
                .hasPercentileAtMostMicros(50, 1_000);
        assertThat(sweep.rate(20_000).orElseThrow().result().endToEnd().eachRunSummary().get(0).percentile(50)
                .toNanos()).isGreaterThan(1_000_000);
    }

    static class SweepNotRunBesideAPlainTest {
        static final AtomicReference<SweepResult> RECEIVED = new AtomicReference<>();

        @LatencyTemplate(rates = {1_000, 2_000}, iterations = 400, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 1_000)
        void serves100Micros() {
            spin(100_000);
        }

        @Test
        void plain() {
        }

        @AfterAll
        static void receive(@SweepOf("serves100Micros") SweepResult sweep) {
            RECEIVED.set(sweep);
        }
    }

    @Test
    void aSweepThatDidNotRunIsEmptyAndTheClassesOtherTestsStillRun() {
        EngineExecutionResults results = EngineRuns.run(work.resolve("reports"),
                Map.of(LatencyTestConfiguration.MODE, "disabled"), SweepNotRunBesideAPlainTest.class);

        assertThat(names(results.testEvents().succeeded().stream())).containsExactly("plain()");
        results.containerEvents().assertStatistics(s -> s.skipped(1).failed(0));
        SweepResult sweep = SweepNotRunBesideAPlainTest.RECEIVED.get();
        assertThat(sweep.rates()).isEmpty();
        assertThat(sweep.knee()).isEmpty();
        assertThat(sweep.firstBroken()).isEmpty();
    }

    static class SweepOfNoSweep {
        @LatencyTemplate(rates = {1_000, 2_000}, iterations = 400, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 1_000)
        void serves100Micros() {
        }

        @AfterAll
        static void receive(@SweepOf("servesNothing") SweepResult sweep) {
        }
    }

    @Test
    void aSweepOfNamingNoSweepFailsTheClassSayingSo() {
        EngineExecutionResults results = run(SweepOfNoSweep.class);

        Event failed = results.containerEvents().failed().list().get(0);
        assertThat(failure(failed)).isInstanceOf(ParameterResolutionException.class).hasMessage("Configuration "
                + "error: @SweepOf(\"servesNothing\") on [static void org.jlbh.junit.LatencyTemplateTests$SweepOfNoSweep"
                + ".receive(org.jlbh.junit.SweepResult)] names no @LatencyTemplate method that sweeps rates in "
                + "org.jlbh.junit.LatencyTemplateTests$SweepOfNoSweep. Fix: name one @LatencyTemplate method that "
                + "sweeps rates");
    }

    // ---------------------------------------------------------------- JUnit's templates

    /**
     * At 5,000/s (one call every 200 µs) against a 5 ms median: the empty body's median is under a microsecond; the
     * 300 µs body falls behind by 100 µs a call, so its median call waits ~20 ms.
     */
    static class Parameterized {
        @ParameterizedTest
        @ValueSource(ints = {0, 300})
        @LatencyTemplate(throughput = 5_000, iterations = 400, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 5_000)
        void spinsMicros(int micros) {
            spin(micros * 1_000L);
        }
    }

    @Test
    void everyInvocationOfAParameterizedLatencyTestIsMeasuredAndJudged() throws IOException {
        EngineExecutionResults results = run(Parameterized.class);

        assertThat(names(results.testEvents().succeeded().stream())).containsExactly("[1] 0");
        assertThat(names(results.testEvents().failed().stream())).containsExactly("[2] 300");
        assertThat(failure(results.testEvents().failed().list().get(0))).isInstanceOf(AssertionError.class)
                .hasMessageContaining("end to end p50");
        assertThat(output().split("BENCHMARK RESULTS", -1)).as("two measurements").hasSize(3);
        assertThat(output()).contains("=== @LatencyTemplate Parameterized.spinsMicros[1] 0: 5,000/s",
                "=== @LatencyTemplate Parameterized.spinsMicros[2] 300: 5,000/s");
        String stem = Parameterized.class.getName() + ".spinsMicros";
        assertThat(work.resolve("reports").resolve(stem + "-1--0.json")).exists();
        assertThat(work.resolve("reports").resolve(stem + "-2--300.json")).exists();
    }

    static class Repeated {
        @RepeatedTest(2)
        @LatencyTemplate(throughput = 5_000, iterations = 400, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 50_000)
        void empty() {
        }
    }

    @Test
    void aRepeatedLatencyTestIsMeasuredPerRepetition() {
        EngineExecutionResults results = run(Repeated.class);

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(output().split("BENCHMARK RESULTS", -1)).as("two measurements").hasSize(3);
        assertThat(output()).contains("Repeated.empty[1] repetition 1 of 2: 5,000/s",
                "Repeated.empty[2] repetition 2 of 2: 5,000/s");
    }

    // ---------------------------------------------------------------- refused, never passed without measuring

    static class NoInvocation {
        @LatencyTemplate(throughput = 5_000, percentile = 50, maxMicros = 50_000)
        void nothingToInvoke() {
        }
    }

    static class SweepAndParameterized {
        @ParameterizedTest
        @ValueSource(ints = {1, 2})
        @LatencyTemplate(rates = {1_000, 2_000}, percentile = 50, maxMicros = 50_000)
        void both(int size) {
        }
    }

    static class Factory {
        @TestFactory
        @LatencyTemplate(throughput = 5_000, percentile = 50, maxMicros = 50_000)
        Stream<DynamicTest> factory() {
            return Stream.of(DynamicTest.dynamicTest("one", () -> { }));
        }
    }

    @Test
    void aTemplateWithNoInvocationOrTwoKindsOfInvocationIsRefused() {
        for (Class<?> fixture : List.of(NoInvocation.class, SweepAndParameterized.class)) {
            EngineExecutionResults results = run(fixture);
            assertThat(results.testEvents().succeeded().count()).as(fixture.getSimpleName()).isZero();
            // the parameterized test's own invocations come first, each refused; then the sweep's, refused at once
            List<Event> failed = results.allEvents().failed().list();
            assertThat(results.containerEvents().failed().count()).as(fixture.getSimpleName()).isOne();
            assertThat(failed).as(fixture.getSimpleName()).hasSize(fixture == NoInvocation.class ? 1 : 3)
                    .allSatisfy(event -> assertThat(failure(event)).isInstanceOf(ExtensionConfigurationException.class)
                            .hasMessageStartingWith("Configuration error: @LatencyTemplate on method [")
                            .hasMessageContaining(fixture == NoInvocation.class ? "has no invocation to measure"
                                    : "sweeps rates and is also @ParameterizedTest")
                            .hasMessageContaining("Fix: "));
        }
        assertThat(output()).doesNotContain("BENCHMARK RESULTS");
    }

    @Test
    void aTemplateFactoryIsRefused() {
        EngineExecutionResults results = run(Factory.class);

        assertThat(results.testEvents().succeeded().count()).isZero();
        assertThat(results.testEvents().failed().count() + results.containerEvents().failed().count())
                .as("the factory, and the template JUnit also makes of it, refused").isGreaterThanOrEqualTo(1);
        results.allEvents().failed().stream().forEach(event -> assertThat(failure(event))
                .hasMessageContaining("Configuration error: @LatencyTemplate on method ["));
        assertThat(output()).doesNotContain("BENCHMARK RESULTS");
    }

    static class BadSweeps {
        @LatencyTemplate(rates = {2_000, 1_000}, percentile = 50, maxMicros = 50_000)
        void descending() {
        }

        @LatencyTemplate(rates = {1_000, 2_000}, requiredThroughput = 1_500, percentile = 50, maxMicros = 50_000)
        void requiredRateNotSwept() {
        }

        @LatencyTemplate(ratesFrom = 1_000, ratesTo = 500, rateSteps = 3, percentile = 50, maxMicros = 50_000)
        void backwards() {
        }

        @LatencyTemplate(throughput = 1_000, rates = {1_000, 2_000}, percentile = 50, maxMicros = 50_000)
        void throughputAndRates() {
        }
    }

    @Test
    void aSweepsBadRatesAreRefusedNamingTheAttribute() {
        EngineExecutionResults results = run(BadSweeps.class);

        assertThat(results.testEvents().started().count()).isZero();
        assertThat(results.containerEvents().failed().stream().map(event -> failure(event).getMessage()))
                .hasSize(4).allSatisfy(message -> assertThat(message).startsWith("Configuration error: "
                        + "@LatencyTemplate on method [").contains("Fix: "))
                .anySatisfy(message -> assertThat(message).contains("'rates' = [2000, 1000]", "strictly ascending"))
                .anySatisfy(message -> assertThat(message).contains("'requiredThroughput' = 1500",
                        "one of the sweep's rates [1000, 2000]"))
                .anySatisfy(message -> assertThat(message).contains("'ratesTo' = 500"))
                .anySatisfy(message -> assertThat(message).contains("'throughput' = 1000", "be 0 in a sweep"));
    }

    @Test
    void evenlySpacedRatesIncludeBothEnds() {
        EngineExecutionResults results = run(SpacedSweep.class);

        assertThat(names(results.testEvents().started().stream()))
                .containsExactly("[1,000/s]", "[1,500/s]", "[2,000/s]");
    }

    static class SpacedSweep {
        @LatencyTemplate(ratesFrom = 1_000, ratesTo = 2_000, rateSteps = 3, iterations = 200, warmUpIterations = 0,
                runs = 1, percentile = 50, maxMicros = 50_000)
        void empty() {
        }
    }
}

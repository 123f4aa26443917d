package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.Arrivals;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The extension, driven through the JUnit engine: each fixture below is a small test class run by EngineTestKit,
 * and these tests check the events it produced. Budgets in the fixtures are either far above or far below what the
 * body can take, so the machine's noise cannot change an outcome.
 */
class LatencyTestExtensionTests {

    private static Events run(Class<?> fixture, Map<String, String> configuration) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture))
                .configurationParameters(configuration).execute().testEvents();
    }

    private static Events run(Class<?> fixture) {
        return run(fixture, Map.of());
    }

    static void busyWaitMicros(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    // ---------------------------------------------------------------- pass and breach

    static class Passing {
        @LatencyTest(throughput = 20_000, iterations = 2_000, warmUpIterations = 1_000, runs = 2, percentile = 50,
                maxMicros = 10_000)
        void fast() {
        }
    }

    @Test
    void aBodyWithinItsBudgetPasses() {
        run(Passing.class).assertStatistics(s -> s.started(1).succeeded(1));
    }

    static class Breaching {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 3, percentile = 50, maxMicros = 50)
        void tooSlow() {
            busyWaitMicros(200);
        }
    }

    @Test
    void aBreachFailsWithProbePercentileValueBudgetRunsThroughputAndCoordinatedOmission() {
        run(Breaching.class).assertThatEvents().haveExactly(1, event(test("tooSlow"), finishedWithFailure(
                instanceOf(AssertionError.class),
                // the median run is the body's 200 µs; one run may be far slower on a busy machine
                message(m -> m.lines().findFirst().orElseThrow().matches("end to end p50 was [2-9]\\d\\d\\.\\d{3} "
                        + "\u00b5s, budget 50 \u00b5s \\(runs: [\\d,]+\\.\\d{3}, [\\d,]+\\.\\d{3}, [\\d,]+\\.\\d{3} "
                        + "\u00b5s; 1,000/s; coordinated omission on\\); late samples over 50 \u00b5s: .*[\\d,]+ with no pause: "
                        + "the code.*")
                        // then where the late iterations spent their time (jlbh.profile = on-breach)
                        && m.lines().skip(1).findFirst().orElse("").startsWith("Where the late iterations (end to "
                        + "end over 50 \u00b5s) spent their time")))));
    }

    static class BreachingUnderPoissonArrivals {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 3, percentile = 50, maxMicros = 50,
                arrivals = Arrivals.POISSON, arrivalSeed = 7)
        void tooSlow() {
            busyWaitMicros(200);
        }
    }

    @Test
    void aBreachUnderPoissonArrivalsSaysSo() {
        run(BreachingUnderPoissonArrivals.class).assertThatEvents().haveExactly(1, event(test("tooSlow"),
                finishedWithFailure(message(m -> m.contains(" \u00b5s; 1,000/s Poisson (seed 7) arrivals; coordinated omission on)")))));
    }

    @Test
    void reportModeMeasuresButDoesNotFail() {
        run(Breaching.class, Map.of(LatencyTestConfiguration.MODE, "report"))
                .assertStatistics(s -> s.started(1).succeeded(1).failed(0));
    }

    @Test
    void disabledModeSkipsLatencyTests() {
        run(Breaching.class, Map.of(LatencyTestConfiguration.MODE, "disabled")).assertThatEvents()
                .haveExactly(1, event(test("tooSlow"), skippedWithReason("jlbh.mode = disabled: latency tests are skipped")));
    }

    @Test
    void theBudgetFactorScalesBudgetsForASlowerMachine() {
        run(Breaching.class, Map.of(LatencyTestConfiguration.BUDGET_FACTOR, "100"))
                .assertStatistics(s -> s.started(1).succeeded(1));
    }

    static class EveryRun {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 2, verdict = Verdict.EVERY_RUN)
        @LatencyBudget(percentile = 90, maxMicros = 20)
        void tooSlow() {
            busyWaitMicros(100);
        }
    }

    @Test
    void theEveryRunVerdictNamesTheRunThatBroke() {
        run(EveryRun.class).assertThatEvents().haveExactly(1, event(test("tooSlow"), finishedWithFailure(
                message(m -> m.lines().findFirst().orElseThrow().matches("end to end p90 was [\\d,]+\\.\\d{3} \u00b5s "
                        + "in run [12] \\(every run must be within budget\\), budget 20 \u00b5s .*")))));
    }

    // ---------------------------------------------------------------- setup, exceptions

    static class SlowSetup {
        static final AtomicInteger setups = new AtomicInteger();

        @BeforeEach
        void setUp() throws InterruptedException {
            setups.incrementAndGet();
            Thread.sleep(200);
        }

        // if setup were timed per iteration, every iteration would take 200 ms
        @LatencyTest(throughput = 10_000, iterations = 1_000, warmUpIterations = 100, runs = 2, percentile = 50,
                maxMicros = 1_000)
        void fast() {
        }
    }

    @Test
    void setupRunsOnceAroundTheMeasurementAndIsNotTimed() {
        SlowSetup.setups.set(0);
        run(SlowSetup.class).assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(SlowSetup.setups).hasValue(1);
    }

    static class Throwing {
        private int calls;

        @LatencyTest(throughput = 10_000, iterations = 1_000, warmUpIterations = 0, runs = 2, percentile = 50,
                maxMicros = 1_000)
        void failsAtTheSeventhIterationOfRunTwo() {
            if (++calls == 1_000 + 7) {
                throw new IllegalStateException("broken at call " + calls);
            }
        }
    }

    @Test
    void anExceptionInTheBodyFailsTheTestWithThatExceptionAndWhereItHappened() {
        run(Throwing.class).assertThatEvents().haveExactly(1, event(test("failsAtTheSeventhIterationOfRunTwo"),
                finishedWithFailure(instanceOf(IllegalStateException.class), message("broken at call 1007"),
                        new org.assertj.core.api.Condition<>(t -> t.getSuppressed().length == 1
                                && t.getSuppressed()[0].getMessage().equals(
                                "thrown by the test body in run 2 of 2, iteration 7 of 1,000"), "where it happened"))));
    }

    // ---------------------------------------------------------------- configuration errors

    static class Misconfigured {
        static final AtomicInteger setups = new AtomicInteger();

        @BeforeEach
        void setUp() {
            setups.incrementAndGet();
        }

        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 150, maxMicros = 50)
        void percentileAbove100() {
        }

        @LatencyTest(throughput = 0, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 50)
        void zeroThroughput() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 0)
        void zeroMaxMicros() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1)
        @LatencyBudget(probe = "parse", percentile = 50, maxMicros = 50)
        void budgetOnAMissingProbe(@Probe("decode") NanoSampler decode) {
        }

        @LatencyTest(throughput = 1_000, iterations = 1_000, warmUpIterations = 0, runs = 1, percentile = 99.9, maxMicros = 50)
        void tooFewIterationsForThePercentile() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1)
        void noBudget() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 50)
        void probeWithoutAName(NanoSampler unnamed) {
        }
    }

    @Test
    void eachConfigurationErrorFailsItsTestBeforeSetupNamingMethodAttributeValueAndFix() {
        Misconfigured.setups.set(0);
        Events events = run(Misconfigured.class);

        events.assertStatistics(s -> s.started(7).failed(7));
        assertThat(Misconfigured.setups).as("@BeforeEach runs").hasValue(0);
        expectConfigurationError(events, "percentileAbove100", "'percentile' = 150", "must be in (0, 100]");
        expectConfigurationError(events, "zeroThroughput", "'throughput' = 0", "must be positive");
        expectConfigurationError(events, "zeroMaxMicros", "'maxMicros' = 0", "positive number of microseconds");
        expectConfigurationError(events, "budgetOnAMissingProbe", "@LatencyBudget(probe = \"parse\") budgets a probe that does not exist; the method's probes are [decode]", "@Probe(\"parse\")");
        expectConfigurationError(events, "tooFewIterationsForThePercentile", "'iterations' = 1,000, too few samples per run to judge p99.9, which needs at least 10,000", "set iterations to 10,000 or more");
        expectConfigurationError(events, "noBudget", "declares no latency budget", "set percentile and maxMicros");
        expectConfigurationError(events, "probeWithoutAName", "NanoSampler parameter", "@Probe(\"name\")");
    }

    private static void expectConfigurationError(Events events, String method, String what, String fix) {
        events.assertThatEvents().haveExactly(1, event(test(method), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message(m -> m.startsWith("Configuration error: @LatencyTest on method [")
                        && m.contains("Misconfigured." + method + "(") && m.contains(what) && m.contains("Fix: ")
                        && m.contains(fix)))));
    }

    @Test
    void unparseableConfigurationParametersAreConfigurationErrors() {
        run(Passing.class, Map.of(LatencyTestConfiguration.MODE, "fast")).assertThatEvents().haveExactly(1,
                event(test("fast"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("jlbh.mode = 'fast' is not one of [enforce, report, disabled]") && m.contains("Fix: use one of enforce, report, disabled")))));
        run(Passing.class, Map.of(LatencyTestConfiguration.ITERATIONS_FACTOR, "abc")).assertThatEvents().haveExactly(1,
                event(test("fast"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("jlbh.iterations.factor = 'abc' is not a positive number")))));
        run(Passing.class, Map.of(LatencyTestConfiguration.BUDGET_FACTOR, "-1")).assertThatEvents().haveExactly(1,
                event(test("fast"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("jlbh.budget.factor = '-1' is not a positive number")))));
    }

    static class NeedsTenThousand {
        @LatencyTest(throughput = 50_000, iterations = 10_000, warmUpIterations = 1_000, runs = 1, percentile = 99.9,
                maxMicros = 100_000)
        void fast() {
        }
    }

    @Test
    void anIterationsFactorThatLeavesTooFewSamplesAbortsTheTestSayingWhy() {
        run(NeedsTenThousand.class, Map.of(LatencyTestConfiguration.ITERATIONS_FACTOR, "0.1")).assertThatEvents()
                .haveExactly(1, event(test("fast"), abortedWithReason(message(
                        "jlbh.iterations.factor = 0.1 leaves 1,000 iterations per run, too few to judge p99.9, "
                                + "which needs at least 10,000: not measured. To decide it: a factor of at least 1"))));
        run(NeedsTenThousand.class, Map.of(LatencyTestConfiguration.ITERATIONS_FACTOR, "0.1",
                LatencyTestConfiguration.INCONCLUSIVE, "fail")).assertThatEvents()
                .haveExactly(1, event(test("fast"), finishedWithFailure(instanceOf(AssertionError.class), message(
                        m -> m.startsWith("jlbh.iterations.factor = 0.1 leaves 1,000 iterations per run")
                                && m.endsWith("(failed: jlbh.inconclusive = fail fails a test that could not be "
                                + "decided)")))));
        run(NeedsTenThousand.class, Map.of(LatencyTestConfiguration.ITERATIONS_FACTOR, "2"))
                .assertStatistics(s -> s.succeeded(1));
    }

    // ---------------------------------------------------------------- probes and asynchronous flows

    static class Asynchronous {
        static final ExecutorService server = Executors.newSingleThreadExecutor();

        @LatencyTest(throughput = 2_000, iterations = 1_000, warmUpIterations = 200, runs = 2, percentile = 50,
                maxMicros = 100_000)
        @LatencyBudget(probe = "server", percentile = 50, maxMicros = 100_000)
        @LatencyBudget(probe = "client", percentile = 50, maxMicros = 100_000)
        void roundTrip(@Probe("client") NanoSampler client, @Probe("server") NanoSampler server, IterationContext iteration) {
            long start = iteration.startTimeNanos();
            client.sampleNanos(System.nanoTime() - start);
            Asynchronous.server.execute(() -> {
                server.sampleNanos(System.nanoTime() - start);
                iteration.sampleEndToEnd(System.nanoTime() - start);
            });
        }

        @LatencyTest(throughput = 2_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 200)
        void forgetsToSample(IterationContext iteration) {
        }
    }

    @Test
    void probesAndTheStartTimeContextServeAnAsynchronousFlow() {
        Events events = run(Asynchronous.class);

        events.assertThatEvents().haveExactly(1, event(test("roundTrip"), finishedSuccessfully()));
        events.assertThatEvents().haveExactly(1, event(test("forgetsToSample"), finishedWithFailure(
                message(m -> m.startsWith("Expected every run to be COMPLETE but the result was INCOMPLETE")
                        && m.contains("run 1 was INCOMPLETE: 100 of 100 end-to-end samples missing after waiting 200 ms")))));
    }

    // ---------------------------------------------------------------- composition

    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @LatencyTest(throughput = 20_000, iterations = 2_000, warmUpIterations = 0, runs = 1, percentile = 99, maxMicros = 100_000)
    @interface QuickLatencyTest {
    }

    static class MetaAnnotated {
        @QuickLatencyTest
        void fast() {
        }
    }

    @Test
    void latencyTestWorksAsAMetaAnnotation() {
        run(MetaAnnotated.class).assertStatistics(s -> s.started(1).succeeded(1));
    }
}

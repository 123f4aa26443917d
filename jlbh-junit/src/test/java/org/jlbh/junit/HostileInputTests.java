package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.assertj.core.api.Condition;
import org.jlbh.junit.internal.store.JsonReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The extension under hostile input and faults: each cause of a wrong pass, a crash, a lost result or a hidden
 * cause, driven through the JUnit engine. Fixtures measure a few hundred iterations so that the suite stays quick;
 * their budgets are far from what the bodies take, so the machine's noise cannot change an outcome.
 */
class HostileInputTests {
    @TempDir
    Path work;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private Events run(Map<String, String> configuration, DiscoverySelector... selectors) {
        return execute(configuration, selectors).testEvents();
    }

    private EngineExecutionResults execute(Map<String, String> configuration, DiscoverySelector... selectors) {
        Map<String, String> parameters = new HashMap<>(configuration);
        parameters.putIfAbsent(LatencyTestConfiguration.REPORT_DIR, work.resolve("reports").toString());
        PrintStream original = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            return EngineTestKit.engine("junit-jupiter").selectors(selectors).configurationParameters(parameters)
                    .execute();
        } finally {
            System.setOut(original);
        }
    }

    private Events run(Class<?>... fixtures) {
        return run(Map.of(), selectors(fixtures));
    }

    private static DiscoverySelector[] selectors(Class<?>... fixtures) {
        DiscoverySelector[] selectors = new DiscoverySelector[fixtures.length];
        for (int i = 0; i < fixtures.length; i++) {
            selectors[i] = selectClass(fixtures[i]);
        }
        return selectors;
    }

    private String output() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private static Throwable failure(Event event) {
        return event.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }

    // ---------------------------------------------------------------- 1. result identity

    /**
     * One contract, two implementations: the latency test is inherited, so both run the same declared method. 2,000
     * iterations at 5,000/s: only a platform stall of 0.2 s could move the empty body's median past 50 µs.
     */
    abstract static class Contract {
        abstract void work();

        @LatencyTest(throughput = 5_000, iterations = 2_000, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void latency() {
            work();
        }
    }

    static class FastImplementation extends Contract {
        @Override
        void work() {
        }
    }

    static class SlowImplementation extends Contract {
        @Override
        void work() {
            busyWaitMicros(100);
        }
    }

    static class Overloaded {
        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void parse() {
        }

        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void parse(@Probe("p") NanoSampler p) {
            p.sampleNanos(1);
        }
    }

    /** Two types of one simple name, as a test's parameters from two packages would be. */
    static class Equities {
        record Quote(String symbol) {
        }
    }

    static class Bonds {
        record Quote(String symbol) {
        }
    }

    /** Resolves both kinds of quote. */
    static class QuoteResolver implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType().getSimpleName().equals("Quote");
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == Equities.Quote.class ? new Equities.Quote("VOD.L")
                    : new Bonds.Quote("UKT");
        }
    }

    @ExtendWith(QuoteResolver.class)
    static class OverloadedAlike {
        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void price(Equities.Quote quote) {
        }

        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void price(Bonds.Quote quote) {
        }
    }

    @Test
    void resultsAreKeyedByTheClassBeingRunTheMethodAndItsParameterTypes() throws IOException {
        run(FastImplementation.class, SlowImplementation.class, Overloaded.class, OverloadedAlike.class)
                .assertStatistics(s -> s.succeeded(6));

        Path reports = work.resolve("reports");
        assertThat(testInReport(reports.resolve(FastImplementation.class.getName() + ".latency.json")))
                .containsEntry("class", FastImplementation.class.getName())
                .containsEntry("declaringClass", Contract.class.getName())
                .containsEntry("displayName", "FastImplementation.latency");
        assertThat(testInReport(reports.resolve(SlowImplementation.class.getName() + ".latency.json")))
                .containsEntry("displayName", "SlowImplementation.latency");
        assertThat(testInReport(reports.resolve(Overloaded.class.getName() + ".parse--.json")))
                .containsEntry("displayName", "Overloaded.parse()").containsEntry("parameterTypes", List.of());
        assertThat(testInReport(reports.resolve(Overloaded.class.getName() + ".parse-NanoSampler-.json")))
                .containsEntry("displayName", "Overloaded.parse(NanoSampler)")
                .containsEntry("parameterTypes", List.of(NanoSampler.class.getName()));
        // overloads whose parameter types share simple names are told apart by their full names
        String alike = OverloadedAlike.class.getName() + ".price-";
        assertThat(testInReport(reports.resolve(alike + Equities.Quote.class.getName() + "-.json")))
                .containsEntry("displayName", "OverloadedAlike.price(Quote)")
                .containsEntry("parameterTypes", List.of(Equities.Quote.class.getName()));
        assertThat(testInReport(reports.resolve(alike + Bonds.Quote.class.getName() + "-.json")))
                .containsEntry("parameterTypes", List.of(Bonds.Quote.class.getName()));
        assertThat(Files.readString(reports.resolve("index.html")))
                .contains(">FastImplementation.latency<", ">SlowImplementation.latency<", ">Overloaded.parse()<",
                        ">Overloaded.parse(NanoSampler)<");
    }

    @Test
    void twoImplementationsOfOneContractAreEachComparedWithTheirOwnBaseline() throws IOException {
        String baseline = work.resolve("baseline").toString();
        run(Map.of(LatencyTestConfiguration.BASELINE_DIR, baseline, LatencyTestConfiguration.BASELINE_WRITE, "true"),
                selectors(FastImplementation.class, SlowImplementation.class)).assertStatistics(s -> s.succeeded(2));

        // report mode: the machine's noise between builds is not what this test is about, which baseline is
        run(Map.of(LatencyTestConfiguration.BASELINE_DIR, baseline, LatencyTestConfiguration.MODE, "report"),
                selectors(FastImplementation.class, SlowImplementation.class)).assertStatistics(s -> s.succeeded(2));
        assertThat(output()).contains(FastImplementation.class.getName() + ".latency.json (1 recorded build",
                SlowImplementation.class.getName() + ".latency.json (1 recorded build");
        // the slow body's baseline median is its own (a 100 µs spin), not the empty body's
        assertThat(baselineMedianNanos(FastImplementation.class)).isLessThan(50_000);
        assertThat(baselineMedianNanos(SlowImplementation.class)).isGreaterThanOrEqualTo(50_000);
    }

    private double baselineMedianNanos(Class<?> implementation) throws IOException {
        Map<?, ?> result = (Map<?, ?>) JsonReader.parse(Files.readString(work.resolve("reports")
                .resolve(implementation.getName() + ".latency.json")));
        return ((List<?>) result.get("baseline")).stream().map(row -> (Map<?, ?>) row)
                .filter(row -> row.get("percentile").equals("50")).map(row -> (Double) row.get("historyLowNanos"))
                .findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> testInReport(Path json) throws IOException {
        return (Map<String, Object>) ((Map<String, Object>) JsonReader.parse(Files.readString(json))).get("test");
    }

    // ---------------------------------------------------------------- 2. templates

    static class Templates {
        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        @ParameterizedTest
        @ValueSource(ints = {1, 2})
        void parameterized(int size) {
        }

        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        @RepeatedTest(2)
        void repeated() {
        }

        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        @TestFactory
        Stream<DynamicTest> factory() {
            return Stream.of(DynamicTest.dynamicTest("one", () -> { }), DynamicTest.dynamicTest("two", () -> { }));
        }
    }

    @Test
    void aTemplateOrFactoryLatencyTestIsRefusedNeverPassedWithoutMeasuring() {
        EngineExecutionResults results = execute(Map.of(), selectors(Templates.class));
        Events tests = results.testEvents();
        List<Event> factory = results.containerEvents().failed().stream()
                .filter(event -> event.getTestDescriptor().getDisplayName().startsWith("factory")).toList();

        assertThat(tests.succeeded().count()).as("invocations and dynamic tests that passed").isZero();
        // JUnit makes a plain test of each template too (@LatencyTest is a @Test): six in all, each refused
        assertThat(tests.failed().count()).as("the invocations of the parameterized and the repeated").isEqualTo(6);
        assertThat(factory).as("the factory, failed before it made a dynamic test").hasSize(1);
        tests.failed().stream().forEach(event -> assertThat(failure(event))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageStartingWith("Configuration error: @LatencyTest on method [")
                .hasMessageContaining("is a test template (@ParameterizedTest, @RepeatedTest or @TestTemplate)")
                .hasMessageContaining("Fix: use @LatencyTemplate in place of @LatencyTest"));
        assertThat(failure(factory.get(0))).isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageStartingWith("Configuration error: @LatencyTest on method [")
                .hasMessageContaining("is a @TestFactory, whose dynamic tests latency tests do not measure")
                .hasMessageContaining("Fix: ");
        assertThat(output()).doesNotContain("BENCHMARK RESULTS", "is never run");
    }

    // ---------------------------------------------------------------- 3. probe parameters outside the latency test

    static class ProbeInSetup {
        @BeforeEach
        void setUp(@Probe("p") NanoSampler p) {
        }

        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void measured(@Probe("p") NanoSampler p) {
        }
    }

    static class ContextInSetup {
        @BeforeEach
        void setUp(IterationContext context) {
        }

        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void measured() {
        }
    }

    @Test
    void probeAndContextParametersAreTheLatencyTestMethodsOnlyAndNeverNull() {
        Events events = run(ProbeInSetup.class, ContextInSetup.class);

        events.assertStatistics(s -> s.failed(2));
        events.failed().stream().forEach(event -> assertThat(failure(event))
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageContaining("only available to the @LatencyTest method itself, not to [void ")
                .hasMessageContaining(".setUp(")
                .hasMessageContaining("Fix: "));
    }

    // ---------------------------------------------------------------- 4. bounds

    static class OutOfBounds {
        @LatencyTest(throughput = 1_000, iterations = 100, runs = Integer.MAX_VALUE, percentile = 50, maxMicros = 50)
        void tooManyRuns() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, runs = 200_000_000, percentile = 50, maxMicros = 50)
        void farTooManyRuns() {
        }

        @LatencyTest(throughput = 1_000, iterations = Long.MAX_VALUE, percentile = 50, maxMicros = 50)
        void tooManyIterations() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, timeoutMillis = Long.MAX_VALUE, percentile = 50,
                maxMicros = 50)
        void tooLongATimeout() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 3_000_000_000L, percentile = 50,
                maxMicros = 50)
        void tooLongAWarmUp() {
        }
    }

    @Test
    void everyCountHasAnUpperBoundGivenAsAConfigurationError() {
        Events events = run(OutOfBounds.class);

        events.assertStatistics(s -> s.failed(5));
        expectError(events, "tooManyRuns", "'runs' = 2147483647. Fix: 'runs' must be at most 1,000");
        expectError(events, "farTooManyRuns", "'runs' = 200000000. Fix: 'runs' must be at most 1,000");
        expectError(events, "tooManyIterations", "'iterations' = 9223372036854775807. Fix: 'iterations' must be at "
                + "most 1,000,000,000");
        expectError(events, "tooLongATimeout", "'timeoutMillis' = 9223372036854775807. Fix: 'timeoutMillis' must be "
                + "at most 3,600,000");
        expectError(events, "tooLongAWarmUp", "'warmUpIterations' = 3000000000. Fix: 'warmUpIterations' must be at "
                + "most 1,000,000,000");
    }

    @Test
    void retriesAndFactorsHaveUpperBoundsToo() {
        for (String retries : List.of("2147483647", "1000", "11")) {
            run(Map.of(LatencyTestConfiguration.RETRY_FAILED, retries), selectClass(FastImplementation.class))
                    .assertThatEvents().haveExactly(1, event(test("latency"), finishedWithFailure(
                            instanceOf(ExtensionConfigurationException.class), message(m -> m.contains(
                                    "jlbh.retry.failed = '" + retries + "' is not a whole number of retries from 0 to 10"))
                    )));
        }
        run(Map.of(LatencyTestConfiguration.ITERATIONS_FACTOR, "1e12"), selectClass(FastImplementation.class))
                .assertThatEvents().haveExactly(1, event(test("latency"), finishedWithFailure(
                        instanceOf(ExtensionConfigurationException.class), message(m -> m.contains(
                                "has 'iterations' = 2,000, scaled by jlbh.iterations.factor = 1000000000000 to "
                                        + "2,000,000,000,000,000. Fix: 'iterations' must be at most 1,000,000,000")))));
    }

    private static void expectError(Events events, String method, String what) {
        events.assertThatEvents().haveExactly(1, event(test(method), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class), message(m -> m.startsWith("Configuration error: "
                        + "@LatencyTest on method [") && m.contains("." + method + "()") && m.contains(what)))));
    }

    // ---------------------------------------------------------------- 7. the real cause, said

    static class StuckOnALatch {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 300)
        void waitsForever() throws InterruptedException {
            new CountDownLatch(1).await();
        }
    }

    static class HangsInWarmUp {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 100, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 300)
        void waitsForever() throws InterruptedException {
            new CountDownLatch(1).await();
        }
    }

    @Test
    void aBodyStuckUntilTheTimeoutFailsSayingItTimedOutNotThatItWasInterrupted() {
        Events events = run(StuckOnALatch.class, HangsInWarmUp.class);

        events.assertStatistics(s -> s.failed(2));
        events.failed().stream().forEach(event -> assertThat(failure(event)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("did not return within the 300 ms timeout")
                .hasCauseInstanceOf(InterruptedException.class));
        events.assertThatEvents().haveExactly(1, event(test("waitsForever"), finishedWithFailure(
                message(m -> m.contains("warm-up iteration 1 of 100")))));
    }

    /** Every call returns, but takes 20 ms where the schedule gives it 1 ms: 1,000 calls would take 20 s, not 1. */
    static class HopelesslyBehind {
        @LatencyTest(throughput = 1_000, iterations = 1_000, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 300)
        void slow() throws InterruptedException {
            Thread.sleep(20);
        }
    }

    /** Its first warm-up call spins for a second, long after its 200 ms timeout: no run is ever measured. */
    static class SpinsInWarmUp {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 100, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 200)
        void spins() {
            busyWaitMicros(1_000_000);
        }
    }

    @Test
    void aRunThatCanNeverKeepItsScheduleEndsAtTheTimeoutSayingSoAndAHungWarmUpIsNamed() {
        long start = System.nanoTime();
        Events events = run(HopelesslyBehind.class, SpinsInWarmUp.class);
        long tookMs = (System.nanoTime() - start) / 1_000_000;

        events.assertThatEvents().haveExactly(1, event(test("slow"), finishedWithFailure(message(m -> m.contains(
                "behind its schedule, more than the 300 ms timeout: iterations take longer than their 1,000.000 us "
                        + "interval")))));
        events.assertThatEvents().haveExactly(1, event(test("spins"), finishedWithFailure(message(m -> m.contains(
                "no run was measured") && m.contains("the warm-up was ABORTED: warm-up iteration 1 of 100 did not "
                + "return within the 200 ms timeout")))));
        // 1,000 calls of 20 ms would take 20 s; ended at the timeout, both tests take a second or two. 10 s leaves
        // room for this shared machine's stalls and still fails a run that was left to finish
        assertThat(tookMs).as("both tests end near their timeouts").isLessThan(10_000);
    }

    static class Recursing {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void overflows() {
            recurse(0);
        }

        private static long recurse(long depth) {
            return recurse(depth + 1) + 1;
        }
    }

    static class Throwing {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void fails() {
            throw new IllegalStateException("broken");
        }
    }

    @Test
    void whatTheBodyThrowsSaysWhereEvenWhenTheJvmMadeItAndTheReportNeverBlamesAbort() {
        Events events = run(Recursing.class, Throwing.class);

        // the JVM makes a stack overflow without room for a suppressed note: it is wrapped, saying where
        events.assertThatEvents().haveExactly(1, event(test("overflows"), finishedWithFailure(
                instanceOf(AssertionError.class), message("thrown by the test body in run 1 of 1, iteration 1 of 100: "
                        + "java.lang.StackOverflowError"))));
        Throwable overflow = failure(events.failed().stream().filter(e -> e.getTestDescriptor().getDisplayName()
                .startsWith("overflows")).findFirst().orElseThrow());
        assertThat(overflow).hasCauseInstanceOf(StackOverflowError.class);
        events.assertThatEvents().haveExactly(1, event(test("fails"), finishedWithFailure(
                instanceOf(IllegalStateException.class), message("broken"))));
        assertThat(output()).doesNotContain("abort() was called")
                .contains("the task threw java.lang.IllegalStateException at iteration 1 of 100")
                .contains("the task threw java.lang.StackOverflowError at iteration 1 of 100");
    }

    // ---------------------------------------------------------------- 8. report mode

    /** Its first call returns only after a second, long after its 200 ms timeout: the run never completes. */
    static class NeverReturns {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 200)
        void stuck() {
            busyWaitMicros(1_000_000);
        }
    }

    static class Oversampled {
        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void twice(IterationContext iteration) {
            iteration.sampleEndToEnd(1);
            iteration.sampleEndToEnd(1);
        }
    }

    @Test
    void reportModeExcusesBudgetsNotAMeasurementThatDidNotHappen() {
        Events events = run(Map.of(LatencyTestConfiguration.MODE, "report"),
                selectors(NeverReturns.class, Oversampled.class));

        events.assertStatistics(s -> s.failed(2).succeeded(0));
        events.assertThatEvents().haveExactly(1, event(test("stuck"), finishedWithFailure(message(m ->
                m.contains("ABORTED") && m.contains("did not return within the 200 ms timeout")))))
                .haveExactly(1, event(test("twice"), finishedWithFailure(message(m -> m.contains("OVERSAMPLED")))));
    }

    // ---------------------------------------------------------------- 9. baselines that compare nothing

    @Test
    void aBaselineThatComparesNothingSaysSoPerProbeAndNamesAnUnreadableFile() throws IOException {
        Path baseline = Files.createDirectories(work.resolve("baseline"));
        Path file = baseline.resolve(FastImplementation.class.getName() + ".latency.json");
        Map<String, String> configuration = Map.of(LatencyTestConfiguration.BASELINE_DIR, baseline.toString());

        run(Map.of(LatencyTestConfiguration.BASELINE_DIR, baseline.toString(),
                LatencyTestConfiguration.BASELINE_WRITE, "true"), selectClass(FastImplementation.class));
        String written = Files.readString(file);

        Files.writeString(file, written.replace("\"jlbh-junit baseline 1\"", "\"jlbh-junit result 7\""));
        run(configuration, selectClass(FastImplementation.class)).assertStatistics(s -> s.aborted(1));
        assertThat(output()).contains("=== Baseline: could not compare: " + file.toAbsolutePath() + " is not a "
                + "\"jlbh-junit baseline 1\" file: its format is \"jlbh-junit result 7\"");

        Files.writeString(file, written.replace("\"name\": \"end to end\"", "\"name\": \"old name\""));
        run(configuration, selectClass(FastImplementation.class)).assertStatistics(s -> s.succeeded(1));
        assertThat(output()).contains("end to end: no baseline for this probe, not compared");

        Files.writeString(file, written.replaceFirst("\"50\": \\d+", "\"50\": \"fast\""));
        run(configuration, selectClass(FastImplementation.class)).assertStatistics(s -> s.aborted(1));
        assertThat(output()).contains("=== Baseline: could not compare: " + file.toAbsolutePath() + " is not a valid "
                + "jlbh-junit baseline (not a \"jlbh-junit baseline 1\" file: \"50\" of \"percentilesNanos\" of ");
    }

    // ---------------------------------------------------------------- 11. methods JUnit never runs

    static class NeverRun {
        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50)
        static void isStatic() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50)
        private void isPrivate() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50)
        int returnsAValue() {
            return 1;
        }
    }

    @Test
    void aLatencyTestJUnitWillNeverRunIsSaidWhenTheRunStarts() {
        PrintStream original = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        TestExecutionSummary summary;
        try {
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(NeverRun.class)).build(), listener);
            summary = listener.getSummary();
        } finally {
            System.setOut(original);
        }

        assertThat(summary.getTestsFoundCount()).as("JUnit itself finds nothing to run").isZero();
        assertThat(output()).contains(
                "=== WARNING: @LatencyTest on method [static void " + NeverRun.class.getName() + ".isStatic()] is "
                        + "never run: it is static, and JUnit runs only test methods that are neither static nor "
                        + "private and return void. Fix: make it an instance method, not private, that returns void",
                "[private void " + NeverRun.class.getName() + ".isPrivate()] is never run: it is private",
                "[int " + NeverRun.class.getName() + ".returnsAValue()] is never run: it returns int");
    }

    // ---------------------------------------------------------------- 12. out of memory in the body

    /**
     * An {@link OutOfMemoryError} may end the whole run (Surefire's fork reports it and stops), as for any test; so
     * this runs in a JVM of its own, with a small heap, and checks that the error still says where it happened.
     */
    @Test
    void anOutOfMemoryErrorInTheBodyEndsTheRunAsForAnyTestSayingWhere() throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-cp", System.getProperty("java.class.path"), OutOfMemoryRun.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        // the JVM may make the error without room for a suppressed note (a preallocated one): then it is wrapped
        assertThat(out).containsAnyOf("the test failed with java.lang.OutOfMemoryError",
                "the test failed with java.lang.AssertionError: thrown by the test body in run 1 of 1, iteration 1 of "
                        + "100: java.lang.OutOfMemoryError");
        assertThat(out).containsAnyOf("suppressed: thrown by the test body in run 1 of 1, iteration 1 of 100",
                "thrown by the test body in run 1 of 1, iteration 1 of 100: java.lang.OutOfMemoryError");
    }

    static class OutOfMemory {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void allocatesTooMuch() {
            long[] huge = new long[Integer.MAX_VALUE - 8];
            huge[0] = 1;
        }
    }

    /** Runs {@link OutOfMemory} and says how its test failed, whether JUnit reported it or ended the run with it. */
    static final class OutOfMemoryRun {
        public static void main(String[] args) {
            Throwable failure;
            try {
                failure = failure(EngineTestKit.engine("junit-jupiter").selectors(selectClass(OutOfMemory.class))
                        .execute().testEvents().failed().stream().findFirst().orElseThrow());
            } catch (OutOfMemoryError e) {
                failure = e;
            }
            System.out.println("the test failed with " + failure);
            for (Throwable suppressed : failure.getSuppressed()) {
                System.out.println("suppressed: " + suppressed.getMessage());
            }
        }
    }

    // ---------------------------------------------------------------- 6. retries beside an abandoned call

    /** The first call spins past the 300 ms timeout, for longer than the harness's grace; every other call is quick. */
    abstract static class StuckOnceThenFast {
        private int calls;

        abstract long stuckMicros();

        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 300)
        void firstCallIsStuck() {
            if (calls++ == 0) {
                busyWaitMicros(stuckMicros());
            }
        }
    }

    /** Given up on at about 650 ms (300 ms timeout, 300 ms grace), it returns at 800 ms: within the retry's wait. */
    static class StuckFor800Millis extends StuckOnceThenFast {
        @Override
        long stuckMicros() {
            return 800_000;
        }
    }

    /** Still running when the retry has waited its 300 ms (at about 1 s, with a second to spare for stalls). */
    static class StuckFor2Seconds extends StuckOnceThenFast {
        @Override
        long stuckMicros() {
            return 2_000_000;
        }
    }

    @Test
    void aRetryWaitsForTheCallTheLastAttemptGaveUpOnAndNeverCountsItsSample() throws IOException {
        run(Map.of(LatencyTestConfiguration.RETRY_FAILED, "1"), selectClass(StuckFor800Millis.class))
                .assertStatistics(s -> s.succeeded(1));

        assertPassedOnAttempt2WithItsOwnSamplesOnly(StuckFor800Millis.class.getName() + ".firstCallIsStuck.json",
                "no sample of the abandoned call");
    }

    /** Asserts that the result passed on attempt 2, its one run complete with its own 200 samples. */
    private void assertPassedOnAttempt2WithItsOwnSamplesOnly(String resultFile, String why) throws IOException {
        Map<?, ?> result = (Map<?, ?>) JsonReader.parse(Files.readString(work.resolve("reports").resolve(resultFile)));
        assertThat(((Map<?, ?>) result.get("verdict")).get("attempt")).isEqualTo(2.0);
        Map<?, ?> run = (Map<?, ?>) ((List<?>) result.get("runs")).get(0);
        assertThat(run.get("status")).isEqualTo("COMPLETE");
        assertThat(run.get("samples")).as(why).isEqualTo(200.0);
    }

    @Test
    void aRetryIsNotStartedBesideACallThatIsStillRunningAndSaysSo() throws InterruptedException {
        long started = System.nanoTime();
        run(Map.of(LatencyTestConfiguration.RETRY_FAILED, "1"), selectClass(StuckFor2Seconds.class)).assertThatEvents()
                .haveExactly(1, event(test("firstCallIsStuck"), finishedWithFailure(instanceOf(AssertionError.class),
                        message("Attempt 2 was not started: the body of attempt 1, given up on after its 300 ms "
                                + "timeout, is still running on thread jlbh-harness after 300 ms more"))));
        // let the abandoned call end before the suite's next test, which it would otherwise share a CPU with
        Thread.sleep(Math.max(0, 2_100 - (System.nanoTime() - started) / 1_000_000));
    }

    /**
     * Attempt 1's first request is answered late, during attempt 2 (its 10th call): attempt 1 misses a sample and is
     * measured again; attempt 2 must not take that reply as one of its own.
     */
    static class LateReplyToAttempt1 {
        static final AtomicInteger calls = new AtomicInteger();
        static volatile Thread reply;

        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 200)
        void order(IterationContext iteration) {
            long start = iteration.startTimeNanos();
            if (calls.getAndIncrement() > 0) {
                iteration.sampleEndToEnd(System.nanoTime() - start);
                return;
            }
            reply = new Thread(() -> {
                try {
                    while (calls.get() < 210) {
                        Thread.sleep(1);
                    }
                } catch (InterruptedException e) {
                    return;
                }
                iteration.sampleEndToEnd(System.nanoTime() - start);
            }, "late-reply");
            reply.setDaemon(true);
            reply.start();
        }
    }

    @Test
    void aReplyToAnEarlierAttemptArrivingDuringALaterOneIsIgnoredAndSaid() throws Exception {
        LateReplyToAttempt1.calls.set(0);
        run(Map.of(LatencyTestConfiguration.RETRY_FAILED, "1"), selectClass(LateReplyToAttempt1.class))
                .assertStatistics(s -> s.succeeded(1));
        LateReplyToAttempt1.reply.join(5_000);

        assertThat(output()).contains("INCOMPLETE - 1 of 200 end-to-end samples missing").contains("=== Attempt 2 "
                + "ignored 1 end-to-end sample whose iteration began before it did: a reply to an earlier attempt's "
                + "request, arriving late, is not this attempt's");
        assertPassedOnAttempt2WithItsOwnSamplesOnly(LateReplyToAttempt1.class.getName() + ".order.json",
                "attempt 1's late reply is not counted");
    }

    // ---------------------------------------------------------------- 10. a body that never returns

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class SpinsUntilReleasedThenAnother {
        static volatile boolean release;

        @Order(1)
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 200)
        void spins() {
            while (!release) {
                Thread.onSpinWait();
            }
        }

        @Order(2)
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 200)
        void fast() {
        }
    }

    @Test
    void aBodyThatNeverReturnsIsSaidAndNoLaterLatencyTestIsMeasuredBesideIt() {
        SpinsUntilReleasedThenAnother.release = false;
        try {
            Events events = run(SpinsUntilReleasedThenAnother.class);

            events.assertThatEvents().haveExactly(1, event(test("spins"), finishedWithFailure(
                    message(m -> m.contains("did not return within the 200 ms timeout")))))
                    .haveExactly(1, event(test("fast"), abortedWithReason(message(m -> m.startsWith("Not measured: "
                            + "the body of SpinsUntilReleasedThenAnother.spins, given up on after its timeout, is still "
                            + "running on thread jlbh-harness")))));
            assertThat(output()).contains("=== The body of SpinsUntilReleasedThenAnother.spins is still running on "
                    + "thread jlbh-harness, given up on after its timeout");
        } finally {
            SpinsUntilReleasedThenAnother.release = true;
        }
    }

    // ---------------------------------------------------------------- more of the same kind: other extensions' ways

    /** A preset of the user's own, meta-annotated with @LatencyTest and allowed on a class as well as a method. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @LatencyTest(throughput = 5_000, iterations = 500, warmUpIterations = 0, runs = 1, percentile = 50,
            maxMicros = 100_000)
    @interface QuickPreset {
    }

    @QuickPreset
    static class PresetOnTheClass {
        static int plainRuns;

        @Test
        void plain() {
            plainRuns++;
        }

        @QuickPreset
        void measured() {
        }
    }

    @Test
    void anExtensionRegisteredForTheWholeClassLeavesItsOrdinaryTestsAlone() {
        PresetOnTheClass.plainRuns = 0;
        Events events = run(PresetOnTheClass.class);

        events.assertThatEvents().haveExactly(1, event(test("plain"), finishedSuccessfully()))
                .haveExactly(1, event(test("measured"), finishedSuccessfully()));
        assertThat(PresetOnTheClass.plainRuns).isEqualTo(1);
        assertThat(work.resolve("reports").resolve(PresetOnTheClass.class.getName() + ".measured.json")).exists();
        assertThat(work.resolve("reports").resolve(PresetOnTheClass.class.getName() + ".plain.json")).doesNotExist();
    }

    static class ShorterJUnitTimeout {
        // on schedule the measurement takes 1 s (5,000 iterations at 5,000/s); JUnit's timeout is 200 ms
        @Timeout(value = 200, unit = TimeUnit.MILLISECONDS)
        @LatencyTest(throughput = 5_000, iterations = 5_000, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void measured() {
        }
    }

    @Test
    void junitsOwnTimeoutEndsTheMeasurementAndSaysSoWithoutAnInternalError() {
        run(ShorterJUnitTimeout.class).assertThatEvents().haveExactly(1, event(test("measured"),
                finishedWithFailure(instanceOf(java.util.concurrent.TimeoutException.class), new Condition<>(
                        failure -> Arrays.stream(failure.getSuppressed()).noneMatch(NullPointerException.class::isInstance),
                        "no NullPointerException suppressed"), suppressedNote(note -> note.startsWith("the measurement "
                        + "was interrupted before it had a result"), "the measurement was interrupted"))));
    }

    /** @return a failure one of whose suppressed exceptions has a message that matches, as described */
    private static Condition<Throwable> suppressedNote(Predicate<String> message, String description) {
        return new Condition<>(failure -> Arrays.stream(failure.getSuppressed())
                .anyMatch(note -> message.test(String.valueOf(note.getMessage()))),
                "a suppressed note that says " + description);
    }

    static class CyclicCauses {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000, timeoutMillis = 3_000)
        void throwsALoop() {
            IllegalStateException a = new IllegalStateException("a");
            IllegalArgumentException b = new IllegalArgumentException("b");
            a.initCause(b);
            b.initCause(a);
            throw a;
        }
    }

    @Test
    void anExceptionWhoseCausesLoopFailsAtOnceSayingWhere() {
        long started = System.nanoTime();
        run(CyclicCauses.class).assertThatEvents().haveExactly(1, event(test("throwsALoop"),
                finishedWithFailure(instanceOf(IllegalStateException.class), message("a"), suppressedNote(
                        "thrown by the test body in run 1 of 1, iteration 1 of 100"::equals, "where it was thrown"))));
        assertThat((System.nanoTime() - started) / 1_000_000).as("milliseconds: not the 3 s timeout").isLessThan(2_500);
    }

    static class InterruptedInSetup {
        @BeforeEach
        void interruptItself() {
            Thread.currentThread().interrupt();
        }

        @LatencyTest(throughput = 5_000, iterations = 500, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void measured() {
        }
    }

    @Test
    void aTestWhoseThreadIsInterruptedFailsSayingSoNotWithAnInternalError() {
        run(InterruptedInSetup.class).assertThatEvents().haveExactly(1, event(test("measured"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.startsWith("the measurement was "
                        + "interrupted before it had a result: the test's thread was interrupted while it waited for "
                        + "the harness")))));
    }
}

package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.internal.run.evidence.EvidenceSource;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerReadings;
import org.jlbh.junit.internal.run.evidence.StallSource;
import org.jlbh.junit.internal.run.timeline.RunTimeline;
import org.jlbh.junit.internal.store.JsonReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * Noise-aware verdicts, retries, and allocation and GC budgets, driven through the JUnit engine with EngineTestKit.
 * Platform stalls are injected (a deterministic {@link StallSource}) rather than waited for; budgets are far from
 * what the bodies take, so the machine's own noise cannot change an outcome.
 */
class NoiseAllocationAndGcTests {
    @TempDir
    Path reports;

    private Events run(Class<?> fixture, Map<String, String> configuration) {
        return EngineRuns.run(reports, configuration, fixture).testEvents();
    }

    private Events run(Class<?> fixture) {
        return run(fixture, Map.of());
    }

    private Map<?, ?> verdictInReport(Class<?> fixture, String method) throws IOException {
        Path json = reports.resolve(fixture.getName() + "." + method + ".json");
        return (Map<?, ?>) ((Map<?, ?>) JsonReader.parse(Files.readString(json))).get("verdict");
    }

    // ---------------------------------------------------------------- allocation

    static volatile Object sink;

    static class Allocating {
        @LatencyTest(throughput = 5_000, iterations = 2_000, warmUpIterations = 500, runs = 2, percentile = 50,
                maxMicros = 100_000, maxAllocatedBytesPerOp = 0)
        void allocates() {
            sink = new byte[64];
        }
    }

    @Test
    void anAllocatingBodyBreaksAZeroByteBudgetWithItsBytesPerOperation() throws IOException {
        run(Allocating.class).assertThatEvents().haveExactly(1, event(test("allocates"), finishedWithFailure(
                instanceOf(AssertionError.class),
                message(m -> m.matches("(?s)allocation was [\\d.]+ bytes/op in the median run, budget 0 bytes/op \\(bytes "
                        + "per run of 2,000 measured iterations, on the thread running the test body: [\\d,]+, [\\d,]+\\).*")))));
        Map<?, ?> result = (Map<?, ?>) JsonReader.parse(Files.readString(
                reports.resolve(Allocating.class.getName() + ".allocates.json")));
        // a byte[64] is 80 bytes with its header on a 64-bit JVM with compressed class pointers
        assertThat((Double) result.get("allocatedBytesPerOp")).isGreaterThanOrEqualTo(64);
    }

    static class NotAllocating {
        static long counter;

        @LatencyTest(throughput = 5_000, iterations = 2_000, warmUpIterations = 500, runs = 2, percentile = 50,
                maxMicros = 100_000, maxAllocatedBytesPerOp = 0)
        void counts() {
            counter++;
        }
    }

    @Test
    void aBodyThatAllocatesNothingMeetsAZeroByteBudget() throws IOException {
        run(NotAllocating.class).assertThatEvents().haveExactly(1, event(test("counts"), finishedSuccessfully()));
        assertThat((String) verdictInReport(NotAllocating.class, "counts").get("detail"))
                .contains("allocation <= 0 bytes/op: 0 bytes/op");
    }

    static class NegativeAllocationBudget {
        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 100, maxAllocatedBytesPerOp = -8)
        void negative() {
        }
    }

    @Test
    void aNegativeByteBudgetIsAConfigurationError() {
        run(NegativeAllocationBudget.class).assertThatEvents().haveExactly(1, event(test("negative"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(m -> m.contains(
                        "has 'maxAllocatedBytesPerOp' = -8. Fix: 'maxAllocatedBytesPerOp' must be 0 or more bytes")))));
    }

    @Test
    void anAllocationBudgetOnAJvmThatCannotMeasureThreadAllocationIsAConfigurationError() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.setThreadAllocatedMemoryEnabled(false);
        Events events;
        try {
            events = run(NotAllocating.class);
        } finally {
            threads.setThreadAllocatedMemoryEnabled(true);
        }
        events.assertThatEvents().haveExactly(1, event(test("counts"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message(m -> m.contains("'maxAllocatedBytesPerOp' = 0, but this JVM cannot measure the allocation of a "
                        + "thread (thread allocated memory measurement is disabled")))));
    }

    // ---------------------------------------------------------------- GC

    static class CallsSystemGc {
        static int calls;

        @LatencyTest(throughput = 1_000, iterations = 400, warmUpIterations = 0, runs = 2, percentile = 50,
                maxMicros = 1_000_000, maxGcCount = 0)
        void collects() {
            if (calls++ % 200 == 100) {
                System.gc();
            }
        }
    }

    @Test
    void aBodyThatCallsSystemGcBreaksANoGcBudgetListingTheCollections() {
        run(CallsSystemGc.class).assertThatEvents().haveExactly(1, event(test("collects"), finishedWithFailure(
                instanceOf(AssertionError.class),
                message(m -> m.matches("(?s)garbage collection during the measured runs: [4-9] collections, longest pause "
                        + "\\d+ ms; budget GC collections <= 0 \\(run 1: .*System\\.gc\\(\\).*run 2: .*System\\.gc\\(\\).*")))));
    }

    static class NoGc {
        @LatencyTest(throughput = 1_000, iterations = 400, warmUpIterations = 0, runs = 2, percentile = 50,
                maxMicros = 1_000_000, maxGcCount = 0, maxGcPauseMillis = 0)
        void quiet() {
        }
    }

    @Test
    void aBodyThatMakesNoGarbageMeetsANoGcBudget() {
        run(NoGc.class).assertThatEvents().haveExactly(1, event(test("quiet"), finishedSuccessfully()));
    }

    /**
     * Counts, at the body's first call (run 1's first iteration: no warm-up), the explicit collections ({@code
     * System.gc()}) the JVM has reported since the test began, from its own GC notifications. The JVM notifies from a
     * thread of its own after a collection ends, so the first call waits up to a second for a first one to be told.
     */
    abstract static class CountsExplicitCollections {
        static final AtomicInteger EXPLICIT = new AtomicInteger();
        static volatile int explicitAtFirstCall = -1;
        private final List<NotificationEmitter> listening = new ArrayList<>();
        private final NotificationListener listener = (notification, handback) -> {
            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())
                    && "System.gc()".equals(GarbageCollectionNotificationInfo.from(
                            (CompositeData) notification.getUserData()).getGcCause())) {
                EXPLICIT.incrementAndGet();
            }
        };

        @BeforeEach
        void listen() {
            EXPLICIT.set(0);
            explicitAtFirstCall = -1;
            for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((NotificationEmitter) collector).addNotificationListener(listener, null, null);
                listening.add((NotificationEmitter) collector);
            }
        }

        @AfterEach
        void stop() throws ListenerNotFoundException {
            for (NotificationEmitter emitter : listening) {
                emitter.removeNotificationListener(listener);
            }
        }

        void body() {
            if (explicitAtFirstCall < 0) {
                long deadline = System.nanoTime() + 1_000_000_000L;
                while (EXPLICIT.get() == 0 && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                explicitAtFirstCall = EXPLICIT.get();
            }
        }
    }

    static class NoGcCounting extends CountsExplicitCollections {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 1_000_000, maxGcCount = 0)
        void quiet() {
            body();
        }
    }

    static class GcPauseBudgetCounting extends CountsExplicitCollections {
        @LatencyTest(throughput = 1_000, iterations = 100, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 1_000_000, maxGcPauseMillis = 50)
        void quiet() {
            body();
        }
    }

    @Test
    void aTestThatAllowsNoCollectionBeginsItsRunsOnACollectedHeapSoThatGarbageOfEarlierTestsIsNotCounted() {
        run(NoGcCounting.class).assertThatEvents().haveExactly(1, event(test("quiet"), finishedSuccessfully()));
        assertThat(CountsExplicitCollections.explicitAtFirstCall).isEqualTo(1);
    }

    /** A full collection shrinks the heap: an allocating body measured after it would collect more than it does. */
    @Test
    void aTestThatAllowsCollectionsIsNotCollectedBeforeItsRuns() {
        run(GcPauseBudgetCounting.class).assertThatEvents().haveExactly(1, event(test("quiet"), finishedSuccessfully()));
        assertThat(CountsExplicitCollections.explicitAtFirstCall).isZero();
    }

    // ---------------------------------------------------------------- noise-aware verdicts

    /**
     * Puts a deterministic stall source, one stall of the given length in every run, in the fixture's store, and no
     * scheduler or JVM evidence: the verdict then weighs a breach against OS jitter, as on an OS that gives none.
     */
    abstract static class Stalls implements BeforeAllCallback {
        private final long stallNanos;

        Stalls(long stallNanos) {
            this.stallNanos = stallNanos;
        }

        @Override
        public void beforeAll(ExtensionContext context) {
            context.getStore(LatencyTestExtension.NAMESPACE).put(StallSource.class,
                    (StallSource) (result, run) -> new long[] {stallNanos});
            context.getStore(LatencyTestExtension.NAMESPACE).put(EvidenceSource.class, EvidenceSource.OFF);
        }
    }

    /**
     * A stall of 150 ms in every run: at 1,000/s it makes (150 ms - 50 µs) x 1,000/s + 1 = 151 samples late, enough
     * to explain a p50 breach of a 200-iteration run.
     */
    static class InjectedStalls extends Stalls {
        InjectedStalls() {
            super(150_000_000L);
        }
    }

    @ExtendWith(InjectedStalls.class)
    static class BreachingWhileThePlatformStalls {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 3, percentile = 50, maxMicros = 50)
        void tooSlow() {
            busyWaitMicros(200);
        }
    }

    @Test
    void aBreachDuringAPlatformStallLongerThanTheBudgetIsInconclusive() {
        run(BreachingWhileThePlatformStalls.class).assertThatEvents().haveExactly(1, event(test("tooSlow"),
                abortedWithReason(message(m -> m.startsWith("Inconclusive: the budgets broke only through late "
                        + "samples that are not the code's (jlbh.noise = aware)") && m.contains("end to end p50 was ")
                        && m.contains("run 1: 1 stall longer than the budget, worst 150,000.000 \u00b5s, explain 151 of "
                        + "the 200 samples over budget")))));
    }

    /** The evidence of an OS without scheduler statistics: none, and why. */
    static class NoSchedulerStatistics implements BeforeAllCallback {
        static final String WHY = "no scheduler evidence on this OS (no /proc/thread-self/schedstat)";

        @Override
        public void beforeAll(ExtensionContext context) {
            context.getStore(LatencyTestExtension.NAMESPACE).put(EvidenceSource.class, (EvidenceSource) plan ->
                    new EvidenceSource.Recording() {
                        private final SchedulerReadings none = SchedulerReadings.switchedOff(plan, WHY);

                        @Override
                        public SchedulerReadings readingsOf(int thread) {
                            return none;
                        }

                        @Override
                        public void stop() {
                        }

                        @Override
                        public RunEvidence ofRun(int run, long fromNanos, long toNanos,
                                                 Map<String, RunTimeline> timelines) {
                            return RunEvidence.none(WHY);
                        }
                    });
        }
    }

    @ExtendWith(NoSchedulerStatistics.class)
    static class BreachingWithoutEvidence {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 50)
        void tooSlow() {
            busyWaitMicros(200);
        }
    }

    @Test
    void aBreachJudgedWithoutItsEvidenceSaysSoFirstAndWarns() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        Events events;
        try {
            events = run(BreachingWithoutEvidence.class);
        } finally {
            System.setOut(original);
        }
        events.assertThatEvents().haveExactly(1, event(test("tooSlow"), finishedWithFailure(
                instanceOf(AssertionError.class), message(m -> m.startsWith("Judged without all its evidence ("
                        + NoSchedulerStatistics.WHY + "): late samples the platform or the JVM caused cannot be told "
                        + "from the code's, and are counted as the code's" + System.lineSeparator()
                        + "end to end p50 was ")))));
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("WARNING BreachingWithoutEvidence.tooSlow: "
                + "Judged without all its evidence (" + NoSchedulerStatistics.WHY + ")",
                "=== FAILED BreachingWithoutEvidence.tooSlow: end to end p50 was ");
    }

    @Test
    void strictNoiseTurnsTheSameBreachBackIntoAFailure() {
        run(BreachingWhileThePlatformStalls.class, Map.of(LatencyTestConfiguration.NOISE, "strict")).assertThatEvents()
                .haveExactly(1, event(test("tooSlow"), finishedWithFailure(instanceOf(AssertionError.class),
                        message(m -> m.startsWith("end to end p50 was ") && !m.contains("inconclusive")))));
    }

    /** A stall of 1 ms in every run: longer than the budget, but far too short to explain 200 slow samples. */
    static class ShortStalls extends Stalls {
        ShortStalls() {
            super(1_000_000L);
        }
    }

    @ExtendWith(ShortStalls.class)
    static class BreachingMoreThanStallsExplain {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 3, percentile = 50, maxMicros = 50)
        void tooSlow() {
            busyWaitMicros(200);
        }
    }

    @Test
    void aStallTooShortToExplainTheBreachLeavesItAFailure() {
        run(BreachingMoreThanStallsExplain.class).assertThatEvents().haveExactly(1, event(test("tooSlow"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.startsWith("end to end p50 was ")))));
    }

    @Test
    void anUnknownNoiseSettingIsAConfigurationError() {
        run(NotAllocating.class, Map.of(LatencyTestConfiguration.NOISE, "loud")).assertThatEvents().haveExactly(1,
                event(test("counts"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("jlbh.noise = 'loud' is not one of [aware, strict]")))));
    }

    // ---------------------------------------------------------------- retries

    static class SlowOnTheFirstAttempt {
        /** Calls in one attempt: 100 warm-up + 2 runs x 200. */
        static final int CALLS_PER_ATTEMPT = 500;
        static int calls;

        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 100, runs = 2, percentile = 50, maxMicros = 50)
        void slowThenFast(@Probe("call") NanoSampler call) {
            long start = System.nanoTime();
            if (calls++ < CALLS_PER_ATTEMPT) {
                busyWaitMicros(200);
            }
            call.sampleNanos(System.nanoTime() - start);
        }
    }

    @Test
    void retriesMeasureABreachedTestAgainAndSayWhichAttemptPassed() throws IOException {
        SlowOnTheFirstAttempt.calls = 0;
        run(SlowOnTheFirstAttempt.class, Map.of(LatencyTestConfiguration.RETRY_FAILED, "2", LatencyTestConfiguration.NOISE, "strict"))
                .assertThatEvents().haveExactly(1, event(test("slowThenFast"), finishedSuccessfully()));
        Map<?, ?> verdict = verdictInReport(SlowOnTheFirstAttempt.class, "slowThenFast");
        assertThat(verdict.get("outcome")).isEqualTo("PASSED");
        assertThat(verdict.get("attempt")).isEqualTo(2.0);
        assertThat((String) verdict.get("detail")).startsWith("budgets met on attempt 2 of 3: end to end p50 <= 50 \u00b5s: ");
        // the probe parameter, bound once, recorded into the second attempt's harness: its runs are the fast ones
        Map<?, ?> result = (Map<?, ?>) JsonReader.parse(Files.readString(
                reports.resolve(SlowOnTheFirstAttempt.class.getName() + ".slowThenFast.json")));
        Map<?, ?> call = ((java.util.List<?>) result.get("probes")).stream().map(p -> (Map<?, ?>) p)
                .filter(p -> "call".equals(p.get("name"))).findFirst().orElseThrow();
        for (Object run : (java.util.List<?>) call.get("runs")) {
            assertThat(((Map<?, ?>) run).get("count")).isEqualTo(200.0);
            assertThat((Double) ((Map<?, ?>) run).get("maxNanos")).isLessThan(200_000);
        }
    }

    @Test
    void withoutRetriesTheSameTestFails() {
        SlowOnTheFirstAttempt.calls = 0;
        run(SlowOnTheFirstAttempt.class, Map.of(LatencyTestConfiguration.NOISE, "strict")).assertThatEvents()
                .haveExactly(1, event(test("slowThenFast"), finishedWithFailure(instanceOf(AssertionError.class))));
    }

    static class AlwaysSlow {
        @LatencyTest(throughput = 1_000, iterations = 200, warmUpIterations = 0, runs = 1, percentile = 50, maxMicros = 50)
        void slow() {
            busyWaitMicros(200);
        }
    }

    @Test
    void aTestThatBreachesOnEveryAttemptFailsSayingSo() throws IOException {
        run(AlwaysSlow.class, Map.of(LatencyTestConfiguration.RETRY_FAILED, "1", LatencyTestConfiguration.NOISE, "strict"))
                .assertThatEvents().haveExactly(1, event(test("slow"), finishedWithFailure(instanceOf(AssertionError.class),
                        message(m -> m.contains("(no attempt of 2 met the budgets; this was attempt 2)")))));
        Map<?, ?> result = (Map<?, ?>) JsonReader.parse(Files.readString(
                reports.resolve(AlwaysSlow.class.getName() + ".slow.json")));
        assertThat((java.util.List<?>) result.get("attempts")).hasSize(2);
    }

    @Test
    void aNegativeRetryCountIsAConfigurationError() {
        run(NotAllocating.class, Map.of(LatencyTestConfiguration.RETRY_FAILED, "-1")).assertThatEvents().haveExactly(1,
                event(test("counts"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("jlbh.retry.failed = '-1' is not a whole number of retries")))));
    }
}

package org.jlbh.junit;

import org.assertj.core.api.Condition;
import org.jlbh.junit.internal.store.JsonReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.Events;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * {@code threads = N} on a latency test, driven through the JUnit engine with EngineTestKit: the body called from N
 * paced harness threads at once, each knowing its index, taking turns on the one schedule; allocation counted on every
 * thread; a throw named by its thread; end to end reported merged and per thread. Budgets are far above what the
 * bodies take, so the machine's noise cannot change an outcome: what is asserted is who called the body, when it was
 * due, and what the reports say.
 */
class ConcurrentLoadTests {
    @TempDir
    Path reports;

    private Events run(Class<?> fixture) {
        return EngineRuns.run(reports, Map.of(), fixture).testEvents();
    }

    private Map<?, ?> report(Class<?> fixture, String method) throws IOException {
        return (Map<?, ?>) JsonReader.parse(Files.readString(reports.resolve(fixture.getName() + "." + method + ".json")));
    }

    // ---------------------------------------------------------------- two threads taking turns

    /** One call of the body: its intended start, the harness thread's index and the thread. */
    record Call(long startNanos, int index, Thread thread) {
    }

    static final Queue<Call> calls = new ConcurrentLinkedQueue<>();

    static class TwoThreads {
        @LatencyTest(throughput = 4_000, threads = 2, iterations = 2_000, warmUpIterations = 400, runs = 2,
                percentile = 50, maxMicros = 100_000)
        void call(IterationContext context) {
            long start = context.startTimeNanos();
            calls.add(new Call(start, context.threadIndex(), Thread.currentThread()));
            context.sampleEndToEnd(System.nanoTime() - start);
        }
    }

    @Test
    void twoHarnessThreadsTakeTurnsOnTheOneScheduleEachKnowingItsIndex() throws IOException {
        calls.clear();
        run(TwoThreads.class).assertThatEvents().haveExactly(1, event(test("call"), finishedSuccessfully()));

        List<Call> inOrder = new ArrayList<>(calls);
        assertThat(inOrder).hasSize(400 + 2 * 2_000);
        // each index is one thread, and the two are different threads, neither the test's
        assertThat(inOrder.stream().filter(call -> call.index() == 0).map(Call::thread).distinct()).hasSize(1);
        assertThat(inOrder.stream().filter(call -> call.index() == 1).map(Call::thread).distinct()).hasSize(1);
        assertThat(inOrder.stream().map(Call::thread).distinct()).hasSize(2)
                .doesNotContain(Thread.currentThread());
        assertThat(inOrder).filteredOn(call -> call.index() == 0).hasSize((400 + 2 * 2_000) / 2);
        // by intended start, the iterations alternate between the threads, 250 us apart (4,000/s together): thread
        // 1 is half its own interval behind thread 0, in the warm-up and in each run
        inOrder.sort(Comparator.comparingLong(Call::startNanos));
        int apartBy250 = 0;
        for (int i = 0; i < inOrder.size(); i++) {
            assertThat(inOrder.get(i).index()).as("iteration %d by intended start", i).isEqualTo(i % 2);
            if (i > 0 && Math.abs(inOrder.get(i).startNanos() - inOrder.get(i - 1).startNanos() - 250_000) <= 1) {
                apartBy250++;
            }
        }
        // all but the steps between the warm-up and the runs, where the schedule starts again
        assertThat(apartBy250).isGreaterThanOrEqualTo(inOrder.size() - 1 - 2);

        Map<?, ?> result = report(TwoThreads.class, "call");
        assertThat(((Map<?, ?>) result.get("settings")).get("threads")).isEqualTo(2.0);
        List<Object> probes = new ArrayList<>();
        for (Object probe : (List<?>) result.get("probes")) {
            probes.add(((Map<?, ?>) probe).get("name"));
        }
        assertThat(probes).contains("end to end", "end to end, thread 0", "end to end, thread 1");
    }

    // ---------------------------------------------------------------- allocation on every thread

    static volatile Object sink;

    static class AllocatingOnTwoThreads {
        @LatencyTest(throughput = 5_000, threads = 2, iterations = 2_000, warmUpIterations = 500, runs = 2,
                percentile = 50, maxMicros = 100_000, maxAllocatedBytesPerOp = 0)
        void allocates() {
            sink = new byte[64];
        }
    }

    @Test
    void theAllocationBudgetCountsEveryHarnessThread() throws IOException {
        run(AllocatingOnTwoThreads.class).assertThatEvents().haveExactly(1, event(test("allocates"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.contains(
                        "measured iterations, on the 2 harness threads running the test body: ")))));
        // a byte[64] is 80 bytes with its header: counted on one thread of two, it would show as 40 bytes/op
        assertThat((Double) report(AllocatingOnTwoThreads.class, "allocates").get("allocatedBytesPerOp"))
                .isGreaterThanOrEqualTo(64);
    }

    static class NotAllocatingOnThreeThreads {
        static final java.util.concurrent.atomic.AtomicLong counter = new java.util.concurrent.atomic.AtomicLong();

        @LatencyTest(throughput = 6_000, threads = 3, iterations = 3_000, warmUpIterations = 600, runs = 2,
                percentile = 50, maxMicros = 100_000, maxAllocatedBytesPerOp = 0)
        void counts() {
            counter.incrementAndGet();
        }
    }

    @Test
    void threeHarnessThreadsAllocateNothingOfTheirOwn() {
        // the harness threads' own loops and recording make no garbage: a garbage-free body meets a 0-byte budget
        run(NotAllocatingOnThreeThreads.class).assertThatEvents()
                .haveExactly(1, event(test("counts"), finishedSuccessfully()));
    }

    // ---------------------------------------------------------------- a throw, named by its thread

    static class ThrowsOnTheSecondThread {
        @LatencyTest(throughput = 2_000, threads = 2, iterations = 1_000, warmUpIterations = 0, runs = 1,
                percentile = 50, maxMicros = 100_000)
        void call(IterationContext context) {
            if (context.threadIndex() == 1) {
                throw new IllegalStateException("thread 1 broke");
            }
            context.sampleEndToEnd(System.nanoTime() - context.startTimeNanos());
        }
    }

    @Test
    void aThrowSaysWhichHarnessThreadAndWhichOfItsIterations() {
        run(ThrowsOnTheSecondThread.class).assertThatEvents().haveExactly(1, event(test("call"),
                finishedWithFailure(instanceOf(IllegalStateException.class), message("thread 1 broke"),
                        new Condition<>(throwable -> Arrays.stream(throwable.getSuppressed()).anyMatch(
                                note -> note.getMessage().equals("thrown by the test body in run 1 of 1, iteration 1 "
                                        + "of 500 on harness thread 1 (of 2)")), "noted where"))));
    }

    // ---------------------------------------------------------------- the context off the harness threads

    static final Queue<String> offThread = new ConcurrentLinkedQueue<>();
    static final AtomicBoolean readerStarted = new AtomicBoolean();

    static class ReadsTheContextOffTheHarness {
        @LatencyTest(throughput = 2_000, threads = 2, iterations = 200, warmUpIterations = 0, runs = 1,
                percentile = 50, maxMicros = 100_000)
        void call(IterationContext context) throws InterruptedException {
            long start = context.startTimeNanos();
            if (readerStarted.compareAndSet(false, true)) {
                Thread reader = new Thread(() -> {
                    offThread.add("index " + context.threadIndex());
                    try {
                        context.startTimeNanos();
                    } catch (IllegalStateException expected) {
                        offThread.add(expected.getMessage());
                    }
                }, "a-reply-reader");
                reader.start();
                reader.join();
            }
            context.sampleEndToEnd(System.nanoTime() - start);
        }
    }

    @Test
    void offTheHarnessThreadsTheIndexIsMinusOneAndTheStartIsRefused() {
        offThread.clear();
        readerStarted.set(false);
        run(ReadsTheContextOffTheHarness.class).assertThatEvents()
                .haveExactly(1, event(test("call"), finishedSuccessfully()));
        assertThat(offThread).containsExactly("index -1", "IterationContext.startTimeNanos() was read on thread "
                + "a-reply-reader, which is not one of the harness threads: with threads = 2, read it on the thread "
                + "running the test body: each harness thread has an iteration of its own under way");
    }

    // ---------------------------------------------------------------- a breach, and the evidence it is weighed on

    static class BreachingOnTwoThreads {
        @LatencyTest(throughput = 1_000, threads = 2, iterations = 200, warmUpIterations = 0, runs = 3,
                percentile = 50, maxMicros = 50)
        void tooSlow() {
            LatencyTestExtensionTests.busyWaitMicros(200);
        }
    }

    @Test
    void aBreachOnSeveralThreadsIsWeighedOnEachThreadsOwnSchedulerEvidence() throws IOException {
        // each harness thread reads its own scheduler figures: the code's 200 µs calls are the code's, and said so
        run(BreachingOnTwoThreads.class).assertThatEvents().haveExactly(1, event(test("tooSlow"), finishedWithFailure(
                instanceOf(AssertionError.class), message(m -> m.startsWith("end to end p50 was ")
                        && m.contains("1,000/s from 2 harness threads; coordinated omission on)")
                        && m.contains("with no pause: the code") && !m.contains("no scheduler evidence")))));
        if (OS.LINUX.isCurrentOs()) {
            Map<?, ?> result = (Map<?, ?>) JsonReader.parse(Files.readString(
                    reports.resolve(BreachingOnTwoThreads.class.getName() + ".tooSlow.json")));
            for (Object run : (List<?>) result.get("runs")) {
                Map<?, ?> evidence = (Map<?, ?>) ((Map<?, ?>) run).get("evidence");
                assertThat(evidence.get("schedulerMissing")).as("run %s", ((Map<?, ?>) run).get("run")).isNull();
            }
        }
    }

    static class TwoThreadsEveryLateSampleWaited extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.CPU_WAIT;
        }
    }

    @ExtendWith(TwoThreadsEveryLateSampleWaited.class)
    static class DescheduledOnTwoThreads {
        // p90, not p50: each thread has half of a run's samples, so a p50 lies on the edge between thread 0's largest
        // and thread 1's smallest and reads thread 0's worst when it has no outlier; p90 lies well inside thread 1's
        @LatencyTest(throughput = 1_000, threads = 2, iterations = 300, warmUpIterations = 0, runs = 3,
                percentile = 90, maxMicros = 50)
        void sometimesSlow() {
            // the second harness thread is jlbh-harness-1
            if (Thread.currentThread().getName().endsWith("-1")) {
                busyWaitMicros(200);
            }
        }
    }

    @Test
    void eachThreadsLateSamplesAreReplayedAgainstItsOwnWaits() {
        // thread 1's calls are all slow, and its evidence says it waited for the CPU through each: with thread 0's
        // fast calls, p90 breaks only through waits that are not the code's, so it is met on the code's own account
        Events events = run(DescheduledOnTwoThreads.class);
        events.assertThatEvents().haveExactly(1, event(test("sometimesSlow"), finishedSuccessfully()));
        assertThat(EngineRuns.reportEntries(events, "jlbh verdict")).singleElement().asString()
                .startsWith("PASSED: budgets met on the code's own account: end to end p90 ")
                .contains("while the harness thread waited");
    }

    // ---------------------------------------------------------------- refusals

    static class NoThreads {
        @LatencyTest(throughput = 1_000, threads = 0, iterations = 100, percentile = 50, maxMicros = 100)
        void none() {
        }
    }

    static class TooManyThreads {
        @LatencyTest(throughput = 1_000, threads = 65, iterations = 100, percentile = 50, maxMicros = 100)
        void tooMany() {
        }
    }

    @Test
    void threadsOutsideOneToSixtyFourAreAConfigurationError() {
        run(NoThreads.class).assertThatEvents().haveExactly(1, event(test("none"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class), message(m -> m.contains("has 'threads' = 0. Fix: "
                        + "'threads' must be positive (harness threads sharing the load, e.g. threads = 2)")))));
        run(TooManyThreads.class).assertThatEvents().haveExactly(1, event(test("tooMany"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message(m -> m.contains("has 'threads' = 65. Fix: 'threads' must be at most 64")))));
    }
}

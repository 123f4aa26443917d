package org.jlbh.core;

import org.jlbh.core.JLBHResult.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Several harness threads sharing the load ({@link JLBHOptions#threads(int)}). The schedule is checked on a manual
 * clock, whose due times the task is given exactly (coordinated omission accounted for), so which thread is given
 * which start is deterministic whatever order the threads run in.
 */
class JLBHConcurrentLoadTest {
    private static final long MILLIS = 1_000_000;
    private final ManualClock clock = new ManualClock(1_000 * MILLIS);
    private final JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
    private final ByteArrayOutputStream report = new ByteArrayOutputStream();

    private JLBHResult start(JLBHOptions options) {
        new JLBH(options.recordOSJitter(false), new PrintStream(report, true, StandardCharsets.UTF_8), results).start();
        return results.get();
    }

    /** A task that notes, per harness thread, the start each call was given, and samples a latency per thread. */
    private static final class Recording {
        final Map<Integer, ConcurrentLinkedQueue<Long>> startsByThread = new ConcurrentHashMap<>();
        final Map<Integer, Set<String>> threadNames = new ConcurrentHashMap<>();

        JLBHTask task() {
            return new ScriptedTask((jlbh, ignored, startTimeNS) -> {
                int thread = jlbh.threadIndex();
                startsByThread.computeIfAbsent(thread, t -> new ConcurrentLinkedQueue<>()).add(startTimeNS);
                threadNames.computeIfAbsent(thread, t -> new CopyOnWriteArraySet<>())
                        .add(Thread.currentThread().getName());
                jlbh.sample(1_000L * (thread + 1)); // thread 0 takes 1 us, thread 1 takes 2 us
            });
        }
    }

    @Test
    @Timeout(60)
    void twoThreadsAtOneThousandPerSecondEachTakeTurnsHalfAnIntervalApart() {
        Recording task = new Recording();
        JLBHResult result = start(new JLBHOptions().clock(clock).throughput(2_000).threads(2)
                .warmUpIterations(0).iterations(10).runs(1).jlbhTask(task.task()));

        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        List<Long> first = new ArrayList<>(task.startsByThread.get(0));
        List<Long> second = new ArrayList<>(task.startsByThread.get(1));
        long t0 = first.get(0);
        // each thread at 1,000/s: one call every millisecond; the second thread half an interval after the first
        assertThat(first).containsExactly(t0, t0 + MILLIS, t0 + 2 * MILLIS, t0 + 3 * MILLIS, t0 + 4 * MILLIS);
        assertThat(second).containsExactly(t0 + MILLIS / 2, t0 + 3 * MILLIS / 2, t0 + 5 * MILLIS / 2,
                t0 + 7 * MILLIS / 2, t0 + 9 * MILLIS / 2);
        assertThat(task.threadNames).containsOnlyKeys(0, 1);
        assertThat(task.threadNames.get(0)).containsExactly("jlbh-harness");
        assertThat(task.threadNames.get(1)).containsExactly("jlbh-harness-1");

        // together the whole schedule at 2,000/s: 10 iterations in 5 ms
        RunSummary run = result.runs().get(0);
        assertThat(run.iterationsRun()).isEqualTo(10);
        assertThat(run.samples()).isEqualTo(10);
        assertThat(run.runTime()).isEqualTo(Duration.ofNanos(5 * MILLIS));
        assertThat(run.achievedThroughputPerSecond()).isEqualTo(2_000.0);
        assertThat(run.harnessLateness().count()).isEqualTo(10);

        // end to end merged, and per thread
        assertThat(result.endToEnd().summaryOfLastRun().count()).isEqualTo(10);
        JLBHResult.RunResult thread0 = result.probe(JLBH.endToEndOfThread(0)).orElseThrow().summaryOfLastRun();
        JLBHResult.RunResult thread1 = result.probe(JLBH.endToEndOfThread(1)).orElseThrow().summaryOfLastRun();
        assertThat(thread0.count()).isEqualTo(5);
        assertThat(thread1.count()).isEqualTo(5);
        assertThat(thread0.max().toNanos()).isEqualTo(1_000);
        assertThat(thread1.max().toNanos()).isEqualTo(2_000);
        assertThat(result.probeNames()).containsExactly("end to end, thread 0", "end to end, thread 1");
        assertThat(report.toString(StandardCharsets.UTF_8))
                .contains("Load: 2 harness threads, each at 1,000/s, phases 500.000 us apart");
    }

    @Test
    @Timeout(60)
    void threeThreadsShareEveryRunAndTheWarmUpWithoutLosingAnIteration() {
        Recording task = new Recording();
        JLBHResult result = start(new JLBHOptions().clock(clock).throughput(7_000).threads(3)
                .warmUpIterations(100).iterations(1_000).runs(3).jlbhTask(task.task()));


        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(result.runs()).allSatisfy(run -> assertThat(run.samples()).isEqualTo(1_000));
        // 1,000 iterations over 3 threads: 334, 333, 333 in each run, 34, 33, 33 in the warm-up
        assertThat(task.startsByThread.get(0)).hasSize(3 * 334 + 34);
        assertThat(task.startsByThread.get(1)).hasSize(3 * 333 + 33);
        assertThat(task.startsByThread.get(2)).hasSize(3 * 333 + 33);
    }

    @Test
    @Timeout(60)
    void threeThreadsTogetherKeepTheExactScheduleOfTheirWholeRate() {
        Recording task = new Recording();
        start(new JLBHOptions().clock(clock).throughput(7_000).threads(3).warmUpIterations(0).iterations(1_000)
                .runs(1).jlbhTask(task.task()));

        // every start given once, and together the exact schedule at 7,000/s (due times rounded down to the ns)
        TreeMap<Long, Integer> all = new TreeMap<>();
        task.startsByThread.values().forEach(starts -> starts.forEach(s -> all.merge(s, 1, Integer::sum)));
        assertThat(all.values()).allMatch(count -> count == 1);
        assertThat(all).hasSize(1_000);
        List<Long> sorted = new ArrayList<>(all.keySet());
        for (int i = 1; i < sorted.size(); i++) {
            assertThat(sorted.get(i) - sorted.get(i - 1)).isBetween(142_857L, 142_858L);
        }
    }

    @Test
    @Timeout(60)
    void aTaskThatThrowsOnAnotherThreadEndsTheRunSayingWhere() {
        AtomicInteger calls = new AtomicInteger();
        JLBHTask task = new ScriptedTask((jlbh, ignored, startTimeNS) -> {
            if (jlbh.threadIndex() == 1 && calls.incrementAndGet() == 3) {
                throw new IllegalStateException("broken on the second thread");
            }
            jlbh.sample(1_000);
        });
        JLBH jlbh = new JLBH(new JLBHOptions().clock(clock).throughput(2_000).threads(2).warmUpIterations(0)
                .iterations(100).runs(2).recordOSJitter(false).jlbhTask(task),
                new PrintStream(report, true, StandardCharsets.UTF_8), results);

        assertThatThrownBy(jlbh::start).isInstanceOf(IllegalStateException.class)
                .hasMessage("broken on the second thread");
        JLBHResult result = results.get();
        assertThat(result.runs()).hasSize(1);
        RunSummary run = result.runs().get(0);
        assertThat(run.status()).isEqualTo(RunStatus.ABORTED);
        assertThat(run.detail()).contains("the task threw java.lang.IllegalStateException on jlbh-harness-1 at its "
                + "iteration 3 of 50");
        assertThat(run.iterationsRun()).isLessThan(100).isEqualTo(run.samples());
    }

    @Test
    @Timeout(60)
    void onTheCallingThreadThatThreadIsTheFirst() {
        Recording task = new Recording();
        start(new JLBHOptions().clock(clock).throughput(2_000).threads(2).runOnCallingThread(true)
                .warmUpIterations(0).iterations(4).runs(1).jlbhTask(task.task()));

        assertThat(task.threadNames.get(0)).containsExactly(Thread.currentThread().getName());
        assertThat(task.threadNames.get(1)).containsExactly("jlbh-harness-1");
    }

    @Test
    @Timeout(60)
    void theOtherThreadsHaveEndedWhenStartReturns() {
        start(new JLBHOptions().clock(clock).throughput(2_000).threads(3).warmUpIterations(0).iterations(6).runs(2)
                .runOnCallingThread(true).jlbhTask(new Recording().task()));

        // on the calling thread, start() returns when the first thread's part is done: the others ended before it
        assertThat(harnessThreadsAlive()).as("jlbh-harness-1 or -2 still alive").isFalse();
    }

    private static boolean harnessThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("jlbh-harness-") && t.isAlive());
    }

    @Test
    void threadIndexIsMinusOneOffTheHarness() {
        JLBH jlbh = new JLBH(new JLBHOptions().threads(2).jlbhTask(new Recording().task()));
        assertThat(jlbh.threadIndex()).isEqualTo(-1);
    }

    @Test
    void threadsOutOfRangeAreRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new JLBHOptions().threads(0))
                .withMessage("JLBHOptions.threads must be from 1 to 64, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> new JLBHOptions().threads(65))
                .withMessage("JLBHOptions.threads must be from 1 to 64, was 65");
    }

    @Test
    void anEventLoopCannotShareTheLoadBetweenThreads() {
        JLBH jlbh = new JLBH(new JLBHOptions().threads(2).jlbhTask(new Recording().task()));
        assertThatIllegalStateException().isThrownBy(jlbh::asEventHandler)
                .withMessageContaining("JLBHOptions.threads(2) needs start()");
    }
}

package org.jlbh.core;

import net.openhft.chronicle.core.threads.EventHandler;
import net.openhft.chronicle.core.threads.InvalidEventHandlerException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link JLBH#eventLoopHandler}: the benchmark as an event handler, driven here as an event loop drives it (a thread
 * calling {@code action()} until the handler removes itself by throwing {@link InvalidEventHandlerException}). An
 * {@code EventLoop} itself needs chronicle-threads, which jlbh-core does not depend on; the reference's own tests run
 * the handler on chronicle-threads' {@code MediumEventLoop} (see COMPATIBILITY.md). A manual clock moves 1 µs each
 * time the handler says it was not busy, so every figure is exact.
 */
class JLBHEventLoopTest {
    private final ManualClock clock = new ManualClock(0);
    private final JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
    private final ByteArrayOutputStream report = new ByteArrayOutputStream();

    private String report() {
        return report.toString(StandardCharsets.UTF_8);
    }

    /** Runs the handler on a thread named "event-loop" until it removes itself; returns the calls it took. */
    private long drive(JLBHOptions options) throws InterruptedException {
        JLBH jlbh = new JLBH(options.clock(clock).recordOSJitter(false),
                new PrintStream(report, true, StandardCharsets.UTF_8), results);
        EventHandler handler = jlbh.asEventHandler();
        long[] calls = new long[1];
        AtomicReference<Throwable> escaped = new AtomicReference<>();
        Thread loop = new Thread(() -> {
            try {
                while (true) {
                    calls[0]++;
                    if (!handler.action()) {
                        clock.advance(1_000);
                    }
                }
            } catch (InvalidEventHandlerException removed) {
                // the handler is done
            } catch (Throwable t) {
                escaped.set(t);
            }
        }, "event-loop");
        loop.start();
        loop.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(loop.isAlive()).as("the handler removed itself").isFalse();
        assertThat(escaped.get()).as("nothing escaped the handler").isNull();
        return calls[0];
    }

    @Test
    @Timeout(60)
    void everyCallbackAndIterationRunsOnTheEventLoopThreadInOrder() throws InterruptedException {
        List<String> threads = new CopyOnWriteArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            threads.add(Thread.currentThread().getName());
            jlbh.sample(clock.nanoTime() - start);
        });
        drive(new JLBHOptions().throughput(100_000).warmUpIterations(100).iterations(1_000).runs(3).jlbhTask(task));

        assertThat(task.calls).containsExactly("init on event-loop", "warmedUp", "runComplete on event-loop",
                "runComplete on event-loop", "runComplete on event-loop", "complete");
        assertThat(threads).hasSize(3_100).containsOnly("event-loop");
        JLBHResult result = results.get();
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(result.runs()).extracting(JLBHResult.RunSummary::runTime).containsOnly(Duration.ofMillis(10));
        // each iteration was called exactly at its due time (the clock steps 1 us, the interval is 10 us)
        assertThat(result.endToEnd().eachRunSummary()).allSatisfy(run -> assertThat(run.max()).isZero());
        assertThat(report()).contains("Warm up complete (100 iterations took 0.001 s)")
                .contains("BENCHMARK RESULTS (RUN 3) us").contains("SUMMARY (end to end) us");
    }

    /** As the reference's: eventLoopHandler() returns once the warm-up is over, the measured runs go on on the loop. */
    @Test
    @Timeout(60)
    void theCallerWaitsForTheWarmUpOnly() throws InterruptedException {
        List<String> seenByCaller = new CopyOnWriteArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1));
        JLBH jlbh = new JLBH(new JLBHOptions().clock(clock).recordOSJitter(false).throughput(1_000).warmUpIterations(100)
                .iterations(1_000).runs(2).jlbhTask(task), new PrintStream(report, true, StandardCharsets.UTF_8), results);
        EventHandler handler = jlbh.asEventHandler();
        Thread loop = new Thread(() -> {
            try {
                while (true) {
                    if (!handler.action()) {
                        clock.advance(1_000);
                        Thread.onSpinWait();
                    }
                }
            } catch (InvalidEventHandlerException removed) {
                // done
            }
        }, "event-loop");
        loop.start();

        jlbh.awaitWarmedUp();
        seenByCaller.addAll(task.calls);
        loop.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(seenByCaller).startsWith("init on event-loop", "warmedUp");
        assertThat(task.calls).endsWith("complete");
        assertThat(results.get().status()).isEqualTo(RunStatus.COMPLETE);
    }

    @Test
    @Timeout(60)
    void aCallerWaitingForTheWarmUpIsFreedByAbort() throws InterruptedException {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1));
        JLBH jlbh = new JLBH(new JLBHOptions().clock(clock).recordOSJitter(false).warmUpIterations(100).iterations(10)
                .runs(1).jlbhTask(task), new PrintStream(report, true, StandardCharsets.UTF_8), results);
        jlbh.asEventHandler(); // never driven: an event loop that does not run
        Thread aborter = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            jlbh.abort();
        });
        aborter.start();

        jlbh.awaitWarmedUp();
        assertThat(task.calls).isEmpty();
    }

    @Test
    @Timeout(60)
    void theWarmUpRunsBackToBackWhenAskedAndThePauseAfterItIsKept() throws InterruptedException {
        List<Long> callTimes = new CopyOnWriteArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            callTimes.add(clock.nanoTime());
            jlbh.sample(1);
        });
        drive(new JLBHOptions().throughput(1_000).pacedWarmUp(false).warmUpIterations(50).pauseAfterWarmupMS(5)
                .iterations(10).runs(1).jlbhTask(task));

        assertThat(callTimes.get(49)).as("50 warm-up calls, one per handler call, no waiting").isEqualTo(callTimes.get(0));
        assertThat(callTimes.get(50) - callTimes.get(49)).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(5));
        assertThat(report()).contains("Pausing after warmup for 5 ms");
        assertThat(results.get().status()).isEqualTo(RunStatus.COMPLETE);
    }

    @Test
    @Timeout(60)
    void missingSamplesAreWaitedForOnlyUntilTheTimeout() throws InterruptedException {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            if (i % 2 == 0) {
                jlbh.sample(1);
            }
        });
        drive(new JLBHOptions().throughput(10_000).warmUpIterations(0).iterations(100).runs(2).timeout(50).jlbhTask(task));

        assertThat(results.get().runs()).extracting(JLBHResult.RunSummary::status).containsOnly(RunStatus.INCOMPLETE);
        assertThat(results.get().runs().get(0).detail()).isEqualTo("50 of 100 end-to-end samples missing after waiting 50 ms");
    }

    @Test
    @Timeout(60)
    void aTaskThatThrowsAbortsItsRunAndTheHandlerRemovesItselfAfterTheReport() throws InterruptedException {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            if (i == 15) {
                throw new IllegalStateException("boom");
            }
            jlbh.sample(1);
        });
        drive(new JLBHOptions().throughput(10_000).warmUpIterations(0).iterations(10).runs(3).jlbhTask(task));

        assertThat(results.get().runs()).extracting(JLBHResult.RunSummary::status)
                .containsExactly(RunStatus.COMPLETE, RunStatus.ABORTED);
        assertThat(results.get().runs().get(1).detail())
                .startsWith("the task threw java.lang.IllegalStateException at iteration 6 of 10");
        assertThat(task.calls).endsWith("runComplete on event-loop", "complete");
        assertThat(report()).contains("SUMMARY (end to end) us");
    }

    @Test
    @Timeout(60)
    void abortFromAnotherThreadEndsTheRunAndNoOtherStarts() throws InterruptedException {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            jlbh.sample(1);
            if (i == 14) {
                Thread aborter = new Thread(jlbh::abort);
                aborter.start();
                try {
                    aborter.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        drive(new JLBHOptions().throughput(10_000).warmUpIterations(0).iterations(10).runs(3).jlbhTask(task));

        assertThat(results.get().runs()).extracting(JLBHResult.RunSummary::status)
                .containsExactly(RunStatus.COMPLETE, RunStatus.ABORTED);
        assertThat(results.get().runs().get(1).iterationsRun()).isEqualTo(5);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}

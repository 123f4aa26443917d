package org.jlbh.core;

import net.openhft.chronicle.core.util.NanoSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Samples from other threads, and tasks that never return. These use the real clock: what they check is counts and
 * statuses, not latency figures, so the machine's noise cannot change their outcome.
 */
class JLBHThreadsTest {
    private final JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
    private final ByteArrayOutputStream report = new ByteArrayOutputStream();

    private JLBHResult start(JLBHOptions options) {
        new JLBH(options, new PrintStream(report, true, StandardCharsets.UTF_8), results).start();
        return results.get();
    }

    /**
     * Like a TCP round trip: the harness thread hands each request to a "server" thread, which samples its probe,
     * and to a "client reader" thread, which samples the same probe and the end-to-end latency. Two threads beside
     * the harness sampling one probe (which lost counts and hung in the reference) must lose nothing.
     */
    @Test
    @Timeout(60)
    void samplesFromOtherThreadsAreAllCountedInTheirRun() throws InterruptedException {
        BlockingQueue<Long> toServer = new ArrayBlockingQueue<>(100_000);
        BlockingQueue<Long> toClient = new ArrayBlockingQueue<>(100_000);
        JLBHTask task = new JLBHTask() {
            private JLBH jlbh;
            private NanoSampler shared;
            private Thread server;
            private Thread client;

            @Override
            public void init(JLBH jlbh) {
                this.jlbh = jlbh;
                shared = jlbh.addProbe("shared");
                server = relay("server", toServer, start -> shared.sampleNanos(System.nanoTime() - start), toClient);
                client = relay("client", toClient, start -> {
                    shared.sampleNanos(System.nanoTime() - start);
                    jlbh.sample(System.nanoTime() - start);
                }, null);
            }

            @Override
            public void run(long startTimeNS) {
                shared.sampleNanos(1);
                toServer.add(startTimeNS);
            }

            @Override
            public void complete() {
                server.interrupt();
                client.interrupt();
            }
        };
        JLBHResult result = start(new JLBHOptions().throughput(50_000).warmUpIterations(5_000).iterations(20_000)
                .runs(3).recordOSJitter(false).jlbhTask(task));

        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(result.endToEnd().eachRunSummary()).extracting(JLBHResult.RunResult::count).containsOnly(20_000L);
        assertThat(result.probe("shared").orElseThrow().eachRunSummary())
                .extracting(JLBHResult.RunResult::count).containsOnly(60_000L);
    }

    private static Thread relay(String name, BlockingQueue<Long> in, java.util.function.LongConsumer onReceive,
                                BlockingQueue<Long> out) {
        Thread thread = new Thread(() -> {
            try {
                while (true) {
                    long start = in.take();
                    onReceive.accept(start);
                    if (out != null) {
                        out.add(start);
                    }
                }
            } catch (InterruptedException e) {
                // done
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Test
    @Timeout(30)
    void anIterationThatNeverReturnsEndsTheRunAfterTheTimeout() {
        StuckTask task = new StuckTask(true);
        try {
            JLBHResult result = start(new JLBHOptions().throughput(10_000).warmUpIterations(100).iterations(1_000)
                    .runs(3).timeout(300).recordOSJitter(false).jlbhTask(task));

            assertThat(result.status()).isEqualTo(RunStatus.ABORTED);
            assertThat(result.runs()).hasSize(1);
            JLBHResult.RunSummary run = result.runs().get(0);
            assertThat(run.status()).isEqualTo(RunStatus.ABORTED);
            assertThat(run.iterationsRun()).isEqualTo(500);
            assertThat(run.samples()).isEqualTo(500);
            assertThat(run.detail()).startsWith("iteration 501 did not return within the 300 ms timeout");
            assertThat(report.toString(StandardCharsets.UTF_8)).contains("is left behind");
        } finally {
            task.release();
        }
    }

    @Test
    @Timeout(30)
    void anIterationThatReturnsWhenInterruptedLetsTheHarnessCloseTheRunItself() {
        StuckTask task = new StuckTask(false);
        JLBHResult result = start(new JLBHOptions().throughput(10_000).warmUpIterations(100).iterations(1_000)
                .runs(3).timeout(300).recordOSJitter(false).jlbhTask(task));

        assertThat(result.status()).isEqualTo(RunStatus.ABORTED);
        assertThat(result.runs()).hasSize(1);
        assertThat(result.runs().get(0).detail()).startsWith("iteration 501 did not return within the 300 ms timeout");
        assertThat(task.completed).isTrue();
    }

    @Test
    @Timeout(30)
    void whatAnIterationThrowsWhenInterruptedAtTheTimeoutComesAfterTheTimeoutInTheReason() {
        JLBHTask task = new JLBHTask() {
            private JLBH jlbh;
            private int calls;

            @Override
            public void init(JLBH jlbh) {
                this.jlbh = jlbh;
            }

            @Override
            public void run(long startTimeNS) {
                if (++calls == 11) {
                    try {
                        Thread.sleep(10_000);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException("interrupted", e);
                    }
                }
                jlbh.sample(1);
            }
        };
        org.assertj.core.api.Assertions.assertThatIllegalStateException().as("start() rethrows what the task threw")
                .isThrownBy(() -> start(new JLBHOptions().throughput(10_000).warmUpIterations(0).iterations(1_000)
                        .runs(1).timeout(300).recordOSJitter(false).jlbhTask(task)));

        assertThat(results.get().runs().get(0).detail()).startsWith("iteration 11 did not return within the 300 ms "
                + "timeout; the task then threw java.lang.IllegalStateException");
    }

    /** Samples each iteration, and gets stuck in the 501st iteration of run 1 (deaf to interrupts, or not). */
    private static final class StuckTask implements JLBHTask {
        private final boolean ignoresInterrupts;
        private volatile boolean released;
        volatile boolean completed;
        private JLBH jlbh;
        private int iteration;

        StuckTask(boolean ignoresInterrupts) {
            this.ignoresInterrupts = ignoresInterrupts;
        }

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            if (iteration++ == 100 + 500) {
                while (!released) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
                    if (!ignoresInterrupts && Thread.interrupted()) {
                        return; // without a sample: the run is aborted anyway
                    }
                }
            }
            jlbh.sample(System.nanoTime() - startTimeNS);
        }

        @Override
        public void complete() {
            completed = true;
        }

        void release() {
            released = true;
        }
    }
}

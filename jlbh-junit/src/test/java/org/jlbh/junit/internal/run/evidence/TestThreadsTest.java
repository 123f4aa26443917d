package org.jlbh.junit.internal.run.evidence;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding the test's own threads among the process's Linux tasks, and reading their CPU time, on this JVM: threads
 * this test starts after noting those alive before it (as the launcher's are noted), so that what other tests of the
 * suite left running is not among them. Deterministic in what it asserts: a thread that spun 30 ms of CPU time has
 * had at least that much (the kernel's count is behind only while the thread runs, and it is parked when read).
 */
@EnabledOnOs(OS.LINUX)
class TestThreadsTest {
    private final List<Thread> started = new ArrayList<>();
    private volatile boolean stop;

    @AfterEach
    void stopThreads() throws InterruptedException {
        stop = true;
        for (Thread thread : started) {
            LockSupport.unpark(thread);
            thread.join();
        }
    }

    @Test
    void findsTheThreadsStartedSinceItNotedTheOthersAndReadsTheirCpuTime() throws InterruptedException {
        TestThreads.Noted before = TestThreads.Noted.now();
        CountDownLatch spun = new CountDownLatch(1);
        // a name longer than Linux keeps (15 bytes): matched by its first 15
        start("order-book-holder-thread", () -> {
            spinMillis(30);
            spun.countDown();
            parkUntilStopped();
        });
        spun.await();

        TestThreads found = TestThreads.find(before);

        try (TestThreads.Cpu cpu = found.open(1_000)) {
            // the count goes on from where it was given, whatever the thread had run before
            assertThat(cpu.threads()).isEqualTo(1);
            assertThat(cpu.nanos()).isEqualTo(1_000);
        }
    }

    @Test
    void theCountGrowsByTheCpuTimeTheThreadsRunAfterItWasOpened() throws InterruptedException {
        TestThreads.Noted before = TestThreads.Noted.now();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch spun = new CountDownLatch(1);
        start("book holder", () -> {
            running.countDown();
            awaitQuietly(go);
            spinMillis(30);
            spun.countDown();
            parkUntilStopped();
        });
        running.await(); // a thread's task takes its name once it runs: found by it only then
        TestThreads found = TestThreads.find(before);
        try (TestThreads.Cpu cpu = found.open(0)) {
            assertThat(cpu.threads()).isEqualTo(1);
            assertThat(cpu.nanos()).isLessThan(5_000_000);
            go.countDown();
            spun.await();
            Thread.sleep(5); // off its CPU, its time is up to date
            assertThat(cpu.nanos()).isGreaterThanOrEqualTo(30_000_000);
        }
    }

    @Test
    void leavesOutThreadsAliveBeforeAndTheToolsOwnAndReadsNoneWithTooMany() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(2);
        start("older thread", () -> {
            running.countDown();
            parkUntilStopped();
        });
        start("jlbh-stall-witness", () -> {
            running.countDown();
            parkUntilStopped();
        });
        running.await();
        TestThreads.Noted before = TestThreads.Noted.now();
        CountDownLatch harness = new CountDownLatch(1);
        start("jlbh-harness-1", () -> {
            harness.countDown();
            parkUntilStopped();
        });
        harness.await();

        assertThat(threadsRead(TestThreads.find(before))).isZero();

        CountDownLatch many = new CountDownLatch(TestThreads.MOST + 1);
        for (int i = 0; i <= TestThreads.MOST; i++) {
            start("pool-worker-" + i, () -> {
                many.countDown();
                parkUntilStopped();
            });
        }
        many.await();
        assertThat(threadsRead(TestThreads.find(before))).as("more than %d", TestThreads.MOST).isZero();
    }

    @Test
    void aLinuxTaskNameIsAThreadNamesFirstFifteenBytes() {
        assertThat(TestThreads.taskName("order-book-holder-thread")).isEqualTo("order-book-hold");
        assertThat(TestThreads.taskName("book holder")).isEqualTo("book holder");
    }

    private static int threadsRead(TestThreads found) {
        try (TestThreads.Cpu cpu = found.open(0)) {
            return cpu.threads();
        }
    }

    private void start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        started.add(thread);
        thread.start();
    }

    private void parkUntilStopped() {
        while (!stop) {
            LockSupport.park();
        }
    }

    private static void spinMillis(long millis) {
        // CPU time, not wall-clock time: on a busy machine the thread may wait for a CPU meanwhile
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
        while (threads.getCurrentThreadCpuTime() < end) {
            Thread.onSpinWait();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.jlbh.junit.internal.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A lock another process holds: waited for in the OS without polling, given up after the bound, taken on release. */
class FileLockWaitTest {
    /** The bound of these tests' waits: short, so that they stay fast; what they assert does not depend on it. */
    private static final long BOUND_NANOS = TimeUnit.MILLISECONDS.toNanos(400);
    /** Room for this noisy machine's stalls beyond a bound; far below what a wait without a bound would take. */
    private static final long SLACK_NANOS = TimeUnit.SECONDS.toNanos(5);

    @TempDir
    Path folder;

    @Test
    void aLockThatAStoppedProcessHoldsIsGivenUpAfterTheBoundWithoutPolling() throws Exception {
        Path file = folder.resolve("held.lock");
        Process holder = LockHolder.holding(file);
        try {
            LockHolder.stop(holder);
            CountingAttempts attempts = new CountingAttempts();
            AtomicInteger waits = new AtomicInteger();
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                long began = System.nanoTime();
                Optional<FileLock> lock = FileLockWait.lock(channel, BOUND_NANOS, waits::incrementAndGet, attempts);
                long waited = System.nanoTime() - began;

                assertThat(lock).as("still held").isEmpty();
                assertThat(waited).isBetween(BOUND_NANOS, BOUND_NANOS + SLACK_NANOS);
                assertThat(channel.isOpen()).as("closed past the bound, which ends the blocked call").isFalse();
                // one try, then one call that blocks in the OS: none every few ms, as a poll would
                assertThat(attempts.tries).hasValue(1);
                assertThat(attempts.blocking).hasValue(1);
                assertThat(waits).as("told once that the wait began").hasValue(1);
            }
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (thread.getName().equals("jlbh lock wait")) {
                    thread.join(TimeUnit.NANOSECONDS.toMillis(SLACK_NANOS));
                    assertThat(thread.isAlive()).as("the blocked call ended with its channel").isFalse();
                }
            }
        } finally {
            LockHolder.kill(holder);
        }
    }

    @Test
    void aWaiterHasTheLockAsSoonAsTheHolderEnds() throws Exception {
        Path file = folder.resolve("held.lock");
        Process holder = LockHolder.holding(file);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(300);
                    holder.destroyForcibly();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            killer.start();
            long began = System.nanoTime();
            Optional<FileLock> lock = FileLockWait.lock(channel, TimeUnit.SECONDS.toNanos(60), () -> { },
                    FileLockWait.Attempts.OS);
            long waited = System.nanoTime() - began;
            killer.join(10_000);

            assertThat(lock).as("taken once the holder's process ended").isPresent();
            assertThat(lock.get().isValid()).isTrue();
            assertThat(waited).as("woken by the release, not by the 60 s bound").isLessThan(SLACK_NANOS);
        } finally {
            LockHolder.kill(holder);
        }
    }

    @Test
    void workUnderALockStillHeldAfterTheBoundIsNotDoneAndTheErrorSaysWhatItWaitedFor() throws Exception {
        Path file = folder.resolve("held.lock");
        Process holder = LockHolder.holding(file);
        try {
            LockHolder.stop(holder);
            AtomicInteger done = new AtomicInteger();
            long began = System.nanoTime();
            assertThatThrownBy(() -> FileLockWait.underLock(file, BOUND_NANOS, "the test's lock", "nothing was done",
                    channel -> done.incrementAndGet()))
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("waited 0.")
                    .hasMessageContaining("the longest wait allowed, for the test's lock " + file
                            + ", and it was still held: another process held it")
                    .hasMessageEndingWith("; nothing was done");
            assertThat(System.nanoTime() - began).isLessThan(BOUND_NANOS + SLACK_NANOS);
            assertThat(done).hasValue(0);
            // the permit of this JVM was given back: the next wait is the OS's again, not a stuck thread's
            assertThat(FileLockWait.inThisJvm(file).availablePermits()).isEqualTo(1);
        } finally {
            LockHolder.kill(holder);
        }
    }

    @Test
    void threadsOfOneJvmTakeTurnsOnAFileAndTheirWaitIsBoundedToo() throws Exception {
        Path file = folder.resolve("turns.lock");
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        Thread first = new Thread(() -> {
            try {
                FileLockWait.underLock(file, BOUND_NANOS, "the test's lock", "nothing was done", channel -> {
                    inside.countDown();
                    try {
                        leave.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return null;
                });
            } catch (IOException | RuntimeException e) {
                throw new AssertionError(e);
            }
        });
        first.start();
        try {
            assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> FileLockWait.underLock(file, BOUND_NANOS, "the test's lock", "nothing was done",
                    channel -> null)).isInstanceOf(IOException.class)
                    .hasMessageContaining("another thread of this JVM held it");
        } finally {
            leave.countDown();
            first.join(Duration.ofSeconds(30).toMillis());
        }
        String done = FileLockWait.underLock(file, BOUND_NANOS, "the test's lock", "nothing was done",
                channel -> "done");
        assertThat(done).as("taken once the other thread gave it back").isEqualTo("done");
    }
}

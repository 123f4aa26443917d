package org.jlbh.junit.internal.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The OS lock a writer of a test's history holds while it reads, changes and writes it, so that two writers (two JVMs,
 * two users or containers sharing the folder, two threads of one JVM) never lose each other's build. It is its own,
 * whatever the machine's turn ({@code jlbh.machine.lock}) does, and taken on a file beside the history,
 * {@code .<history>.lock}: the history itself is replaced whole by each write, and a lock on the file it was would hold
 * nothing. The lock file is left in place (removing it would let a writer lock a file no longer there); it is empty.
 * A writer waits for the lock at most a given time, as every lock of the store does ({@link FileLockWait}: this JVM's
 * permit of the file first, then the OS's lock, waited for without polling): a history is written in milliseconds, and
 * a lock held longer is a writer stopped or hung. Not thread-safe: one per write.
 */
final class HistoryLock implements AutoCloseable {
    private final FileChannel channel;
    private final Semaphore permit;

    private HistoryLock(FileChannel channel, Semaphore permit) {
        this.channel = channel;
        this.permit = permit;
    }

    /** @return the lock file of a history file */
    static Path of(Path history) {
        return history.resolveSibling("." + history.getFileName() + ".lock");
    }

    /**
     * Takes the lock of a history, whose folder must exist.
     *
     * @param history the history's file
     * @param wait    the longest it waits
     * @return the lock, held until it is closed
     * @throws NotTaken    when another writer held it all that time
     * @throws IOException when the lock file cannot be opened or locked
     */
    static HistoryLock take(Path history, Duration wait) throws IOException {
        Path file = of(history);
        long began = System.nanoTime();
        Semaphore permit = FileLockWait.inThisJvm(file);
        try {
            if (!permit.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new NotTaken(file, wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for " + file);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            long left = wait.toNanos() - (System.nanoTime() - began);
            if (FileLockWait.lock(channel, left, () -> { }, FileLockWait.Attempts.OS).isEmpty()) {
                throw new NotTaken(file, wait);
            }
            return new HistoryLock(channel, permit);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(channel, permit);
            throw new InterruptedIOException("interrupted while waiting for " + file);
        } catch (IOException | RuntimeException e) {
            release(channel, permit);
            throw e;
        }
    }

    /** Releases the lock; a lock file that cannot be closed is released by the OS when the process ends. */
    @Override
    public void close() {
        release(channel, permit);
    }

    private static void release(FileChannel channel, Semaphore permit) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            // the write is done either way
        } finally {
            permit.release();
        }
    }

    /** Another writer held the lock all the time a writer waited: it says which lock, and for how long. */
    static final class NotTaken extends IOException {
        private static final long serialVersionUID = 1L;

        NotTaken(Path file, Duration wait) {
            super(String.format(Locale.ROOT, "another writer of this history held its lock %s for %s s, the longest "
                    + "a build waits (a build stopped or hung while recording?): this build is not recorded, and the "
                    + "history is left as it was", file, seconds(wait)));
        }

        private static String seconds(Duration wait) {
            return BigDecimal.valueOf(wait.toMillis(), 3).stripTrailingZeros().toPlainString();
        }

        /** @return the message alone, as the console says it */
        @Override
        public String toString() {
            return getMessage();
        }
    }
}

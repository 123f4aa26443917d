package org.jlbh.junit.internal.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;

/**
 * The OS lock a writer of a test's history holds while it reads, changes and writes it, so that two writers (two JVMs,
 * two users or containers sharing the folder, two threads of one JVM) never lose each other's build. It is its own,
 * whatever the machine's turn ({@code jlbh.machine.lock}) does, and taken on a file beside the history,
 * {@code .<history>.lock}: the history itself is replaced whole by each write, and a lock on the file it was would hold
 * nothing. The lock file is left in place (removing it would let a writer lock a file no longer there); it is empty.
 * A writer waits for the lock at most a given time, trying again after 1 ms, then twice as long each time up to
 * 50 ms: a history is written in milliseconds, and a lock held longer is a writer stopped or hung. Not thread-safe:
 * one per write.
 */
final class HistoryLock implements AutoCloseable {
    private static final long LONGEST_PAUSE_MILLIS = 50;

    private final FileChannel channel;

    private HistoryLock(FileChannel channel) {
        this.channel = channel;
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
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            long deadline = System.nanoTime() + wait.toNanos();
            long pause = 1;
            while (true) {
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException thisJvmHoldsIt) {
                    lock = null;
                }
                if (lock != null) {
                    return new HistoryLock(channel);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new NotTaken(file, wait);
                }
                Thread.sleep(Math.min(pause, Math.max(1, left / 1_000_000)));
                pause = Math.min(pause * 2, LONGEST_PAUSE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            channel.close();
            throw new InterruptedIOException("interrupted while waiting for " + file);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Releases the lock; a lock file that cannot be closed is released by the OS when the process ends. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // the write is done either way
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

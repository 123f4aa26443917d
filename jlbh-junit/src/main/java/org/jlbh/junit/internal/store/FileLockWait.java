package org.jlbh.junit.internal.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An OS lock on a whole file ({@link FileLock}), shared by the JVMs of the machine, waited for at most a stated bound
 * and without polling: after one attempt that does not wait, a thread of its own blocks in {@link FileChannel#lock()},
 * so that a waiting JVM takes no CPU, and the caller waits for that thread at most the bound. Past it, the channel is
 * closed, which ends the blocked call; a holder that is stopped ({@code SIGSTOP}) or stuck keeps the others waiting no
 * longer than that. The OS releases a lock when its process ends, however it ends.
 *
 * <p>Within a JVM, where the OS's lock is the process's, the threads that lock one file take turns through a fair
 * permit of that file's ({@link #inThisJvm}). Where the kernel reports a possible deadlock between processes (it
 * counts the locks of a process as one owner's), the blocked call is tried again every
 * {@value #DEADLOCK_RETRY_MILLIS} ms within the bound. Thread-safe.
 */
public final class FileLockWait {
    /** How long a wait the kernel refused as a possible deadlock waits before it asks again, in milliseconds. */
    static final long DEADLOCK_RETRY_MILLIS = 10;
    private static final ConcurrentMap<Path, Semaphore> IN_THIS_JVM = new ConcurrentHashMap<>();

    private FileLockWait() {
    }

    /** How a file is locked: the OS's calls, or, in a test, calls it counts. */
    public interface Attempts {
        /** The OS's own calls. */
        Attempts OS = new Attempts() {
            @Override
            public FileLock tryLock(FileChannel channel) throws IOException {
                return channel.tryLock();
            }

            @Override
            public FileLock lock(FileChannel channel) throws IOException {
                return channel.lock();
            }
        };

        /** @return the lock, or null at once when another process holds it ({@link FileChannel#tryLock()}) */
        FileLock tryLock(FileChannel channel) throws IOException;

        /** @return the lock, once the holder has released it: blocks in the OS ({@link FileChannel#lock()}) */
        FileLock lock(FileChannel channel) throws IOException;
    }

    /** A piece of work done under a file's lock, given the locked file's channel. */
    @FunctionalInterface
    public interface Locked<T> {
        T run(FileChannel channel) throws IOException;
    }

    /**
     * @param file a lock's file
     * @return the permit this JVM's threads take before they lock the file, fair, one at a time
     */
    public static Semaphore inThisJvm(Path file) {
        return IN_THIS_JVM.computeIfAbsent(file.toAbsolutePath().normalize(), any -> new Semaphore(1, true));
    }

    /**
     * Locks the whole file of the channel, waiting at most {@code boundNanos}.
     *
     * @param channel      a channel open for writing on the file
     * @param boundNanos   the longest wait, in nanoseconds; 0 or less: one attempt only
     * @param whileWaiting called once on the calling thread when the file is held and the wait begins (e.g. to read
     *                     who holds it)
     * @param attempts     the OS's calls ({@link Attempts#OS})
     * @return the lock; empty when the file was still held after the bound, the channel then closed
     * @throws IOException          when the file cannot be locked at all
     * @throws InterruptedException when the calling thread is interrupted while it waits (the channel then closed)
     */
    public static Optional<FileLock> lock(FileChannel channel, long boundNanos, Runnable whileWaiting,
                                          Attempts attempts) throws IOException, InterruptedException {
        FileLock now = attempts.tryLock(channel);
        if (now != null) {
            return Optional.of(now);
        }
        whileWaiting.run();
        if (boundNanos <= 0) {
            channel.close();
            return Optional.empty();
        }
        CompletableFuture<FileLock> taken = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            try {
                taken.complete(blockingLock(channel, attempts));
            } catch (Throwable thrown) {
                taken.completeExceptionally(thrown);
            }
        }, "jlbh lock wait");
        waiter.setDaemon(true);
        waiter.start();
        try {
            return Optional.of(taken.get(boundNanos, TimeUnit.NANOSECONDS));
        } catch (TimeoutException stillHeld) {
            channel.close(); // ends the blocked call, and releases a lock it took just now
            return Optional.empty();
        } catch (InterruptedException interrupted) {
            channel.close();
            throw interrupted;
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException("could not lock: " + cause, cause);
        }
    }

    /**
     * Does a piece of work under a file's lock, this JVM's permit of the file taken first, waiting at most the bound
     * for both; the file is created where it does not exist.
     *
     * @param file        the lock's file
     * @param boundNanos  the longest wait, in nanoseconds
     * @param what        what the lock guards, for the message, e.g. {@code the suite page's lock}
     * @param ifStillHeld what is left undone past the bound, for the message
     * @param work        the work, given the locked file's channel
     * @param options     how the file is opened, besides {@code CREATE} and {@code WRITE}
     * @return what the work returned
     * @throws IOException when the lock was still held after the bound ({@link #stillHeld}), cannot be taken, or the
     *                     work threw it
     */
    public static <T> T underLock(Path file, long boundNanos, String what, String ifStillHeld, Locked<T> work,
                                  OpenOption... options) throws IOException {
        long began = System.nanoTime();
        Semaphore permit = inThisJvm(file);
        try {
            if (!permit.tryAcquire(boundNanos, TimeUnit.NANOSECONDS)) {
                throw new IOException(stillHeld(System.nanoTime() - began, what + " " + file, "another thread of "
                        + "this JVM held it", ifStillHeld));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + what + " " + file, e);
        }
        OpenOption[] all = new OpenOption[options.length + 2];
        all[0] = StandardOpenOption.CREATE;
        all[1] = StandardOpenOption.WRITE;
        System.arraycopy(options, 0, all, 2, options.length);
        try (FileChannel channel = FileChannel.open(file, all)) {
            long left = boundNanos - (System.nanoTime() - began);
            if (lock(channel, left, () -> { }, Attempts.OS).isEmpty()) {
                throw new IOException(stillHeld(System.nanoTime() - began, what + " " + file, "another process held "
                        + "it all that time (one that is stopped or stuck holds it until it ends)", ifStillHeld));
            }
            return work.run(channel);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + what + " " + file, e);
        } finally {
            permit.release();
        }
    }

    /**
     * @return {@code waited 60.0 s, the longest wait allowed, for <what>, and it was still held: <why>; <undone>}
     */
    public static String stillHeld(long waitedNanos, String what, String why, String undone) {
        return String.format(Locale.ROOT, "waited %.1f s, the longest wait allowed, for %s, and it was still held: "
                + "%s; %s", waitedNanos / 1e9, what, why, undone);
    }

    /** The blocked call, on the waiting thread; asked again while the kernel refuses it as a possible deadlock. */
    private static FileLock blockingLock(FileChannel channel, Attempts attempts)
            throws IOException, InterruptedException {
        while (true) {
            try {
                return attempts.lock(channel);
            } catch (IOException refused) {
                String message = String.valueOf(refused.getMessage()).toLowerCase(Locale.ROOT);
                if (!message.contains("deadlock") || !channel.isOpen()) {
                    throw refused;
                }
                Thread.sleep(DEADLOCK_RETRY_MILLIS); // another thread of a holder will release it: ask again
            }
        }
    }
}

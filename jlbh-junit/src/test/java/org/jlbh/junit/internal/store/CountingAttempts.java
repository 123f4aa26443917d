package org.jlbh.junit.internal.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.concurrent.atomic.AtomicInteger;

/** The OS's calls of a lock's wait, counted: one that polls tries again and again, one that blocks tries once. */
public final class CountingAttempts implements FileLockWait.Attempts {
    /** Attempts that do not wait ({@link FileChannel#tryLock()}). */
    public final AtomicInteger tries = new AtomicInteger();
    /** Calls that block in the OS ({@link FileChannel#lock()}). */
    public final AtomicInteger blocking = new AtomicInteger();

    @Override
    public FileLock tryLock(FileChannel channel) throws IOException {
        tries.incrementAndGet();
        return channel.tryLock();
    }

    @Override
    public FileLock lock(FileChannel channel) throws IOException {
        blocking.incrementAndGet();
        return channel.lock();
    }
}

package org.jlbh.samples;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The structure Samples 9 and 10 share between two threads: a book guarded by one lock, each update holding it for
 * {@value #HOLD_MICROS} µs. It counts the updates, and the calls that found the lock taken
 * ({@link ReentrantLock#tryLock()} failed), which only calls that really overlap can make. Thread-safe.
 */
final class LockedBook {
    /** How long an update holds the lock, in microseconds. */
    static final long HOLD_MICROS = 20;

    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicLong contended = new AtomicLong();
    private final AtomicLong updates = new AtomicLong();

    /** Updates the book, waiting for the lock when another thread holds it. */
    void update() {
        if (!lock.tryLock()) {
            contended.incrementAndGet();
            lock.lock();
        }
        try {
            Benchmarks.busyWaitMicros(HOLD_MICROS);
            updates.incrementAndGet();
        } finally {
            lock.unlock();
        }
    }

    /** @return the updates made */
    long updates() {
        return updates.get();
    }

    /** @return the calls that found the lock taken */
    long contended() {
        return contended.get();
    }
}

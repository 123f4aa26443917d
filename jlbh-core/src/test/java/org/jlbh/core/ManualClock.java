package org.jlbh.core;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that only moves when told to: {@link #advance(long)} by the test or the task (to simulate work or a
 * stall), and {@link #awaitUntil(long)} by the harness, which jumps straight to the deadline. Makes pacing and
 * accounting deterministic, with no sleeping. Thread-safe: several harness threads may wait on it at once, and it
 * never goes back.
 */
public final class ManualClock implements NanoClock {
    private final AtomicLong now;

    public ManualClock(long start) {
        this.now = new AtomicLong(start);
    }

    @Override
    public long nanoTime() {
        return now.get();
    }

    @Override
    public long awaitUntil(long deadlineNs) {
        return now.accumulateAndGet(deadlineNs, Math::max);
    }

    /** Moves the clock forward. */
    public void advance(long nanos) {
        now.addAndGet(nanos);
    }
}

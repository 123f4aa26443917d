package org.jlbh.core;

/**
 * A clock that only moves when told to: {@link #advance(long)} by the test or the task (to simulate work or a
 * stall), and {@link #awaitUntil(long)} by the harness, which jumps straight to the deadline. Makes pacing and
 * accounting deterministic, with no sleeping. Reads are thread-safe.
 */
public final class ManualClock implements NanoClock {
    private volatile long now;

    public ManualClock(long start) {
        this.now = start;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public long awaitUntil(long deadlineNs) {
        if (now < deadlineNs) {
            now = deadlineNs;
        }
        return now;
    }

    /** Moves the clock forward. */
    public void advance(long nanos) {
        now += nanos;
    }
}

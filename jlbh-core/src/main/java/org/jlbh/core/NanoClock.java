package org.jlbh.core;

import java.util.concurrent.locks.LockSupport;

/**
 * The time source and waiting strategy of the harness, in {@link System#nanoTime()} nanoseconds.
 *
 * <p>{@link #SYSTEM} is the default. Tests of timing logic inject a manual clock (whose {@link #awaitUntil} jumps
 * to the deadline) through {@link JLBHOptions#clock(NanoClock)}, which makes pacing and accounting deterministic.
 * Implementations must allow {@link #nanoTime()} to be read from any thread.
 */
public interface NanoClock {

    /**
     * The system's monotonic clock. Waits park while the deadline is more than 1 ms away, then spin with
     * {@link Thread#onSpinWait()}, and spin on the clock alone for the last {@value #PLAIN_SPIN_NS} ns: a spin-wait
     * hint ({@code PAUSE} on x86) can take tens of cycles, which would end the wait that much after the deadline.
     */
    NanoClock SYSTEM = new NanoClock() {
        private static final long PARK_THRESHOLD_NS = 1_000_000;
        private static final long SPIN_MARGIN_NS = 500_000;

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long awaitUntil(long deadlineNs) {
            long now;
            while ((now = System.nanoTime()) - deadlineNs < 0) {
                long remaining = deadlineNs - now;
                if (remaining > PARK_THRESHOLD_NS) {
                    LockSupport.parkNanos(remaining - SPIN_MARGIN_NS);
                } else if (remaining > PLAIN_SPIN_NS) {
                    Thread.onSpinWait();
                }
            }
            return now;
        }

        @Override
        public String toString() {
            return "System.nanoTime()";
        }
    };

    /** How close to a deadline {@link #SYSTEM} stops using the spin-wait hint, in nanoseconds. */
    long PLAIN_SPIN_NS = 300;

    /** @return the current time in nanoseconds, from an arbitrary origin (as {@link System#nanoTime()}) */
    long nanoTime();

    /**
     * Waits until the clock reads at least {@code deadlineNs}.
     *
     * @param deadlineNs the time to wait for, in this clock's nanoseconds
     * @return the clock's reading when the wait ended, at least {@code deadlineNs}
     */
    long awaitUntil(long deadlineNs);
}

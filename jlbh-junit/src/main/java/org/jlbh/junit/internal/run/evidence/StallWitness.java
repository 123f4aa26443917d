package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A second thread that sees the whole machine stall, which a VM's own scheduler does not count: it sleeps
 * {@value #SLEEP_NANOS} ns at a time and, after each wake-up, reads its own run delay ({@link ThreadStatistics}); a
 * wake-up late by more than the OS's slack and the counted wait was a stall ({@link #stallOf}). Stalls of
 * {@value #MIN_STALL_NANOS} ns or more are kept, up to {@value #CAPACITY} a measurement. Allocates only for a stall it
 * keeps. Thread-safe: {@link #stop()} before {@link #stalls()}.
 */
public final class StallWitness {
    static final long SLEEP_NANOS = 1_000_000;
    /** How much later than asked a wake-up may come with no stall: the OS's wake-up latency and timer slack. */
    static final long WAKE_SLACK_NANOS = 100_000;
    static final long MIN_STALL_NANOS = 200_000;
    static final int CAPACITY = 4_096;

    private final MachineStall[] kept = new MachineStall[CAPACITY];
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String unavailable;
    private int count;

    private StallWitness() {
        thread = new Thread(this::watch, "jlbh-stall-witness");
        thread.setDaemon(true);
    }

    /** @return a witness, watching */
    static StallWitness start() {
        StallWitness witness = new StallWitness();
        witness.thread.start();
        return witness;
    }

    /**
     * @param askedNanos    when the witness asked to wake, nanoTime
     * @param wokeNanos     when it woke
     * @param runDelayNanos how long it waited for a CPU since it slept (the wait came just before it woke)
     * @return the stall: from the asked time and the slack to the wake-up less the wait; empty below the shortest kept
     */
    static Optional<MachineStall> stallOf(long askedNanos, long wokeNanos, long runDelayNanos) {
        long from = askedNanos + WAKE_SLACK_NANOS;
        long to = wokeNanos - runDelayNanos;
        return to - from >= MIN_STALL_NANOS ? Optional.of(new MachineStall(from, to)) : Optional.empty();
    }

    private void watch() {
        long[] figures = new long[3];
        try (ThreadStatistics self = ProcThreadStatistics.ofCallingThread()) {
            self.read(figures);
            long runDelay = figures[1];
            while (running) {
                long asked = System.nanoTime() + SLEEP_NANOS;
                LockSupport.parkNanos(SLEEP_NANOS);
                long woke = System.nanoTime();
                self.read(figures);
                Optional<MachineStall> stall = stallOf(asked, woke, figures[1] - runDelay);
                runDelay = figures[1];
                if (stall.isPresent() && count < CAPACITY && running) {
                    kept[count++] = stall.get();
                }
            }
        } catch (IOException | RuntimeException e) {
            unavailable = "no second thread saw the machine: " + e.getMessage();
        }
    }

    /** Stops watching and waits, at most a second, for the thread to end. */
    void stop() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** @return the stalls seen, in order; none when it could not watch, or had not ended when stopped */
    List<MachineStall> stalls() {
        if (thread.isAlive() || unavailable != null) {
            return List.of();
        }
        return List.of(Arrays.copyOf(kept, count));
    }
}

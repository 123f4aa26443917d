package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A second thread that sees the machine stall: it sleeps {@value #SLEEP_NANOS} ns at a time and, after each wake-up,
 * reads its own run delay ({@link ThreadStatistics}). A wake-up later than asked by more than the OS's wake-up slack
 * and the time the scheduler counted it waiting for a CPU was neither sleeping nor waiting: the machine did not run it
 * ({@link #stallOf}). Such a stall of {@value #MIN_STALL_NANOS} ns or more is kept, up to {@value #CAPACITY} a
 * measurement (later ones are not, and stay unexplained).
 *
 * <p>Why: on a VM the host can stop every virtual CPU at once for milliseconds, and the guest's scheduler counts none
 * of it (measured here: stalls of 5–24 ms with no run delay and no steal time in the harness thread's own readings,
 * the same length as the OS-jitter thread's late wake-up at the same moment). A harness thread's own readings cannot
 * tell such a stall from the code running slowly; a second thread that was late by as much, at the same time, without
 * waiting for a CPU, can. A late wake-up of an idle virtual CPU (the host gives it back late) is seen too, with no
 * harness thread stopped: a stall is only ever cut out of a late sample's service that overlaps it, and never more
 * than the service's own unexplained part ({@code judge.attribution.QueueReplay}).
 *
 * <p>Costs one wake-up a millisecond and a read of {@code /proc/thread-self/schedstat} (about 2 µs) after it; allocates
 * only for a stall it keeps. Thread-safe: {@link #stop()} before {@link #stalls()}.
 */
public final class StallWitness {
    /** How long it asks to sleep each time, in nanoseconds. */
    static final long SLEEP_NANOS = 1_000_000;
    /** How much later than asked a wake-up may come with no stall: the OS's wake-up latency and timer slack. */
    static final long WAKE_SLACK_NANOS = 100_000;
    /** The shortest stall kept, in nanoseconds. */
    static final long MIN_STALL_NANOS = 200_000;
    /** The most stalls kept for one measurement. */
    static final int CAPACITY = 4_096;

    private final long[] starts = new long[CAPACITY];
    private final long[] ends = new long[CAPACITY];
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String unavailable;
    private int kept;

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
     * The stall a wake-up shows, if any.
     *
     * @param askedNanos     when the witness asked to wake, nanoTime
     * @param wokeNanos      when it woke, nanoTime
     * @param runDelayNanos  how long the scheduler counted it waiting for a CPU since its reading before it slept (it
     *                       ran last: the wait came just before it woke)
     * @return the stretch the machine did not run it, from the asked time plus the wake-up slack to its wake-up less
     *         the counted wait; empty when that is shorter than {@value #MIN_STALL_NANOS} ns
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
                if (stall.isPresent() && kept < CAPACITY && running) {
                    starts[kept] = stall.get().startNanos();
                    ends[kept] = stall.get().endNanos();
                    kept++;
                }
            }
        } catch (IOException | RuntimeException e) {
            unavailable = "no second thread saw the machine: " + e.getMessage();
        }
    }

    /** Stops watching and waits for the thread to end (at most a second). */
    void stop() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * @return the stalls seen, in order; empty when it could not watch, or had not ended when {@link #stop()}
     *         returned
     */
    List<MachineStall> stalls() {
        if (thread.isAlive() || unavailable != null) {
            return List.of();
        }
        List<MachineStall> stalls = new ArrayList<>(kept);
        for (int i = 0; i < kept; i++) {
            stalls.add(new MachineStall(starts[i], ends[i]));
        }
        return List.copyOf(stalls);
    }
}

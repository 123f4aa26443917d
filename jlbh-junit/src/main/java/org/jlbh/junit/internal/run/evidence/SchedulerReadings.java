package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.LongSupplier;

/**
 * One harness thread's readings of what Linux's scheduler says about it ({@link ThreadStatistics}), taken by the thread
 * itself between its iterations: after a late iteration (at least {@link ReadingPlan#lateNanos()} from its intended
 * start) at once, at most once per spacing (the run's length over {@value #LATE_READINGS_PER_PART}, at least
 * {@value #MIN_LATE_SPACING_NANOS} ns); in the slack, about every {@value #QUIET_PERIOD_NANOS} ns where at least
 * {@value #SLACK_NANOS} ns remain before the next iteration is due, kept only when it opens or closes a late stretch;
 * when opened, and at the end of the thread's part of each run (and of the warm-up). The voluntary switches, ten times
 * dearer, are read only where the time since the last kept reading is not all CPU and run-queue wait; the test's own
 * threads' CPU time ({@link #watch}) at every reading. Reading allocates nothing: when a part has used its share of
 * rows, later readings replace its last one.
 *
 * <p>Threads: {@link #open()}, {@link #beginPart}, {@link #afterIteration} and {@link #endOfPart()} on the harness
 * thread it describes; {@link #evidence()} from any thread, seeing every reading kept so far.
 */
public final class SchedulerReadings {
    static final long QUIET_PERIOD_NANOS = 1_000_000;
    static final long SLACK_NANOS = 5_000;
    static final long MIN_LATE_SPACING_NANOS = 50_000;
    static final int LATE_READINGS_PER_PART = 1_024;

    private static final int FROM = 0;
    private static final int AT = 1;
    private static final int CPU = 2;
    private static final int DELAY = 3;
    private static final int SLICES = 4;
    private static final int VOLUNTARY = 5;
    private static final int TEST_THREADS = 6;
    private static final int COLUMNS = 7;
    /** The room a reading in the slack asks for each test thread it reads: twice what one takes. */
    private static final long TEST_THREAD_READ_NANOS = 1_000;
    private static final int BEGUN = 1;
    private static final int ENDED = 2;
    /** A reading opening and one after each late reading, the end of the part, a margin. */
    private static final int ROWS_PER_PART = 2 * LATE_READINGS_PER_PART + 8;

    /** Opens the calling thread's statistics, or throws an exception saying why there are none. */
    private final Callable<ThreadStatistics> opener;
    private final long lateNanos;
    private final long laneIntervalNanos;
    /** The least time before the next iteration is due for a reading in the slack, without and with test threads. */
    private final long roomNanos;
    private long roomWithTestThreadsNanos;
    private volatile TestThreads.Cpu testThreads = TestThreads.Cpu.NONE;
    private final LongSupplier clock;
    private final long lateSpacingNanos;
    private long[][] columns = new long[COLUMNS][0];
    private final int parts;
    private final long[] scratch = new long[3];
    private ThreadStatistics statistics;
    private boolean opened;
    private volatile String unavailable;
    /** Rows kept; the row after them may hold a reading not yet kept ({@link #pending}). */
    private volatile int kept;
    private int partLimit;
    /** The part under way: 0 the warm-up, then the 1-based run; -1 between parts. */
    private int part = -1;
    /** Per part, 0 until it begins, {@value #BEGUN} until its end is read, then {@value #ENDED}. */
    private final AtomicIntegerArray partState;
    private boolean pending;
    private boolean lateSinceKept;
    private long lastReadNanos;
    private long lastKeptNanos;
    private long lastVoluntary = -1;

    /** @param plan what the readings of the thread that will call {@link #open()} are fitted to */
    public SchedulerReadings(ReadingPlan plan) {
        this(plan, ProcThreadStatistics::ofCallingThread, System::nanoTime);
    }

    /** @param clock the time, in nanoseconds ({@link System#nanoTime()} outside tests) */
    SchedulerReadings(ReadingPlan plan, Callable<ThreadStatistics> opener, LongSupplier clock) {
        this.opener = opener;
        this.lateNanos = plan.lateNanos();
        this.laneIntervalNanos = (long) plan.laneIntervalNanos();
        // with Poisson arrivals the next may come sooner than the mean: read only where it leaves room many times over
        this.roomNanos = plan.fixedRate() ? SLACK_NANOS : 20 * SLACK_NANOS;
        this.roomWithTestThreadsNanos = roomNanos;
        this.clock = clock;
        this.lateSpacingNanos = Math.max(MIN_LATE_SPACING_NANOS, plan.runNanos() / LATE_READINGS_PER_PART);
        this.parts = plan.runs() + 1;
        this.partState = new AtomicIntegerArray(parts);
        this.unavailable = "no scheduler evidence: the harness thread never began";
    }

    /** @return readings that read nothing and say {@code why} */
    public static SchedulerReadings switchedOff(ReadingPlan plan, String why) {
        return new SchedulerReadings(plan, () -> {
            throw new IOException(why);
        }, System::nanoTime);
    }

    /** Opens the thread's statistics, makes the rows and takes a first reading; once, before its first iteration. */
    public void open() {
        if (opened) {
            return;
        }
        opened = true;
        try {
            statistics = opener.call();
            unavailable = null;
        } catch (IOException none) {
            unavailable = none.getMessage();
            return;
        } catch (Exception failed) {
            unavailable = "no scheduler evidence: opening the thread's figures failed (" + failed + ")";
            return;
        }
        columns = new long[COLUMNS][parts * ROWS_PER_PART];
        partLimit = ROWS_PER_PART;
        read(true);
    }

    /** From now on also reads the CPU time of the test's own {@code threads}, the column going on; between parts. */
    public void watch(TestThreads threads) {
        TestThreads.Cpu before = testThreads;
        TestThreads.Cpu now = threads.open(before.nanos());
        roomWithTestThreadsNanos = roomNanos + now.threads() * TEST_THREAD_READ_NANOS;
        testThreads = now;
        before.close();
    }

    /** Begins the thread's part of 1-based {@code run} (0 the warm-up), at its first iteration. */
    public void beginPart(int run) {
        part = Math.min(run, parts - 1);
        partState.set(part, BEGUN);
        partLimit = Math.min(columns[FROM].length, kept + ROWS_PER_PART);
    }

    /** Reads when the iteration (due at {@code startNanos}, ended at {@code endNanos}) was late or the slack allows. */
    public void afterIteration(long startNanos, long endNanos) {
        if (statistics == null) {
            return;
        }
        if (endNanos - startNanos >= lateNanos) {
            if (endNanos - lastKeptNanos >= lateSpacingNanos) {
                keepPending();
                read(true);
            } else {
                lateSinceKept = true;
            }
        } else if (endNanos - lastReadNanos >= QUIET_PERIOD_NANOS
                && startNanos + laneIntervalNanos - endNanos >= roomWithTestThreadsNanos) {
            read(lateSinceKept);
        }
    }

    /** Reads after the last iteration of the thread's part of a run (or of the warm-up). */
    public void endOfPart() {
        if (statistics == null) {
            return;
        }
        if (lateSinceKept) {
            keepPending();
        }
        read(true);
        if (part >= 0 && statistics != null) {
            partState.set(part, ENDED);
        }
        part = -1;
    }

    /** Closes the thread's files, from any thread once the measurement has ended: a thread still reading then stops. */
    public void close() {
        ThreadStatistics source = statistics;
        if (source != null) {
            source.close();
        }
        testThreads.close();
    }

    /** @return whether this thread began a part of the 1-based run */
    public boolean hadPart(int measuredRun) {
        return measuredRun < parts && partState.get(measuredRun) != 0;
    }

    /** @return whether this thread read its figures at the end of its part of the 1-based run */
    public boolean endedPart(int measuredRun) {
        return measuredRun < parts && partState.get(measuredRun) == ENDED;
    }

    /** @return the readings kept so far, or no evidence and why */
    public SchedulerEvidence evidence() {
        int n = kept;
        String why = unavailable;
        if (n < 2) {
            return SchedulerEvidence.none(why != null ? why : "no scheduler evidence: the harness thread read its "
                    + "figures fewer than twice");
        }
        long[][] read = Arrays.stream(columns).map(column -> Arrays.copyOf(column, n)).toArray(long[][]::new);
        return SchedulerEvidence.of(read[FROM], read[AT], read[DELAY], read[SLICES], read[CPU], read[VOLUNTARY],
                read[TEST_THREADS], why);
    }

    /** Keeps the pending reading, if any: it opens the late stretch about to be read. */
    private void keepPending() {
        if (pending) {
            pending = false;
            lastKeptNanos = columns[FROM][kept];
            kept = kept + 1;
        }
    }

    /** Reads into the row after those kept (over the last when the part is full); pending unless {@code keep}. */
    private void read(boolean keep) {
        ThreadStatistics source = statistics;
        boolean full = kept >= partLimit && kept > 0;
        int row = full ? kept - 1 : kept;
        try {
            long from = clock.getAsLong();
            source.read(scratch);
            long at = clock.getAsLong();
            columns[FROM][row] = from;
            columns[AT][row] = at;
            columns[CPU][row] = scratch[0];
            columns[DELAY][row] = scratch[1];
            columns[SLICES][row] = scratch[2];
            columns[VOLUNTARY][row] = voluntaryWhenNeeded(source, row);
            columns[TEST_THREADS][row] = testThreads.nanos();
            lastReadNanos = from;
        } catch (IOException | RuntimeException failed) {
            unavailable = "no scheduler evidence after " + kept + " readings: reading /proc/thread-self failed ("
                    + failed + ")";
            statistics = null;
            source.close();
            return;
        }
        if (!full && !keep) {
            pending = true;
            return;
        }
        pending = false;
        lateSinceKept = false;
        lastKeptNanos = columns[FROM][row];
        if (!full) {
            kept = kept + 1;
        }
    }

    /** @return the voluntary switches where the time since the last kept reading is not all CPU and wait; else -1 */
    private long voluntaryWhenNeeded(ThreadStatistics source, int row) throws IOException {
        if (row > 0 && lastVoluntary >= 0) {
            long unaccounted = columns[FROM][row] - columns[FROM][row - 1] - (columns[CPU][row] - columns[CPU][row - 1])
                    - (columns[DELAY][row] - columns[DELAY][row - 1]);
            if (unaccounted < SchedulerEvidence.LOST_NOISE_NANOS) {
                return -1;
            }
        }
        lastVoluntary = source.voluntarySwitches();
        return lastVoluntary;
    }
}

package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.LongSupplier;

/**
 * One harness thread's readings of what Linux's scheduler says about it ({@link ThreadStatistics}), taken by the
 * thread itself between its iterations. A wait for the CPU is counted when the thread gets its CPU back, so the thread
 * that suffered it has it in hand the moment it can read: no reader beside the harness, itself starved of a CPU on a
 * busy machine, can miss or misplace it, and every harness thread has its own evidence.
 *
 * <h2>When it reads</h2>
 * <ul>
 *   <li><b>After a late iteration</b> (one that took at least {@link ReadingPlan#lateNanos()} from its intended
 *   start), at once: the thread is behind already, and what kept it is now counted. At most once per spacing (the
 *   run's length over {@value #LATE_READINGS_PER_PART} and at least {@value #MIN_LATE_SPACING_NANOS} ns), so that a
 *   part of a measurement keeps at most about twice that many readings.</li>
 *   <li><b>In the slack between iterations</b>, about every {@value #QUIET_PERIOD_NANOS} ns, and only where at least
 *   {@value #SLACK_NANOS} ns remain before the next iteration is due (a reading takes about 2 µs): such a reading
 *   delays nothing. It is kept only when it opens a late stretch (the last one before a late iteration) or closes
 *   one, so that each wait is placed between a reading at most that period before it began and one just after it
 *   ended; otherwise the next one takes its place.</li>
 *   <li><b>When the thread opens them</b>, before its first iteration, and <b>at the end of its part of each run</b>
 *   (and of the warm-up), always.</li>
 * </ul>
 * The voluntary switches (the dearer read) are read only where the time since the last reading kept is not all CPU
 * and run-queue wait: that is sleep or time the host took, which they tell apart. Where the test has threads of its
 * own ({@link TestThreads}, given by {@link #watch}), each reading also reads how long they have run on a CPU (about
 * 0.5 µs a thread more, measured here, so a reading in the slack asks for a microsecond more room a thread).
 *
 * <p>Nothing is allocated while it reads: the readings go into an array made before the measurement, a part's share
 * of it each; when a part has used its share (only when nearly every iteration is late and the run is long), later
 * readings replace the part's last one, which keeps the totals right and places the waits more coarsely.
 *
 * <p>Thread-safety: {@link #open()}, {@link #beginPart()}, {@link #afterIteration} and {@link #endOfPart()} on the
 * harness thread it describes; {@link #evidence()} from any thread, which sees every reading kept so far.
 *
 * <p>More fields than most classes here, and one job: deciding, after each iteration, whether to read and which
 * readings to keep. The fields are that decision's state, read on the harness thread's hot path, kept in one object
 * so that the check after an iteration reads one object's fields and allocates nothing.
 */
public final class SchedulerReadings {
    /**
     * How often a reading is taken in the slack between iterations, in nanoseconds. A reading is a system call, and the
     * iteration after one runs a little slower (measured here: an empty body's p90 at 100,000/s rose by 20–30 ns with
     * a reading every 200 µs); a wait is placed between the last reading before it and the one after it.
     */
    static final long QUIET_PERIOD_NANOS = 1_000_000;
    /** The least time before the next iteration is due for a reading in the slack, in nanoseconds. */
    static final long SLACK_NANOS = 5_000;
    /** The least time between readings after late iterations, in nanoseconds. */
    static final long MIN_LATE_SPACING_NANOS = 50_000;
    /** How many readings after late iterations a part of a measurement (a run, the warm-up) keeps at most. */
    static final int LATE_READINGS_PER_PART = 1_024;

    private static final int FROM = 0;
    private static final int AT = 1;
    private static final int CPU = 2;
    private static final int DELAY = 3;
    private static final int SLICES = 4;
    private static final int VOLUNTARY = 5;
    private static final int TEST_THREADS = 6;
    private static final int COLUMNS = 7;
    /**
     * The room a reading asks for each of the test's own threads it reads, in nanoseconds: reading another thread's
     * {@code schedstat} took 0.51 µs here (OpenJDK 17, 2 vCPU, 5 rounds of 200,000), doubled.
     */
    private static final long TEST_THREAD_READ_NANOS = 1_000;
    private static final int NOT_BEGUN = -2;
    private static final int BEGUN = -1;
    /** Rows a part may keep: a reading opening and one after each late reading, the end of the part, a margin. */
    private static final int ROWS_PER_PART = 2 * LATE_READINGS_PER_PART + 8;

    private final Opener opener;
    private final long lateNanos;
    private final long laneIntervalNanos;
    /** The least time to the next iteration's due time for a reading in the slack, without the test's threads. */
    private final long roomNanos;
    /** The same, with reading the test's own threads. */
    private long roomWithTestThreadsNanos;
    /** The test's own other threads, read at each reading; set between parts ({@link #watch}). */
    private volatile TestThreads.Cpu testThreads = TestThreads.Cpu.NONE;
    private final LongSupplier clock;
    private final long lateSpacingNanos;
    private long[] rows = new long[0];
    private final int parts;
    private final long[] scratch = new long[3];
    /** Written and read on the harness thread; {@link #close()} reads it from another, a reference read once. */
    private ThreadStatistics statistics;
    private boolean opened;
    private volatile String unavailable;
    /** Rows kept; the row after them may hold a reading not yet kept ({@link #pending}). */
    private volatile int kept;
    private int partLimit;
    /** The part under way: 0 the warm-up, then the 1-based run; -1 between parts. */
    private int part = -1;
    /** Per part, the row of its end reading; {@value #NOT_BEGUN} until it begins, {@value #BEGUN} until it ends. */
    private final AtomicIntegerArray partEndRow;
    private boolean pending;
    private boolean lateSinceKept;
    private long lastReadNanos;
    private long lastKeptNanos;
    private long lastVoluntary = -1;
    private volatile int merged;

    /** Opens a thread's statistics, on that thread. */
    @FunctionalInterface
    interface Opener {
        /**
         * @return the calling thread's statistics
         * @throws IOException whose message says why there are none, as the evidence will say it
         */
        ThreadStatistics open() throws IOException;
    }

    /**
     * Readings of the thread that will call {@link #open()}, from {@code /proc/thread-self}.
     *
     * @param plan what they are fitted to
     */
    public SchedulerReadings(ReadingPlan plan) {
        this(plan, ProcThreadStatistics::ofCallingThread, System::nanoTime);
    }

    /**
     * @param plan   what they are fitted to
     * @param opener opens the thread's statistics
     * @param clock  the time, in nanoseconds ({@link System#nanoTime()} outside tests)
     */
    SchedulerReadings(ReadingPlan plan, Opener opener, LongSupplier clock) {
        this.opener = opener;
        this.lateNanos = plan.lateNanos();
        this.laneIntervalNanos = (long) plan.laneIntervalNanos();
        // with Poisson arrivals the next may come sooner than the mean: there, read only where the mean leaves room
        // for a reading many times over
        this.roomNanos = plan.fixedRate() ? SLACK_NANOS : 20 * SLACK_NANOS;
        this.roomWithTestThreadsNanos = roomNanos;
        this.clock = clock;
        this.lateSpacingNanos = Math.max(MIN_LATE_SPACING_NANOS, plan.runNanos() / LATE_READINGS_PER_PART);
        this.parts = plan.runs() + 1;
        this.partEndRow = new AtomicIntegerArray(parts);
        for (int i = 0; i < parts; i++) {
            partEndRow.set(i, NOT_BEGUN);
        }
        this.unavailable = "no scheduler evidence: the harness thread never began";
    }

    /**
     * @param plan what the measurement is
     * @param why  why nothing is read
     * @return readings that read nothing and say why
     */
    public static SchedulerReadings switchedOff(ReadingPlan plan, String why) {
        return new SchedulerReadings(plan, () -> {
            throw new IOException(why);
        }, System::nanoTime);
    }

    /**
     * Opens the thread's statistics, makes the rows for the readings (about 400 KB for three runs) and takes a first
     * reading; called on the thread, before its first iteration.
     */
    public void open() {
        if (opened) {
            return;
        }
        opened = true;
        try {
            statistics = opener.open();
            unavailable = null;
        } catch (IOException none) {
            unavailable = none.getMessage();
            return;
        } catch (RuntimeException failed) {
            unavailable = "no scheduler evidence: opening the thread's figures failed (" + failed + ")";
            return;
        }
        rows = new long[parts * ROWS_PER_PART * COLUMNS];
        partLimit = ROWS_PER_PART;
        read(true);
    }

    /**
     * From now on also reads how long the test's own other threads have run on a CPU; between parts of the
     * measurement (before the first, or after the warm-up), while this thread does not read. The column stays
     * continuous: it goes on from what the threads read until now had run.
     *
     * @param threads the test's own threads, as found now
     */
    public void watch(TestThreads threads) {
        TestThreads.Cpu before = testThreads;
        TestThreads.Cpu now = threads.open(before.nanos());
        roomWithTestThreadsNanos = roomNanos + now.threads() * TEST_THREAD_READ_NANOS;
        testThreads = now;
        before.close();
    }

    /**
     * Begins the thread's part of a run, at its first iteration.
     *
     * @param run 1-based measured run, or 0 for the warm-up
     */
    public void beginPart(int run) {
        part = Math.min(run, parts - 1);
        partEndRow.set(part, BEGUN);
        partLimit = Math.min(rows.length / COLUMNS, kept + ROWS_PER_PART);
    }

    /**
     * Reads, when the iteration was late or the slack before the next allows it (see the class comment).
     *
     * @param startNanos the iteration's intended start, nanoTime
     * @param endNanos   when it ended, nanoTime
     */
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

    /** Reads at the end of the thread's part of a run (or of the warm-up), after its last iteration. */
    public void endOfPart() {
        if (statistics == null) {
            return;
        }
        if (lateSinceKept) {
            keepPending();
        }
        read(true);
        if (part >= 0 && statistics != null) {
            partEndRow.set(part, kept - 1);
        }
        part = -1;
    }

    /**
     * Closes the thread's files, from any thread once the measurement has ended: a thread still reading (a body
     * given up on after its timeout) then fails to read, and reads no more.
     */
    public void close() {
        ThreadStatistics source = statistics;
        if (source != null) {
            source.close();
        }
        testThreads.close();
    }

    /**
     * @param measuredRun 1-based run
     * @return whether this thread had a part in the run: it began it
     */
    public boolean hadPart(int measuredRun) {
        return measuredRun < parts && partEndRow.get(measuredRun) != NOT_BEGUN;
    }

    /**
     * @param measuredRun 1-based run
     * @return whether this thread read its figures at the end of its part of the run
     */
    public boolean endedPart(int measuredRun) {
        return measuredRun < parts && partEndRow.get(measuredRun) >= 0;
    }

    /** @return the readings kept so far, or no evidence and why */
    public SchedulerEvidence evidence() {
        int n = kept;
        String why = unavailable;
        if (n < 2) {
            return SchedulerEvidence.none(why != null ? why : "no scheduler evidence: the harness thread read its "
                    + "figures fewer than twice");
        }
        long[][] columns = new long[COLUMNS][n];
        for (int row = 0; row < n; row++) {
            for (int column = 0; column < COLUMNS; column++) {
                columns[column][row] = rows[row * COLUMNS + column];
            }
        }
        return SchedulerEvidence.of(columns[FROM], columns[AT], columns[DELAY], columns[SLICES], columns[CPU],
                columns[VOLUNTARY], columns[TEST_THREADS], merged, why);
    }

    /** Keeps the reading not yet kept, if there is one: it opens the late stretch about to be read. */
    private void keepPending() {
        if (pending) {
            pending = false;
            lastKeptNanos = rows[kept * COLUMNS + FROM];
            kept = kept + 1;
        }
    }

    /**
     * Reads into the row after those kept, or, when the part has used its rows, over the last kept.
     *
     * @param keep whether to keep it now; else it waits, as pending, to open a late stretch
     */
    private void read(boolean keep) {
        ThreadStatistics source = statistics;
        boolean full = kept >= partLimit && kept > 0;
        int row = full ? kept - 1 : kept;
        int base = row * COLUMNS;
        try {
            long from = clock.getAsLong();
            source.read(scratch);
            long at = clock.getAsLong();
            rows[base + FROM] = from;
            rows[base + AT] = at;
            rows[base + CPU] = scratch[0];
            rows[base + DELAY] = scratch[1];
            rows[base + SLICES] = scratch[2];
            rows[base + VOLUNTARY] = voluntaryWhenNeeded(source, row, base);
            rows[base + TEST_THREADS] = testThreads.nanos();
            lastReadNanos = from;
        } catch (IOException | RuntimeException failed) {
            unavailable = "no scheduler evidence after " + kept + " readings: reading /proc/thread-self failed ("
                    + failed + ")";
            statistics = null;
            source.close();
            return;
        }
        if (full) {
            pending = false;
            lateSinceKept = false;
            lastKeptNanos = rows[base + FROM];
            merged = merged + 1;
        } else if (keep) {
            pending = false;
            lateSinceKept = false;
            lastKeptNanos = rows[base + FROM];
            kept = kept + 1;
        } else {
            pending = true;
        }
    }

    /**
     * @return the voluntary switches, read when the time since the last kept reading is not all CPU and run-queue
     *         wait (the thread slept, or the host took its CPU) or this is the first reading; else -1 (not read)
     */
    private long voluntaryWhenNeeded(ThreadStatistics source, int row, int base) throws IOException {
        if (row > 0 && lastVoluntary >= 0) {
            int before = (row - 1) * COLUMNS;
            long unaccounted = rows[base + FROM] - rows[before + FROM] - (rows[base + CPU] - rows[before + CPU])
                    - (rows[base + DELAY] - rows[before + DELAY]);
            if (unaccounted < SchedulerEvidence.LOST_NOISE_NANOS) {
                return -1;
            }
        }
        lastVoluntary = source.voluntarySwitches();
        return lastVoluntary;
    }
}

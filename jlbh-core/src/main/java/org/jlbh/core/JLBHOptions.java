package org.jlbh.core;

import net.openhft.affinity.AffinityLock;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The settings of a {@link JLBH} benchmark: a fluent builder with the reference JLBH's method names and defaults
 * where they make sense, so an existing benchmark ports by changing its imports.
 *
 * <p>Every setter validates its argument at once and throws {@link IllegalArgumentException} naming the option and
 * the value, so a bad setting fails before any thread starts. {@link JLBH} copies the settings when it is
 * constructed; changing the options afterwards does not affect it. Not thread-safe.
 *
 * <p>This class is over the project's ~300 lines on purpose: it mirrors the reference's builder one setter per
 * option (with this harness's few options of its own beside them), each with its validation and Javadoc of its unit
 * and default, and a port needs them all on this one class.
 */
public class JLBHOptions {

    /** Default target throughput: 10,000 iterations per second. */
    public static final int DEFAULT_THROUGHPUT_PER_SECOND = 10_000;
    /** Default number of measured iterations per run. */
    public static final long DEFAULT_ITERATIONS = 100_000;
    /** Default number of warm-up iterations, run once before the measured runs on the same paced schedule. */
    public static final int DEFAULT_WARM_UP_ITERATIONS = 20_000;
    /** Default number of measured runs. */
    public static final int DEFAULT_RUNS = 3;
    /** Default OS jitter threshold: wake-up delays of the jitter sampler above 1,000 ns are recorded. */
    public static final int DEFAULT_RECORD_JITTER_GREATER_THAN_NS = 1_000;
    /**
     * Default timeout, in milliseconds: how long an iteration may take to return, and how long the harness waits
     * for a missing end-to-end sample, before the run ends with a status saying so.
     */
    public static final long DEFAULT_TIMEOUT_MS = 10_000;
    /** Default interval between progress lines printed during a long run, in milliseconds. */
    public static final long DEFAULT_PROGRESS_INTERVAL_MS = 10_000;
    /** Most harness threads {@link #threads(int)} accepts. */
    public static final int MAX_THREADS = 64;
    /** Default seed of {@link Arrivals#POISSON}'s generator. */
    public static final long DEFAULT_ARRIVAL_SEED = 1;

    long throughput = DEFAULT_THROUGHPUT_PER_SECOND;
    TimeUnit throughputTimeUnit = TimeUnit.SECONDS;
    boolean accountForCoordinatedOmission = true;
    int recordJitterGreaterThanNs = DEFAULT_RECORD_JITTER_GREATER_THAN_NS;
    boolean recordOSJitter = true;
    int warmUpIterations = DEFAULT_WARM_UP_ITERATIONS;
    int runs = DEFAULT_RUNS;
    long iterations = DEFAULT_ITERATIONS;
    JLBHTask jlbhTask;
    int pauseAfterWarmupMS;
    boolean skipFirstRun;
    long timeoutMs = DEFAULT_TIMEOUT_MS;
    long progressIntervalMs = DEFAULT_PROGRESS_INTERVAL_MS;
    NanoClock clock = NanoClock.SYSTEM;
    LatencyDistributor latencyDistributor = LatencyDistributors.NORMAL;
    Arrivals arrivals = Arrivals.FIXED_RATE;
    long arrivalSeed = DEFAULT_ARRIVAL_SEED;
    int threads = 1;
    boolean pacedWarmUp = true;
    boolean runOnCallingThread;
    boolean jitterAffinity;
    /** Asked after each warm-up round whether the task is warmed up; null for one fixed warm-up. */
    BooleanSupplier warmedUpWhen;
    int maxWarmUpRounds = 1;
    /** A {@code Supplier<AffinityLock>}, kept erased so that nothing loads affinity unless it is set. */
    Supplier<?> acquireLock;

    /** Options with every default: set at least the task ({@link #jlbhTask(JLBHTask)}) before making a {@link JLBH}. */
    public JLBHOptions() {
        // every field has its default above
    }

    /**
     * Target throughput in iterations per second.
     *
     * @param throughput iterations per second, &gt; 0
     * @return this
     */
    public JLBHOptions throughput(int throughput) {
        return throughput(throughput, TimeUnit.SECONDS);
    }

    /**
     * Target throughput: {@code throughput} iterations per {@code timeUnit}. Iteration <i>i</i> of a run is due at
     * {@code t0 + i × timeUnit / throughput}, computed exactly (no rounding of the interval to whole nanoseconds).
     *
     * @param throughput iterations per {@code timeUnit}, &gt; 0
     * @param timeUnit   the unit the throughput is given in
     * @return this
     */
    public JLBHOptions throughput(int throughput, TimeUnit timeUnit) {
        requirePositive("throughput", throughput);
        this.throughput = throughput;
        this.throughputTimeUnit = Objects.requireNonNull(timeUnit, "JLBHOptions.throughput timeUnit must not be null");
        return this;
    }

    /**
     * Whether latency is measured from each iteration's intended start on the schedule (true, the default) or
     * from the moment the harness actually called the task (false). The schedule itself is the same either way.
     *
     * @param accountForCoordinatedOmission true to account for coordinated omission
     * @return this
     */
    public JLBHOptions accountForCoordinatedOmission(boolean accountForCoordinatedOmission) {
        this.accountForCoordinatedOmission = accountForCoordinatedOmission;
        return this;
    }

    /**
     * The misspelt name used by early versions of the reference JLBH (and by its blog posts).
     *
     * @param accountForCoordinatedOmission see {@link #accountForCoordinatedOmission(boolean)}
     * @return this
     * @deprecated use {@link #accountForCoordinatedOmission(boolean)}
     */
    @Deprecated
    public JLBHOptions accountForCoordinatedOmmission(boolean accountForCoordinatedOmission) {
        return accountForCoordinatedOmission(accountForCoordinatedOmission);
    }

    /**
     * Only OS jitter samples (how much later than asked the sleeping jitter sampler woke) above this are recorded.
     *
     * @param recordJitterGreaterThanNs threshold in nanoseconds, &ge; 0
     * @return this
     */
    public JLBHOptions recordJitterGreaterThanNs(int recordJitterGreaterThanNs) {
        requireNotNegative("recordJitterGreaterThanNs", recordJitterGreaterThanNs);
        this.recordJitterGreaterThanNs = recordJitterGreaterThanNs;
        return this;
    }

    /**
     * Whether to measure OS jitter alongside the runs (default true). The sampler is a thread that sleeps 1 ms at
     * a time and records how late it woke: it costs next to no CPU, so it does not create the jitter it measures.
     *
     * @param recordOSJitter true to measure OS jitter
     * @return this
     */
    public JLBHOptions recordOSJitter(boolean recordOSJitter) {
        this.recordOSJitter = recordOSJitter;
        return this;
    }

    /**
     * Number of warm-up iterations, run once on the same paced schedule before the measured runs; their samples
     * are discarded. Zero is allowed.
     *
     * @param warmUpIterations warm-up iterations, &ge; 0
     * @return this
     */
    public JLBHOptions warmUpIterations(int warmUpIterations) {
        requireNotNegative("warmUpIterations", warmUpIterations);
        this.warmUpIterations = warmUpIterations;
        return this;
    }

    /**
     * Number of measured runs.
     *
     * @param runs runs, &ge; 1
     * @return this
     */
    public JLBHOptions runs(int runs) {
        requirePositive("runs", runs);
        this.runs = runs;
        return this;
    }

    /**
     * Number of measured iterations per run.
     *
     * @param iterations iterations per run, &ge; 1
     * @return this
     */
    public JLBHOptions iterations(int iterations) {
        return iterations((long) iterations);
    }

    /**
     * Number of measured iterations per run.
     *
     * @param iterations iterations per run, &ge; 1
     * @return this
     */
    public JLBHOptions iterations(long iterations) {
        requirePositive("iterations", iterations);
        this.iterations = iterations;
        return this;
    }

    /**
     * The task to measure (required).
     *
     * @param jlbhTask the task
     * @return this
     */
    public JLBHOptions jlbhTask(JLBHTask jlbhTask) {
        if (jlbhTask == null) {
            throw new IllegalArgumentException("JLBHOptions.jlbhTask must not be null");
        }
        this.jlbhTask = jlbhTask;
        return this;
    }

    /**
     * Pause between the end of warm-up and the first measured run (for example to let JIT compilation settle).
     *
     * @param pauseAfterWarmupMS milliseconds, &ge; 0
     * @return this
     */
    public JLBHOptions pauseAfterWarmupMS(int pauseAfterWarmupMS) {
        requireNotNegative("pauseAfterWarmupMS", pauseAfterWarmupMS);
        this.pauseAfterWarmupMS = pauseAfterWarmupMS;
        return this;
    }

    /**
     * Whether the first run is left out of the summary's variation column. Default false: every run counts
     * (the reference always skipped run 1 unless told otherwise). The first run is still measured and printed.
     *
     * @param skipFirstRun true to leave the first run out of the variation
     * @return this
     */
    public JLBHOptions skipFirstRun(boolean skipFirstRun) {
        this.skipFirstRun = skipFirstRun;
        return this;
    }

    /**
     * How long an iteration may take to return, and how long the harness waits for missing end-to-end samples
     * after a run's last iteration, before the run ends with status {@link RunStatus#ABORTED} or
     * {@link RunStatus#INCOMPLETE}. Default {@value #DEFAULT_TIMEOUT_MS} ms.
     *
     * @param timeoutMs milliseconds, &gt; 0
     * @return this
     */
    public JLBHOptions timeout(long timeoutMs) {
        requirePositive("timeout", timeoutMs);
        this.timeoutMs = timeoutMs;
        return this;
    }

    /**
     * How often a line of progress (run, iterations done, how far behind schedule) is printed during a run; the
     * line is printed from another thread and does not touch the schedule. Zero turns progress off.
     *
     * @param progressIntervalMs milliseconds, &ge; 0; default {@value #DEFAULT_PROGRESS_INTERVAL_MS}
     * @return this
     */
    public JLBHOptions progressIntervalMS(long progressIntervalMs) {
        requireNotNegative("progressIntervalMS", progressIntervalMs);
        this.progressIntervalMs = progressIntervalMs;
        return this;
    }

    /**
     * The clock the harness paces and times with; {@link NanoClock#SYSTEM} by default. Tests of timing logic
     * inject a manual clock here.
     *
     * @param clock the clock
     * @return this
     */
    public JLBHOptions clock(NanoClock clock) {
        this.clock = Objects.requireNonNull(clock, "JLBHOptions.clock must not be null");
        return this;
    }

    /**
     * Whether the warm-up iterations are paced at the target throughput, like the measured runs (true, the
     * default), or run back to back as fast as the task returns (false, as the reference). Paced, the warm-up takes
     * its scheduled time ({@code warmUpIterations / throughput}) and compiles the harness's waiting path as well as
     * the task, and its last iteration is one interval before the first measured one, so the rate holds throughout;
     * back to back it is over sooner, and the JIT compiles the waiting path during the first run instead
     * (measured: {@code jlbh-benchmarks}' {@code WarmUpAndThreadChoice}, figures in
     * <a href="https://github.com/jlbh/jlbh-junit/blob/main/COMPATIBILITY.md#behaviours-kept-as-this-harnesss-defaults-with-the-references-as-an-option">the compatibility notes</a>).
     * Back to back, the task is given the time it was actually called as its start time.
     *
     * @param pacedWarmUp true to pace the warm-up at the target throughput
     * @return this
     */
    public JLBHOptions pacedWarmUp(boolean pacedWarmUp) {
        this.pacedWarmUp = pacedWarmUp;
        return this;
    }

    /**
     * Warms up in rounds until the task is warmed up, instead of once: the warm-up is rounds of
     * {@link #warmUpIterations(int)} iterations each, on the warm-up's schedule without a gap between them, and after
     * each round {@code warmedUp} is asked, on the thread that runs the task, whether another is needed. The warm-up
     * ends when it says true, or after {@code maxRounds} rounds, whichever comes first; the report's warm-up line says
     * how many rounds ran. Only {@link JLBH#start()} warms up in rounds: {@link JLBH#eventLoopHandler} refuses it.
     *
     * @param warmedUp  whether the task is warmed up after the rounds so far; called between rounds, never during one
     * @param maxRounds the most rounds, &gt; 0 (1: the fixed warm-up, {@code warmedUp} never asked)
     * @return this
     */
    public JLBHOptions warmUpUntil(BooleanSupplier warmedUp, int maxRounds) {
        this.warmedUpWhen = Objects.requireNonNull(warmedUp, "JLBHOptions.warmUpUntil's condition must not be null");
        requirePositive("warmUpUntil's maxRounds", maxRounds);
        this.maxWarmUpRounds = maxRounds;
        return this;
    }

    /**
     * Whether the task runs on the thread that calls {@link JLBH#start()} (true, as the reference) or on a thread
     * of the harness's own, {@code jlbh-harness}, supervised by the calling thread (false, the default).
     *
     * <p>On its own thread (the default), the calling thread prints progress and ends a run whose iteration does
     * not return within {@link #timeout(long)}: {@code start()} always returns. On the calling thread, a daemon
     * thread ({@code jlbh-supervisor}) prints progress and, after the timeout, interrupts the calling thread and
     * aborts the run; but {@code start()} cannot return before the stuck iteration does. Choose it when the task
     * relies on the calling thread: a thread-local it set up, a CPU it was pinned to, a framework's thread
     * affinity. Every callback ({@link JLBHTask#init}, {@code warmedUp}, {@code runComplete}, {@code complete}) runs
     * on the thread that runs the task either way. Measured, the harness thread costs nothing the figures show
     * ({@code jlbh-benchmarks}' {@code WarmUpAndThreadChoice}, figures in
     * <a href="https://github.com/jlbh/jlbh-junit/blob/main/COMPATIBILITY.md#behaviours-kept-as-this-harnesss-defaults-with-the-references-as-an-option">the compatibility notes</a>).
     *
     * @param runOnCallingThread true to run the task on the thread that calls {@code start()}
     * @return this
     */
    public JLBHOptions runOnCallingThread(boolean runOnCallingThread) {
        this.runOnCallingThread = runOnCallingThread;
        return this;
    }

    /**
     * How the intervals between iterations are spread around the target's average (as the reference). The default,
     * {@link LatencyDistributors#NORMAL}, is the exact fixed-rate schedule; {@link LatencyDistributors#RANDOM} and
     * {@link LatencyDistributors#RANDOM2} vary each interval while keeping the average, so arrivals bunch up as they
     * do in production. Each iteration's latency is still measured from its (now irregular) due time.
     *
     * @param latencyDistributor the distribution, not null
     * @return this
     */
    public JLBHOptions latencyDistributor(LatencyDistributor latencyDistributor) {
        this.latencyDistributor = Objects.requireNonNull(latencyDistributor,
                "JLBHOptions.latencyDistributor must not be null");
        return this;
    }

    /**
     * The arrival process that decides when each iteration is due: {@link Arrivals#FIXED_RATE} (the default) or
     * {@link Arrivals#POISSON}, random exponential intervals with the target's mean, reproducible from
     * {@link #arrivalSeed(long)}. Latency is measured from each iteration's due time either way. Poisson arrivals
     * cannot be combined with a {@link #latencyDistributor(LatencyDistributor)} other than
     * {@link LatencyDistributors#NORMAL}: both would decide the intervals (the harness refuses the pair).
     *
     * @param arrivals the arrival process, not null
     * @return this
     */
    public JLBHOptions arrivals(Arrivals arrivals) {
        this.arrivals = Objects.requireNonNull(arrivals, "JLBHOptions.arrivals must not be null");
        return this;
    }

    /**
     * The seed of {@link Arrivals#POISSON}'s generator (default {@value #DEFAULT_ARRIVAL_SEED}): the same seed gives
     * the same arrival times relative to the start, in every build. Ignored for fixed-rate arrivals.
     *
     * @param arrivalSeed any value
     * @return this
     */
    public JLBHOptions arrivalSeed(long arrivalSeed) {
        this.arrivalSeed = arrivalSeed;
        return this;
    }

    /**
     * How many harness threads share the load (default 1): each calls the task at {@code throughput / threads}, the
     * threads' schedules shifted by one interval each, so that together they keep the one schedule the throughput
     * sets (thread <i>k</i> of <i>n</i> takes iterations <i>k</i>, <i>k + n</i>, …, each at its due time; with
     * {@link Arrivals#POISSON}, each thread draws independent arrivals at its share of the rate, which together are
     * Poisson arrivals at the whole rate). The task is then called from several threads at once and must be
     * thread-safe; {@link JLBH#threadIndex()} tells it which thread it is on. Each thread records into counts of its
     * own (no lock, no allocation, nothing shared that each iteration writes), merged when a run ends; each thread's
     * end-to-end samples are also reported as a probe, {@link JLBH#endToEndOfThread(int)}. The first thread is the
     * one {@link #runOnCallingThread(boolean)} chooses; the others are {@code jlbh-harness-1}, … of their own, and
     * every callback but {@code run} is called on the first. An iteration's samples count for the thread that
     * called it only when that thread records them. Not with {@link JLBH#eventLoopHandler}, which is one thread.
     *
     * @param threads harness threads, 1 to {@value #MAX_THREADS}
     * @return this
     */
    public JLBHOptions threads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("JLBHOptions.threads must be from 1 to " + MAX_THREADS + ", was "
                    + threads);
        }
        this.threads = threads;
        return this;
    }

    /**
     * Whether the OS jitter sampler thread pins itself to a CPU of its own (as the reference's option of this name):
     * it acquires an {@link AffinityLock} when it starts and releases it when the benchmark ends. Default false: no
     * pinning. Pinning needs {@code net.openhft:affinity} on the classpath, which jlbh-core does not bring: add it
     * to your project to use this.
     *
     * @param jitterAffinity true to pin the OS jitter sampler
     * @return this
     */
    public JLBHOptions jitterAffinity(boolean jitterAffinity) {
        this.jitterAffinity = jitterAffinity;
        return this;
    }

    /**
     * Pins the thread that runs the task (as the reference's option of this name): that thread calls
     * {@code acquireLock.get()} after {@link JLBHTask#init(JLBH)} (so threads the task starts there do not inherit
     * the pinning) and before the warm-up, and releases the lock it returned (if not null) when the runs are over,
     * before {@link JLBHTask#complete()}. Default: none, the harness pins nothing (the reference pinned a CPU by
     * default with {@code Affinity::acquireLock}). Typical use: {@code acquireLock(AffinityLock::acquireLock)}.
     * Needs {@code net.openhft:affinity} on the classpath, which jlbh-core does not bring: the caller adds it to
     * their project.
     *
     * @param acquireLock returns the lock to hold while the task runs, or null for none; not null itself
     * @return this
     */
    // affinity is optional (requires static): a caller who pins reads it itself, as the Javadoc says
    @SuppressWarnings("exports")
    public JLBHOptions acquireLock(Supplier<AffinityLock> acquireLock) {
        this.acquireLock = Objects.requireNonNull(acquireLock, "JLBHOptions.acquireLock must not be null");
        return this;
    }

    private static void requirePositive(String option, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException("JLBHOptions." + option + " must be > 0, was " + value);
        }
    }

    private static void requireNotNegative(String option, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("JLBHOptions." + option + " must be >= 0, was " + value);
        }
    }

    @Override
    public String toString() {
        return "JLBHOptions{throughput=" + throughput + "/" + throughputTimeUnit
                + ", iterations=" + iterations
                + ", warmUpIterations=" + warmUpIterations
                + (warmedUpWhen == null ? "" : ", warmUpUntil=" + warmedUpWhen + " (at most " + maxWarmUpRounds
                + " rounds)")
                + ", runs=" + runs
                + ", accountForCoordinatedOmission=" + accountForCoordinatedOmission
                + ", recordOSJitter=" + recordOSJitter
                + ", recordJitterGreaterThanNs=" + recordJitterGreaterThanNs
                + ", pauseAfterWarmupMS=" + pauseAfterWarmupMS
                + ", skipFirstRun=" + skipFirstRun
                + ", timeoutMs=" + timeoutMs
                + ", progressIntervalMs=" + progressIntervalMs
                + ", clock=" + clock
                + ", latencyDistributor=" + latencyDistributor
                + ", arrivals=" + arrivals.describe(arrivalSeed)
                + ", threads=" + threads
                + ", pacedWarmUp=" + pacedWarmUp
                + ", runOnCallingThread=" + runOnCallingThread
                + ", jitterAffinity=" + jitterAffinity
                + ", acquireLock=" + acquireLock
                + ", jlbhTask=" + jlbhTask + '}';
    }
}

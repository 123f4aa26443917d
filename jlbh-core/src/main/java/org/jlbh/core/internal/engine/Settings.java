package org.jlbh.core.internal.engine;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBHTask;
import org.jlbh.core.LatencyDistributor;
import org.jlbh.core.NanoClock;
import org.jlbh.core.internal.Schedule;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The settings of one {@link org.jlbh.core.JLBH}, given as values (the JLBH copies them from its
 * {@link org.jlbh.core.JLBHOptions} when it is constructed, so later changes to the options have no effect), with the
 * two schedules made from them. Times are in nanoseconds unless a name says otherwise. Public so that the JLBH can
 * make it and hand it to {@link Harness}; only the engine reads it.
 *
 * <p>Thread-safety: the fields are final, so any thread may read them; the schedules are stepped by the thread that
 * runs the task only (see {@link Schedule}).
 */
public final class Settings {
    final JLBHTask task;
    final NanoClock clock;
    /** The measured runs' schedule. */
    final Schedule schedule;
    /** The warm-up's: the runs' schedule, or every iteration due at once when the warm-up is not paced. */
    final Schedule warmUpSchedule;
    /** Harness threads sharing the load; lane k of the schedules is thread k's. */
    final int threads;
    final long throughput;
    final TimeUnit throughputUnit;
    final long iterations;
    final int warmUpIterations;
    /** Asked between warm-up rounds whether the task is warmed up; null for one round. */
    final BooleanSupplier warmedUpWhen;
    /** The most warm-up rounds of {@link #warmUpIterations} each. */
    final int maxWarmUpRounds;
    final int runs;
    final boolean accountForCoordinatedOmission;
    final boolean skipFirstRun;
    final boolean pacedWarmUp;
    final boolean runOnCallingThread;
    final int pauseAfterWarmupMs;
    final long timeoutNs;
    final long progressIntervalNs;
    final Supplier<?> acquireLock;
    final boolean jitterAffinity;
    final boolean recordOSJitter;
    final int recordJitterGreaterThanNs;

    /**
     * The option values, as {@link org.jlbh.core.JLBHOptions}' setters take them (validated there).
     *
     * @param task                          the task, not null
     * @param clock                         the clock the schedules are kept with
     * @param throughput                    iterations per {@code throughputUnit}
     * @param throughputUnit                the unit the throughput is given in
     * @param latencyDistributor            spreads the intervals around their average
     * @param arrivals                      fixed rate or Poisson
     * @param arrivalSeed                   the seed of the Poisson arrivals' generator
     * @param threads                       harness threads sharing the load
     * @param iterations                    measured iterations per run
     * @param warmUpIterations              warm-up iterations, 0 for none
     * @param runs                          measured runs
     * @param accountForCoordinatedOmission whether the task is given each iteration's due time
     * @param skipFirstRun                  whether the SUMMARY leaves out the first run
     * @param pacedWarmUp                   whether the warm-up keeps the runs' schedule, or goes back to back
     * @param runOnCallingThread            whether start() runs the task on its calling thread
     * @param pauseAfterWarmupMs            the pause between the warm-up and the first run, in milliseconds
     * @param timeoutMs                     the timeout of an iteration and of missing samples, in milliseconds
     * @param progressIntervalMs            between progress lines, in milliseconds; 0 for none
     * @param acquireLock                   a {@code Supplier<AffinityLock>}, or null for no CPU pinning
     * @param jitterAffinity                whether the OS jitter sampler runs with affinity
     * @param recordOSJitter                whether OS jitter is recorded
     * @param recordJitterGreaterThanNs     the OS jitter recorded is above this
     * @param warmedUpWhen                  asked between warm-up rounds whether the task is warmed up; null for one
     * @param maxWarmUpRounds               the most warm-up rounds
     */
    public Settings(JLBHTask task, NanoClock clock, long throughput, TimeUnit throughputUnit,
                    LatencyDistributor latencyDistributor, Arrivals arrivals, long arrivalSeed, int threads,
                    long iterations, int warmUpIterations, int runs, boolean accountForCoordinatedOmission,
                    boolean skipFirstRun, boolean pacedWarmUp, boolean runOnCallingThread, int pauseAfterWarmupMs,
                    long timeoutMs, long progressIntervalMs, Supplier<?> acquireLock, boolean jitterAffinity,
                    boolean recordOSJitter, int recordJitterGreaterThanNs, BooleanSupplier warmedUpWhen,
                    int maxWarmUpRounds) {
        this.task = task;
        this.clock = clock;
        this.schedule = new Schedule(throughputUnit.toNanos(1), throughput, latencyDistributor, arrivals, arrivalSeed);
        this.pacedWarmUp = pacedWarmUp;
        // back to back: every warm-up iteration is due at once, so each goes as soon as the one before returns
        this.warmUpSchedule = pacedWarmUp ? schedule : new Schedule(1, Long.MAX_VALUE);
        this.threads = threads;
        this.throughput = throughput;
        this.throughputUnit = throughputUnit;
        this.iterations = iterations;
        this.warmUpIterations = warmUpIterations;
        this.runs = runs;
        this.accountForCoordinatedOmission = accountForCoordinatedOmission;
        this.skipFirstRun = skipFirstRun;
        this.runOnCallingThread = runOnCallingThread;
        this.pauseAfterWarmupMs = pauseAfterWarmupMs;
        this.timeoutNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        this.progressIntervalNs = TimeUnit.MILLISECONDS.toNanos(progressIntervalMs);
        this.acquireLock = acquireLock;
        this.jitterAffinity = jitterAffinity;
        this.recordOSJitter = recordOSJitter;
        this.recordJitterGreaterThanNs = recordJitterGreaterThanNs;
        this.warmedUpWhen = warmedUpWhen;
        this.maxWarmUpRounds = warmedUpWhen == null ? 1 : maxWarmUpRounds;
    }
}

package org.jlbh.core;

import org.jlbh.core.internal.Schedule;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The settings of one {@link JLBH}, copied from its {@link JLBHOptions} when it is constructed (so later changes to
 * the options have no effect), with the two schedules made from them. Times are in nanoseconds unless a name says
 * otherwise.
 *
 * <p>Thread-safety: the fields are final, so any thread may read them; the schedules are stepped by the thread that
 * runs the task only (see {@link Schedule}).
 */
final class Settings {
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

    Settings(JLBHOptions options) {
        this.task = options.jlbhTask;
        this.clock = options.clock;
        this.schedule = new Schedule(options.throughputTimeUnit.toNanos(1), options.throughput, options.latencyDistributor,
                options.arrivals, options.arrivalSeed);
        this.pacedWarmUp = options.pacedWarmUp;
        // back to back: every warm-up iteration is due at once, so each goes as soon as the one before returns
        this.warmUpSchedule = pacedWarmUp ? schedule : new Schedule(1, Long.MAX_VALUE);
        this.threads = options.threads;
        this.throughput = options.throughput;
        this.throughputUnit = options.throughputTimeUnit;
        this.iterations = options.iterations;
        this.warmUpIterations = options.warmUpIterations;
        this.runs = options.runs;
        this.accountForCoordinatedOmission = options.accountForCoordinatedOmission;
        this.skipFirstRun = options.skipFirstRun;
        this.runOnCallingThread = options.runOnCallingThread;
        this.pauseAfterWarmupMs = options.pauseAfterWarmupMS;
        this.timeoutNs = TimeUnit.MILLISECONDS.toNanos(options.timeoutMs);
        this.progressIntervalNs = TimeUnit.MILLISECONDS.toNanos(options.progressIntervalMs);
        this.acquireLock = options.acquireLock;
        this.jitterAffinity = options.jitterAffinity;
        this.recordOSJitter = options.recordOSJitter;
        this.recordJitterGreaterThanNs = options.recordJitterGreaterThanNs;
    }
}

package org.jlbh.core.internal;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;

import java.time.Duration;

/**
 * How one run went. Immutable and thread-safe.
 *
 * @param run               1-based run number
 * @param status            how it ended
 * @param detail            a sentence saying how and why
 * @param iterations        iterations scheduled
 * @param iterationsRun     iterations performed
 * @param samples           end-to-end samples recorded
 * @param runTime           first due time to last return or sample
 * @param targetRunTime     iterations × interval
 * @param harnessLateness   how late each iteration was called
 */
public record ImmutableRunSummary(int run, RunStatus status, String detail, long iterations, long iterationsRun,
                                  long samples, Duration runTime, Duration targetRunTime,
                                  JLBHResult.RunResult harnessLateness) implements JLBHResult.RunSummary {

    @Override
    public double achievedThroughputPerSecond() {
        long nanos = runTime.toNanos();
        return nanos <= 0 ? Double.NaN : iterationsRun * 1e9 / nanos;
    }
}

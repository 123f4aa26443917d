package org.jlbh.core;

/**
 * Spreads the intervals between iterations around their average, for a load whose arrivals are not evenly spaced
 * (set with {@link JLBHOptions#latencyDistributor(LatencyDistributor)}). Same shape as the reference JLBH's
 * {@code LatencyDistributor}; {@link LatencyDistributors} holds the reference's three.
 *
 * <p>The harness calls {@link #apply(long)} once per iteration, on the thread that runs the task, inside the
 * measuring loop: an implementation must be cheap, must not allocate, and must be safe to call from that thread.
 * The iterations' due times are the running sum of the returned intervals, and with coordinated omission accounted
 * for each iteration's latency is measured from its due time, so the spread is part of the schedule, not of the
 * error.
 */
@FunctionalInterface
public interface LatencyDistributor {

    /**
     * @param averageLatencyNS the average interval between iterations that the target throughput asks for, in
     *                         nanoseconds (the exact schedule's step: the interval rounded down or up, so that the
     *                         steps average the exact interval)
     * @return the interval before the next iteration, in nanoseconds; a negative value is taken as 0
     */
    long apply(long averageLatencyNS);
}

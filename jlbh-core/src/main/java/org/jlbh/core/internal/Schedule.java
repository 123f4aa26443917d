package org.jlbh.core.internal;

import org.jlbh.core.LatencyDistributor;
import org.jlbh.core.LatencyDistributors;

/**
 * The fixed-rate schedule of a run: iteration <i>i</i> is due at {@code t0 + i × unitNanos / throughput}, exactly.
 *
 * <p>The interval is kept as a whole part and a remainder, and the remainder is carried like long division, so the
 * due times never drift from the exact rational schedule however many iterations run (an interval of 1/3 µs stays
 * 1/3 µs). The schedule is never re-anchored: a late iteration does not move later ones.
 *
 * <p>With a {@link LatencyDistributor} other than {@link LatencyDistributors#NORMAL}, each step of the exact
 * schedule is handed to the distributor and the due times are the running sum of what it returns: random on the
 * way, the exact schedule on average. {@link #dueTime(long, long)} and {@link #durationNanos(long)} then give the
 * expected (average) schedule.
 *
 * <p>Not thread-safe: one harness thread steps it; {@link #dueTime(long, long)} may be read from any thread.
 */
public final class Schedule {
    private final long unitNanos;
    private final long throughput;
    private final long wholeNanos;
    private final long remainderNanos;
    private final LatencyDistributor distributor;

    private long next;
    private long carried;

    /**
     * @param unitNanos  nanoseconds in the throughput's time unit, &gt; 0
     * @param throughput iterations per time unit, &gt; 0
     */
    public Schedule(long unitNanos, long throughput) {
        this(unitNanos, throughput, LatencyDistributors.NORMAL);
    }

    /**
     * @param unitNanos   nanoseconds in the throughput's time unit, &gt; 0
     * @param throughput  iterations per time unit, &gt; 0
     * @param distributor spreads each interval around the exact one; {@link LatencyDistributors#NORMAL} keeps the
     *                    exact schedule
     */
    public Schedule(long unitNanos, long throughput, LatencyDistributor distributor) {
        if (unitNanos <= 0 || throughput <= 0) {
            throw new IllegalArgumentException("unitNanos and throughput must be > 0, were " + unitNanos + " and " + throughput);
        }
        this.unitNanos = unitNanos;
        this.throughput = throughput;
        this.wholeNanos = unitNanos / throughput;
        this.remainderNanos = unitNanos % throughput;
        this.distributor = distributor == LatencyDistributors.NORMAL ? null : distributor;
    }

    /**
     * Starts the schedule: the next {@link #next()} returns {@code t0}.
     *
     * @param t0 the due time of iteration 0, in clock nanoseconds
     */
    public void start(long t0) {
        next = t0;
        carried = 0;
    }

    /** @return the due time of the next iteration, then steps to the one after */
    public long next() {
        long due = next;
        long step = wholeNanos;
        carried += remainderNanos;
        if (carried >= throughput) {
            carried -= throughput;
            step++;
        }
        if (distributor != null) {
            step = Math.max(0, distributor.apply(step));
        }
        next += step;
        return due;
    }

    /** @return the distributor, {@link LatencyDistributors#NORMAL} for the exact schedule */
    public LatencyDistributor distributor() {
        return distributor == null ? LatencyDistributors.NORMAL : distributor;
    }

    /**
     * @param t0        the due time of iteration 0
     * @param iteration an iteration index, &ge; 0
     * @return the due time of that iteration, rounded down to the nanosecond, as {@link #next()} steps it
     */
    public long dueTime(long t0, long iteration) {
        long remainder;
        if (remainderNanos == 0) {
            remainder = 0;
        } else if (iteration <= Long.MAX_VALUE / remainderNanos) {
            remainder = iteration * remainderNanos / throughput;
        } else {
            remainder = (long) ((double) iteration * remainderNanos / throughput);
        }
        return t0 + iteration * wholeNanos + remainder;
    }

    /** @return the interval between iterations in nanoseconds (exact value as a double) */
    public double intervalNanos() {
        return (double) unitNanos / throughput;
    }

    /** @return the target throughput in iterations per second */
    public double throughputPerSecond() {
        return throughput * 1e9 / unitNanos;
    }

    /**
     * @param iterations a number of iterations
     * @return their scheduled duration, iterations × interval, in nanoseconds (rounded down)
     */
    public long durationNanos(long iterations) {
        return dueTime(0, iterations);
    }
}

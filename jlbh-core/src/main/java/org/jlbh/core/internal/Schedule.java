package org.jlbh.core.internal;

import org.jlbh.core.Arrivals;
import org.jlbh.core.LatencyDistributor;
import org.jlbh.core.LatencyDistributors;

import java.util.SplittableRandom;

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
 * <p>With {@link Arrivals#POISSON} arrivals, the intervals are drawn from an exponential distribution with the
 * exact interval as mean, from a generator seeded once, so the sequence (continued from the warm-up through every
 * run) is the same in every build. The due times are the running sum of the drawn intervals, kept in a
 * {@code double} of nanoseconds since {@link #start(long)} and rounded down. {@link #dueTime(long, long)} and
 * {@link #durationNanos(long)} give the expected schedule here too; {@link #slotEnd(long, long)} gives the drawn one.
 *
 * <p>A {@link #lane(int, int) lane} of a schedule, for one of several harness threads sharing its load, takes every
 * <i>n</i>-th iteration of it: lane <i>k</i> of <i>n</i> steps through iterations <i>k</i>, <i>k + n</i>,
 * <i>k + 2n</i>, … at exactly their due times, so the lanes' phases are shifted by one interval each and together
 * they are the whole schedule. Poisson lanes draw independent intervals of <i>n</i> times the mean from generators
 * seeded from the seed and the lane (lane 0 from the seed itself, so one lane is the schedule), starting at their
 * lane's phase: the sum of independent Poisson processes is a Poisson process at the sum of their rates. A
 * distributor spreads each lane's steps.
 *
 * <p>Not thread-safe: one harness thread steps it and reads {@link #slotEnd(long, long)}; {@link #dueTime(long, long)}
 * may be read from any thread.
 */
public final class Schedule {
    private final long unitNanos;
    private final long throughput;
    private final long wholeNanos;
    private final long remainderNanos;
    private final Arrivals arrivals;
    private final long arrivalSeed;
    /** This lane's index among {@link #lanes}; 0 of 1 for the whole schedule. */
    private final int lane;
    private final int lanes;
    /** A lane's step, {@code lanes} intervals, as a whole part and a remainder in 1/throughput nanoseconds. */
    private final long stepWholeNanos;
    private final long stepRemainderNanos;
    /** A lane's phase, {@code lane} intervals, as a whole part and a remainder in 1/throughput nanoseconds. */
    private final long phaseWholeNanos;
    private final long phaseRemainderNanos;
    private final LatencyDistributor distributor;
    /** The arrival process as {@link Arrivals#describe(long)} names it. */
    private final String arrivalsDescribed;
    /** Draws Poisson intervals; null for fixed-rate arrivals. */
    private final SplittableRandom poisson;
    /** The exact interval, the mean of the Poisson intervals, in nanoseconds. */
    private final double meanIntervalNanos;

    private long next;
    private long carried;
    private long origin;
    private double drawnNanos;
    private long handedOut;
    private long lastDue;

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
        this(unitNanos, throughput, distributor, Arrivals.FIXED_RATE, 0);
    }

    /**
     * @param unitNanos   nanoseconds in the throughput's time unit, &gt; 0
     * @param throughput  iterations per time unit, &gt; 0
     * @param distributor spreads each interval around the exact one; {@link LatencyDistributors#NORMAL} keeps the
     *                    exact schedule; must be that with {@link Arrivals#POISSON}
     * @param arrivals    the arrival process
     * @param arrivalSeed the seed of the Poisson generator (unused for fixed-rate arrivals)
     * @throws IllegalArgumentException for a rate that is not positive, or Poisson arrivals with a distributor
     */
    public Schedule(long unitNanos, long throughput, LatencyDistributor distributor, Arrivals arrivals,
                    long arrivalSeed) {
        this(unitNanos, throughput, distributor, arrivals, arrivalSeed, 0, 1);
    }

    private Schedule(long unitNanos, long throughput, LatencyDistributor distributor, Arrivals arrivals,
                     long arrivalSeed, int lane, int lanes) {
        if (unitNanos <= 0 || throughput <= 0) {
            throw new IllegalArgumentException("unitNanos and throughput must be > 0, were " + unitNanos + " and " + throughput);
        }
        this.unitNanos = unitNanos;
        this.throughput = throughput;
        this.wholeNanos = unitNanos / throughput;
        this.remainderNanos = unitNanos % throughput;
        this.distributor = distributor == LatencyDistributors.NORMAL ? null : distributor;
        if (arrivals == Arrivals.POISSON && this.distributor != null) {
            throw new IllegalArgumentException("Poisson arrivals draw their own intervals, so they cannot be combined "
                    + "with the latency distributor " + distributor + ": use one or the other");
        }
        this.arrivalsDescribed = arrivals.describe(arrivalSeed);
        this.arrivals = arrivals;
        this.arrivalSeed = arrivalSeed;
        this.lane = lane;
        this.lanes = lanes;
        // exact: lanes × unitNanos stays far below Long.MAX_VALUE for any unit up to a day and 64 lanes
        this.stepWholeNanos = lanes * unitNanos / throughput;
        this.stepRemainderNanos = lanes * unitNanos % throughput;
        this.phaseWholeNanos = lane * unitNanos / throughput;
        this.phaseRemainderNanos = lane * unitNanos % throughput;
        this.meanIntervalNanos = (double) lanes * unitNanos / throughput;
        this.poisson = arrivals == Arrivals.POISSON ? new SplittableRandom(laneSeed(arrivalSeed, lane)) : null;
    }

    /** Lane 0 keeps the seed, so a single lane draws what the whole schedule would; others mix the lane in. */
    private static long laneSeed(long seed, int lane) {
        return lane == 0 ? seed : new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * lane)).nextLong();
    }

    /**
     * A lane of this schedule, for one of {@code lanes} harness threads sharing its load (see the class comment).
     *
     * @param lane  the lane's index, 0 to {@code lanes - 1}
     * @param lanes how many lanes share the schedule, &ge; 1
     * @return a new schedule of that lane (this schedule's lane must be 0 of 1)
     * @throws IllegalArgumentException for an index out of range
     */
    public Schedule lane(int lane, int lanes) {
        if (lanes < 1 || lane < 0 || lane >= lanes) {
            throw new IllegalArgumentException("lane " + lane + " of " + lanes + " does not exist");
        }
        if (this.lanes != 1) {
            throw new IllegalStateException("a lane of a lane is not a lane of the schedule");
        }
        return new Schedule(unitNanos, throughput, distributor(), arrivals, arrivalSeed, lane, lanes);
    }

    /**
     * @param lane       a lane's index
     * @param lanes      how many lanes share a run
     * @param iterations the run's iterations
     * @return how many of them the lane performs: iterations {@code lane}, {@code lane + lanes}, … below
     *         {@code iterations}
     */
    public static long laneIterations(int lane, int lanes, long iterations) {
        return iterations <= lane ? 0 : (iterations - lane - 1) / lanes + 1;
    }

    /**
     * Starts the schedule: the next {@link #next()} returns {@code t0}.
     *
     * @param t0 the due time of iteration 0, in clock nanoseconds
     */
    public void start(long t0) {
        next = t0 + phaseWholeNanos;
        carried = phaseRemainderNanos;
        origin = next;
        drawnNanos = 0;
        handedOut = 0;
        lastDue = t0;
    }

    /** @return the due time of the next iteration, then steps to the one after */
    public long next() {
        long due = next;
        lastDue = due;
        handedOut++;
        if (poisson != null) {
            // inversion: 1 - u is in (0, 1], so the logarithm is finite; mean interval × Exp(1)
            drawnNanos -= Math.log(1.0 - poisson.nextDouble()) * meanIntervalNanos;
            next = origin + (long) drawnNanos;
            return due;
        }
        long step = stepWholeNanos;
        carried += stepRemainderNanos;
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

    /**
     * The end of the last of {@code done} iterations' interval: the due time of iteration {@code done} as this
     * schedule drew it, when it is the next or the last one handed out since {@link #start(long)}; otherwise, and
     * for the exact schedule, {@link #dueTime(long, long)}. Harness thread only.
     *
     * @param t0   the due time of iteration 0
     * @param done iterations performed, &ge; 0
     * @return that due time, in clock nanoseconds
     */
    public long slotEnd(long t0, long done) {
        if (poisson != null || distributor != null) {
            if (done == handedOut) {
                return next;
            }
            if (done == handedOut - 1) {
                return lastDue;
            }
        }
        return dueTime(t0, done);
    }

    /** @return the arrival process as {@link Arrivals#describe(long)} names it, e.g. {@code Poisson (seed 42)} */
    public String arrivalsDescribed() {
        return arrivalsDescribed;
    }

    /**
     * @return how a report names the schedule: the distributor's name for fixed-rate arrivals (as the reference
     *         prints it, e.g. {@code NORMAL}), else the arrival process, e.g. {@code Poisson (seed 42)}
     */
    public String describe() {
        return poisson == null ? distributor().toString() : arrivalsDescribed;
    }

    /** @return the distributor, {@link LatencyDistributors#NORMAL} for the exact schedule */
    public LatencyDistributor distributor() {
        return distributor == null ? LatencyDistributors.NORMAL : distributor;
    }

    /**
     * @param t0        the due time of the whole schedule's iteration 0
     * @param iteration an iteration index of this lane (of the whole schedule, for lane 0 of 1), &ge; 0
     * @return the due time of that iteration, rounded down to the nanosecond, as {@link #next()} steps it
     */
    public long dueTime(long t0, long iteration) {
        return wholeDueTime(t0, lane + iteration * lanes);
    }

    private long wholeDueTime(long t0, long iteration) {
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

    /** @return the interval between this lane's iterations in nanoseconds (exact value as a double) */
    public double intervalNanos() {
        return meanIntervalNanos;
    }

    /** @return the target throughput of this lane in iterations per second */
    public double throughputPerSecond() {
        return throughput * 1e9 / unitNanos / lanes;
    }

    /**
     * @param iterations a number of iterations of the whole schedule
     * @return their scheduled duration, iterations × the whole schedule's interval, in nanoseconds (rounded down)
     */
    public long durationNanos(long iterations) {
        return wholeDueTime(0, iterations);
    }
}

package org.jlbh.core;

/**
 * When iterations are due: the arrival process a run is driven by. Either way the target throughput holds on
 * average, each iteration's latency is taken from the time it was due (coordinated omission accounted for), and the
 * report names the process.
 *
 * <p>Fixed-rate load is a closed, even stream, what a market-data feed or a timer sends. Real request traffic is
 * closer to an open model: independent users whose requests arrive at random, bunched at times, which queues work
 * that an even stream never does. {@link #POISSON} drives a run that way, reproducibly from a seed
 * ({@link JLBHOptions#arrivalSeed(long)}).
 */
public enum Arrivals {
    /** Every interval is exactly {@code 1 / throughput} (the default). */
    FIXED_RATE("fixed rate"),
    /**
     * A Poisson process: the intervals are independent and exponentially distributed with mean
     * {@code 1 / throughput}, drawn from a generator seeded with {@link JLBHOptions#arrivalSeed(long)}, so the same
     * seed gives the same arrival times (relative to the run's start) in every build.
     */
    POISSON("Poisson");

    private final String label;

    Arrivals(String label) {
        this.label = label;
    }

    /**
     * @param seed the generator's seed, used by {@link #POISSON} only
     * @return how a report names the process, e.g. {@code fixed rate} or {@code Poisson (seed 42)}
     */
    public String describe(long seed) {
        return this == POISSON ? label + " (seed " + seed + ")" : label;
    }
}

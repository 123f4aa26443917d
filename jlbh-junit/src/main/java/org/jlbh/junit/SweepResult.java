package org.jlbh.junit;

import org.jlbh.core.JLBHResult;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A throughput sweep's rates as measured, for a {@link SweepOf} parameter: per rate, how its latency budgets fared
 * and what the harness measured (the attempt the verdict reported, as the table and the JSON result show it), and the
 * knee the console names. Only rates that ran are listed, ascending: none when the sweep did not run (filtered out,
 * or {@code jlbh.mode = disabled}), fewer than declared when it stopped early. Immutable and thread-safe; it keeps
 * every run's histograms, so the extension holds a sweep's results until its test class ends.
 *
 * <p>The guide's page on it: {@code docs/sweeps-and-capacity.md}.
 */
public final class SweepResult {
    private final List<Rate> rates;
    private final OptionalInt knee;

    /** How a rate's latency budgets fared. */
    public enum Latency {
        /** every latency budget held */
        MET,
        /** a latency budget broke, and without the platform's stalls it would still break: the code (or its queue) */
        BROKEN,
        /**
         * inconclusive: the latency budgets broke only through the platform's stalls, or the rate's runs disagreed
         * and did not decide (its test was reported as skipped); the knee may be higher. The name is older than the
         * second case, and kept for the code that compares with it
         */
        BROKEN_BY_PLATFORM
    }

    /**
     * One rate of the sweep.
     *
     * @param rate    the target, iterations per second
     * @param latency how its latency budgets fared
     * @param result  what the harness measured at it: every run's end to end, probes and OS jitter, in nanoseconds
     */
    public record Rate(int rate, Latency latency, JLBHResult result) {
    }

    /**
     * @param rates the rates measured, ascending
     * @param knee  the highest rate up to which every rate met its latency budgets, empty when the first did not
     */
    SweepResult(List<Rate> rates, OptionalInt knee) {
        this.rates = List.copyOf(rates);
        this.knee = knee;
    }

    /** @return the rates measured, ascending; empty when the sweep did not run */
    public List<Rate> rates() {
        return rates;
    }

    /**
     * @param rate a target throughput of the sweep, iterations per second
     * @return the rate measured at it, if it was
     */
    public Optional<Rate> rate(int rate) {
        return rates.stream().filter(r -> r.rate() == rate).findFirst();
    }

    /**
     * @return the knee: the highest rate up to which every rate met its latency budgets (as the console's
     *         {@code Knee:} line); empty when the first rate did not, or none ran
     */
    public OptionalInt knee() {
        return knee;
    }

    /** @return the lowest rate whose latency budgets did not hold, if any: the first past the knee */
    public Optional<Rate> firstBroken() {
        return rates.stream().filter(r -> r.latency() != Latency.MET).findFirst();
    }
}

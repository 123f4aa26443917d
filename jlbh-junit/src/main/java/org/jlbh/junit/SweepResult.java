package org.jlbh.junit;

import org.jlbh.core.JLBHResult;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A throughput sweep as measured, for a {@link SweepOf} parameter: the rates that ran, ascending (none when the sweep
 * did not run), each with how its latency budgets fared and the attempt its verdict reported, and the knee.
 * Immutable; thread-safe.
 */
public final class SweepResult {
    private final List<Rate> rates;
    private final OptionalInt knee;

    /** How a rate's latency budgets fared. */
    public enum Latency {
        /** Every latency budget held. */
        MET,
        /** A latency budget broke on the code's own account. */
        BROKEN,
        /**
         * Inconclusive: the latency budgets broke only through the platform's stalls, or the runs did not decide; the
         * knee may be higher.
         */
        BROKEN_BY_PLATFORM
    }

    /**
     * One rate of the sweep.
     *
     * @param rate    the target, iterations per second
     * @param latency how its latency budgets fared
     * @param result  what the harness measured at it, in nanoseconds
     */
    public record Rate(int rate, Latency latency, JLBHResult result) {
    }

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

    /** @return the knee: the highest rate up to which every rate met its latency budgets; empty if the first did not */
    public OptionalInt knee() {
        return knee;
    }

    /** @return the lowest rate whose latency budgets did not hold, if any: the first past the knee */
    public Optional<Rate> firstBroken() {
        return rates.stream().filter(r -> r.latency() != Latency.MET).findFirst();
    }
}

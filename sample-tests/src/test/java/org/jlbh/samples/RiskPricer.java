package org.jlbh.samples;

/**
 * The pricer of Sample 12: a quote is a few multiplications, but every {@value #RECALCULATE_EVERY}th one first
 * recalculates the book's risk, which takes {@value #RECALCULATION_MICROS} µs. Not thread-safe.
 */
final class RiskPricer {
    /** Every how many quotes the risk is recalculated. */
    static final int RECALCULATE_EVERY = 50;
    /** How long a recalculation takes, in microseconds. */
    static final long RECALCULATION_MICROS = 300;

    private long quotes;
    private long price = 108_345;

    /** @return the next quote's price */
    long quote() {
        if (++quotes % RECALCULATE_EVERY == 0) {
            recalculateRisk();
        }
        price = price * 31 + quotes;
        return price;
    }

    /** The rare path: a full recalculation of the book's risk. */
    private void recalculateRisk() {
        Benchmarks.busyWaitMicros(RECALCULATION_MICROS);
    }
}

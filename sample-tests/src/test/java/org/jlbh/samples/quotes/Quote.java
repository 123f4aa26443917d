package org.jlbh.samples.quotes;

/**
 * The best bid and offer of one snapshot, prices in hundred-thousandths (five decimals, as FX quotes are given), sizes
 * in units. Reused from message to message; not thread-safe.
 */
public final class Quote {
    private long bid;
    private long bidSize;
    private long offer;
    private long offerSize;

    void clear() {
        bid = Long.MIN_VALUE;
        offer = Long.MAX_VALUE;
        bidSize = 0;
        offerSize = 0;
    }

    /** Takes one entry of the book: side 0 a bid, 1 an offer. */
    void entry(int side, long price, long size) {
        if (side == 0 && price > bid) {
            bid = price;
            bidSize = size;
        } else if (side == 1 && price < offer) {
            offer = price;
            offerSize = size;
        }
    }

    /** @return the best bid, in hundred-thousandths */
    public long bid() {
        return bid;
    }

    /** @return the best bid's size */
    public long bidSize() {
        return bidSize;
    }

    /** @return the best offer, in hundred-thousandths */
    public long offer() {
        return offer;
    }

    /** @return the best offer's size */
    public long offerSize() {
        return offerSize;
    }
}

package com.example.pricing;

/** Prices an order: quantity times a price in ticks, with a volume discount. */
public final class Pricer {
    private final long tickPrice;

    public Pricer(long tickPrice) {
        this.tickPrice = tickPrice;
    }

    public long price(long quantity) {
        long gross = quantity * tickPrice;
        return quantity >= 1_000 ? gross - gross / 100 : gross;
    }
}

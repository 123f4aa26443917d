package com.example.pricing;

/** Prices quotes. Stateless. */
public final class Pricing {
    /** The work a price takes, in ns: the base's 20 µs (the pull request's 22 µs). */
    static final long PRICE_NANOS = 20_000;
    /** The work a spread takes, in ns, on both sides. */
    static final long SPREAD_NANOS = 5_000;

    private Pricing() {
    }

    /** @return the price of a quote around {@code mid}, in ticks */
    public static long price(long mid) {
        work(PRICE_NANOS);
        return mid - mid % 5;
    }

    /** @return the spread around {@code mid}, in ticks */
    public static long spread(long mid) {
        work(SPREAD_NANOS);
        return 2 + mid % 3;
    }

    private static void work(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}

package com.example.shop;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * The last price of each instrument the shop lists, in a Caffeine cache bounded to as many entries as there are
 * instruments (its maintenance runs on Caffeine's default executor, the common pool). Thread-safe.
 */
public final class PriceBook {
    private final int instruments;
    private final Cache<Integer, Long> prices;

    /** @param instruments how many instruments the shop lists, numbered from 0; each priced at once */
    public PriceBook(int instruments) {
        this.instruments = instruments;
        this.prices = Caffeine.newBuilder().maximumSize(instruments).build();
        for (int i = 0; i < instruments; i++) {
            prices.put(i, 1_000L + i);
        }
    }

    /**
     * Values a basket of consecutive instruments, one of each, from the cache.
     *
     * @param first the first instrument; the basket wraps round past the last
     * @param count how many instruments
     * @return the sum of their prices, in ticks; an instrument not in the cache counts as 0
     */
    public long value(int first, int count) {
        long sum = 0;
        for (int i = 0; i < count; i++) {
            Long price = prices.getIfPresent((first + i) % instruments);
            sum += price == null ? 0 : price;
        }
        return sum;
    }
}

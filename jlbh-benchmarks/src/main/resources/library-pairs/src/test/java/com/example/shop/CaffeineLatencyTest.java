package com.example.shop;

import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.BeforeEach;

/** Valuing baskets of 16 instruments from a Caffeine cache of 1,000 (striped read buffers, shared maintenance). */
class CaffeineLatencyTest {
    private static final int INSTRUMENTS = 1_000;
    private static final int BASKET = 16;
    private PriceBook book;
    private int first;
    private long value;

    @BeforeEach
    void listInstruments() {
        book = new PriceBook(INSTRUMENTS);
    }

    // sixty short runs: sixty pairs with the base's when a pull request is compared with it
    @LatencyTest(throughput = 20_000, runs = 60, iterations = 1_000, percentile = 50, maxMicros = 1_000)
    void valueBasket() {
        value += book.value(first, BASKET);
        first = (first + BASKET) % INSTRUMENTS;
    }
}

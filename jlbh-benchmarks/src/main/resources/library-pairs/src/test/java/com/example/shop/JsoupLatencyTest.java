package com.example.shop;

import org.jlbh.junit.LatencyTest;

/** Parsing a supplier's product snippet with jsoup: a control, a library with little state shared between calls. */
class JsoupLatencyTest {
    private static final String SNIPPET = "<span class=\"price\">EUR <b>24.90</b></span>";
    private final ProductPages pages = new ProductPages();
    private long characters;

    // sixty short runs: sixty pairs with the base's when a pull request is compared with it
    @LatencyTest(throughput = 20_000, runs = 60, iterations = 1_000, percentile = 50, maxMicros = 1_000)
    void parse() {
        characters += pages.text(SNIPPET).length();
    }
}

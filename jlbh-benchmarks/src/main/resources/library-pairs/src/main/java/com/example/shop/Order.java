package com.example.shop;

/**
 * A client's order, as the shop passes it between its parts. Immutable.
 *
 * @param id         the shop's order id
 * @param symbol     the instrument, e.g. {@code ORCL}
 * @param side       {@code BUY} or {@code SELL}
 * @param quantity   how many
 * @param priceTicks the limit price in ticks of 0.01
 */
public record Order(long id, String symbol, String side, int quantity, long priceTicks) {

    /** @return the shop's usual order, with the id given */
    public static Order sample(long id) {
        return new Order(id, "ORCL", "BUY", 1_000, 2_517);
    }
}

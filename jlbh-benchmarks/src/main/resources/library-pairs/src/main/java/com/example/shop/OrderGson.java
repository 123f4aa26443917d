package com.example.shop;

import com.google.gson.Gson;

/** Orders as JSON for the shop's web clients, written by one shared {@link Gson}. Thread-safe. */
public final class OrderGson {
    private static final Gson GSON = new Gson();

    /** @return the order as a JSON object */
    public String write(Order order) {
        return GSON.toJson(order);
    }
}

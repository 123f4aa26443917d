package com.example.shop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Orders as JSON for the shop's event feed, written by Jackson through one {@link ObjectMapper} shared by the whole
 * process, as Jackson advises. Thread-safe.
 */
public final class OrderJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** @return the order as UTF-8 JSON */
    public byte[] write(Order order) {
        try {
            return MAPPER.writeValueAsBytes(order);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an order did not serialise: " + order, e);
        }
    }
}

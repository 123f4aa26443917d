package com.example.shop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The shop's event feed: each order it accepts published as a JSON event, written by Jackson through one
 * {@link ObjectMapper} shared by the whole process, as Jackson advises. Thread-safe.
 */
public final class OrderJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * An event of the feed.
     *
     * @param type       what happened, e.g. {@code accepted}
     * @param timeMillis when, in milliseconds since the epoch
     * @param venue      where the order goes
     * @param order      the order
     */
    public record Event(String type, long timeMillis, String venue, Order order) {
    }

    /**
     * @param order      the order accepted
     * @param timeMillis when, in milliseconds since the epoch
     * @return the event, as UTF-8 JSON
     */
    public byte[] accepted(Order order, long timeMillis) {
        try {
            return MAPPER.writeValueAsBytes(new Event("accepted", timeMillis, "XNYS", order));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an order did not serialise: " + order, e);
        }
    }
}

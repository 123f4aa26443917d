package com.example.latency;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Date;

/** What the latency tests measure: a hash, a serialiser and a logger, as a user's code would be. */
final class Bodies {
    private static final Logger ORDERS = LoggerFactory.getLogger("orders");
    private final byte[] bytes = new byte[256];
    private final byte[] longer = new byte[328];
    private final byte[] tenPercentLonger = new byte[285];
    private final StringBuilder quantity = new StringBuilder(20);
    private long calls;
    private long sink;

    /** A 64-bit FNV-1a hash of 256 bytes: about a microsecond. */
    void hash() {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h = (h ^ b) * 0x100000001b3L;
        }
        sink += h;
    }

    /**
     * The same hash of 328 bytes: 25% slower end to end (measured here, fully compiled: 0.325 µs for 256 bytes,
     * 0.398 µs for 320; the harness's own part of a latency does not grow with the bytes).
     */
    void hashLonger() {
        long h = 0xcbf29ce484222325L;
        for (byte b : longer) {
            h = (h ^ b) * 0x100000001b3L;
        }
        sink += h;
    }

    /**
     * The same hash of 285 bytes: 10% slower end to end, by the same measure (0.325 µs for 256 bytes and 1.14 ns a
     * byte more).
     */
    void hashTenPercentLonger() {
        long h = 0xcbf29ce484222325L;
        for (byte b : tenPercentLonger) {
            h = (h ^ b) * 0x100000001b3L;
        }
        sink += h;
    }

    /** A {@code java.util.Date} written through a new {@code ObjectOutputStream}: about 2.3 KB of garbage a call. */
    void serialise() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(new Date());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        sink += out.size();
    }

    /** One line through SLF4J to logback's buffered file appender. */
    void log() {
        quantity.setLength(0);
        quantity.append(100_000 + calls % 50);
        ORDERS.info("Order {} filled, quantity {}", "ORD-20171024", quantity);
    }

    /** Every {@code every}-th call also spins {@code micros}: a tail regression. */
    void everyNthSpins(int every, long micros) {
        if (++calls % every == 0) {
            long end = System.nanoTime() + micros * 1_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }
    }
}

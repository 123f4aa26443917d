package org.jlbh.junit.internal.run;

import java.util.Arrays;

/**
 * A growable array of longs, for series recorded off the hot path (the evidence monitor's samples). Not thread-safe:
 * one writer; readers take a {@link #copy()} after the writer has stopped.
 */
final class LongSeries {
    private long[] values;
    private int size;

    /** @param capacity how many values it holds before it grows */
    LongSeries(int capacity) {
        values = new long[Math.max(16, capacity)];
    }

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    long get(int i) {
        return values[i];
    }

    long last() {
        return values[size - 1];
    }

    long[] copy() {
        return Arrays.copyOf(values, size);
    }
}

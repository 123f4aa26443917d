package org.jlbh.junit.internal.report.page;

import java.util.DoubleSummaryStatistics;
import java.util.stream.DoubleStream;

/**
 * The suite page's latency axis: logarithmic, in whole decades of microseconds ({@code 10^lowDecade} at the plot's
 * {@code bottom} to {@code 10^highDecade} at its {@code top}, in pixels), so that a 0.04 µs median, a 100 µs budget
 * and a 5 ms tail are all readable on one chart. Values at or below zero sit on the lowest decade. Immutable.
 */
record LatencyAxis(int lowDecade, int highDecade, double top, double bottom) {
    /** The most decades drawn: below the highest value's, the lowest decades are cut. */
    private static final int MAX_DECADES = 8;

    /** @return an axis of at least one decade covering the values (those at or below 0, and infinities, ignored) */
    static LatencyAxis covering(DoubleStream micros, double top, double bottom) {
        DoubleSummaryStatistics values = micros.filter(value -> value > 0 && Double.isFinite(value))
                .summaryStatistics();
        double high = values.getCount() == 0 ? 1 : values.getMax();
        double low = values.getCount() == 0 ? high / 10 : values.getMin();
        int highDecade = (int) Math.ceil(Math.log10(high) - 1e-9);
        int lowDecade = Math.max(highDecade - MAX_DECADES, (int) Math.floor(Math.log10(low) + 1e-9));
        return new LatencyAxis(Math.min(lowDecade, highDecade - 1), highDecade, top, bottom);
    }

    /** @return how many decades the axis spans */
    int decades() {
        return highDecade - lowDecade;
    }

    /** @return the value of a tick, from 0 (the lowest decade) to {@link #decades()} */
    double tickMicros(int tick) {
        return Math.pow(10, lowDecade + tick);
    }

    /** @return a tick's label, e.g. {@code 0.01}, {@code 100}, {@code 10,000} */
    String tickLabel(int tick) {
        return ChartFormat.number(tickMicros(tick));
    }

    /** @return the height of a latency on the chart, clamped to the plot */
    double y(double micros) {
        double decades = micros > 0 ? Math.log10(micros) - lowDecade : 0;
        double fraction = Math.max(0, Math.min(1, decades / decades()));
        return bottom - fraction * (bottom - top);
    }
}

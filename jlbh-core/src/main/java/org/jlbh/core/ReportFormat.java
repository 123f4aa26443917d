package org.jlbh.core;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * How the harness writes its figures: latencies in microseconds with nanosecond resolution, durations, rates and
 * hand-written numbers. Public so that tools built on the harness (the JUnit extension's messages and reports) print
 * the same figures the same way. Stateless and thread-safe; every format uses {@link Locale#ROOT}.
 */
public final class ReportFormat {

    private ReportFormat() {
    }

    /**
     * @param nanos a latency in nanoseconds
     * @return it in microseconds with three decimals and thousands separators, e.g. {@code 1,000.448}; 41 ns is
     *         {@code 0.041}
     */
    public static String micros(double nanos) {
        return String.format(Locale.ROOT, "%,.3f", nanos / 1e3);
    }

    /**
     * @param value a number, such as a percentile or a budget
     * @return it as written by hand: no exponent and no trailing zeros ({@code 50}, {@code 99.9}, {@code 0.5});
     *         {@code NaN} and infinities as Java writes them
     */
    public static String plain(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /**
     * @param nanos a duration in nanoseconds
     * @return it in seconds, or in milliseconds below one second, with three decimals: {@code 10.003 s},
     *         {@code 0.999 ms}
     */
    public static String duration(long nanos) {
        return nanos >= 1_000_000_000L ? String.format(Locale.ROOT, "%,.3f s", nanos / 1e9)
                : String.format(Locale.ROOT, "%,.3f ms", nanos / 1e6);
    }

    /**
     * @param perSecond a rate
     * @return it with thousands separators, and three decimals below 100/s: {@code 100,000/s}, {@code 2.500/s}
     */
    public static String rate(double perSecond) {
        return (perSecond >= 100 ? String.format(Locale.ROOT, "%,.0f", perSecond)
                : String.format(Locale.ROOT, "%,.3f", perSecond)) + "/s";
    }

    /**
     * @param arrivals how the iterations arrived, as {@link Arrivals#describe(long)} names it
     * @param threads  how many harness threads shared the load
     * @return what follows the rate in a report: nothing for a fixed rate from one thread, else the arrivals and the
     *         threads, e.g. {@code  Poisson (seed 7) arrivals from 2 harness threads}
     */
    public static String afterRate(String arrivals, int threads) {
        return (arrivals.equals(Arrivals.FIXED_RATE.describe(0)) ? "" : " " + arrivals + " arrivals")
                + (threads == 1 ? "" : " from " + threads + " harness threads");
    }
}

package org.jlbh.junit.internal.report.page;

/**
 * The "nines" percentile scale of the charts, and their ticks: {@code x = log10(1 / (1 - p/100))}, so that 90%, 99%,
 * 99.9%, … are evenly spaced. Stateless; thread-safe.
 */
final class NinesScale {

    private NinesScale() {
    }


    /**
     * The percentile on the nines scale: {@code log10(1 / (1 - p/100))}, i.e. 0 for p = 0, 1 for 90, 2 for 99, 3 for
     * 99.9; infinite for p = 100 and above.
     */
    static double nines(double percentile) {
        if (percentile <= 0) {
            return 0;
        }
        if (percentile >= 100) {
            return Double.POSITIVE_INFINITY;
        }
        return -Math.log10(1 - percentile / 100);
    }

    /**
     * Where a percentile sits across the plot, 0 (left, p = 0) to 1 (right edge), when the axis has ticks for
     * {@code decades} nines and, if {@code withMax}, one more decade for the maximum (p = 100) at the right edge.
     * Percentiles beyond the last tick are drawn on it.
     */
    static double xFraction(double percentile, int decades, boolean withMax) {
        double edge = withMax ? decades + 1 : decades;
        double position = percentile >= 100 ? edge : Math.min(nines(percentile), decades);
        return position / edge;
    }

    /** The nines tick label: 0%, 90%, 99%, 99.9%, 99.99%, … */
    static String ninesLabel(int decade) {
        if (decade == 0) {
            return "0%";
        }
        if (decade == 1) {
            return "90%";
        }
        return decade == 2 ? "99%" : "99." + "9".repeat(decade - 2) + "%";
    }
}

package org.jlbh.junit.internal.report.page;

import java.util.List;
import java.util.stream.IntStream;

import static org.jlbh.junit.internal.report.page.ChartFormat.coord;
import static org.jlbh.junit.internal.report.page.ChartFormat.crisp;
import static org.jlbh.junit.internal.report.page.ChartFormat.escape;

/**
 * The frame the suite page's charts share: the SVG element ({@code kind} its style classes, {@code width} wide, most
 * charts {@value #WIDTH}), the plot's box from {@code left} to {@code right} with the latency axis on its left (grid
 * lines at its decades, their labels, the axis' title), and the titles and marks every chart places alike. Pixels from
 * the top left. Immutable.
 */
record ChartFrame(String kind, int width, int height, double left, int right, LatencyAxis latency) {
    /** The width of a chart that has the page's width to itself. */
    static final int WIDTH = 920;
    /** The width of a chart beside a table, e.g. the paired result's. */
    static final int NARROW_WIDTH = 400;
    /** The room right of the plot for a legend, where a chart has one. */
    static final int LEGEND_WIDTH = 200;
    /** Roughly the width of a character of the 11 px chart labels, to keep them apart. */
    static final double CHAR_WIDTH = 6.5;
    /** The colour of a budget that was met. */
    static final String BUDGET_MET_COLOUR = "#2e7d32";
    /** The colour of a budget that was breached; distinct from the FAILED badge's darker red. */
    static final String BUDGET_BREACHED_COLOUR = "#e53935";

    /** @return a frame {@value #WIDTH} wide with a legend right of the plot */
    static ChartFrame withLegend(String kind, int height, LatencyAxis latency) {
        return new ChartFrame(kind, WIDTH, height, leftOf(latency), WIDTH - LEGEND_WIDTH, latency);
    }

    /** @return a frame {@value #NARROW_WIDTH} wide, its plot across it, its legend under it within {@code height} */
    static ChartFrame narrow(String kind, int height, LatencyAxis latency) {
        return new ChartFrame(kind, NARROW_WIDTH, height, leftOf(latency), NARROW_WIDTH - 16, latency);
    }

    /** @return the plot's left edge: as far left as the latency labels allow */
    private static double leftOf(LatencyAxis latency) {
        int widest = IntStream.rangeClosed(0, latency.decades()).map(tick -> latency.tickLabel(tick).length()).max()
                .orElse(1);
        return Math.max(56, 24 + CHAR_WIDTH * widest);
    }

    int top() {
        return (int) latency.top();
    }

    int bottom() {
        return (int) latency.bottom();
    }

    double y(double micros) {
        return latency.y(micros);
    }

    /** @return the colour of a budget that was met, or breached */
    static String budgetColour(boolean met) {
        return met ? BUDGET_MET_COLOUR : BUDGET_BREACHED_COLOUR;
    }

    /** Opens the chart's SVG element, labelled for screen readers. */
    void open(StringBuilder html, String label) {
        html.append("<svg class=\"").append(kind).append("\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(escape(label)).append("\">\n");
    }

    /** The grid (at each latency decade, and across at each x given), the axes over it, the latency labels, title. */
    void axes(StringBuilder html, List<Double> verticals, String latencyTitle) {
        html.append("<path class=\"grid\" d=\"");
        for (int i = 1; i <= latency.decades(); i++) {
            html.append('M').append(coord(left)).append(' ').append(crisp(y(latency.tickMicros(i)))).append('H')
                    .append(right);
        }
        for (double x : verticals) {
            html.append('M').append(crisp(x)).append(' ').append(top()).append('V').append(bottom());
        }
        html.append("\"/>\n<path class=\"axis\" d=\"M").append(crisp(left)).append(' ').append(top()).append('V')
                .append(crisp(bottom())).append('H').append(right).append("\"/>\n<g class=\"yl\">");
        for (int i = 0; i <= latency.decades(); i++) {
            html.append("<text x=\"").append(coord(left - 6)).append("\" y=\"")
                    .append(coord(y(latency.tickMicros(i)) + 4)).append("\">").append(latency.tickLabel(i))
                    .append("</text>");
        }
        html.append("</g>\n<text class=\"title\" transform=\"rotate(-90)\" x=\"")
                .append(coord(-(top() + bottom()) / 2.0)).append("\" y=\"14\">").append(latencyTitle)
                .append("</text>\n");
    }

    /** The title under the plot, centred on it, its baseline at {@code y}. */
    void xTitle(StringBuilder html, int y, String title) {
        html.append("<text class=\"title\" x=\"").append(coord((left + right) / 2.0)).append("\" y=\"").append(y)
                .append("\">").append(title).append("</text>\n");
    }

    /** Says in the plot's middle that there is nothing to draw. */
    void empty(StringBuilder html) {
        html.append("<text class=\"empty\" x=\"").append(coord((left + right) / 2.0)).append("\" y=\"")
                .append(coord((top() + bottom()) / 2.0)).append("\">no samples</text>\n");
    }

    /**
     * A budget's dashed line across the plot, {@code kind} its style classes, its label's baseline at {@code labelY},
     * its end {@code offset} pixels further left than the last budget's.
     */
    void budgetLine(StringBuilder html, String kind, boolean met, double y, double labelY, int offset, String label) {
        String colour = budgetColour(met);
        html.append("<g class=\"").append(kind).append("\" stroke=\"").append(colour).append("\" fill=\"")
                .append(colour).append("\"><path d=\"M").append(coord(left)).append(' ').append(coord(y)).append('H')
                .append(right).append("\"/><text x=\"").append(right - 4 - offset).append("\" y=\"")
                .append(coord(labelY)).append("\" text-anchor=\"end\">").append(escape(label)).append("</text></g>\n");
    }

    /** A legend's line sample, 22 px long, at {@code (x, y - 4)}; its text goes at {@code x + 28}. */
    static void legendLine(StringBuilder html, String colour, int x, int y) {
        html.append("<path class=\"run\" stroke=\"").append(colour).append("\" d=\"M").append(x).append(' ')
                .append(y - 4).append("h22\"/>");
    }

    /** Closes the chart's SVG element. */
    static void close(StringBuilder html) {
        html.append("</svg>\n");
    }
}

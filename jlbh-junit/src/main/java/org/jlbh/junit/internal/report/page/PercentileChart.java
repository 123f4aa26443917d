package org.jlbh.junit.internal.report.page;

import org.jlbh.core.Percentiles;

import java.util.List;

import static org.jlbh.junit.internal.report.page.ChartFormat.coord;
import static org.jlbh.junit.internal.report.page.ChartFormat.crisp;
import static org.jlbh.junit.internal.report.page.ChartFormat.escape;
import static org.jlbh.junit.internal.report.page.ChartFormat.grouped;
import static org.jlbh.junit.internal.report.page.ChartFormat.number;
import static org.jlbh.junit.internal.report.page.NinesScale.nines;
import static org.jlbh.junit.internal.report.page.NinesScale.ninesLabel;
import static org.jlbh.junit.internal.report.page.NinesScale.xFraction;

/**
 * One probe's percentile-distribution chart on the suite page, as inline SVG, after HdrHistogram's plots: the X
 * axis is the percentile on the "nines" scale ({@link NinesScale}), so 0%, 90%, 99%, 99.9%, … are evenly spaced and
 * the maximum (p = 100) sits at the right edge, one decade beyond the last finite tick; the Y axis is the latency in
 * microseconds, logarithmic in whole decades ({@link LatencyAxis}), so the median and the tail both read. Each run is one line; each budget is a marker at (percentile, limit), green when
 * met and red when breached; a legend right of the plot names the runs. Stateless; thread-safe.
 */
final class PercentileChart {

    /** The line colours of the runs, in run order (repeating after the last). Package-private for the tests. */
    static final List<String> RUN_COLOURS = List.of(
            "#1f77b4", "#ff7f0e", "#9467bd", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22");
    /** The colour of a budget that was met. */
    static final String BUDGET_MET_COLOUR = "#2e7d32";
    /** The colour of a budget that was breached; distinct from the FAILED badge's darker red. */
    static final String BUDGET_BREACHED_COLOUR = "#e53935";

    private static final int WIDTH = 920;
    private static final int HEIGHT = 330;
    private static final int PLOT_TOP = 28;
    private static final int PLOT_BOTTOM = HEIGHT - 50;
    private static final int LEGEND_WIDTH = 200;
    private static final int PLOT_RIGHT = WIDTH - LEGEND_WIDTH;
    private static final int MAX_DECADES = 10;
    private static final int BUDGET_HALF_WIDTH = 26;
    private static final int LEGEND_LINE_HEIGHT = 14;
    /** Roughly the width of a character of the 11 px chart labels, to keep them apart. */
    private static final double CHAR_WIDTH = 6.5;

    private PercentileChart() {
    }


    /**
     * @param html  the page being written
     * @param probe the probe to draw
     */
    static void append(StringBuilder html, ChartData.ProbeChart probe) {
        Chart chart = new Chart(probe);
        html.append("<svg class=\"chart\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT).append("\" role=\"img\"")
                .append(" aria-label=\"").append(escape(probe.name())).append(": latency by percentile\">\n");
        appendGrid(html, chart);
        appendYLabels(html, chart);
        appendXLabels(html, chart);
        for (int i = 0; i < probe.runs().size(); i++) {
            appendRun(html, chart, probe.runs().get(i), runColour(i));
        }
        for (ChartData.BudgetMarker budget : probe.budgets()) {
            appendBudget(html, chart, budget);
        }
        appendLegend(html, probe.runs());
        if (!chart.hasPoints) {
            html.append("<text class=\"empty\" x=\"").append(coord((chart.left + PLOT_RIGHT) / 2.0))
                    .append("\" y=\"").append(coord((PLOT_TOP + PLOT_BOTTOM) / 2.0)).append("\">no samples</text>\n");
        }
        html.append("</svg>\n");
    }

    /** Grid lines at every tick, then the two axes over them. */
    private static void appendGrid(StringBuilder html, Chart chart) {
        html.append("<path class=\"grid\" d=\"");
        for (int i = 1; i <= chart.axis.decades(); i++) {
            html.append('M').append(coord(chart.left)).append(' ').append(crisp(chart.y(chart.axis.tickMicros(i))))
                    .append('H').append(PLOT_RIGHT);
        }
        for (int decade = 1; decade <= chart.lastXTick(); decade++) {
            html.append('M').append(crisp(chart.xOfNines(decade))).append(' ').append(PLOT_TOP)
                    .append('V').append(PLOT_BOTTOM);
        }
        html.append("\"/>\n<path class=\"axis\" d=\"M").append(crisp(chart.left)).append(' ').append(PLOT_TOP)
                .append('V').append(crisp(PLOT_BOTTOM)).append('H').append(PLOT_RIGHT).append("\"/>\n");
    }

    private static void appendYLabels(StringBuilder html, Chart chart) {
        html.append("<g class=\"yl\">");
        for (int i = 0; i <= chart.axis.decades(); i++) {
            html.append("<text x=\"").append(coord(chart.left - 6)).append("\" y=\"")
                    .append(coord(chart.y(chart.axis.tickMicros(i)) + 4)).append("\">").append(chart.axis.tickLabel(i))
                    .append("</text>");
        }
        double middle = (PLOT_TOP + PLOT_BOTTOM) / 2.0;
        html.append("</g>\n<text class=\"title\" transform=\"rotate(-90)\" x=\"").append(coord(-middle))
                .append("\" y=\"14\">latency (µs)</text>\n");
    }

    /** The nines ticks' labels; when they would collide, every other one drops a line. */
    private static void appendXLabels(StringBuilder html, Chart chart) {
        double spacing = chart.xOfNines(1) - chart.xOfNines(0);
        boolean staggered = spacing < CHAR_WIDTH * ninesLabel(chart.decades).length() + 6;
        html.append("<g class=\"xl\">");
        for (int decade = 0; decade <= chart.lastXTick(); decade++) {
            String label = decade == chart.decades + 1 ? "max" : ninesLabel(decade);
            int y = staggered && decade % 2 == 1 ? PLOT_BOTTOM + 28 : PLOT_BOTTOM + 16;
            html.append("<text x=\"").append(coord(chart.xOfNines(decade))).append("\" y=\"").append(y)
                    .append("\">").append(label).append("</text>");
        }
        html.append("</g>\n<text class=\"title\" x=\"").append(coord((chart.left + PLOT_RIGHT) / 2.0))
                .append("\" y=\"").append(staggered ? PLOT_BOTTOM + 44 : PLOT_BOTTOM + 38)
                .append("\">percentile</text>\n");
    }

    private static void appendRun(StringBuilder html, Chart chart, ChartData.RunCurve run, String colour) {
        StringBuilder points = new StringBuilder();
        String previous = "";
        int distinct = 0;
        for (int i = 0; i < pointCount(run); i++) {
            if (!Double.isFinite(run.micros()[i]) || Double.isNaN(run.percentiles()[i])) {
                continue;
            }
            String point = coord(chart.x(run.percentiles()[i])) + "," + coord(chart.y(run.micros()[i]));
            if (!point.equals(previous)) {
                points.append(distinct == 0 ? "" : " ").append(point);
                previous = point;
                distinct++;
            }
        }
        if (distinct == 1) {
            String[] xy = previous.split(",");
            html.append("<circle cx=\"").append(xy[0]).append("\" cy=\"").append(xy[1]).append("\" r=\"3\" fill=\"")
                    .append(colour).append("\"/>\n");
        } else if (distinct > 1) {
            html.append("<polyline class=\"run\" stroke=\"").append(colour).append("\" points=\"").append(points)
                    .append("\"/>\n");
        }
    }

    /**
     * A short dashed segment centred on (percentile, limit), a dot on the point, and the label above it, ending at the
     * point: the curves never fall, so above and left of a met budget they leave the space free.
     */
    private static void appendBudget(StringBuilder html, Chart chart, ChartData.BudgetMarker budget) {
        double x = chart.x(budget.percentile());
        double y = chart.y(budget.maxMicros());
        double from = Math.max(chart.left, x - BUDGET_HALF_WIDTH);
        double to = Math.min(PLOT_RIGHT, x + BUDGET_HALF_WIDTH);
        String label = budgetLabel(budget);
        boolean roomOnTheLeft = x - chart.left > CHAR_WIDTH * label.length();
        String anchor = roomOnTheLeft ? "end" : "start";
        double labelX = roomOnTheLeft ? x + 4 : x - 4;
        double labelY = y - 8 < PLOT_TOP - 10 ? y + 16 : y - 8;
        String colour = budget.met() ? BUDGET_MET_COLOUR : BUDGET_BREACHED_COLOUR;
        html.append("<g class=\"budget ").append(budget.met() ? "met" : "breached").append("\" stroke=\"")
                .append(colour).append("\" fill=\"").append(colour).append("\"><title>")
                .append(budget.met() ? "met" : "breached").append("</title><path d=\"M").append(coord(from))
                .append(' ').append(coord(y)).append('H').append(coord(to)).append("\"/><circle cx=\"")
                .append(coord(x)).append("\" cy=\"").append(coord(y)).append("\" r=\"3.5\"/><text x=\"")
                .append(coord(labelX)).append("\" y=\"").append(coord(labelY)).append("\" text-anchor=\"").append(anchor)
                .append("\">").append(label).append("</text></g>\n");
    }

    /**
     * Right of the plot, one entry per run: the colour and the label, its parts after a {@code " · "} (the run's GC
     * pauses) on lines of their own, then the sample count; nothing is cut short. With more runs than fit that way,
     * each entry is one line, its parts joined.
     */
    private static void appendLegend(StringBuilder html, List<ChartData.RunCurve> runs) {
        int x = PLOT_RIGHT + 16;
        int lines = 1;
        for (ChartData.RunCurve run : runs) {
            lines = Math.max(lines, labelLines(run).size() + 1);
        }
        int itemHeight = LEGEND_LINE_HEIGHT * lines + 6;
        boolean compact = runs.size() * itemHeight > PLOT_BOTTOM - PLOT_TOP;
        int step = compact ? (PLOT_BOTTOM - PLOT_TOP) / runs.size() : itemHeight;
        for (int i = 0; i < runs.size(); i++) {
            ChartData.RunCurve run = runs.get(i);
            List<String> label = labelLines(run);
            int y = PLOT_TOP + 8 + i * step;
            html.append("<path class=\"run\" stroke=\"").append(runColour(i)).append("\" d=\"M").append(x)
                    .append(' ').append(y - 4).append("h22\"/>");
            if (compact) {
                html.append("<text x=\"").append(x + 28).append("\" y=\"").append(y).append("\">")
                        .append(escape(String.join(" · ", label))).append(" · ").append(grouped(run.count()))
                        .append("</text>");
            } else {
                for (int line = 0; line < label.size(); line++) {
                    html.append("<text").append(line == 0 ? "" : " class=\"count\"").append(" x=\"").append(x + 28)
                            .append("\" y=\"").append(y + LEGEND_LINE_HEIGHT * line).append("\">")
                            .append(escape(label.get(line))).append("</text>");
                }
                html.append("<text class=\"count\" x=\"").append(x + 28).append("\" y=\"")
                        .append(y + LEGEND_LINE_HEIGHT * label.size()).append("\">").append(grouped(run.count()))
                        .append(run.count() == 1 ? " sample" : " samples").append("</text>");
            }
            html.append('\n');
        }
    }

    /** @return the run's label in its parts, e.g. {@code run 2} and {@code 3 GCs, longest 4 ms} */
    private static List<String> labelLines(ChartData.RunCurve run) {
        return List.of((run.label() == null ? "" : run.label()).split(" \u00b7 "));
    }

    private static String runColour(int runIndex) {
        return RUN_COLOURS.get(runIndex % RUN_COLOURS.size());
    }

    private static int pointCount(ChartData.RunCurve run) {
        if (run.percentiles() == null || run.micros() == null) {
            return 0;
        }
        return Math.min(run.percentiles().length, run.micros().length);
    }

    /**
     * The plot's scales for one probe: how many decades the nines axis spans (and whether the max column is drawn),
     * the Y range with its ticks, and the left margin the widest Y label needs.
     */
    private static final class Chart {
        final int decades;
        final boolean withMax;
        final boolean hasPoints;
        final LatencyAxis axis;
        final double left;

        Chart(ChartData.ProbeChart probe) {
            double highestNines = 0;
            double highestMicros = 0;
            double lowestMicros = Double.MAX_VALUE;
            boolean max = false;
            boolean points = false;
            for (ChartData.RunCurve run : probe.runs()) {
                for (int i = 0; i < pointCount(run); i++) {
                    double p = run.percentiles()[i];
                    double micros = run.micros()[i];
                    if (Double.isNaN(p) || !Double.isFinite(micros)) {
                        continue;
                    }
                    points = true;
                    max |= p >= 100;
                    highestNines = p >= 100 ? highestNines : Math.max(highestNines, nines(p));
                    highestMicros = Math.max(highestMicros, micros);
                    lowestMicros = micros > 0 ? Math.min(lowestMicros, micros) : lowestMicros;
                }
            }
            for (ChartData.BudgetMarker budget : probe.budgets()) {
                max |= budget.percentile() >= 100;
                highestNines = budget.percentile() >= 100 ? highestNines
                        : Math.max(highestNines, nines(budget.percentile()));
                if (Double.isFinite(budget.maxMicros()) && budget.maxMicros() > 0) {
                    highestMicros = Math.max(highestMicros, budget.maxMicros());
                    lowestMicros = Math.min(lowestMicros, budget.maxMicros());
                }
            }
            decades = (int) Math.max(1, Math.min(MAX_DECADES, Math.ceil(highestNines - 1e-9)));
            withMax = max;
            hasPoints = points;
            axis = LatencyAxis.covering(lowestMicros, highestMicros, PLOT_TOP, PLOT_BOTTOM);
            left = Math.max(56, 24 + CHAR_WIDTH * widestYLabel());
        }

        int lastXTick() {
            return withMax ? decades + 1 : decades;
        }

        double x(double percentile) {
            return left + xFraction(percentile, decades, withMax) * (PLOT_RIGHT - left);
        }

        double xOfNines(int nines) {
            return left + (double) nines / lastXTick() * (PLOT_RIGHT - left);
        }

        double y(double micros) {
            return axis.y(micros);
        }

        private int widestYLabel() {
            int widest = 1;
            for (int i = 0; i <= axis.decades(); i++) {
                widest = Math.max(widest, axis.tickLabel(i).length());
            }
            return widest;
        }
    }

    // ---- text ------------------------------------------------------------------------------------------------

    private static String budgetLabel(ChartData.BudgetMarker budget) {
        return budgetLabel(budget.percentile(), budget.maxMicros());
    }

    /** @return e.g. {@code budget p99.9 ≤ 50 µs}, or {@code budget max ≤ 1,000 µs} */
    static String budgetLabel(double percentile, double maxMicros) {
        return "budget " + (percentile >= 100 ? "max" : "p" + Percentiles.label(percentile)) + " ≤ "
                + number(maxMicros) + " µs";
    }
}

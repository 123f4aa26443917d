package org.jlbh.junit.internal.report.page;

import org.jlbh.core.Percentiles;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

import static org.jlbh.junit.internal.report.page.ChartFormat.coord;
import static org.jlbh.junit.internal.report.page.ChartFormat.escape;
import static org.jlbh.junit.internal.report.page.ChartFormat.number;
import static org.jlbh.junit.internal.report.page.NinesScale.ninesLabel;
import static org.jlbh.junit.internal.report.page.NinesScale.xFraction;

/**
 * One probe's percentile-distribution chart on the suite page, as inline SVG, after HdrHistogram's plots: the X
 * axis is the percentile on the "nines" scale ({@link NinesScale}), so 0%, 90%, 99%, 99.9%, … are evenly spaced and
 * the maximum (p = 100) sits at the right edge, one decade beyond the last finite tick; the Y axis is the latency in
 * microseconds, logarithmic in whole decades ({@link LatencyAxis}), so the median and the tail both read. Each run is
 * one line; each budget is a marker at (percentile, limit), green when met and red when breached; a legend right of
 * the plot names the runs. Stateless; thread-safe.
 */
final class PercentileChart {

    /** The line colours of the runs, in run order (repeating after the last). */
    static final List<String> RUN_COLOURS = List.of(
            "#1f77b4", "#ff7f0e", "#9467bd", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22");

    private static final int MAX_DECADES = 10;
    private static final int BUDGET_HALF_WIDTH = 26;
    private static final int LEGEND_LINE_HEIGHT = 14;

    private PercentileChart() {
    }

    static void append(StringBuilder html, ChartData.ProbeChart probe) {
        Chart chart = new Chart(probe);
        chart.frame.open(html, probe.name() + ": latency by percentile");
        chart.frame.axes(html, IntStream.rangeClosed(1, chart.lastXTick()).mapToObj(chart::xOfNines).toList(),
                "latency (µs)");
        appendXLabels(html, chart);
        for (int i = 0; i < probe.runs().size(); i++) {
            appendRun(html, chart, probe.runs().get(i), runColour(i));
        }
        for (ChartData.BudgetMarker budget : probe.budgets()) {
            appendBudget(html, chart, budget);
        }
        appendLegend(html, chart.frame, probe.runs());
        if (!chart.hasPoints) {
            chart.frame.empty(html);
        }
        ChartFrame.close(html);
    }

    /** The nines ticks' labels; when they would collide, every other one drops a line. */
    private static void appendXLabels(StringBuilder html, Chart chart) {
        double spacing = chart.xOfNines(1) - chart.xOfNines(0);
        boolean staggered = spacing < ChartFrame.CHAR_WIDTH * ninesLabel(chart.decades).length() + 6;
        html.append("<g class=\"xl\">");
        for (int decade = 0; decade <= chart.lastXTick(); decade++) {
            String label = decade == chart.decades + 1 ? "max" : ninesLabel(decade);
            int y = chart.frame.bottom() + (staggered && decade % 2 == 1 ? 28 : 16);
            html.append("<text x=\"").append(coord(chart.xOfNines(decade))).append("\" y=\"").append(y)
                    .append("\">").append(label).append("</text>");
        }
        html.append("</g>\n");
        chart.frame.xTitle(html, chart.frame.bottom() + (staggered ? 44 : 38), "percentile");
    }

    private static void appendRun(StringBuilder html, Chart chart, ChartData.RunCurve run, String colour) {
        List<String> points = new ArrayList<>();
        for (int i = 0; i < pointCount(run); i++) {
            if (!Double.isFinite(run.micros()[i]) || Double.isNaN(run.percentiles()[i])) {
                continue;
            }
            String point = coord(chart.x(run.percentiles()[i])) + "," + coord(chart.frame.y(run.micros()[i]));
            if (points.isEmpty() || !point.equals(points.get(points.size() - 1))) {
                points.add(point);
            }
        }
        if (points.size() == 1) {
            String[] xy = points.get(0).split(",");
            html.append("<circle cx=\"").append(xy[0]).append("\" cy=\"").append(xy[1]).append("\" r=\"3\" fill=\"")
                    .append(colour).append("\"/>\n");
        } else if (points.size() > 1) {
            html.append("<polyline class=\"run\" stroke=\"").append(colour).append("\" points=\"")
                    .append(String.join(" ", points)).append("\"/>\n");
        }
    }

    /**
     * A short dashed segment centred on (percentile, limit), a dot on the point, and the label above it, ending at the
     * point: the curves never fall, so above and left of a met budget they leave the space free.
     */
    private static void appendBudget(StringBuilder html, Chart chart, ChartData.BudgetMarker budget) {
        double x = chart.x(budget.percentile());
        double y = chart.frame.y(budget.maxMicros());
        double from = Math.max(chart.frame.left(), x - BUDGET_HALF_WIDTH);
        double to = Math.min(chart.frame.right(), x + BUDGET_HALF_WIDTH);
        String label = budgetLabel(budget.percentile(), budget.maxMicros());
        boolean roomOnTheLeft = x - chart.frame.left() > ChartFrame.CHAR_WIDTH * label.length();
        String anchor = roomOnTheLeft ? "end" : "start";
        double labelX = roomOnTheLeft ? x + 4 : x - 4;
        double labelY = y - 8 < chart.frame.top() - 10 ? y + 16 : y - 8;
        String colour = ChartFrame.budgetColour(budget.met());
        html.append("<g class=\"budget ").append(budget.met() ? "met" : "breached").append("\" stroke=\"")
                .append(colour).append("\" fill=\"").append(colour).append("\"><title>")
                .append(budget.met() ? "met" : "breached").append("</title><path d=\"M").append(coord(from))
                .append(' ').append(coord(y)).append('H').append(coord(to)).append("\"/><circle cx=\"")
                .append(coord(x)).append("\" cy=\"").append(coord(y)).append("\" r=\"3.5\"/><text x=\"")
                .append(coord(labelX)).append("\" y=\"").append(coord(labelY)).append("\" text-anchor=\"")
                .append(anchor).append("\">").append(label).append("</text></g>\n");
    }

    /**
     * Right of the plot, one entry per run: the colour and the label, its parts after a {@code " · "} (the run's GC
     * pauses) on lines of their own, then the sample count; nothing is cut short. With more runs than fit that way,
     * each entry is one line, its parts joined.
     */
    private static void appendLegend(StringBuilder html, ChartFrame frame, List<ChartData.RunCurve> runs) {
        int x = frame.right() + 16;
        int plot = frame.bottom() - frame.top();
        int lines = runs.stream().mapToInt(run -> labelLines(run).size() + 1).max().orElse(1);
        int itemHeight = LEGEND_LINE_HEIGHT * lines + 6;
        boolean compact = runs.size() * itemHeight > plot;
        int step = compact ? plot / runs.size() : itemHeight;
        for (int i = 0; i < runs.size(); i++) {
            ChartData.RunCurve run = runs.get(i);
            List<String> label = labelLines(run);
            int y = frame.top() + 8 + i * step;
            ChartFrame.legendLine(html, runColour(i), x, y);
            if (compact) {
                html.append("<text x=\"").append(x + 28).append("\" y=\"").append(y).append("\">")
                        .append(escape(String.join(" · ", label))).append(" · ").append(number(run.count()))
                        .append("</text>");
            } else {
                for (int line = 0; line < label.size(); line++) {
                    html.append("<text").append(line == 0 ? "" : " class=\"count\"").append(" x=\"").append(x + 28)
                            .append("\" y=\"").append(y + LEGEND_LINE_HEIGHT * line).append("\">")
                            .append(escape(label.get(line))).append("</text>");
                }
                html.append("<text class=\"count\" x=\"").append(x + 28).append("\" y=\"")
                        .append(y + LEGEND_LINE_HEIGHT * label.size()).append("\">").append(number(run.count()))
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

    /** The plot's scales for one probe: how many decades the nines axis spans, and whether the max column is drawn. */
    private static final class Chart {
        final int decades;
        final boolean withMax;
        final boolean hasPoints;
        final ChartFrame frame;

        Chart(ChartData.ProbeChart probe) {
            DoubleStream.Builder percentiles = DoubleStream.builder();
            DoubleStream.Builder micros = DoubleStream.builder();
            boolean points = false;
            for (ChartData.RunCurve run : probe.runs()) {
                for (int i = 0; i < pointCount(run); i++) {
                    if (!Double.isNaN(run.percentiles()[i]) && Double.isFinite(run.micros()[i])) {
                        points = true;
                        percentiles.add(run.percentiles()[i]);
                        micros.add(run.micros()[i]);
                    }
                }
            }
            for (ChartData.BudgetMarker budget : probe.budgets()) {
                percentiles.add(budget.percentile());
                micros.add(budget.maxMicros());
            }
            double[] all = percentiles.build().toArray();
            double highestNines = Arrays.stream(all).filter(p -> p < 100).map(NinesScale::nines).max().orElse(0);
            decades = (int) Math.max(1, Math.min(MAX_DECADES, Math.ceil(highestNines - 1e-9)));
            withMax = Arrays.stream(all).anyMatch(p -> p >= 100);
            hasPoints = points;
            frame = ChartFrame.withLegend("chart", 330, LatencyAxis.covering(micros.build(), 28, 280));
        }

        int lastXTick() {
            return withMax ? decades + 1 : decades;
        }

        double x(double percentile) {
            return frame.left() + xFraction(percentile, decades, withMax) * (frame.right() - frame.left());
        }

        double xOfNines(int nines) {
            return frame.left() + (double) nines / lastXTick() * (frame.right() - frame.left());
        }
    }

    /** @return e.g. {@code budget p99.9 ≤ 50 µs}, or {@code budget max ≤ 1,000 µs} */
    static String budgetLabel(double percentile, double maxMicros) {
        return "budget " + (percentile >= 100 ? "max" : "p" + Percentiles.label(percentile)) + " ≤ "
                + number(maxMicros) + " µs";
    }
}

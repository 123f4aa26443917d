package org.jlbh.junit.internal.report.page;

import org.jlbh.core.Percentiles;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    /** The chart's height, without a legend under it. */
    private static final int HEIGHT = 330;
    /** The colour of the runs a legend does not name ({@link #named}). */
    static final String OTHER_RUN_COLOUR = "#c4c4c4";

    private PercentileChart() {
    }

    /** Appends the probe's chart, the page's width, its legend right of the plot. */
    static void append(StringBuilder html, ChartData.ProbeChart probe) {
        draw(html, new Chart(probe, false), probe);
    }

    /** Appends the probe's chart {@value ChartFrame#NARROW_WIDTH} wide, to go beside a table: its legend under it. */
    static void appendNarrow(StringBuilder html, ChartData.ProbeChart probe) {
        draw(html, new Chart(probe, true), probe);
    }

    private static void draw(StringBuilder html, Chart chart, ChartData.ProbeChart probe) {
        chart.frame.open(html, probe.name() + ": latency by percentile");
        chart.frame.axes(html, IntStream.rangeClosed(1, chart.lastXTick()).mapToObj(chart::xOfNines).toList(),
                "latency (µs)");
        appendXLabels(html, chart);
        List<ChartData.RunCurve> runs = probe.runs();
        Map<Integer, List<String>> named = named(runs);
        for (int i = 0; i < runs.size(); i++) { // the runs not named first, so that those named are drawn over them
            if (!named.containsKey(i)) {
                appendRun(html, chart, runs.get(i), named.isEmpty() ? runColour(i) : OTHER_RUN_COLOUR);
            }
        }
        named.keySet().stream().sorted().forEach(i -> appendRun(html, chart, runs.get(i), namedColour(named, i)));
        for (ChartData.BudgetMarker budget : probe.budgets()) {
            appendBudget(html, chart, budget);
        }
        if (chart.narrow) {
            appendLegendBelow(html, chart, runs);
        } else if (named.isEmpty()) {
            appendLegend(html, chart.frame, runs);
        } else {
            appendSummaryLegend(html, chart.frame, runs, named);
        }
        if (!chart.hasPoints) {
            chart.frame.empty(html);
        }
        ChartFrame.close(html);
    }

    /**
     * @return with more runs than {@link #RUN_COLOURS} (their colours would repeat, and their names not fit), the runs
     *         the legend names, by index, each with what makes it stand out: the median, lowest and highest at p50 and
     *         the one with the highest maximum; else none: each run is named
     */
    static Map<Integer, List<String>> named(List<ChartData.RunCurve> runs) {
        Map<Integer, List<String>> named = new LinkedHashMap<>();
        if (runs.size() <= RUN_COLOURS.size()) {
            return named;
        }
        List<Integer> byMedian = IntStream.range(0, runs.size()).filter(i -> !Double.isNaN(atPercentile(runs.get(i),
                50))).boxed().sorted(Comparator.comparingDouble(i -> atPercentile(runs.get(i), 50))).toList();
        if (byMedian.isEmpty()) {
            return named;
        }
        named.computeIfAbsent(byMedian.get((byMedian.size() - 1) / 2), i -> new ArrayList<>()).add("median at p50");
        named.computeIfAbsent(byMedian.get(0), i -> new ArrayList<>()).add("lowest at p50");
        named.computeIfAbsent(byMedian.get(byMedian.size() - 1), i -> new ArrayList<>()).add("highest at p50");
        byMedian.stream().max(Comparator.comparingDouble(i -> atPercentile(runs.get(i), 100)))
                .ifPresent(worst -> named.computeIfAbsent(worst, i -> new ArrayList<>()).add("highest maximum"));
        return named;
    }

    /** @return the colour of a run the legend names: by the first thing that makes it stand out */
    private static String namedColour(Map<Integer, List<String>> named, int run) {
        return RUN_COLOURS.get(List.copyOf(named.keySet()).indexOf(run));
    }

    /**
     * @return the run's latency at the percentile, linear between the curve's points (the last point's beyond them);
     *         NaN without points
     */
    static double atPercentile(ChartData.RunCurve run, double percentile) {
        double below = Double.NaN;
        double belowPercentile = Double.NaN;
        for (int i = 0; i < pointCount(run); i++) {
            double p = run.percentiles()[i];
            double micros = run.micros()[i];
            if (Double.isNaN(p) || !Double.isFinite(micros)) {
                continue;
            }
            if (p >= percentile) {
                return Double.isNaN(below) || p == belowPercentile ? micros
                        : below + (micros - below) * (percentile - belowPercentile) / (p - belowPercentile);
            }
            below = micros;
            belowPercentile = p;
        }
        return below;
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
                    .append(String.join(" ", points)).append("\"><title>").append(escape(run.label()))
                    .append("</title></polyline>\n");
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

    /**
     * Right of the plot, the runs {@link #named} names, each with what makes it stand out on a line of its own, its
     * label's parts and its sample count; then how many other runs are drawn, in grey.
     */
    private static void appendSummaryLegend(StringBuilder html, ChartFrame frame, List<ChartData.RunCurve> runs,
                                            Map<Integer, List<String>> named) {
        int x = frame.right() + 16;
        int y = frame.top() + 8;
        for (int i : named.keySet()) {
            ChartData.RunCurve run = runs.get(i);
            List<String> lines = new ArrayList<>(named.get(i));
            lines.addAll(labelLines(run));
            lines.add(number(run.count()) + (run.count() == 1 ? " sample" : " samples"));
            ChartFrame.legendLine(html, namedColour(named, i), x, y);
            for (int line = 0; line < lines.size(); line++) {
                html.append("<text").append(line < named.get(i).size() ? "" : " class=\"count\"").append(" x=\"")
                        .append(x + 28).append("\" y=\"").append(y + LEGEND_LINE_HEIGHT * line).append("\">")
                        .append(escape(lines.get(line))).append("</text>");
            }
            html.append('\n');
            y += LEGEND_LINE_HEIGHT * lines.size() + 6;
        }
        int others = runs.size() - named.size();
        ChartFrame.legendLine(html, OTHER_RUN_COLOUR, x, y);
        html.append("<text x=\"").append(x + 28).append("\" y=\"").append(y).append("\">").append(others)
                .append(others == 1 ? " other run" : " other runs").append("</text>\n");
    }

    /** Under the plot, one line per run: its colour, its label and its sample count. */
    private static void appendLegendBelow(StringBuilder html, Chart chart, List<ChartData.RunCurve> runs) {
        int x = (int) chart.frame.left();
        for (int i = 0; i < runs.size(); i++) {
            ChartData.RunCurve run = runs.get(i);
            int y = chart.legendTop() + (LEGEND_LINE_HEIGHT + 6) * i;
            ChartFrame.legendLine(html, runColour(i), x, y);
            html.append("<text x=\"").append(x + 28).append("\" y=\"").append(y).append("\">")
                    .append(escape(run.label())).append(" \u00b7 ").append(number(run.count()))
                    .append(run.count() == 1 ? " sample" : " samples").append("</text>\n");
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
        final boolean narrow;

        Chart(ChartData.ProbeChart probe, boolean narrow) {
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
            this.narrow = narrow;
            LatencyAxis latency = LatencyAxis.covering(micros.build(), 28, 280);
            frame = narrow ? ChartFrame.narrow("chart", HEIGHT + (LEGEND_LINE_HEIGHT + 6) * probe.runs().size(),
                    latency) : ChartFrame.withLegend("chart", HEIGHT, latency);
        }

        /** @return the baseline of the legend's first line under the plot: under the X axis' title */
        int legendTop() {
            return HEIGHT + 8;
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

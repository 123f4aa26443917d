package org.jlbh.junit.internal.report.page;

import org.jlbh.core.Percentiles;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.DoubleStream;

import static org.jlbh.junit.internal.report.page.ChartFormat.coord;
import static org.jlbh.junit.internal.report.page.ChartFormat.escape;

/**
 * End to end over the time of each run, as inline SVG (the view jHiccup users draw offline): the runs side by side
 * along the X axis (time from each run's start), the worst sample of each window as a line on a logarithmic latency
 * axis, each budget on end to end as a dashed line, and behind them shaded bands where the harness thread was kept
 * from running: grey where it waited on the run queue (darker the longer), purple where the host took its CPU, red
 * for a garbage collection, orange for another safepoint. Stateless; thread-safe.
 */
final class TimelineChart {
    /** The colour of the worst-sample line. */
    static final String LINE_COLOUR = "#1f77b4";
    /** The band colour of waits on the run queue. */
    static final String WAITING_COLOUR = "#616161";
    /** The band colour of the host taking the CPU. */
    static final String HOST_COLOUR = "#8e24aa";
    /** The band colour of garbage collections. */
    static final String GC_COLOUR = "#d32f2f";
    /** The band colour of other safepoints. */
    static final String SAFEPOINT_COLOUR = "#fb8c00";

    private static final int HEIGHT = 260;
    private static final int LEFT = 64;
    private static final int RIGHT = ChartFrame.WIDTH - 12;
    private static final int TOP = 26;
    private static final int BOTTOM = HEIGHT - 56;
    private static final int GAP = 14;
    private static final int BUDGET_LABEL_SPACING = 120;
    /** The least width a pause's band is drawn with, in pixels, so that a short one still shows. */
    private static final double MIN_BAND_WIDTH = 1.5;

    private TimelineChart() {
    }

    static void append(StringBuilder html, ChartData.TimelineData timeline) {
        Axes axes = new Axes(timeline);
        axes.frame.open(html, "end to end over time");
        double x = LEFT;
        for (int i = 0; i < timeline.runs().size(); i++) {
            ChartData.RunWindows run = timeline.runs().get(i);
            double width = axes.width(run);
            appendBands(html, axes, run, x, width, axes.labelled(i));
            x += width + axes.gap;
        }
        axes.frame.axes(html, List.of(), "worst latency (µs)");
        axes.frame.xTitle(html, BOTTOM + 18, "time in each run (" + axes.timeLabel() + ")");
        x = LEFT;
        for (int i = 0; i < timeline.runs().size(); i++) {
            ChartData.RunWindows run = timeline.runs().get(i);
            double width = axes.width(run);
            appendRun(html, axes, run, x, width, axes.labelled(i));
            x += width + axes.gap;
        }
        for (int b = 0; b < timeline.budgets().size(); b++) {
            appendBudget(html, axes, timeline.budgets().get(b), b);
        }
        appendLegend(html);
        ChartFrame.close(html);
    }

    private static void appendBands(StringBuilder html, Axes axes, ChartData.RunWindows run, double x, double width,
                                    boolean labelled) {
        appendShades(html, "waiting", WAITING_COLOUR, x, width, run.waitingFraction());
        appendShades(html, "host", HOST_COLOUR, x, width, run.hostFraction());
        double millis = Axes.millis(run);
        for (ChartData.Band band : run.pauses()) {
            double from = x + width * Math.max(0, band.fromMillis()) / millis;
            double to = Math.min(x + width, x + width * band.toMillis() / millis);
            if (to - x < 0 || from > x + width) {
                continue;
            }
            openBand(html, band.gc() ? "gc" : "safepoint", from, to - from, band.gc() ? GC_COLOUR : SAFEPOINT_COLOUR)
                    .append("0.55\"><title>").append(band.gc() ? "GC " : "safepoint ")
                    .append(escape(band.name())).append(String.format(Locale.ROOT, " %.3f ms", band.toMillis()
                            - band.fromMillis())).append("</title></rect>\n");
        }
        if (labelled) {
            html.append("<text class=\"xl\" x=\"").append(coord(x + width / 2)).append("\" y=\"").append(TOP - 8)
                    .append("\">").append(escape(run.label())).append("</text>\n");
        }
    }

    /**
     * The windows' bands of one kind: a window's opacity grows with the share of it the kind covers (none below 1%),
     * in steps of a tenth, and neighbouring windows of one step are drawn as one band.
     */
    private static void appendShades(StringBuilder html, String kind, String colour, double x, double width,
                                     double[] fractions) {
        double windowWidth = width / fractions.length;
        for (int w = 0; w < fractions.length; ) {
            int step = step(fractions[w]);
            int last = w;
            while (last + 1 < fractions.length && step(fractions[last + 1]) == step) {
                last++;
            }
            if (step > 0) {
                openBand(html, kind, x + w * windowWidth, (last + 1 - w) * windowWidth, colour)
                        .append(String.format(Locale.ROOT, "%.2f", 0.15 + 0.06 * step)).append("\"/>\n");
            }
            w = last + 1;
        }
    }

    /** Opens a band over the plot's height, at least {@value #MIN_BAND_WIDTH} px wide, up to its opacity's value. */
    private static StringBuilder openBand(StringBuilder html, String kind, double x, double width, String colour) {
        return html.append("<rect class=\"band ").append(kind).append("\" x=\"").append(coord(x)).append("\" y=\"")
                .append(TOP).append("\" width=\"").append(coord(Math.max(MIN_BAND_WIDTH, width)))
                .append("\" height=\"").append(BOTTOM - TOP).append("\" fill=\"").append(colour)
                .append("\" fill-opacity=\"");
    }

    /** @return 0 for a share under 1%, else 1 to 10 by tenths */
    private static int step(double fraction) {
        return fraction < 0.01 ? 0 : Math.max(1, (int) Math.ceil(Math.min(1, fraction) * 10));
    }

    private static void appendRun(StringBuilder html, Axes axes, ChartData.RunWindows run, double x, double width,
                                  boolean labelled) {
        StringBuilder points = new StringBuilder();
        double windowWidth = width / run.worstMicros().length;
        for (int w = 0; w < run.worstMicros().length; w++) {
            if (run.worstMicros()[w] <= 0) {
                continue;
            }
            points.append(points.length() == 0 ? "" : " ").append(coord(x + (w + 0.5) * windowWidth)).append(',')
                    .append(coord(axes.frame.y(run.worstMicros()[w])));
        }
        if (points.length() > 0) {
            html.append("<polyline class=\"run\" stroke=\"").append(LINE_COLOUR).append("\" stroke-width=\"1.2\" ")
                    .append("points=\"").append(points).append("\"/>\n");
        }
        html.append("<path class=\"axis\" d=\"M").append(coord(x + width)).append(' ').append(BOTTOM).append('v')
                .append(4).append("\"/>");
        if (labelled) {
            html.append("<text class=\"xl\" x=\"").append(coord(x + width)).append("\" y=\"").append(BOTTOM + 32)
                    .append("\">").append(axes.time(Axes.millis(run))).append("</text>");
        }
        html.append('\n');
    }

    /** A budget's line across the plot, its label at the right, each further budget's label further left. */
    private static void appendBudget(StringBuilder html, Axes axes, ChartData.BudgetMarker budget, int index) {
        double y = axes.frame.y(budget.maxMicros());
        axes.frame.budgetLine(html, "budget", budget.met(), y, y - 4, BUDGET_LABEL_SPACING * index, "p"
                + Percentiles.label(budget.percentile()) + " ≤ " + ChartFormat.number(budget.maxMicros()) + " µs");
    }

    private static void appendLegend(StringBuilder html) {
        String[][] items = {{WAITING_COLOUR, "waiting for a CPU"}, {HOST_COLOUR, "host took the CPU"},
                {GC_COLOUR, "GC pause"}, {SAFEPOINT_COLOUR, "other safepoint"}, {LINE_COLOUR, "worst per window"}};
        double x = LEFT;
        int y = HEIGHT - 10;
        html.append("<g class=\"legend\">");
        for (String[] item : items) {
            html.append("<rect x=\"").append(coord(x)).append("\" y=\"").append(y - 9).append("\" width=\"12\" ")
                    .append("height=\"10\" fill=\"").append(item[0]).append("\" fill-opacity=\"0.7\"/><text x=\"")
                    .append(coord(x + 16)).append("\" y=\"").append(y).append("\">").append(item[1])
                    .append("</text>");
            x += 28 + item[1].length() * 6.2;
        }
        html.append("</g>\n");
    }

    /**
     * The scales: time per run proportional to its length, latency on whole decades; the gap between runs, narrower
     * with many runs; and which runs are labelled (their name above, their length below), every one while the labels
     * fit, else every so many.
     */
    private static final class Axes {
        final ChartFrame frame;
        final double pixelsPerMilli;
        final double longestMillis;
        final double gap;
        final int labelEvery;

        Axes(ChartData.TimelineData timeline) {
            DoubleStream micros = DoubleStream.concat(timeline.runs().stream().flatMapToDouble(run -> Arrays.stream(
                    run.worstMicros())), timeline.budgets().stream().mapToDouble(ChartData.BudgetMarker::maxMicros));
            frame = new ChartFrame("chart timeline", ChartFrame.WIDTH, HEIGHT, LEFT, RIGHT,
                    LatencyAxis.covering(micros, TOP, BOTTOM));
            double totalMillis = timeline.runs().stream().mapToDouble(Axes::millis).reduce(0, Double::sum);
            int gaps = Math.max(1, timeline.runs().size() - 1);
            gap = Math.min(GAP, (RIGHT - LEFT) * 0.2 / gaps);
            double room = RIGHT - LEFT - gap * (timeline.runs().size() - 1);
            pixelsPerMilli = totalMillis > 0 ? room / totalMillis : 1;
            longestMillis = timeline.runs().stream().mapToDouble(Axes::millis).max().orElse(0);
            double narrowest = timeline.runs().stream().mapToDouble(this::width).min().orElse(0) + gap;
            double widestLabel = timeline.runs().stream().mapToDouble(run -> ChartFrame.CHAR_WIDTH * Math.max(
                    run.label() == null ? 0 : run.label().length(), time(millis(run)).length())).max().orElse(0);
            labelEvery = narrowest <= 0 ? 1 : Math.max(1, (int) Math.ceil((widestLabel + 8) / narrowest));
        }

        /** @return whether the run of that index, from 0, is labelled */
        boolean labelled(int run) {
            return run % labelEvery == 0;
        }

        /** @return how long a run's windows last, in milliseconds */
        static double millis(ChartData.RunWindows run) {
            return run.windowMillis() * run.worstMicros().length;
        }

        double width(ChartData.RunWindows run) {
            return millis(run) * pixelsPerMilli;
        }

        String timeLabel() {
            return longestMillis >= 10_000 ? "s" : "ms";
        }

        String time(double millis) {
            return longestMillis >= 10_000 ? ChartFormat.number(millis / 1e3) + " s"
                    : ChartFormat.number(millis) + " ms";
        }
    }
}

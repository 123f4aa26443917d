package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.SweepFigures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

import static org.jlbh.junit.internal.report.page.ChartFormat.coord;
import static org.jlbh.junit.internal.report.page.ChartFormat.number;

/**
 * One probe's latency against throughput over a sweep's rates, as inline SVG: the X axis is the target throughput in
 * iterations per second (linear, or logarithmic when the highest rate is ten times the lowest or more), a tick at every
 * rate measured; the Y axis is the latency in microseconds, logarithmic in whole decades ({@link LatencyAxis}). One
 * line per percentile the console's sweep table shows (p50, p90, p99, p99.9 of the judged run, where every run has
 * the samples for it, and the worst of all runs), a dot at each rate; each latency budget a dashed horizontal line,
 * green when it held at every rate, else red, with a red ring around the point of each rate where it broke (or a red
 * cross on the budget's line, where no point of its percentile is drawn); the required throughput a dashed vertical
 * line; under each rate a square saying how its latency budgets fared; a legend right of the plot. Stateless;
 * thread-safe.
 */
final class SweepChart {

    /** The line colours of the percentiles p50, p90, p99, p99.9 and the worst, in that order. */
    static final List<String> LINE_COLOURS = List.of("#1f77b4", "#17becf", "#9467bd", "#ff7f0e", "#8c564b");
    /** The colour of the required throughput's line. */
    static final String REQUIRED_COLOUR = "#37474f";
    /** The colour of a rate whose latency budgets broke only through the platform's stalls (the warning badge's). */
    static final String PLATFORM_COLOUR = "#f9a825";

    private static final int HEIGHT = 340;
    private static final int PLOT_TOP = 30;
    private static final int PLOT_BOTTOM = HEIGHT - 66;
    /** Room between the plot's edges and the lowest and highest rates, in pixels. */
    private static final int PAD = 24;
    /** The highest rate over the lowest from which the throughput axis is logarithmic. */
    private static final double LOG_FROM_RATIO = 10;
    private static final int LEGEND_LINE_HEIGHT = 16;
    private static final int BUDGET_LABEL_SPACING = 150;

    private SweepChart() {
    }

    /** Draws one of the sweep's probes. */
    static void append(StringBuilder html, ChartData.SweepData sweep, ChartData.SweepProbe probe) {
        Axes axes = new Axes(sweep, probe);
        axes.frame.open(html, probe.name() + ": latency against throughput");
        appendGrid(html, axes, sweep);
        appendRequired(html, axes, sweep.requiredThroughput());
        for (int b = 0; b < probe.budgets().size(); b++) {
            appendBudget(html, axes, probe.budgets().get(b), b);
        }
        for (ChartData.SweepLine line : probe.lines()) {
            appendLine(html, axes, sweep, line);
        }
        appendBroken(html, axes, sweep, probe);
        appendLegend(html, sweep, probe);
        if (probe.lines().isEmpty()) {
            axes.frame.empty(html);
        }
        ChartFrame.close(html);
    }

    /** @return what a sweep's charts draw, in a sentence, e.g. {@code 4 rates measured, 5,000 to 40,000/s; ...} */
    static String describe(ChartData.SweepData sweep) {
        List<ChartData.RateMark> rates = sweep.rates();
        StringBuilder text = new StringBuilder();
        text.append(rates.size()).append(rates.size() == 1 ? " rate" : " rates").append(" measured");
        if (!rates.isEmpty()) {
            text.append(", ").append(number(rates.get(0).rate()));
            if (rates.size() > 1) {
                text.append(" to ").append(number(rates.get(rates.size() - 1).rate()));
            }
            text.append("/s");
        }
        if (sweep.sweepRates() > rates.size()) {
            text.append(" (of the ").append(sweep.sweepRates()).append(" the sweep declares)");
        }
        text.append(sweep.requiredThroughput() > 0 ? "; capacity budget: the latency budgets must hold up to "
                + number(sweep.requiredThroughput()) + "/s" : "; no capacity budget: every rate's budgets enforced");
        return text.append(". Lines: p50, p90, p99 and p99.9 of the ").append(sweep.judgedRun())
                .append(" at each rate, each where every run has the samples for it, and the worst of all runs; ")
                .append("latency in µs, target throughput in iterations per second.").toString();
    }

    /** @return the colour of a percentile's line: p50, p90, p99, p99.9, then the worst */
    static String lineColour(double percentile) {
        int index = SweepFigures.PERCENTILES.indexOf(percentile);
        return LINE_COLOURS.get(index < 0 ? LINE_COLOURS.size() - 1 : index);
    }

    /** How a rate's square looks and reads, by how its latency budgets fared: its style class, colour and words. */
    private record RateLook(String styleClass, String colour, String words) {
        static RateLook of(Outcome latency) {
            return switch (latency) {
                case PASSED -> new RateLook("met", ChartFrame.BUDGET_MET_COLOUR, "latency budgets met");
                case INCONCLUSIVE -> new RateLook("platform", PLATFORM_COLOUR, "broken by the platform");
                default -> new RateLook("breached", ChartFrame.BUDGET_BREACHED_COLOUR, "latency budgets broken");
            };
        }
    }

    /** Grid lines at every latency decade and every rate, the axes, their labels, and a square under each rate. */
    private static void appendGrid(StringBuilder html, Axes axes, ChartData.SweepData sweep) {
        axes.frame.axes(html, sweep.rates().stream().map(rate -> axes.x(rate.rate())).toList(), "latency (µs)");
        html.append("<g class=\"xl\">");
        double lastLabelEnd = Double.NEGATIVE_INFINITY;
        for (ChartData.RateMark rate : sweep.rates()) {
            String label = number(rate.rate());
            double x = axes.x(rate.rate());
            double half = ChartFrame.CHAR_WIDTH * label.length() / 2;
            if (x - half > lastLabelEnd + 4) {
                html.append("<text x=\"").append(coord(x)).append("\" y=\"").append(PLOT_BOTTOM + 16).append("\">")
                        .append(label).append("</text>");
                lastLabelEnd = x + half;
            }
        }
        html.append("</g>\n<g class=\"rates\">");
        for (ChartData.RateMark rate : sweep.rates()) {
            RateLook look = RateLook.of(rate.latency());
            html.append("<rect class=\"rate ").append(look.styleClass()).append("\" x=\"")
                    .append(coord(axes.x(rate.rate()) - 4)).append("\" y=\"").append(PLOT_BOTTOM + 24)
                    .append("\" width=\"8\" height=\"8\" fill=\"").append(look.colour()).append("\"><title>")
                    .append(number(rate.rate())).append("/s: ").append(look.words()).append("</title></rect>");
        }
        html.append("</g>\n");
        axes.frame.xTitle(html, PLOT_BOTTOM + 50, "target throughput (/s" + (axes.logarithmic ? ", log scale" : "")
                + ")");
    }

    private static void appendRequired(StringBuilder html, Axes axes, int required) {
        if (required <= 0) {
            return;
        }
        double x = axes.x(required);
        html.append("<g class=\"required\" stroke=\"").append(REQUIRED_COLOUR).append("\" fill=\"")
                .append(REQUIRED_COLOUR).append("\"><path d=\"M").append(coord(x)).append(' ').append(PLOT_TOP)
                .append('V').append(PLOT_BOTTOM).append("\"/><text x=\"").append(coord(x)).append("\" y=\"")
                .append(PLOT_TOP - 8).append("\">required ").append(number(required)).append("/s</text></g>\n");
    }

    /** A budget's line across the plot, its label at the right, each further budget's label further left. */
    private static void appendBudget(StringBuilder html, Axes axes, ChartData.SweepBudget budget, int index) {
        boolean held = budget.brokenAt().isEmpty();
        double y = axes.frame.y(budget.maxMicros());
        axes.frame.budgetLine(html, held ? "budget met" : "budget breached", held, y, y - 4 < PLOT_TOP ? y + 14 : y - 4,
                BUDGET_LABEL_SPACING * index, PercentileChart.budgetLabel(budget.percentile(), budget.maxMicros()));
    }

    /** A percentile's line through its rates' points, broken where a rate has no value; a dot at every point. */
    private static void appendLine(StringBuilder html, Axes axes, ChartData.SweepData sweep,
                                   ChartData.SweepLine line) {
        String colour = lineColour(line.percentile());
        List<List<String>> segments = new ArrayList<>(List.of(new ArrayList<>()));
        StringBuilder dots = new StringBuilder();
        for (int i = 0; i < sweep.rates().size() && i < line.micros().length; i++) {
            double micros = line.micros()[i];
            if (Double.isNaN(micros)) {
                segments.add(new ArrayList<>());
                continue;
            }
            int rate = sweep.rates().get(i).rate();
            String x = coord(axes.x(rate));
            String y = coord(axes.frame.y(micros));
            segments.get(segments.size() - 1).add(x + "," + y);
            dots.append("<circle cx=\"").append(x).append("\" cy=\"").append(y).append("\" r=\"3\"><title>")
                    .append(line.label()).append(" at ").append(number(rate)).append("/s: ").append(number(micros))
                    .append(" µs</title></circle>");
        }
        html.append("<g class=\"line\" data-line=\"").append(line.label()).append("\" stroke=\"").append(colour)
                .append("\" fill=\"").append(colour).append("\">");
        segments.stream().filter(points -> points.size() > 1).forEach(points -> html
                .append("<polyline class=\"run\" points=\"").append(String.join(" ", points)).append("\"/>"));
        html.append(dots).append("</g>\n");
    }

    /**
     * Where a budget broke: a red ring around the point of its percentile at that rate, or a red cross on the budget's
     * line where no such point is drawn (the runs lacked the samples, or the table shows no such percentile).
     */
    private static void appendBroken(StringBuilder html, Axes axes, ChartData.SweepData sweep,
                                     ChartData.SweepProbe probe) {
        String colour = ChartFrame.BUDGET_BREACHED_COLOUR;
        for (ChartData.SweepBudget budget : probe.budgets()) {
            for (int rate : budget.brokenAt()) {
                int index = sweep.rates().stream().map(ChartData.RateMark::rate).toList().indexOf(rate);
                double micros = probe.lines().stream().filter(line -> line.percentile() == budget.percentile())
                        .mapToDouble(line -> index < 0 || index >= line.micros().length ? Double.NaN
                                : line.micros()[index]).findFirst().orElse(Double.NaN);
                double x = axes.x(rate);
                String what = PercentileChart.budgetLabel(budget.percentile(), budget.maxMicros()) + " broke at "
                        + number(rate) + "/s";
                if (Double.isNaN(micros)) {
                    double y = axes.frame.y(budget.maxMicros());
                    html.append("<path class=\"broken\" stroke=\"").append(colour).append("\" d=\"M")
                            .append(coord(x - 5)).append(' ').append(coord(y - 5))
                            .append("l10 10m0 -10l-10 10\"><title>").append(what)
                            .append(" (no value drawn)</title></path>\n");
                } else {
                    html.append("<circle class=\"broken\" cx=\"").append(coord(x)).append("\" cy=\"")
                            .append(coord(axes.frame.y(micros))).append("\" r=\"7\" stroke=\"").append(colour)
                            .append("\"><title>").append(what).append(": ").append(number(micros))
                            .append(" µs</title></circle>\n");
                }
            }
        }
    }

    /** Right of the plot: the percentiles' lines, then what the marks mean, as far as the chart has them. */
    private static void appendLegend(StringBuilder html, ChartData.SweepData sweep, ChartData.SweepProbe probe) {
        int x = ChartFrame.WIDTH - ChartFrame.LEGEND_WIDTH + 16;
        int y = PLOT_TOP + 8;
        html.append("<g class=\"legend\">");
        for (ChartData.SweepLine line : probe.lines()) {
            ChartFrame.legendLine(html, lineColour(line.percentile()), x, y);
            html.append("<text x=\"").append(x + 28).append("\" y=\"")
                    .append(y).append("\">").append(line.label()).append(line.percentile() >= 100 ? " (all runs)"
                            : " (" + sweep.judgedRun() + ")").append("</text>");
            y += LEGEND_LINE_HEIGHT;
        }
        y += 6;
        if (probe.budgets().stream().anyMatch(budget -> !budget.brokenAt().isEmpty())) {
            html.append("<circle class=\"broken key\" cx=\"").append(x + 11).append("\" cy=\"").append(y - 4)
                    .append("\" r=\"6\" stroke=\"").append(ChartFrame.BUDGET_BREACHED_COLOUR)
                    .append("\"/><text x=\"").append(x + 28).append("\" y=\"").append(y)
                    .append("\">budget broke there</text>");
            y += LEGEND_LINE_HEIGHT;
        }
        for (Outcome latency : List.of(Outcome.PASSED, Outcome.FAILED, Outcome.INCONCLUSIVE)) {
            if (sweep.rates().stream().anyMatch(rate -> rate.latency() == latency)) {
                html.append("<rect x=\"").append(x + 7).append("\" y=\"").append(y - 8)
                        .append("\" width=\"8\" height=\"8\" fill=\"").append(RateLook.of(latency).colour())
                        .append("\"/><text x=\"").append(x + 28).append("\" y=\"").append(y).append("\">")
                        .append(RateLook.of(latency).words()).append("</text>");
                y += LEGEND_LINE_HEIGHT;
            }
        }
        html.append("</g>\n");
    }

    /** The scales: throughput across the sweep's rates, latency on whole decades over the lines and budgets. */
    private static final class Axes {
        final ChartFrame frame;
        final boolean logarithmic;
        final double lowestRate;
        final double highestRate;

        Axes(ChartData.SweepData sweep, ChartData.SweepProbe probe) {
            frame = ChartFrame.withLegend("chart sweep", HEIGHT, LatencyAxis.covering(DoubleStream.concat(
                    probe.lines().stream().flatMapToDouble(line -> Arrays.stream(line.micros())),
                    probe.budgets().stream().mapToDouble(ChartData.SweepBudget::maxMicros)), PLOT_TOP, PLOT_BOTTOM));
            IntSummaryStatistics rates = IntStream.concat(sweep.rates().stream().mapToInt(ChartData.RateMark::rate),
                    IntStream.of(sweep.requiredThroughput()).filter(required -> required > 0)).summaryStatistics();
            lowestRate = rates.getMin();
            highestRate = rates.getMax();
            logarithmic = highestRate >= LOG_FROM_RATIO * lowestRate;
        }

        /** @return where a rate sits across the plot; the middle when every rate is one */
        double x(double rate) {
            double fraction;
            if (highestRate <= lowestRate) {
                fraction = 0.5;
            } else if (logarithmic) {
                fraction = Math.log(rate / lowestRate) / Math.log(highestRate / lowestRate);
            } else {
                fraction = (rate - lowestRate) / (highestRate - lowestRate);
            }
            return frame.left() + PAD + fraction * (frame.right() - PAD - frame.left() - PAD);
        }
    }
}

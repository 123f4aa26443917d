package org.jlbh.junit.internal.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders the suite page, {@code index.html}: a table of the tests with their verdicts, then per test a section with
 * one percentile-distribution chart per probe.
 *
 * <p>The page is self-contained: it opens from the file system with no network and no JavaScript. The charts are
 * inline SVG drawn here, the style sits in one inline {@code <style>} element, and only locally installed fonts are
 * named.
 *
 * <p>The charts follow HdrHistogram's percentile-distribution plots. The X axis is the percentile on the "nines" scale,
 * {@code x = log10(1 / (1 - p/100))}, so 0%, 90%, 99%, 99.9%, … are evenly spaced; the maximum (p = 100) sits at the
 * right edge, one decade beyond the last finite tick. The Y axis is the latency in microseconds, linear from zero.
 * Each run is one line; each budget is a marker at (percentile, limit), green when met and red when breached.
 *
 * <p>Stateless; thread-safe.
 */
public final class HtmlReport {

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
    private static final int LEGEND_ITEM_HEIGHT = 34;
    /** Roughly the width of a character of the 11 px chart labels, to keep them apart. */
    private static final double CHAR_WIDTH = 6.5;

    private static final String STYLE = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Liberation Sans",\
            sans-serif;color:#222;background:#fff;max-width:1000px;margin:24px auto;padding:0 16px}
            h1{font-size:22px;margin:0 0 4px}
            h2{font-size:18px;margin:0 0 6px}
            h3{font-size:14px;margin:18px 0 2px;color:#444}
            a{color:#0b57d0;text-decoration:none}
            a:hover{text-decoration:underline}
            .summary{color:#555;margin:0 0 12px}
            table.tests{border-collapse:collapse;width:100%;margin:0 0 24px}
            .tests th,.tests td{border-bottom:1px solid #e3e3e3;padding:6px 8px;text-align:left;vertical-align:top}
            .tests th{background:#f5f5f5;font-weight:600}
            .verdict{display:inline-block;font-size:12px;font-weight:700;padding:1px 7px;border-radius:3px;\
            color:#fff;white-space:nowrap}
            .verdict.pass{background:#2e7d32}
            .verdict.fail{background:#b71c1c}
            .verdict.warn{background:#f9a825;color:#222}
            .verdict.other{background:#757575}
            h2 .verdict{vertical-align:2px;margin-left:8px}
            .detail{white-space:pre-wrap;overflow-wrap:anywhere;font:12px/1.4 ui-monospace,"DejaVu Sans Mono",\
            Menlo,Consolas,monospace;margin:4px 0}
            .settings{color:#555;font-size:13px;margin:0}
            section{border-top:2px solid #ddd;margin-top:28px;padding-top:12px}
            .none{color:#777;font-style:italic}
            svg.chart{display:block;max-width:100%;height:auto}
            .chart text{font:11px system-ui,-apple-system,"Segoe UI",Roboto,Arial,"Liberation Sans",sans-serif;\
            fill:#444}
            .chart .grid{stroke:#e8e8e8;fill:none}
            .chart .axis{stroke:#888;fill:none}
            .chart .yl{text-anchor:end}
            .chart .xl{text-anchor:middle}
            .chart .title{font-weight:600;fill:#333;text-anchor:middle}
            .chart .run{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}
            .chart .budget path{stroke-width:2;stroke-dasharray:5 3;fill:none}
            .chart .budget text{font-weight:700;fill:inherit;stroke:#fff;stroke-width:3px;paint-order:stroke}
            .chart .count{fill:#777}
            .chart .empty{font-size:14px;fill:#999;text-anchor:middle}
            """;

    private HtmlReport() {
    }

    /**
     * Renders the suite page.
     *
     * @param title the page title and heading, e.g. the project name
     * @param tests the tests, in the order they are listed
     * @return a complete, self-contained HTML document
     */
    public static String render(String title, List<ChartData.Test> tests) {
        StringBuilder html = new StringBuilder(16_384 + tests.size() * 8_192);
        appendHead(html, title);
        html.append("<body>\n<h1 id=\"top\">").append(escape(title)).append("</h1>\n");
        appendSummary(html, tests);
        appendTestTable(html, tests);
        for (int i = 0; i < tests.size(); i++) {
            appendTestSection(html, tests.get(i), i);
        }
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    /**
     * Writes {@link #render(String, List) render(title, tests)} to {@code file} in UTF-8, creating its parent
     * directories.
     *
     * @param file  the page to write, usually {@code index.html}; replaced if it exists
     * @param title the page title and heading
     * @param tests the tests, in the order they are listed
     * @throws IOException if the directories or the file cannot be written
     */
    public static void write(Path file, String title, List<ChartData.Test> tests) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, render(title, tests), StandardCharsets.UTF_8);
    }

    // ---- page --------------------------------------------------------------------------------------------------

    private static void appendHead(StringBuilder html, String title) {
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n");
    }

    private static void appendSummary(StringBuilder html, List<ChartData.Test> tests) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (ChartData.Test test : tests) {
            counts.merge(String.valueOf(test.verdict()), 1, Integer::sum);
        }
        html.append("<p class=\"summary\">").append(tests.size()).append(tests.size() == 1 ? " test" : " tests");
        String separator = ": ";
        for (Map.Entry<String, Integer> count : counts.entrySet()) {
            html.append(separator).append(count.getValue()).append(' ').append(escape(count.getKey()));
            separator = ", ";
        }
        html.append("</p>\n");
    }

    private static void appendTestTable(StringBuilder html, List<ChartData.Test> tests) {
        html.append("<table class=\"tests\">\n<thead><tr><th>Test</th><th>Verdict</th><th>Detail</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < tests.size(); i++) {
            ChartData.Test test = tests.get(i);
            html.append("<tr><td><a href=\"#").append(anchor(i)).append("\">").append(escape(test.name()))
                    .append("</a></td><td>");
            appendVerdict(html, test.verdict());
            html.append("</td><td class=\"detail\">").append(escape(test.verdictDetail())).append("</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    private static void appendTestSection(StringBuilder html, ChartData.Test test, int index) {
        html.append("<section id=\"").append(anchor(index)).append("\">\n<h2>").append(escape(test.name()));
        appendVerdict(html, test.verdict());
        html.append("</h2>\n<p class=\"settings\">").append(escape(test.settings())).append("</p>\n");
        if (!isBlank(test.verdictDetail())) {
            html.append("<div class=\"detail\">").append(escape(test.verdictDetail())).append("</div>\n");
        }
        if (test.probes().isEmpty()) {
            html.append("<p class=\"none\">no probes</p>\n");
        }
        for (ChartData.Probe probe : test.probes()) {
            html.append("<h3>").append(escape(probe.name())).append("</h3>\n");
            appendChart(html, probe);
        }
        html.append("</section>\n");
    }

    private static void appendVerdict(StringBuilder html, String verdict) {
        html.append("<span class=\"verdict ").append(verdictClass(verdict)).append("\">").append(escape(verdict))
                .append("</span>");
    }

    private static String verdictClass(String verdict) {
        return switch (verdict == null ? "" : verdict.trim().toUpperCase(Locale.ROOT)) {
            case "PASSED" -> "pass";
            case "FAILED", "ERROR" -> "fail";
            case "INCONCLUSIVE", "REPORTED" -> "warn";
            default -> "other";
        };
    }

    private static String anchor(int testIndex) {
        return "test-" + (testIndex + 1);
    }

    // ---- chart -------------------------------------------------------------------------------------------------

    private static void appendChart(StringBuilder html, ChartData.Probe probe) {
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
        for (ChartData.Budget budget : probe.budgets()) {
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
        for (int i = 1; i <= chart.yTickCount; i++) {
            html.append('M').append(coord(chart.left)).append(' ').append(crisp(chart.y(chart.yTick(i))))
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
        for (int i = 0; i <= chart.yTickCount; i++) {
            html.append("<text x=\"").append(coord(chart.left - 6)).append("\" y=\"")
                    .append(coord(chart.y(chart.yTick(i)) + 4)).append("\">").append(chart.yLabel(i)).append("</text>");
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

    private static void appendRun(StringBuilder html, Chart chart, ChartData.Run run, String colour) {
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
    private static void appendBudget(StringBuilder html, Chart chart, ChartData.Budget budget) {
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
     * Right of the plot, one entry per run: the colour, the label and the sample count below it; with more runs than
     * fit that way, the count follows the label on one line.
     */
    private static void appendLegend(StringBuilder html, List<ChartData.Run> runs) {
        int x = PLOT_RIGHT + 16;
        boolean compact = runs.size() * LEGEND_ITEM_HEIGHT > PLOT_BOTTOM - PLOT_TOP;
        int step = compact ? (PLOT_BOTTOM - PLOT_TOP) / runs.size() : LEGEND_ITEM_HEIGHT;
        for (int i = 0; i < runs.size(); i++) {
            ChartData.Run run = runs.get(i);
            int y = PLOT_TOP + 8 + i * step;
            html.append("<path class=\"run\" stroke=\"").append(runColour(i)).append("\" d=\"M").append(x)
                    .append(' ').append(y - 4).append("h22\"/><text x=\"").append(x + 28).append("\" y=\"")
                    .append(y).append("\">");
            if (compact) {
                html.append(escape(shorten(run.label(), 12))).append(" · ").append(grouped(run.count()))
                        .append("</text>");
            } else {
                html.append(escape(shorten(run.label(), 26))).append("</text><text class=\"count\" x=\"")
                        .append(x + 28).append("\" y=\"").append(y + 14).append("\">").append(grouped(run.count()))
                        .append(run.count() == 1 ? " sample" : " samples").append("</text>");
            }
            html.append('\n');
        }
    }

    private static String runColour(int runIndex) {
        return RUN_COLOURS.get(runIndex % RUN_COLOURS.size());
    }

    private static int pointCount(ChartData.Run run) {
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
        final double yStep;
        final int yTickCount;
        final double left;

        Chart(ChartData.Probe probe) {
            double highestNines = 0;
            double highestMicros = 0;
            boolean max = false;
            boolean points = false;
            for (ChartData.Run run : probe.runs()) {
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
                }
            }
            for (ChartData.Budget budget : probe.budgets()) {
                max |= budget.percentile() >= 100;
                highestNines = budget.percentile() >= 100 ? highestNines
                        : Math.max(highestNines, nines(budget.percentile()));
                highestMicros = Double.isFinite(budget.maxMicros())
                        ? Math.max(highestMicros, budget.maxMicros()) : highestMicros;
            }
            decades = (int) Math.max(1, Math.min(MAX_DECADES, Math.ceil(highestNines - 1e-9)));
            withMax = max;
            hasPoints = points;
            double target = highestMicros > 0 ? highestMicros * 1.05 : 1;
            yStep = niceStep(target / 6);
            yTickCount = (int) Math.ceil(target / yStep - 1e-9);
            left = Math.max(56, 24 + CHAR_WIDTH * widestYLabel());
        }

        int lastXTick() {
            return withMax ? decades + 1 : decades;
        }

        double yTick(int i) {
            return i * yStep;
        }

        String yLabel(int i) {
            return number(yTick(i));
        }

        double x(double percentile) {
            return left + xFraction(percentile, decades, withMax) * (PLOT_RIGHT - left);
        }

        double xOfNines(int nines) {
            return left + (double) nines / lastXTick() * (PLOT_RIGHT - left);
        }

        double y(double micros) {
            double fraction = Math.max(0, Math.min(1, micros / (yTickCount * yStep)));
            return PLOT_BOTTOM - fraction * (PLOT_BOTTOM - PLOT_TOP);
        }

        private int widestYLabel() {
            int widest = 1;
            for (int i = 0; i <= yTickCount; i++) {
                widest = Math.max(widest, yLabel(i).length());
            }
            return widest;
        }
    }

    // ---- scales (package-private for the tests) -----------------------------------------------------------------

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

    /** The smallest 1, 2 or 5 times a power of ten that is at least {@code raw} (a positive number). */
    static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double fraction = raw / magnitude;
        if (fraction <= 1 + 1e-9) {
            return magnitude;
        }
        if (fraction <= 2 + 1e-9) {
            return 2 * magnitude;
        }
        return fraction <= 5 + 1e-9 ? 5 * magnitude : 10 * magnitude;
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

    // ---- text --------------------------------------------------------------------------------------------------

    private static String budgetLabel(ChartData.Budget budget) {
        String percentile = budget.percentile() >= 100 ? "max"
                : "p" + new DecimalFormat("0.##########", DecimalFormatSymbols.getInstance(Locale.ROOT))
                .format(budget.percentile());
        return "budget " + percentile + " ≤ " + number(budget.maxMicros()) + " µs";
    }

    /** A latency for a label: thousands separators, and up to 3 decimals below 10. */
    static String number(double micros) {
        String pattern = Math.abs(micros) < 10 ? "#,##0.###" : "#,##0";
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT)).format(micros);
    }

    private static String grouped(long count) {
        return new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(count);
    }

    /** An SVG coordinate with at most one decimal, e.g. {@code 12}, {@code 12.5}. */
    static String coord(double value) {
        long tenths = Math.round(value * 10);
        long whole = Math.abs(tenths) / 10;
        long fraction = Math.abs(tenths) % 10;
        String sign = tenths < 0 ? "-" : "";
        return fraction == 0 ? sign + whole : sign + whole + "." + fraction;
    }

    /** A coordinate on the pixel grid's centre line, so a 1-pixel line is drawn sharp. */
    private static String crisp(double value) {
        return coord(Math.floor(value) + 0.5);
    }

    private static String shorten(String text, int maxLength) {
        String value = text == null ? "" : text;
        return value.length() <= maxLength ? value : value.substring(0, maxLength - 1) + "…";
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    /** The text with {@code & < > " '} escaped, for element content and attribute values; null as empty. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}

package org.jlbh.junit.internal.report.page;

import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;

import java.util.List;
import java.util.Locale;

import static org.jlbh.junit.internal.report.page.ChartFormat.escape;

/**
 * The change against its base in a test's section of the suite page: per probe compared a table of its rows (per
 * percentile the median pair's base and change, the change in percent, its interval against either copy of the base,
 * how far the base's two copies are apart, the smallest slowdown the pairs would flag and the verdict), with the chart
 * of each side's median run beside it; then the comparison's notes. The base and change shown are the median pair's
 * figures, whose ratio, less one, is the change shown. Stateless; thread-safe.
 */
final class PairedTable {

    /** The table's header cells, in order. */
    static final List<String> HEADER = List.of("percentile", "base (µs), median pair", "change (µs), median pair",
            "change in %", "interval", "copy to copy (base, change)", "detectable", "verdict");

    private static final String NONE = "\u2014";
    /** The column of both sides' copy to copy. */
    private static final int COPIES = HEADER.indexOf("copy to copy (base, change)");

    private PairedTable() {
    }

    static void append(StringBuilder html, ChartData.PairedData paired) {
        html.append("<h3>against the base: ").append(paired.pairs()).append(paired.pairs() == 1 ? " pair" : " pairs")
                .append(" of runs, tolerance +").append(ReportFormat.plain(paired.tolerancePercent()))
                .append("%</h3>\n");
        for (ChartData.PairedProbe probe : paired.probes()) {
            html.append("<div class=\"paired\">\n<div class=\"side\"><table class=\"rows\"><caption>")
                    .append(escape(probe.name()));
            if (!probe.rows().isEmpty()) {
                html.append(", ").append(escape(probe.rows().get(0).basis().words()));
            }
            html.append("</caption>\n<thead><tr>");
            HEADER.forEach(header -> html.append("<th>").append(escape(header)).append("</th>"));
            html.append("</tr></thead>\n<tbody>\n");
            for (ComparisonRow row : probe.rows()) {
                List<String> cells = cells(row);
                html.append("<tr>");
                for (int i = 0; i < cells.size() - 1; i++) {
                    // both sides' copy to copy in one cell, which may wrap, so that the table keeps beside its chart
                    html.append(i == COPIES ? "<td class=\"copies\">" : "<td>").append(escape(cells.get(i)))
                            .append("</td>");
                }
                html.append("<td class=\"said\">");
                String look = row.decision() == ComparisonRow.Change.REGRESSION ? "fail"
                        : row.decision() == ComparisonRow.Change.IMPROVED ? "pass" : "";
                html.append(look.isEmpty() ? "" : "<span class=\"verdict " + look + "\">")
                        .append(escape(cells.get(cells.size() - 1))).append(look.isEmpty() ? "" : "</span>")
                        .append("</td></tr>\n");
            }
            html.append("</tbody>\n</table></div>\n");
            probe.chart().ifPresent(chart -> {
                html.append("<div class=\"beside\">");
                PercentileChart.appendNarrow(html, chart);
                html.append("</div>\n");
            });
            html.append("</div>\n");
        }
        for (String note : paired.notes()) {
            html.append("<p class=\"settings\">").append(escape(note)).append("</p>\n");
        }
    }

    /**
     * @return a row's cells under {@link #HEADER}: the base and change are its median pair's figures in µs
     *         ({@link ComparisonRow.Pairs#medianPair()}), a dash where a row has none
     */
    static List<String> cells(ComparisonRow row) {
        String base = NONE;
        String change = NONE;
        if (row.figures() instanceof ComparisonRow.Pairs pairs && pairs.medianPair() >= 0) {
            base = ReportFormat.micros(pairs.baseOfPair(pairs.medianPair()));
            change = ReportFormat.micros(pairs.changeOfPair(pairs.medianPair()));
        }
        boolean judged = !Double.isNaN(row.changePercent());
        String percent = "%+." + row.figures().decimals() + "f";
        return List.of(row.percentile().equals(BaselineComparison.WORST) ? row.percentile() : "p" + row.percentile(),
                base, change,
                judged ? String.format(Locale.ROOT, percent + "%%", row.changePercent()) : NONE,
                judged ? String.format(Locale.ROOT, percent + ".." + percent + "%%", row.lowPercent(),
                        row.highPercent()) : NONE,
                copyToCopy(row), detectable(row.detectablePercent()), judged ? row.said() : row.why());
    }

    /**
     * @return how far each side's two copies are apart, which the interval holds, the base's then the change's, e.g.
     *         {@code -0.8%, +0.3%}; a dash where not measured
     */
    private static String copyToCopy(ComparisonRow row) {
        if (!(row.figures() instanceof ComparisonRow.Pairs pairs) || !pairs.twoCopiesEach()) {
            return NONE;
        }
        return String.format(Locale.ROOT, "%+.1f%%, %+.1f%%", pairs.baseCopiesApartPercent(),
                pairs.changeCopiesApartPercent());
    }

    private static String detectable(double percent) {
        if (Double.isNaN(percent)) {
            return NONE;
        }
        return Double.isInfinite(percent) ? "none" : String.format(Locale.ROOT, "%+.0f%%", percent);
    }
}

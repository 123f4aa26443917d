package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.profile.CodeProfile;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.jlbh.junit.internal.report.page.ChartFormat.escape;

/**
 * Renders the suite page, {@code index.html}: a table of the tests with their verdicts, then per test a section with
 * one percentile-distribution chart per probe, a paired test's change against its base per probe (a table of its rows
 * beside a chart of both sides' median runs) and a chart of end to end over the time of each run; per throughput
 * sweep a section with its latency against throughput per probe and its knee, just before the first of its rates'
 * sections, each of which links to it.
 *
 * <p>The page is self-contained: it opens from the file system with no network and no JavaScript. The charts are
 * inline SVG, the style one inline {@code <style>} element, and only locally installed fonts are named. Stateless.
 */
public final class HtmlReport {

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
            .chart .broken{fill:none;stroke-width:2}
            .chart .required path{stroke-width:1.5;stroke-dasharray:2 3;fill:none}
            .chart .required text{fill:inherit;font-weight:700;text-anchor:middle;stroke:#fff;stroke-width:3px;\
            paint-order:stroke}
            .paired{display:flex;gap:10px 16px;align-items:flex-start;margin:4px 0 12px}
            .paired .side{flex:1 1 0;min-width:0;overflow-x:auto}
            .paired .beside{flex:0 0 auto;max-width:100%}
            @media (max-width:880px){.paired{flex-direction:column}.paired .side{width:100%}}
            table.rows{border-collapse:collapse;width:100%;font-size:12px}
            .rows caption{text-align:left;font-weight:600;color:#444;padding:0 0 4px}
            .rows th,.rows td{border-bottom:1px solid #e3e3e3;padding:4px 3px;text-align:right;vertical-align:top}
            .rows td{white-space:nowrap}
            .rows td.copies{white-space:normal}
            .rows th{background:#f5f5f5;font-weight:600}
            .rows th:first-child,.rows td:first-child,.rows th:last-child,.rows td.said{text-align:left}
            .rows td.said{white-space:normal}
            .knee{font-weight:600;margin:4px 0}
            .sweeps{margin:0 0 24px}
            """;

    private HtmlReport() {
    }

    /**
     * @return the page, a complete HTML document: the tests in the order given, each sweep just before the first of
     *         its rates' sections, or after the table when none of them is listed
     */
    static String render(String title, List<ChartData.TestChart> tests, List<ChartData.SweepData> sweeps) {
        StringBuilder html = new StringBuilder(16_384 + tests.size() * 8_192 + sweeps.size() * 16_384);
        appendHead(html, title);
        html.append("<body>\n<h1 id=\"top\">").append(escape(title)).append("</h1>\n");
        appendSummary(html, tests);
        appendTestTable(html, tests);
        Map<String, Integer> sweepOfTest = new HashMap<>();
        for (int s = 0; s < sweeps.size(); s++) {
            for (String test : sweeps.get(s).tests()) {
                sweepOfTest.putIfAbsent(test, s);
            }
        }
        appendSweepList(html, sweeps);
        List<Integer> sweepOf = tests.stream().map(test -> sweepOfTest.get(test.name())).toList();
        for (int s = 0; s < sweeps.size(); s++) {
            if (!sweepOf.contains(s)) {
                appendSweepSection(html, sweeps.get(s), s);
            }
        }
        for (int i = 0; i < tests.size(); i++) {
            Integer sweep = sweepOf.get(i);
            if (sweep != null && sweepOf.indexOf(sweep) == i) {
                appendSweepSection(html, sweeps.get(sweep), sweep);
            }
            appendTestSection(html, tests.get(i), i, sweep, sweeps);
        }
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    private static void appendHead(StringBuilder html, String title) {
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n");
    }

    private static void appendSummary(StringBuilder html, List<ChartData.TestChart> tests) {
        Map<Outcome, Long> counts = tests.stream().collect(Collectors.groupingBy(ChartData.TestChart::outcome,
                () -> new EnumMap<>(Outcome.class), Collectors.counting()));
        String byOutcome = Stream.of(Outcome.FAILED, Outcome.INCONCLUSIVE, Outcome.REPORTED, Outcome.PASSED)
                .filter(counts::containsKey).map(outcome -> counts.get(outcome) + " " + outcome.name())
                .collect(Collectors.joining(", "));
        html.append("<p class=\"summary\">").append(tests.size()).append(tests.size() == 1 ? " test" : " tests")
                .append(byOutcome.isEmpty() ? "" : ": " + byOutcome).append("</p>\n");
    }

    private static void appendTestTable(StringBuilder html, List<ChartData.TestChart> tests) {
        html.append("<table class=\"tests\">\n<thead><tr><th>Test</th><th>Verdict</th><th>Detail</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < tests.size(); i++) {
            ChartData.TestChart test = tests.get(i);
            html.append("<tr><td><a href=\"#").append(anchor(i)).append("\">").append(escape(test.name()))
                    .append("</a></td><td>");
            appendVerdict(html, test.outcome());
            html.append("</td><td class=\"detail\">").append(escape(test.verdictDetail())).append("</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    /** After the table of tests, a link to each sweep's chart. */
    private static void appendSweepList(StringBuilder html, List<ChartData.SweepData> sweeps) {
        if (sweeps.isEmpty()) {
            return;
        }
        html.append("<p class=\"sweeps\">Latency against throughput: ");
        for (int s = 0; s < sweeps.size(); s++) {
            ChartData.SweepData sweep = sweeps.get(s);
            html.append(s == 0 ? "" : ", ").append("<a href=\"#").append(sweepAnchor(s)).append("\">")
                    .append(escape(sweep.name())).append("</a> (").append(sweep.rates().size())
                    .append(sweep.rates().size() == 1 ? " rate" : " rates").append(')');
        }
        html.append("</p>\n");
    }

    /** A sweep's section: its knee, what is drawn, and per probe its latency against throughput. */
    private static void appendSweepSection(StringBuilder html, ChartData.SweepData sweep, int index) {
        html.append("<section class=\"sweep\" id=\"").append(sweepAnchor(index)).append("\">\n<h2>")
                .append(escape(sweep.name())).append(": latency against throughput</h2>\n<p class=\"knee\">")
                .append(escape(sweep.knee())).append("</p>\n<p class=\"settings\">")
                .append(escape(SweepChart.describe(sweep))).append("</p>\n");
        for (ChartData.SweepProbe probe : sweep.probes()) {
            html.append("<h3>").append(escape(probe.name())).append("</h3>\n");
            SweepChart.append(html, sweep, probe);
        }
        if (sweep.probes().isEmpty()) {
            html.append("<p class=\"none\">no probes</p>\n");
        }
        html.append("</section>\n");
    }

    private static void appendTestSection(StringBuilder html, ChartData.TestChart test, int index, Integer sweep,
                                          List<ChartData.SweepData> sweeps) {
        html.append("<section id=\"").append(anchor(index)).append("\">\n<h2>").append(escape(test.name()));
        appendVerdict(html, test.outcome());
        html.append("</h2>\n<p class=\"settings\">").append(escape(test.settings())).append("</p>\n");
        if (sweep != null) {
            html.append("<p class=\"settings\">One rate of a sweep: <a href=\"#").append(sweepAnchor(sweep))
                    .append("\">").append(escape(sweeps.get(sweep).name()))
                    .append(", latency against throughput</a></p>\n");
        }
        if (!isBlank(test.environment())) {
            html.append("<p class=\"settings\">").append(escape(test.environment())).append("</p>\n");
        }
        if (!isBlank(test.verdictDetail())) {
            html.append("<div class=\"detail\">").append(escape(test.verdictDetail())).append("</div>\n");
        }
        if (test.probes().isEmpty()) {
            html.append("<p class=\"none\">no probes</p>\n");
        }
        for (ChartData.ProbeChart probe : test.probes()) {
            html.append("<h3>").append(escape(probe.name())).append("</h3>\n");
            PercentileChart.append(html, probe);
        }
        test.paired().ifPresent(paired -> PairedTable.append(html, paired));
        test.timeline().ifPresent(timeline -> {
            html.append("<h3>end to end over time</h3>\n");
            TimelineChart.append(html, timeline);
        });
        test.profile().ifPresent(profile -> appendProfile(html, "where the late iterations spent their time",
                profile));
        test.growth().ifPresent(growth -> appendProfile(html, "where the change spent more time than its base",
                growth));
        html.append("</section>\n");
    }

    /** A profile's findings under a heading, and links to its flame graph and (only beside it) its differential. */
    private static void appendProfile(StringBuilder html, String heading, CodeProfile<?> profile) {
        html.append("<h3>").append(heading).append("</h3>\n<div class=\"detail\">");
        for (String line : profile.findings()) {
            html.append(escape(line.strip())).append('\n');
        }
        html.append("</div>\n");
        profile.flameGraph().ifPresent(file -> {
            html.append("<p class=\"settings\"><a href=\"").append(escape(file)).append("\">")
                    .append(escape(profile.compared().labels().flameGraph())).append("</a>");
            profile.differential().ifPresent(against -> html.append(" \u00b7 <a href=\"").append(escape(against))
                    .append("\">").append(escape(profile.compared().labels().differential())).append("</a>"));
            html.append("</p>\n");
        });
    }

    private static void appendVerdict(StringBuilder html, Outcome outcome) {
        html.append("<span class=\"verdict ").append(verdictClass(outcome)).append("\">").append(outcome.name())
                .append("</span>");
    }

    /** The badge's style class of an outcome. */
    static String verdictClass(Outcome outcome) {
        return switch (outcome) {
            case PASSED -> "pass";
            case FAILED -> "fail";
            case INCONCLUSIVE, REPORTED -> "warn";
        };
    }

    private static String anchor(int testIndex) {
        return "test-" + (testIndex + 1);
    }

    private static String sweepAnchor(int sweepIndex) {
        return "sweep-" + (sweepIndex + 1);
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}

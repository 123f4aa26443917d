package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the gate-rate measurements ({@link RegressionGateRates}, {@link PairedGateRates}) share: reading a build's
 * decisions from its JSON result, keeping a missed build, listing every build, and counting them into a table. Not
 * thread-safe (one measurement at a time).
 */
final class GateBuilds {
    private static final Pattern ROW = Pattern.compile("\\{([^{}]*)\\}");
    private static final Pattern MEMBER = Pattern.compile("\"(\\w+)\": (\"[^\"]*\"|[-\\d.eE+]+|null|true|false)");
    private static final Pattern FIGURES = Pattern.compile("\"(percentilesNanos|codesOwnNanos)\": \\{([^}]*)\\}");

    /**
     * One version of the measured body, as the consumer project names it.
     *
     * @param variant    its name in the consumer project
     * @param label      its name in the table
     * @param regression whether a gate should flag it
     */
    record Version(String variant, String label, boolean regression) {
    }

    /**
     * One compared percentile of one build, as its JSON result says it.
     *
     * @param change the estimated change and its interval in percent, e.g. {@code +9.8 [+6.1..+12.0]}, or {@code -}
     */
    record Row(String what, String basis, String decision, String change, double detectablePercent) {

        /** @return the estimated change in percent, e.g. {@code 9.8}; empty when not compared */
        Optional<Double> changePercent() {
            return change.equals("-") ? Optional.empty()
                    : Optional.of(Double.parseDouble(change.substring(0, change.indexOf(' '))));
        }

        /**
         * @return whether its interval holds zero, its ends read as the row gives them (to 0.1%: an end of
         *         {@code +0.0} or {@code -0.0} holds it); false when not compared or an end is unknown
         */
        boolean intervalHoldsZero() {
            int open = change.indexOf('[');
            int close = change.indexOf(']');
            if (open < 0 || close < open) {
                return false;
            }
            String[] ends = change.substring(open + 1, close).split("\\.\\.");
            if (ends.length != 2 || ends[0].equals("?") || ends[1].equals("?")) {
                return false;
            }
            return Double.parseDouble(ends[0]) <= 0 && Double.parseDouble(ends[1]) >= 0;
        }
    }

    private GateBuilds() {
    }

    /**
     * @param json  a build's JSON result
     * @param array the rows' array, as a pattern whose group 1 is its content (the baseline's, or the paired rows')
     * @return each row, in order; empty when there is none
     */
    static List<Row> rows(String json, Pattern array) {
        List<Row> rows = new ArrayList<>();
        Matcher compared = array.matcher(json);
        if (!compared.find()) {
            return rows;
        }
        Matcher row = ROW.matcher(compared.group(1));
        while (row.find()) {
            Map<String, String> members = new TreeMap<>();
            Matcher member = MEMBER.matcher(row.group(1));
            while (member.find()) {
                members.put(member.group(1), member.group(2).replace("\"", ""));
            }
            String percentile = members.getOrDefault("percentile", "?");
            String detectable = members.getOrDefault("detectablePercent", "null");
            rows.add(new Row(members.getOrDefault("probe", "?") + (percentile.equals("worst") ? " worst"
                    : " p" + percentile), members.getOrDefault("basis", "MEASURED"),
                    members.getOrDefault("decision", "?"), change(members),
                    detectable.equals("none") ? Double.POSITIVE_INFINITY
                            : detectable.equals("null") ? Double.NaN : Double.parseDouble(detectable)));
        }
        return rows;
    }

    /**
     * @param rows       a build's rows
     * @param percentile e.g. {@code 50}
     * @return the end-to-end probe's row of that percentile, if it was compared
     */
    static Optional<Row> endToEnd(List<Row> rows, String percentile) {
        return rows.stream().filter(row -> row.what().equals("end to end p" + percentile)).findFirst();
    }

    private static String change(Map<String, String> members) {
        String change = members.get("changePercent");
        if (change == null || change.equals("null")) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.1f [%s..%s]", Double.parseDouble(change),
                signed(members.get("lowPercent")), signed(members.get("highPercent")));
    }

    private static String signed(String percent) {
        return percent == null || percent.equals("null") ? "?"
                : String.format(Locale.ROOT, "%+.1f", Double.parseDouble(percent));
    }

    /** @return the rows in one cell of the builds' list, e.g. {@code end to end p50 CODES_OWN REGRESSION 14.3; …} */
    static String describe(List<Row> rows) {
        List<String> parts = new ArrayList<>();
        for (Row row : rows) {
            parts.add(String.format(Locale.ROOT, "%s %s %s %s %s", row.what(), row.basis(), row.decision(),
                    row.change(), Double.isNaN(row.detectablePercent()) ? "-" : String.format(Locale.ROOT, "%.1f",
                            row.detectablePercent())));
        }
        return String.join("; ", parts);
    }

    /** One gated build: the version asked for, built through the launcher given. */
    @FunctionalInterface
    interface GatedBuild {
        ConsumerProject.Build build(ConsumerProject.Launcher launcher, Version version) throws IOException;
    }

    /**
     * Builds each version the given number of times under each condition (quiet, or beside busy loops), the versions
     * interleaved and the launchers taken in turn, and counts each build ({@link #count}).
     *
     * @return the cells, by condition and version, in the order measured
     */
    static Map<String, Tally> interleave(List<Integer> conditions, int builds, List<Version> versions, Path kept,
                                         Path log, String phase, GatedBuild gated, Pattern rows) throws IOException {
        ConsumerProject.Launcher[] launchers = ConsumerProject.Launcher.values();
        Map<String, Tally> tallies = new java.util.LinkedHashMap<>();
        for (int busy : conditions) {
            try (Neighbours ignored = Neighbours.start(busy)) {
                for (int i = 1; i <= builds; i++) {
                    for (int v = 0; v < versions.size(); v++) {
                        Version version = versions.get(v);
                        ConsumerProject.Launcher launcher = launchers[(i + v) % launchers.length];
                        ConsumerProject.Build build = gated.build(launcher, version);
                        count(tallies, kept, log, phase, busy, launcher, version, i, build, rows(build.result(), rows));
                    }
                }
            }
        }
        return tallies;
    }

    /**
     * Counts one gated build in its cell, keeps it when it missed (an unchanged version flagged, a regression not
     * flagged, no comparison made), lists it and prints a line of progress.
     *
     * @param tallies the cells, by condition and version
     * @param rows    the rows the build's gate compared
     */
    static void count(Map<String, Tally> tallies, Path kept, Path log, String phase, int busy,
                      ConsumerProject.Launcher launcher, Version version, int build, ConsumerProject.Build result,
                      List<Row> rows) throws IOException {
        boolean flagged = rows.stream().anyMatch(row -> row.decision().equals("REGRESSION"));
        tallies.computeIfAbsent(condition(busy) + "|" + version.label(), key -> new Tally()).add(rows, flagged);
        boolean missed = rows.isEmpty() || flagged != version.regression();
        if (missed) {
            keep(kept, String.format(Locale.ROOT, "%s-%s-%d", condition(busy).replace(' ', '-'), version.variant(),
                    build), result);
        }
        String outcome = rows.isEmpty() ? "no comparison" : flagged ? "REGRESSION" : "not flagged";
        append(log, phase, busy, launcher, version.variant(), build, outcome, result, describe(rows));
        System.out.printf(Locale.ROOT, "%s, %s, %s, build %d: %s%s%n", condition(busy), launcher.label(),
                version.label(), build, outcome, missed ? " (kept)" : "");
    }

    /** Keeps a build's JSON result and console in {@code kept/name}. */
    static void keep(Path kept, String name, ConsumerProject.Build build) throws IOException {
        Path folder = kept.resolve(name);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("result.json"), build.result());
        Files.writeString(folder.resolve("console.txt"), build.output());
    }

    /** Starts the list of builds with its header. */
    static void startList(Path log) throws IOException {
        Files.createDirectories(log.getParent());
        Files.writeString(log, "phase\tcondition\tlauncher\tversion\tbuild\tflagged\tseconds\texit\trows\t"
                + "end to end runs (measured | on the code's own account, ns)\n");
    }

    /** Adds a build to the list. */
    static void append(Path log, String phase, int busy, ConsumerProject.Launcher launcher, String version,
                       int build, String outcome, ConsumerProject.Build result, String rows) throws IOException {
        Files.writeString(log, String.format(Locale.ROOT, "%s\t%s\t%s\t%s\t%d\t%s\t%.1f\t%d\t%s\t%s%n", phase,
                condition(busy), launcher.label(), version, build, outcome, result.seconds(),
                result.exitCode(), rows, endToEndRuns(result.result())), StandardOpenOption.APPEND);
    }

    /**
     * @param json a build's JSON result
     * @return each run's end-to-end percentiles as measured, then on the code's own account, e.g.
     *         {@code 50=325,90=371,99=2443 | 50=325,90=369,99=1210; …}: the figures the gate compared, kept so that
     *         other rules can be tried on the same builds
     */
    static String endToEndRuns(String json) {
        Matcher figures = FIGURES.matcher(endToEndProbe(json));
        StringBuilder runs = new StringBuilder();
        while (figures.find()) {
            boolean measured = figures.group(1).equals("percentilesNanos");
            runs.append(measured ? (runs.length() == 0 ? "" : "; ") : " | ")
                    .append(figures.group(2).replaceAll("[\\s\"]", "").replace(':', '='));
        }
        return runs.toString();
    }

    /**
     * @param json a build's JSON result
     * @return its end-to-end probe's part, from its name to the next probe's (its runs' figures); empty when it has none
     */
    static String endToEndProbe(String json) {
        int probes = json.indexOf("\"probes\": [");
        int endToEnd = probes < 0 ? -1 : json.indexOf("\"name\": \"end to end\"", probes);
        if (endToEnd < 0) {
            return "";
        }
        int next = json.indexOf("\"name\": ", endToEnd + 1);
        return json.substring(endToEnd, next < 0 ? json.length() : next);
    }

    /** @return the table's header row and its rule */
    static String tableHeader() {
        return "| condition | version | builds | flagged as a regression | where | not judged | compared as measured "
                + "| detectable change, median (p50 / p90 / p99) |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
    }

    /** @return the table's rows, one per condition and version, keyed {@code condition|version} */
    static String tableRows(Map<String, Tally> tallies) {
        StringBuilder sb = new StringBuilder();
        tallies.forEach((key, tally) -> {
            String[] parts = key.split("\\|");
            sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %s | %s | %d | %s |%n", parts[0], parts[1],
                    tally.builds, tally.flagged, format(tally.regressions), format(tally.notJudged), tally.measured,
                    tally.detectable()));
        });
        return sb.toString();
    }

    private static String format(Map<String, Integer> counts) {
        List<String> parts = new ArrayList<>();
        counts.forEach((what, count) -> parts.add(what + ": " + count));
        return parts.isEmpty() ? "-" : String.join(", ", parts);
    }

    /** @return how the table names a condition: quiet, or beside how many busy loops */
    static String condition(int busy) {
        return busy == 0 ? "quiet" : busy == 1 ? "one busy loop" : busy + " busy loops";
    }

    /** Counts of one condition and version. */
    static final class Tally {
        int builds;
        int flagged;
        int measured;
        final Map<String, Integer> regressions = new TreeMap<>();
        final Map<String, Integer> notJudged = new TreeMap<>();
        final Map<String, List<Double>> detectable = new TreeMap<>();

        void add(List<Row> rows, boolean regressed) {
            builds++;
            flagged += regressed ? 1 : 0;
            if (rows.isEmpty()) {
                notJudged.merge("no comparison", 1, Integer::sum);
            }
            measured += rows.stream().anyMatch(row -> row.basis().equals("MEASURED") && !row.what().endsWith("worst"))
                    ? 1 : 0;
            for (Row row : rows) {
                if (row.decision().equals("REGRESSION")) {
                    regressions.merge(row.what(), 1, Integer::sum);
                } else if (row.decision().equals("NOT_JUDGED")) {
                    notJudged.merge(row.what(), 1, Integer::sum);
                }
                if (!Double.isNaN(row.detectablePercent())) {
                    detectable.computeIfAbsent(row.what(), what -> new ArrayList<>()).add(row.detectablePercent());
                }
            }
        }

        /** @return the median detectable change of end to end p50, p90 and p99, e.g. {@code +14% / +18% / none} */
        String detectable() {
            List<String> parts = new ArrayList<>();
            for (String percentile : List.of("50", "90", "99")) {
                List<Double> values = new ArrayList<>(detectable.getOrDefault("end to end p" + percentile, List.of()));
                if (values.isEmpty()) {
                    parts.add("-");
                    continue;
                }
                Collections.sort(values);
                double median = values.get(values.size() / 2);
                parts.add(Double.isInfinite(median) ? "none" : String.format(Locale.ROOT, "%+.0f%%", median));
            }
            return String.join(" / ", parts);
        }
    }
}

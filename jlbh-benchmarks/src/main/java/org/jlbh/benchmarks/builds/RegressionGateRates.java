package org.jlbh.benchmarks.builds;

import org.jlbh.junit.LatencyTestConfiguration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How often the baseline gate cries wolf and how often it misses, measured as rates over builds the way users build:
 * the {@link ConsumerProject}'s {@code GatedHashTest} against the installed jars, each build a fresh JVM, through
 * {@code mvn test} and JUnit's ConsoleLauncher in turn, in report mode (a budget never stops a build; what counts is
 * the baseline decision in its JSON result). First a history of recorded builds of the unchanged hash, under one
 * condition (quiet, or beside busy-loop processes: {@link Neighbours}); then, under each condition asked for, builds
 * interleaved round the versions: unchanged (A/A: any regression flagged is a false alarm), 25% slower, and a tail
 * regression (every 100th call also spins 100 µs). The gate compares end to end p50, p90 and p99 at its default
 * threshold of 10%.
 *
 * <p>Every build is listed in {@code target/regression-gate-builds.tsv}; a build that misses (an unchanged one
 * flagged, a regression not flagged, no comparison) keeps its JSON and console in {@code target/regression-gate-kept/}.
 *
 * <p>Arguments: {@code [builds per condition] [recorded builds] [history condition] [conditions, e.g. 0,1,2] [JDK]
 * [table file]}; {@code 50 5 1 0,1,2 17} took 100 minutes here. After {@code mvn -B install -DskipTests
 * -Dinvoker.skip=true}: {@code mvn -B -pl jlbh-benchmarks exec:java
 * -Dexec.mainClass=org.jlbh.benchmarks.builds.RegressionGateRates -Dexec.args="50 5 1 0,1,2 17
 * target/regression-gate.md"}.
 */
public final class RegressionGateRates {
    private static final String TEST = "GatedHashTest";
    private static final Pattern ROWS = Pattern.compile("\"baseline\": \\[(.*?)\\n  \\]", Pattern.DOTALL);
    private static final Pattern ROW = Pattern.compile("\\{([^{}]*)\\}");
    private static final Pattern MEMBER = Pattern.compile("\"(\\w+)\": (\"[^\"]*\"|[-\\d.eE+]+|null|true|false)");
    private static final Pattern WRITTEN = Pattern.compile("=== Baseline written: .* \\((\\d+) of at most");
    private static final Pattern FIGURES = Pattern.compile("\"(percentilesNanos|codesOwnNanos)\": \\{([^}]*)\\}");

    /** A version of the hash body, as the build's environment names it. */
    private enum Version {
        UNCHANGED("unchanged", "A/A: unchanged body", false),
        SLOWER("slower", "A/B: body 25% slower", true),
        TAIL("tail", "A/B: every 100th call +100 µs", true);

        final String variable;
        final String label;
        final boolean regression;

        Version(String variable, String label, boolean regression) {
            this.variable = variable;
            this.label = label;
            this.regression = regression;
        }
    }

    /** One compared percentile of one build, as its JSON result says it. */
    record Row(String what, String basis, String decision, double detectablePercent) {
    }

    private RegressionGateRates() {
    }

    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int recorded = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int history = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        List<Integer> conditions = Stream.of((args.length > 3 ? args[3] : "0,1,2").split(","))
                .map(Integer::parseInt).toList();
        String jdk = args.length > 4 ? args[4] : "17";
        Path out = Path.of(args.length > 5 ? args[5] : "target/regression-gate.md");
        String table = measure(builds, recorded, history, conditions, jdk);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    private static String measure(int builds, int recorded, int history, List<Integer> conditions, String jdk)
            throws IOException {
        Path work = Path.of("target", "regression-gate").toAbsolutePath();
        Path kept = Path.of("target", "regression-gate-kept").toAbsolutePath();
        Path log = Path.of("target", "regression-gate-builds.tsv").toAbsolutePath();
        ConsumerProject.deleteTree(kept);
        ConsumerProject.deleteTree(work.resolve("baseline"));
        Files.createDirectories(log.getParent());
        Files.writeString(log, "phase\tcondition\tlauncher\tversion\tbuild\tflagged\tseconds\texit\trows\t"
                + "end to end runs (measured | on the code's own account, ns)\n");
        ConsumerProject project = ConsumerProject.prepare(work.resolve("project"),
                System.getProperty("jlbh.version", "0.1.0-SNAPSHOT"), System.getProperty("junit.version", "5.11.3"));
        Path javaHome = ConsumerProject.javaHome(jdk);
        Map<String, String> parameters = Map.of(
                LatencyTestConfiguration.BASELINE_DIR, work.resolve("baseline").toString(),
                LatencyTestConfiguration.MODE, "report",
                LatencyTestConfiguration.BASELINE_HISTORY, Integer.toString(recorded));
        Map<String, String> recording = new LinkedHashMap<>(parameters);
        recording.put(LatencyTestConfiguration.BASELINE_WRITE, "true");
        ConsumerProject.Launcher[] launchers = ConsumerProject.Launcher.values();

        int written = 0;
        int tries = 0;
        try (Neighbours ignored = Neighbours.start(history)) {
            while (written < recorded && tries < 3 * recorded) {
                ConsumerProject.Launcher launcher = launchers[tries++ % launchers.length];
                ConsumerProject.Build build = project.build(launcher, javaHome, TEST, work.resolve("reports"),
                        recording, Map.of("HASH_VARIANT", Version.UNCHANGED.variable));
                Matcher count = WRITTEN.matcher(build.output());
                boolean wrote = count.find();
                written = wrote ? Integer.parseInt(count.group(1)) : written;
                append(log, "history", history, launcher, Version.UNCHANGED, tries, wrote ? "recorded" : "NOT recorded",
                        build, "");
                if (!wrote) {
                    keep(kept, "history-" + tries, build);
                }
                System.out.printf(Locale.ROOT, "history build %d (%s, %s): %s%n", tries, condition(history),
                        launcher.label(), wrote ? "recorded, " + written + " of " + recorded : "NOT recorded (kept)");
            }
        }
        if (written < recorded) {
            throw new IOException("only " + written + " of " + recorded + " history builds were recorded in "
                    + tries + " tries; see " + kept);
        }

        Map<String, Tally> tallies = new LinkedHashMap<>();
        for (int busy : conditions) {
            try (Neighbours ignored = Neighbours.start(busy)) {
                for (int i = 1; i <= builds; i++) {
                    for (Version version : Version.values()) {
                        ConsumerProject.Launcher launcher = launchers[(i + version.ordinal()) % launchers.length];
                        ConsumerProject.Build build = project.build(launcher, javaHome, TEST, work.resolve("reports"),
                                parameters, Map.of("HASH_VARIANT", version.variable));
                        List<Row> rows = rows(build.result());
                        boolean flagged = rows.stream().anyMatch(row -> row.decision().equals("REGRESSION"));
                        tallies.computeIfAbsent(condition(busy) + "|" + version.label, key -> new Tally())
                                .add(rows, flagged);
                        boolean missed = rows.isEmpty() || flagged != version.regression;
                        if (missed) {
                            keep(kept, String.format(Locale.ROOT, "%s-%s-%d", condition(busy).replace(' ', '-'),
                                    version.variable, i), build);
                        }
                        append(log, "gate", busy, launcher, version, i, rows.isEmpty() ? "no comparison"
                                : flagged ? "REGRESSION" : "not flagged", build, describe(rows));
                        System.out.printf(Locale.ROOT, "%s, %s, %s, build %d: %s%s%n", condition(busy),
                                launcher.label(), version.label, i, rows.isEmpty() ? "no comparison"
                                        : flagged ? "REGRESSION" : "not flagged", missed ? " (kept)" : "");
                    }
                }
            }
        }
        return table(tallies, builds, recorded, history, jdk, javaHome);
    }

    /**
     * @param json a build's JSON result
     * @return each row of its baseline comparison, in order; empty when it made none
     */
    static List<Row> rows(String json) {
        List<Row> rows = new ArrayList<>();
        Matcher baseline = ROWS.matcher(json);
        if (!baseline.find()) {
            return rows;
        }
        Matcher row = ROW.matcher(baseline.group(1));
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
                    members.getOrDefault("decision", "?"), detectable.equals("none") ? Double.POSITIVE_INFINITY
                    : detectable.equals("null") ? Double.NaN : Double.parseDouble(detectable)));
        }
        return rows;
    }

    private static String describe(List<Row> rows) {
        List<String> parts = new ArrayList<>();
        for (Row row : rows) {
            parts.add(String.format(Locale.ROOT, "%s %s %s %s", row.what(), row.basis(), row.decision(),
                    Double.isNaN(row.detectablePercent()) ? "-" : String.format(Locale.ROOT, "%.1f",
                            row.detectablePercent())));
        }
        return String.join("; ", parts);
    }

    private static void keep(Path kept, String name, ConsumerProject.Build build) throws IOException {
        Path folder = kept.resolve(name);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("result.json"), build.result());
        Files.writeString(folder.resolve("console.txt"), build.output());
    }

    private static void append(Path log, String phase, int busy, ConsumerProject.Launcher launcher, Version version,
                               int build, String outcome, ConsumerProject.Build result, String rows)
            throws IOException {
        Files.writeString(log, String.format(Locale.ROOT, "%s\t%s\t%s\t%s\t%d\t%s\t%.1f\t%d\t%s\t%s%n", phase,
                condition(busy), launcher.label(), version.variable, build, outcome, result.seconds(),
                result.exitCode(), rows, endToEndRuns(result.result())), StandardOpenOption.APPEND);
    }

    /**
     * @param json a build's JSON result
     * @return each run's end-to-end percentiles as measured, then on the code's own account, e.g.
     *         {@code 50=325,90=371,99=2443 | 50=325,90=369,99=1210; …}: the figures the gate compared, kept so that
     *         other rules can be tried on the same builds
     */
    static String endToEndRuns(String json) {
        int probes = json.indexOf("\"probes\": [");
        int endToEnd = probes < 0 ? -1 : json.indexOf("\"name\": \"end to end\"", probes);
        if (endToEnd < 0) {
            return "";
        }
        int next = json.indexOf("\"name\": ", endToEnd + 1);
        Matcher figures = FIGURES.matcher(json.substring(endToEnd, next < 0 ? json.length() : next));
        StringBuilder runs = new StringBuilder();
        while (figures.find()) {
            boolean measured = figures.group(1).equals("percentilesNanos");
            runs.append(measured ? (runs.length() == 0 ? "" : "; ") : " | ")
                    .append(figures.group(2).replaceAll("[\\s\"]", "").replace(':', '='));
        }
        return runs.toString();
    }

    private static String table(Map<String, Tally> tallies, int builds, int recorded, int history, String jdk,
                                Path javaHome) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "Measured %s on this machine, JDK %s (%s): "
                        + "%d recorded builds of the unchanged hash %s, then %d builds per condition and version, "
                        + "interleaved, each a fresh JVM through mvn test and the ConsoleLauncher in turn%n%n",
                LocalDate.now(), jdk, javaHome.getFileName(), recorded, history == 0 ? "on a quiet machine"
                        : "beside " + condition(history), builds));
        sb.append("| condition | version | builds | flagged as a regression | where | not judged | compared as "
                + "measured | detectable change, median (p50 / p90 / p99) |\n");
        sb.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
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

    private static String condition(int busy) {
        return busy == 0 ? "quiet" : busy == 1 ? "one busy loop" : busy + " busy loops";
    }

    /** Counts of one condition and version. */
    private static final class Tally {
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

package org.jlbh.benchmarks.builds;

import org.jlbh.junit.LatencyTestConfiguration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How often the baseline gate cries wolf and how often it misses, measured as rates over fresh-JVM builds of
 * {@link HashBody}: a history of recorded builds of the unchanged body, then, interleaved, unchanged builds (A/A: any
 * regression flagged is a false alarm), builds of a 25% slower body, and builds with a tail regression (every 100th
 * call also spins 100 µs). The gate compares p50, p90 and p99 of end to end and of the hash probe. Builds run in
 * report mode, so a budget does not stop one; what counts is what the baseline comparison decided, read from each
 * build's JSON result.
 *
 * <p>Arguments: {@code [builds per condition] [recorded builds] [iterations factor] [table file]}; the full run is
 * {@code 50 5 1}, about 15 minutes on 2 cores:
 * {@code mvn -B -pl jlbh-benchmarks -am install -DskipTests -Dinvoker.skip=true} then
 * {@code mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.builds.RegressionGateRates
 * -Dexec.args="50 5 1 target/regression-gate.md"}.
 */
public final class RegressionGateRates {
    private static final Pattern ROW = Pattern.compile("\\{\\s*\"probe\": \"([^\"]+)\",\\s*\"percentile\": \"([^\"]+)\""
            + "[^}]*?\"decision\": \"([A-Z_]+)\"");

    private RegressionGateRates() {
    }

    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int recorded = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String factor = args.length > 2 ? args[2] : "1";
        Path out = Path.of(args.length > 3 ? args[3] : "target/regression-gate.md");
        String table = measure(builds, recorded, factor);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    /**
     * @param builds   builds per condition
     * @param recorded builds recorded in the baseline first
     * @param factor   the iterations factor (1 for the full figures; smaller for a smoke run)
     * @return the table of rates
     */
    public static String measure(int builds, int recorded, String factor) throws IOException {
        Path work = Files.createTempDirectory("jlbh-regression-gate");
        Path reports = work.resolve("reports");
        Map<String, String> parameters = new HashMap<>(Map.of(
                LatencyTestConfiguration.BASELINE_DIR, work.resolve("baseline").toString(),
                LatencyTestConfiguration.REPORT_DIR, reports.toString(),
                LatencyTestConfiguration.MODE, "report",
                LatencyTestConfiguration.BASELINE_HISTORY, Integer.toString(recorded),
                LatencyTestConfiguration.ITERATIONS_FACTOR, factor));
        Map<String, String> recording = new HashMap<>(parameters);
        recording.put(LatencyTestConfiguration.BASELINE_WRITE, "true");
        for (int i = 1; i <= recorded; i++) {
            ForkedBuilds.run(HashBody.Variant.UNCHANGED, recording);
            System.out.println("recorded build " + i + " of " + recorded);
        }
        Map<HashBody.Variant, Tally> tallies = new LinkedHashMap<>();
        List<HashBody.Variant> conditions = List.of(HashBody.Variant.UNCHANGED, HashBody.Variant.SLOWER_25,
                HashBody.Variant.TAIL_100);
        conditions.forEach(condition -> tallies.put(condition, new Tally()));
        Path result = reports.resolve(HashBody.class.getName() + ".hash.json");
        for (int i = 1; i <= builds; i++) {
            for (HashBody.Variant condition : conditions) {
                Files.deleteIfExists(result);
                ForkedBuilds.Build build = ForkedBuilds.run(condition, parameters);
                Map<String, String> decisions = decisions(ForkedBuilds.readResult(result));
                tallies.get(condition).add(decisions, build);
                System.out.println(condition + " build " + i + ": " + decisions);
            }
        }
        return table(tallies, builds, recorded, factor);
    }

    /** @return each compared probe and percentile's decision, e.g. {@code end to end p99 -> REGRESSION} */
    static Map<String, String> decisions(String json) {
        Map<String, String> decisions = new TreeMap<>();
        int baseline = json.indexOf("\"baseline\":");
        if (baseline < 0) {
            return decisions;
        }
        Matcher row = ROW.matcher(json.substring(baseline));
        while (row.find()) {
            String percentile = row.group(2);
            decisions.put(row.group(1) + (percentile.equals("worst") ? " worst" : " p" + percentile), row.group(3));
        }
        return decisions;
    }

    private static String table(Map<HashBody.Variant, Tally> tallies, int builds, int recorded, String factor) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Baseline gate: %d recorded builds of the unchanged body, then %d builds "
                + "per condition, interleaved, each a fresh JVM; iterations factor %s%n%n", recorded, builds, factor));
        sb.append("| condition | builds | flagged as a regression | where | not judged (too noisy) |\n");
        sb.append("| --- | --- | --- | --- | --- |\n");
        tallies.forEach((condition, tally) -> sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %s |%n",
                describe(condition), tally.builds, tally.flagged, tally.where(), tally.notJudged())));
        return sb.toString();
    }

    private static String describe(HashBody.Variant condition) {
        return switch (condition) {
            case UNCHANGED -> "A/A: unchanged body";
            case SLOWER_25 -> "A/B: body 25% slower";
            case TAIL_100 -> "A/B: every 100th call +100 µs";
            default -> condition.name();
        };
    }

    /** Counts of one condition. */
    private static final class Tally {
        int builds;
        int flagged;
        final Map<String, Integer> regressions = new TreeMap<>();
        final Map<String, Integer> notJudged = new TreeMap<>();

        void add(Map<String, String> decisions, ForkedBuilds.Build build) {
            builds++;
            if (decisions.containsValue("REGRESSION")) {
                flagged++;
            }
            decisions.forEach((what, decision) -> {
                if (decision.equals("REGRESSION")) {
                    regressions.merge(what, 1, Integer::sum);
                } else if (decision.equals("NOT_JUDGED")) {
                    notJudged.merge(what, 1, Integer::sum);
                }
            });
            if (decisions.isEmpty()) {
                notJudged.merge("no comparison (" + build.outcome() + ")", 1, Integer::sum);
            }
        }

        String where() {
            return format(regressions);
        }

        String notJudged() {
            return format(notJudged);
        }

        private static String format(Map<String, Integer> counts) {
            List<String> parts = new ArrayList<>();
            counts.forEach((what, count) -> parts.add(what + ": " + count));
            return parts.isEmpty() ? "-" : String.join(", ", parts);
        }
    }
}

package org.jlbh.benchmarks.builds;

import org.jlbh.junit.LatencyTestConfiguration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    private static final Pattern WRITTEN = Pattern.compile("=== Baseline written: .* \\((\\d+) of at most");

    /** The versions of the hash body, as the build's environment names them: unchanged first. */
    private static final List<GateBuilds.Version> VERSIONS = List.of(
            new GateBuilds.Version("unchanged", "A/A: unchanged body", false),
            new GateBuilds.Version("slower", "A/B: body 25% slower", true),
            new GateBuilds.Version("tail", "A/B: every 100th call +100 µs", true));

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
        GateBuilds.startList(log);
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
                        recording, Map.of("HASH_VARIANT", VERSIONS.get(0).variant()));
                Matcher count = WRITTEN.matcher(build.output());
                boolean wrote = count.find();
                written = wrote ? Integer.parseInt(count.group(1)) : written;
                GateBuilds.append(log, "history", history, launcher, VERSIONS.get(0).variant(), tries,
                        wrote ? "recorded" : "NOT recorded", build, "");
                if (!wrote) {
                    GateBuilds.keep(kept, "history-" + tries, build);
                }
                System.out.printf(Locale.ROOT, "history build %d (%s, %s): %s%n", tries,
                        GateBuilds.condition(history), launcher.label(),
                        wrote ? "recorded, " + written + " of " + recorded : "NOT recorded (kept)");
            }
        }
        if (written < recorded) {
            throw new IOException("only " + written + " of " + recorded + " history builds were recorded in "
                    + tries + " tries; see " + kept);
        }

        Map<String, GateBuilds.Tally> tallies = GateBuilds.interleave(conditions, builds, VERSIONS, kept, log, "gate",
                (launcher, version) -> project.build(launcher, javaHome, TEST, work.resolve("reports"), parameters,
                        Map.of("HASH_VARIANT", version.variant())), ROWS);
        return table(tallies, builds, recorded, history, jdk, javaHome);
    }

    /**
     * @param json a build's JSON result
     * @return each row of its baseline comparison, in order; empty when it made none
     */
    static List<GateBuilds.Row> rows(String json) {
        return GateBuilds.rows(json, ROWS);
    }


    private static String table(Map<String, GateBuilds.Tally> tallies, int builds, int recorded, int history,
                                String jdk, Path javaHome) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "Measured %s on this machine, JDK %s (%s): "
                        + "%d recorded builds of the unchanged hash %s, then %d builds per condition and version, "
                        + "interleaved, each a fresh JVM through mvn test and the ConsoleLauncher in turn%n%n",
                LocalDate.now(), jdk, javaHome.getFileName(), recorded, history == 0 ? "on a quiet machine"
                        : "beside " + GateBuilds.condition(history), builds));
        sb.append(GateBuilds.tableHeader()).append(GateBuilds.tableRows(tallies));
        return sb.toString();
    }
}

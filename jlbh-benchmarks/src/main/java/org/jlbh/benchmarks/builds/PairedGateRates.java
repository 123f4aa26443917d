package org.jlbh.benchmarks.builds;

import org.jlbh.junit.LatencyTestConfiguration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How often the paired mode cries wolf and how often it misses, measured as rates over builds the way users build: the
 * {@link ConsumerProject}'s {@code PairedHashTest} against the installed jars, each build a fresh JVM, through
 * {@code mvn test} and JUnit's ConsoleLauncher in turn, in report mode, paired with the base's copy of the test classes
 * (the unchanged hash). Under each condition asked for (quiet, or beside busy-loop processes: {@link Neighbours}),
 * builds interleaved round the change's versions: unchanged (A/A: any regression flagged is a false alarm), 10% slower,
 * and a tail regression (every 100th call also spins 100 µs). The paired comparison judges end to end p50, p90 and p99
 * at its default threshold of 5%.
 *
 * <p>Every build is listed in {@code target/paired-gate-builds.tsv}; a build that misses (an unchanged one flagged, a
 * regression not flagged, no comparison) keeps its JSON and console in {@code target/paired-gate-kept/}. A build whose
 * change did not run the version asked for (its console says which ran) stops the measurement.
 *
 * <p>Arguments: {@code [builds per condition] [conditions, e.g. 0,1,2] [JDK] [table file]}. After {@code mvn -B install
 * -DskipTests -Dinvoker.skip=true}: {@code mvn -B -pl jlbh-benchmarks exec:java
 * -Dexec.mainClass=org.jlbh.benchmarks.builds.PairedGateRates -Dexec.args="50 0,1,2 17 target/paired-gate.md"}.
 */
public final class PairedGateRates {
    private static final String TEST = "PairedHashTest";
    /** The name of the class loader of the base's classes. */
    private static final String BASE_LOADER = "jlbh-paired-base";
    private static final Pattern ROWS = Pattern.compile("\"paired\": \\{.*?\"rows\": \\[(.*?)\\n    \\]",
            Pattern.DOTALL);

    /** The change's versions of the hash body, as its {@code PairedVariant} names them. */
    static final GateBuilds.Version UNCHANGED = new GateBuilds.Version("unchanged", "A/A: unchanged body", false);
    static final GateBuilds.Version SLOWER = new GateBuilds.Version("slower", "A/B: body 10% slower", true);
    static final GateBuilds.Version TAIL = new GateBuilds.Version("tail", "A/B: every 100th call +100 µs", true);
    private static final List<GateBuilds.Version> VERSIONS = List.of(UNCHANGED, SLOWER, TAIL);

    private PairedGateRates() {
    }

    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        List<Integer> conditions = Stream.of((args.length > 1 ? args[1] : "0,1,2").split(","))
                .map(Integer::parseInt).toList();
        String jdk = args.length > 2 ? args[2] : "17";
        Path out = Path.of(args.length > 3 ? args[3] : "target/paired-gate.md");
        String table = measure(builds, conditions, jdk);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    private static String measure(int builds, List<Integer> conditions, String jdk) throws IOException {
        Path work = Path.of("target", "paired-gate").toAbsolutePath();
        Path kept = Path.of("target", "paired-gate-kept").toAbsolutePath();
        Path log = Path.of("target", "paired-gate-builds.tsv").toAbsolutePath();
        ConsumerProject.deleteTree(kept);
        GateBuilds.startList(log);
        ConsumerProject project = ConsumerProject.prepare(work.resolve("project"),
                System.getProperty("jlbh.version", "0.1.0-SNAPSHOT"), System.getProperty("junit.version", "5.11.3"));
        Map<String, String> parameters = Map.of(LatencyTestConfiguration.PAIRED_BASE, project.pairedBase().toString(),
                LatencyTestConfiguration.MODE, "report");
        Path javaHome = ConsumerProject.javaHome(jdk);
        Map<String, GateBuilds.Tally> tallies = GateBuilds.interleave(conditions, builds, VERSIONS, kept, log,
                "paired", (launcher, version) -> {
                    project.useVariant(version.variant());
                    ConsumerProject.Build build = project.build(launcher, javaHome, TEST, work.resolve("reports"),
                            parameters);
                    requireVariant(build, version);
                    return build;
                }, ROWS);
        return String.format(Locale.ROOT, "Measured %s on this machine, JDK %s (%s): the change paired with its base "
                        + "(the unchanged hash) in each build, %d builds per condition and version, interleaved, each "
                        + "a fresh JVM through mvn test and the ConsoleLauncher in turn%n%n", LocalDate.now(), jdk,
                javaHome.getFileName(), builds) + GateBuilds.tableHeader() + GateBuilds.tableRows(tallies);
    }

    /**
     * @param json a build's JSON result
     * @return each row of its paired comparison, in order; empty when it made none
     */
    static List<GateBuilds.Row> rows(String json) {
        return GateBuilds.rows(json, ROWS);
    }

    /** Stops the measurement when the change did not run the version asked for, or the base not the unchanged one. */
    static void requireVariant(ConsumerProject.Build build, GateBuilds.Version version) throws IOException {
        Pattern change = Pattern.compile("PairedHashTest variant " + version.variant() + " loaded by (?!"
                + BASE_LOADER + ")");
        String base = "PairedHashTest variant unchanged loaded by " + BASE_LOADER;
        if (!change.matcher(build.output()).find() || !build.output().contains(base)) {
            throw new IOException("the build did not run the versions asked for (the change " + version.variant()
                    + ", the base unchanged):\n" + build.output());
        }
    }
}

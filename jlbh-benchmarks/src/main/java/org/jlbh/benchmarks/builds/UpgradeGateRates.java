package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How often the paired mode catches a real dependency upgrade, and how often it flags the same version on both sides,
 * measured as rates over builds the way docs/ci.md's pull-request recipe builds: the integration test ci-recipes'
 * consumer project {@code orders} (its {@code OrderIds.stamp} salts each id with commons-lang3's
 * {@code RandomUtils.nextInt}, which draws from a {@code SecureRandom} since 3.15.0) made a git repository as that
 * test makes it: main with commons-lang3 3.14.0, a branch {@code upgrade} with 3.17.0, a branch {@code docs} changing
 * only the README. Once, the base (main) is checked out in a worktree beside the change's clone and built with its
 * test class path file, by the recipe's own command; then builds interleave round the two pull requests (the upgrade,
 * the same version), each a fresh JVM in the change's checkout: {@code mvn -B test -Dgroups=latency
 * -Djlbh.paired.base=...} and JUnit's ConsoleLauncher in turn, the base named the same way to both. Under each
 * condition asked for: quiet, or beside busy-loop processes ({@link Neighbours}).
 *
 * <p>An upgrade build is caught when it is flagged as a regression, its comparison's header names commons-lang3 with
 * both versions and its growth profile names the library's method ({@code RandomUtils.}); a same-version build misses
 * when anything is flagged. Every build is listed in {@code target/upgrade-gate-builds.tsv} (its rows, its header's
 * Dependencies line, whether that line names nothing else, and the other Java and Maven processes found running as it
 * started); a build that missed keeps its console and JSON result in {@code target/upgrade-gate-kept/}.
 *
 * <p>The ConsoleLauncher's class path is the change's classes and dependencies without JUnit's jars, which the
 * standalone launcher brings itself ({@link ConsumerProject} gives it the same way).
 *
 * <p>Arguments: {@code [builds per condition and version] [conditions, e.g. 0,1] [JDK] [table file]}. After {@code mvn
 * -B install -DskipTests -Dinvoker.skip=true}: {@code mvn -B -pl jlbh-benchmarks exec:java
 * -Dexec.mainClass=org.jlbh.benchmarks.builds.UpgradeGateRates -Dexec.args="10 0 17 target/upgrade-gate.md"}. The
 * consumer project is read from {@code jlbh-junit/src/it/ci-recipes/orders} above the working folder (or the folder
 * the system property {@code orders.project} names).
 */
public final class UpgradeGateRates {
    private static final String TEST_CLASS = "com.example.orders.OrderIdLatencyTest";
    private static final String RESULT = TEST_CLASS + ".stampOrder.json";
    private static final String ORDERS = "jlbh-junit/src/it/ci-recipes/orders";
    private static final String BASE_VERSION = "3.14.0";
    private static final String UPGRADED_VERSION = "3.17.0";
    /** What the upgrade's header must say. */
    static final String BOTH_VERSIONS = "org.apache.commons:commons-lang3 " + BASE_VERSION + " in the base, "
            + UPGRADED_VERSION + " in the change";
    /** What the same version's header must say. */
    static final String THE_SAME = "the same on both sides";
    private static final Pattern DEPENDENCIES = Pattern.compile("=== Dependencies: ([^\\r\\n]*)");
    private static final String GROWTH = "Where the change spent more time than its base";
    private static final Pattern LIBRARY_METHOD = Pattern.compile("a call in (RandomUtils\\.\\w+)");

    /** The pull requests, by the branch checked out as the change. */
    static final GateBuilds.Version UPGRADE = new GateBuilds.Version("upgrade",
            "commons-lang3 " + BASE_VERSION + " -> " + UPGRADED_VERSION, true);
    static final GateBuilds.Version SAME = new GateBuilds.Version("docs", "the same version (README only)", false);
    private static final List<GateBuilds.Version> VERSIONS = List.of(UPGRADE, SAME);

    private UpgradeGateRates() {
    }

    public static void main(String[] args) throws IOException {
        LauncherGrid.measureAndWrite(args, "target/upgrade-gate.md", UpgradeGateRates::measure);
    }

    private static String measure(int builds, List<Integer> conditions, String jdk) throws IOException {
        Path target = Path.of("target").toAbsolutePath();
        Path kept = target.resolve("upgrade-gate-kept");
        Path log = target.resolve("upgrade-gate-builds.tsv");
        ConsumerProject.deleteTree(kept);
        Files.createDirectories(log.getParent());
        Files.writeString(log, "condition\tlauncher\tversion\tbuild\toutcome\tmissed\tend to end p50\tp90\tp99\t"
                + "dependencies\theader right\theader names nothing else\tlibrary method named\tseconds\texit\t"
                + "other java or maven processes at the start\n");
        Path javaHome = ConsumerProject.javaHome(jdk);
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String source = PullRequests.sourceCommit();
        PullRequests pullRequests = prepare(target.resolve("upgrade-gate"), orders(), javaHome,
                System.getProperty("jlbh.version", "0.1.0-SNAPSHOT"), System.getProperty("junit.version", "5.11.3"));
        ConsumerProject.Launcher[] launchers = ConsumerProject.Launcher.values();
        Map<String, Tally> tallies = new LinkedHashMap<>();
        for (int busy : conditions) {
            try (Neighbours ignored = Neighbours.start(busy)) {
                for (int i = 1; i <= builds; i++) {
                    for (int v = 0; v < VERSIONS.size(); v++) {
                        GateBuilds.Version version = VERSIONS.get(v);
                        ConsumerProject.Launcher launcher = launchers[(i + v) % launchers.length];
                        String others = othersRunning();
                        Outcome outcome = Outcome.of(version, build(pullRequests, version, launcher,
                                javaHome));
                        tallies.computeIfAbsent(GateBuilds.condition(busy) + "|" + version.label(), key -> new Tally())
                                .add(outcome);
                        record(kept, log, busy, launcher, i, outcome, others);
                    }
                }
            }
        }
        return String.format(Locale.ROOT, "Measured from %s to %s on this machine, JDK %s (%s), the jars installed "
                        + "from %s: the pull request's change paired with its base (main, commons-lang3 %s, built in a "
                        + "worktree with its test class path), %d builds per condition and version, interleaved, each "
                        + "a fresh JVM through mvn test and the ConsoleLauncher in turn%n%n", started,
                Instant.now().truncatedTo(ChronoUnit.SECONDS), jdk, javaHome.getFileName(), source, BASE_VERSION,
                builds) + tableHeader() + tableRows(tallies);
    }

    /** Lists a build, keeps it when it missed, and prints a line of progress. */
    private static void record(Path kept, Path log, int busy, ConsumerProject.Launcher launcher, int number,
                               Outcome outcome, String others) throws IOException {
        GateBuilds.Version version = outcome.version();
        String missed = String.join(", ", outcome.missed());
        if (!missed.isEmpty()) {
            GateBuilds.keep(kept, String.format(Locale.ROOT, "%s-%s-%d", GateBuilds.condition(busy).replace(' ', '-'),
                    version.variant(), number), outcome.build());
        }
        ConsumerProject.Build build = outcome.build();
        Files.writeString(log, String.format(Locale.ROOT,
                "%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%d\t%s%n", GateBuilds.condition(busy),
                launcher.label(), version.variant(), number, outcome.decision(), missed.isEmpty() ? "-" : missed,
                outcome.cell("50"), outcome.cell("90"), outcome.cell("99"),
                outcome.dependencies().orElse("(none printed)"), outcome.headerRight() ? "yes" : "no",
                outcome.headerAlone() ? "yes" : "no", outcome.method().orElse("-"), build.seconds(),
                build.exitCode(), others), StandardOpenOption.APPEND);
        System.out.printf(Locale.ROOT, "%s, %s, %s, build %d: %s, p50 %s, %.0f s%s%n", GateBuilds.condition(busy),
                launcher.label(), version.label(), number, outcome.decision(), outcome.cell("50"), build.seconds(),
                missed.isEmpty() ? "" : " (kept: " + missed + ")");
    }

    /**
     * Makes the repository from the orders project as the integration test does (main, the pull requests
     * {@code upgrade} and {@code docs}), and checks each pull request out with the base built beside it.
     */
    private static PullRequests prepare(Path work, Path orders, Path javaHome, String jlbhVersion,
                                        String junitVersion) throws IOException {
        ConsumerProject.deleteTree(work);
        Path dev = PullRequests.repository(work, orders, "Order ids.\n", jlbhVersion, junitVersion);
        PullRequests.branch(dev, UPGRADE.variant(), "commons-lang3-" + UPGRADED_VERSION, checkout -> {
            Path pom = checkout.resolve("pom.xml");
            Files.writeString(pom, Files.readString(pom).replace("<version>" + BASE_VERSION + "</version>",
                    "<version>" + UPGRADED_VERSION + "</version>"));
        });
        PullRequests.branch(dev, SAME.variant(), "README", checkout -> Files.writeString(
                checkout.resolve("README.md"), "Each id is salted.\n", StandardOpenOption.APPEND));
        return PullRequests.checkOut(work, VERSIONS.stream().map(GateBuilds.Version::variant).toList(), javaHome,
                junitVersion);
    }

    /** Builds a pull request's latency step, its test's JSON result read into the build. */
    private static ConsumerProject.Build build(PullRequests pullRequests, GateBuilds.Version version,
                                               ConsumerProject.Launcher launcher, Path javaHome) throws IOException {
        ConsumerProject.Build build = pullRequests.build(version.variant(), launcher, javaHome, List.of(TEST_CLASS));
        Path result = pullRequests.reports(version.variant()).resolve(RESULT);
        return new ConsumerProject.Build(build.exitCode(), build.output(),
                Files.exists(result) ? Files.readString(result) : "", build.seconds());
    }

    /**
     * What one build said.
     *
     * @param rows         its paired comparison's rows
     * @param dependencies its header's Dependencies line, after the colon
     * @param method       the first of the library's methods its growth profile named
     */
    record Outcome(GateBuilds.Version version, ConsumerProject.Build build, List<GateBuilds.Row> rows,
                   Optional<String> dependencies, Optional<String> method) {

        static Outcome of(GateBuilds.Version version, ConsumerProject.Build build) {
            String output = build.output();
            int growth = output.indexOf(GROWTH);
            return new Outcome(version, build, PairedGateRates.rows(build.result()),
                    LauncherGrid.match(DEPENDENCIES, output).map(String::trim),
                    growth < 0 ? Optional.empty() : LauncherGrid.match(LIBRARY_METHOD, output.substring(growth)));
        }

        boolean flagged(String percentile) {
            return rows.stream().anyMatch(row -> row.what().equals("end to end p" + percentile)
                    && row.decision().equals("REGRESSION"));
        }

        boolean flagged() {
            return rows.stream().anyMatch(row -> row.decision().equals("REGRESSION"));
        }

        /**
         * @return whether the header said what it should: for the upgrade, that commons-lang3 differs with both its
         *         versions; for the other, that the dependencies are the same on both sides
         */
        boolean headerRight() {
            return dependencies.filter(line -> version.regression()
                    ? Arrays.asList(line.split("; ")).contains(BOTH_VERSIONS) : line.equals(THE_SAME)).isPresent();
        }

        /** @return whether the header named nothing else: the line docs/ci.md shows, or the same on both sides */
        boolean headerAlone() {
            return dependencies.filter(line -> line.equals(version.regression() ? BOTH_VERSIONS : THE_SAME))
                    .isPresent();
        }

        String decision() {
            return rows.isEmpty() ? "no comparison" : flagged() ? "REGRESSION" : "not flagged";
        }

        /** @return why the build missed; empty when it did not */
        List<String> missed() {
            List<String> missed = new ArrayList<>();
            if (rows.isEmpty()) {
                missed.add("no comparison");
            } else if (flagged() != version.regression()) {
                missed.add(version.regression() ? "not flagged" : "flagged");
            }
            if (version.regression() && !headerRight()) {
                missed.add("header without both versions");
            }
            if (version.regression() && method.isEmpty()) {
                missed.add("library method not named");
            }
            return missed;
        }

        /** @return a percentile's row, e.g. {@code +75.6 [+72.0..+77.5] REGRESSION}; {@code -} when not compared */
        String cell(String percentile) {
            return row(percentile).map(row -> row.change() + " " + row.decision()).orElse("-");
        }

        /** @return a percentile's estimated change in percent, if it was compared */
        Optional<Double> change(String percentile) {
            return row(percentile).flatMap(GateBuilds.Row::changePercent);
        }

        private Optional<GateBuilds.Row> row(String percentile) {
            return GateBuilds.endToEnd(rows, percentile);
        }
    }

    /** Counts of one condition and version. */
    private static final class Tally {
        private static final List<String> PERCENTILES = List.of("50", "90", "99");
        int builds;
        int flagged;
        final int[] at = new int[PERCENTILES.size()];
        int headerRight;
        int headerAlone;
        int methodNamed;
        final List<List<Double>> changes = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        final List<Double> seconds = new ArrayList<>();

        void add(Outcome outcome) {
            builds++;
            flagged += outcome.flagged() ? 1 : 0;
            for (int p = 0; p < PERCENTILES.size(); p++) {
                at[p] += outcome.flagged(PERCENTILES.get(p)) ? 1 : 0;
                outcome.change(PERCENTILES.get(p)).ifPresent(changes.get(p)::add);
            }
            headerRight += outcome.headerRight() ? 1 : 0;
            headerAlone += outcome.headerAlone() ? 1 : 0;
            methodNamed += outcome.method().isPresent() ? 1 : 0;
            seconds.add(outcome.build().seconds());
        }
    }

    private static String tableHeader() {
        return "| condition | version | builds | flagged | at p50 | at p90 | at p99 | header: both versions / the same "
                + "on both sides | header naming nothing else | library method named | median change p50 / p90 / "
                + "p99 (%) | median build (s) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- "
                + "| --- |\n";
    }

    private static String tableRows(Map<String, Tally> tallies) {
        StringBuilder sb = new StringBuilder();
        tallies.forEach((key, tally) -> {
            String[] parts = key.split("\\|");
            sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %s | %s |%n",
                    parts[0], parts[1], tally.builds, tally.flagged, tally.at[0], tally.at[1], tally.at[2],
                    tally.headerRight, tally.headerAlone, tally.methodNamed, tally.changes.stream()
                            .map(values -> LauncherGrid.median(values, "%+.1f")).collect(Collectors.joining(" / ")),
                    LauncherGrid.median(tally.seconds, "%.1f")));
        });
        return sb.toString();
    }

    /**
     * @return the other Java and Maven processes running, not this one, its parents or its children, e.g. {@code none}
     *         or {@code 1: 4321 /usr/bin/java -classpath ...}: whether the machine was as quiet as the condition says
     */
    static String othersRunning() {
        Set<Long> ours = new HashSet<>();
        ProcessHandle self = ProcessHandle.current();
        ours.add(self.pid());
        self.descendants().forEach(child -> ours.add(child.pid()));
        for (Optional<ProcessHandle> at = self.parent(); at.isPresent(); at = at.get().parent()) {
            ours.add(at.get().pid());
        }
        List<String> others = ProcessHandle.allProcesses().filter(process -> !ours.contains(process.pid()))
                .filter(process -> process.info().command().filter(command -> command.endsWith("/java")
                        || command.endsWith("/mvn")).isPresent())
                .map(process -> process.pid() + " " + process.info().commandLine().orElse("?"))
                .map(line -> line.length() > 120 ? line.substring(0, 120) + "…" : line).toList();
        return others.isEmpty() ? "none" : others.size() + ": " + String.join(" | ", others).replace('\t', ' ');
    }

    /** @return the orders project of the integration test ci-recipes */
    private static Path orders() throws IOException {
        String named = System.getProperty("orders.project");
        if (named != null) {
            return Path.of(named).toAbsolutePath();
        }
        for (Path at = Path.of("").toAbsolutePath(); at != null; at = at.getParent()) {
            if (Files.isRegularFile(at.resolve(ORDERS).resolve("pom.xml"))) {
                return at.resolve(ORDERS);
            }
        }
        throw new IOException("no " + ORDERS + " above " + Path.of("").toAbsolutePath()
                + ": name it with -Dorders.project");
    }
}

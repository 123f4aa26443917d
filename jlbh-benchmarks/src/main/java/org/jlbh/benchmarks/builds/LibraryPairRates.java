package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How often the paired mode flags a pull request that changes nothing (A/A) when the consumer's code calls real
 * libraries that keep state per thread, per class loader or per process, measured as rates over builds the way
 * docs/ci.md's pull-request recipe builds. The consumer project (the resource folder {@code library-pairs}) is a shop
 * whose main code calls Netty's pooled buffers, Jackson, Caffeine, Gson, Log4j 2 and jsoup, each from a latency test
 * of its own ({@link #LIBRARIES}: 60 runs of 1,000 calls at 20,000/s, p50 within 1 ms). It is made a git repository:
 * main, and a pull request {@code docs} that changes only the README, so that base and change are the same bytes.
 * Once, the pull request is cloned and the base (main) checked out in a worktree beside it and built with its test
 * class path, by the recipe's own command ({@link PullRequests}); then, under each condition asked for (quiet, or
 * beside busy-loop processes: {@link Neighbours}), builds of the pull request's latency step, each a fresh JVM,
 * through {@code mvn -B test -Dgroups=latency -Djlbh.paired.base=...} and JUnit's ConsoleLauncher in turn.
 *
 * <p>Every build and library is listed in {@code target/library-pairs-builds.tsv}: each paired row's (end to end p50,
 * p90, p99) decision, change and interval, whether the p50 interval holds zero, the test's and the build's seconds,
 * the exit code, and the other Java and Maven processes found running as the build started. A build in which any
 * library was flagged (a regression or an improvement: either is a false alarm here), any p50 interval left out zero,
 * or any test made no comparison keeps its console and every library's JSON result in
 * {@code target/library-pairs-kept/}. Both are emptied at the start.
 *
 * <p>Arguments: {@code [builds per condition] [conditions, e.g. 0,1] [JDK] [table file]}; system properties
 * {@code jlbh.version} (the installed jlbh-junit's, default {@code 0.1.0-SNAPSHOT}) and {@code junit.version} (default
 * {@code 5.11.3}). From the repository's root, after {@code mvn -B install -DskipTests -Dinvoker.skip=true}:
 * {@code mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.builds.LibraryPairRates
 * -Dexec.args="10 0,1 17 target/library-pairs.md"}. The consumer project is read from the class path's
 * {@code library-pairs} folder (this module's {@code target/classes}, as exec:java runs it), or the folder the system
 * property {@code library.pairs.project} names.
 */
public final class LibraryPairRates {
    private static final String PROJECT = "library-pairs";
    private static final String PACKAGE = "com.example.shop.";
    /** The pull request: README only. */
    private static final String PULL_REQUEST = "docs";
    private static final List<String> PERCENTILES = List.of("50", "90", "99");
    /** How the table names a condition's whole builds. */
    static final String EVERY_LIBRARY = "every library (the whole build)";
    private static final Pattern DEPENDENCY = Pattern.compile("<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)"
            + "</artifactId>\\s*<version>([^<]+)</version>");

    /** The libraries, each by its latency test in the consumer project, in the order the table lists them. */
    static final List<Library> LIBRARIES = List.of(
            new Library("Netty pooled buffer", "NettyBufferLatencyTest", "frame"),
            new Library("Jackson", "JacksonLatencyTest", "serialise"),
            new Library("Caffeine", "CaffeineLatencyTest", "valueBasket"),
            new Library("Gson", "GsonLatencyTest", "toJson"),
            new Library("Log4j 2", "Log4jLatencyTest", "logFill"),
            new Library("jsoup", "JsoupLatencyTest", "parse"));

    /**
     * A library, by the consumer project's latency test of the code that calls it.
     *
     * @param name      its name in the table
     * @param testClass the test class's simple name, in {@code com.example.shop}
     * @param method    the latency test method
     */
    record Library(String name, String testClass, String method) {

        /** @return the test class's full name */
        String className() {
            return PACKAGE + testClass;
        }

        /** @return the file name of the test's JSON result in the report folder */
        String result() {
            return className() + "." + method + ".json";
        }
    }

    /**
     * What one build said of one library's test.
     *
     * @param rows        its paired comparison's rows; empty when it made none
     * @param testSeconds how long the test measured ({@code verdict.measuringSeconds}), if its result says
     */
    record Outcome(Library library, List<GateBuilds.Row> rows, Optional<Double> testSeconds) {

        /** @param json the test's JSON result; empty when it wrote none */
        static Outcome of(Library library, String json) {
            return new Outcome(library, PairedGateRates.rows(json),
                    LauncherGrid.match(TimeToVerdict.SECONDS, json).map(Double::parseDouble));
        }

        boolean compared() {
            return !rows.isEmpty();
        }

        /** @return whether any row was decided either way, a regression or an improvement */
        boolean flagged() {
            return rows.stream().anyMatch(row -> row.decision().equals("REGRESSION")
                    || row.decision().equals("IMPROVED"));
        }

        /** @return whether end to end p50 was compared and its interval holds zero */
        boolean p50HoldsZero() {
            return GateBuilds.endToEnd(rows, "50").filter(GateBuilds.Row::intervalHoldsZero).isPresent();
        }

        /** @return whether the build is worth keeping for this test: flagged, p50's interval off zero, or no comparison */
        boolean worthKeeping() {
            return flagged() || !p50HoldsZero();
        }

        /** @return p50's estimated change in percent, if it was compared */
        Optional<Double> p50Change() {
            return GateBuilds.endToEnd(rows, "50").flatMap(GateBuilds.Row::changePercent);
        }

        /** @return a percentile's decision, change and interval, e.g. {@code WITHIN_NOISE +0.3 [-0.5..+1.1]}, or - */
        String cell(String percentile) {
            return GateBuilds.endToEnd(rows, percentile).map(row -> row.decision() + " " + row.change()).orElse("-");
        }
    }

    /** Counts of one condition and library, or of one condition's whole builds. */
    static final class Tally {
        int builds;
        int flagged;
        int holdsZero;
        int notCompared;
        final List<Double> p50Changes = new ArrayList<>();
        final List<Double> seconds = new ArrayList<>();

        /** Counts one library's test in one build. */
        void add(Outcome outcome) {
            add(outcome.flagged(), outcome.p50HoldsZero(), outcome.compared(), outcome.testSeconds());
            outcome.p50Change().ifPresent(p50Changes::add);
        }

        /**
         * @param flagged   whether anything was flagged
         * @param holdsZero whether p50's interval held zero (for a whole build: every test's)
         * @param compared  whether a comparison was made (for a whole build: by every test)
         * @param seconds   how long it took, if known
         */
        void add(boolean flagged, boolean holdsZero, boolean compared, Optional<Double> seconds) {
            builds++;
            this.flagged += flagged ? 1 : 0;
            this.holdsZero += holdsZero ? 1 : 0;
            notCompared += compared ? 0 : 1;
            seconds.ifPresent(this.seconds::add);
        }
    }

    private LibraryPairRates() {
    }

    public static void main(String[] args) throws IOException {
        LauncherGrid.measureAndWrite(args, "target/library-pairs.md", LibraryPairRates::measure);
    }

    private static String measure(int builds, List<Integer> conditions, String jdk) throws IOException {
        Path target = Path.of("target").toAbsolutePath();
        Path kept = target.resolve(PROJECT + "-kept");
        Path log = target.resolve(PROJECT + "-builds.tsv");
        ConsumerProject.deleteTree(kept);
        Files.createDirectories(log.getParent());
        Files.writeString(log, "condition\tlauncher\tbuild\tlibrary\tend to end p50\tp90\tp99\tp50 interval holds zero"
                + "\ttest seconds\tbuild seconds\texit\tother java or maven processes at the start\n");
        Path javaHome = ConsumerProject.javaHome(jdk);
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String source = PullRequests.sourceCommit();
        String jlbhVersion = System.getProperty("jlbh.version", "0.1.0-SNAPSHOT");
        String junitVersion = System.getProperty("junit.version", "5.11.3");
        Path project = project();
        Path work = target.resolve(PROJECT);
        ConsumerProject.deleteTree(work);
        Path dev = PullRequests.repository(work, project, "The shop.\n", jlbhVersion, junitVersion);
        PullRequests.branch(dev, PULL_REQUEST, "README", checkout -> Files.writeString(checkout.resolve("README.md"),
                "Orders, prices, fills and product pages.\n", StandardOpenOption.APPEND));
        PullRequests pullRequests = PullRequests.checkOut(work, List.of(PULL_REQUEST), javaHome, junitVersion);
        List<String> testClasses = LIBRARIES.stream().map(Library::className).toList();
        ConsumerProject.Launcher[] launchers = ConsumerProject.Launcher.values();
        Map<String, Tally> tallies = new LinkedHashMap<>();
        for (int busy : conditions) {
            try (Neighbours ignored = Neighbours.start(busy)) {
                for (int i = 1; i <= builds; i++) {
                    ConsumerProject.Launcher launcher = launchers[(i - 1) % launchers.length];
                    String others = UpgradeGateRates.othersRunning();
                    ConsumerProject.Build build = pullRequests.build(PULL_REQUEST, launcher, javaHome, testClasses);
                    Map<Library, String> results = results(pullRequests.reports(PULL_REQUEST));
                    List<Outcome> outcomes = LIBRARIES.stream()
                            .map(library -> Outcome.of(library, results.get(library))).toList();
                    count(tallies, busy, build, outcomes);
                    record(kept, log, busy, launcher, i, build, results, outcomes, others);
                }
            }
        }
        return String.format(Locale.ROOT, "Measured from %s to %s on this machine, JDK %s (%s), jlbh %s as installed in "
                        + "the local repository (this checkout at %s): the consumer project %s (%s), its pull request %s changing only the README "
                        + "(base and change the same bytes), paired with its base (main, built in a worktree with its "
                        + "test class path); %d builds per condition, each a fresh JVM through mvn test and the "
                        + "ConsoleLauncher in turn, every library's test in each%n%n", started,
                Instant.now().truncatedTo(ChronoUnit.SECONDS), jdk, javaHome.getFileName(), jlbhVersion, source,
                PROJECT, libraries(Files.readString(project.resolve("pom.xml"))), PULL_REQUEST, builds)
                + table(tallies);
    }

    /** @return each library's JSON result in the report folder, empty for a test that wrote none */
    private static Map<Library, String> results(Path reports) throws IOException {
        Map<Library, String> results = new LinkedHashMap<>();
        for (Library library : LIBRARIES) {
            Path result = reports.resolve(library.result());
            results.put(library, Files.exists(result) ? Files.readString(result) : "");
        }
        return results;
    }

    /**
     * Counts each library's test of one build in its condition's cell, and the build as a whole in the condition's
     * {@code every library} cell: flagged when any test was, its p50 held zero when every test's did.
     */
    static void count(Map<String, Tally> tallies, int busy, ConsumerProject.Build build, List<Outcome> outcomes) {
        String condition = GateBuilds.condition(busy);
        for (Outcome outcome : outcomes) {
            tallies.computeIfAbsent(condition + "|" + outcome.library().name(), key -> new Tally()).add(outcome);
        }
        tallies.computeIfAbsent(condition + "|" + EVERY_LIBRARY, key -> new Tally()).add(
                outcomes.stream().anyMatch(Outcome::flagged), outcomes.stream().allMatch(Outcome::p50HoldsZero),
                outcomes.stream().allMatch(Outcome::compared), Optional.of(build.seconds()));
    }

    /** Lists a build's tests, keeps the build when any test is worth keeping, and prints a line of progress each. */
    private static void record(Path kept, Path log, int busy, ConsumerProject.Launcher launcher, int number,
                               ConsumerProject.Build build, Map<Library, String> results, List<Outcome> outcomes,
                               String others) throws IOException {
        String condition = GateBuilds.condition(busy);
        boolean keep = outcomes.stream().anyMatch(Outcome::worthKeeping);
        if (keep) {
            Path folder = kept.resolve(String.format(Locale.ROOT, "%s-%s-%d", condition.replace(' ', '-'),
                    launcher.name().toLowerCase(Locale.ROOT), number));
            Files.createDirectories(folder);
            Files.writeString(folder.resolve("console.txt"), build.output());
            for (Map.Entry<Library, String> result : results.entrySet()) {
                if (!result.getValue().isEmpty()) {
                    Files.writeString(folder.resolve(result.getKey().result()), result.getValue());
                }
            }
        }
        for (Outcome outcome : outcomes) {
            Files.writeString(log, String.format(Locale.ROOT, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%d\t%s%n",
                    condition, launcher.label(), number, outcome.library().name(), outcome.cell("50"),
                    outcome.cell("90"), outcome.cell("99"), !outcome.compared() ? "-"
                            : outcome.p50HoldsZero() ? "yes" : "no",
                    outcome.testSeconds().map(seconds -> String.format(Locale.ROOT, "%.1f", seconds)).orElse("-"),
                    build.seconds(), build.exitCode(), others), StandardOpenOption.APPEND);
            System.out.printf(Locale.ROOT, "%s, %s, build %d, %s: %s%s%n", condition, launcher.label(), number,
                    outcome.library().name(), outcome.compared() ? PERCENTILES.stream()
                            .map(percentile -> "p" + percentile + " " + outcome.cell(percentile))
                            .collect(Collectors.joining(", ")) : "no comparison",
                    outcome.worthKeeping() ? " (kept)" : "");
        }
        System.out.printf(Locale.ROOT, "%s, %s, build %d: %.0f s, exit %d%s%n", condition, launcher.label(), number,
                build.seconds(), build.exitCode(), keep ? ", kept" : "");
    }

    /** @return the table: a row per condition and library, then the condition's whole builds, as counted */
    static String table(Map<String, Tally> tallies) {
        StringBuilder sb = new StringBuilder("| condition | library | builds | flagged (regression or improved) | p50 "
                + "interval holds zero | no comparison | median p50 change (%) | median time of the test (s) |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        tallies.forEach((key, tally) -> {
            String[] parts = key.split("\\|");
            sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %s | %s |%n", parts[0], parts[1],
                    tally.builds, tally.flagged, tally.holdsZero, tally.notCompared,
                    LauncherGrid.median(tally.p50Changes, "%+.1f"), LauncherGrid.median(tally.seconds, "%.1f")));
        });
        return sb.append(String.format(Locale.ROOT, "%nThe rows \"%s\" count builds: flagged when any library's "
                + "test was, p50 holding zero when every test's did; their time is the build's.%n", EVERY_LIBRARY))
                .toString();
    }

    /** @return the pom's dependencies but jlbh and JUnit, e.g. {@code io.netty:netty-buffer 4.1.138.Final, ...} */
    static String libraries(String pom) {
        int from = pom.indexOf("<dependencies>");
        int to = pom.indexOf("</dependencies>");
        Matcher dependency = DEPENDENCY.matcher(from < 0 || to < from ? "" : pom.substring(from, to));
        List<String> libraries = new ArrayList<>();
        while (dependency.find()) {
            if (!dependency.group(3).endsWith("_VERSION")) {
                libraries.add(dependency.group(1) + ":" + dependency.group(2) + " " + dependency.group(3));
            }
        }
        return String.join(", ", libraries);
    }

    /** @return the consumer project's folder: {@code library.pairs.project}, else the class path's resource folder */
    private static Path project() throws IOException {
        String named = System.getProperty("library.pairs.project");
        if (named != null) {
            return Path.of(named).toAbsolutePath();
        }
        URL pom = LibraryPairRates.class.getResource("/" + PROJECT + "/pom.xml");
        if (pom == null || !pom.getProtocol().equals("file")) {
            throw new IOException("no folder " + PROJECT + " on the class path (" + pom + "): run from this module's "
                    + "classes, or name it with -Dlibrary.pairs.project");
        }
        try {
            return Path.of(pom.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IOException("no folder for " + pom, e);
        }
    }
}

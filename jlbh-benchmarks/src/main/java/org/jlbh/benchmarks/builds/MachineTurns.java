package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Latency tests of several JVMs on one machine, built where users build (issue 38): a consumer project with four
 * latency test classes built with {@code mvn test} and Surefire's {@code forkCount=2} (the machine's lock on, and off
 * for comparison) and {@code forkCount=1}, and a reactor of two modules of two latency test classes each built with
 * {@code mvn -T 2 test}; each build's tests write into one report folder and one baseline folder. From each build's
 * JSON results it counts the results, the suite page's rows and the baseline's entries, the pairs of tests whose
 * measurements overlapped in time ({@code verdict.machine.from} to {@code to}), the waits for the machine, and each
 * test's median-run p99 and p99.9. The ways {@code waiting0} and {@code waiting3} build the consumer with
 * {@code forkCount=1} alone and while three other JVMs wait for the machine ({@link MachineWaiters}): what a waiting
 * JVM costs the one that measures. Writes every build into {@code target/machine-turns-builds.tsv}, keeps the console
 * and reports of every build that lost a result or overlapped with the lock on ({@code target/machine-turns-kept}),
 * and prints a table per way of building. After {@code mvn -B install -DskipTests -Dinvoker.skip=true}:
 *
 * <pre>
 * mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.builds.MachineTurns \
 *     -Dexec.args="10 forks2,forks1,forks2-off:5,modules:5 17 target/machine-turns.md"
 * mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.builds.MachineTurns \
 *     -Dexec.args="10 waiting0,waiting3 17 target/machine-waiters.md"
 * </pre>
 *
 * <p>Arguments: builds per way (10), the ways with their own counts after a colon, the JDK, and the table's file. The
 * ways are built in turn, build by build, so that the host's drift falls on all of them alike. Not thread-safe.
 */
public final class MachineTurns {
    private static final List<String> CLASSES = List.of("Orders", "Quotes", "Trades", "Fills");
    private static final Pattern OUTCOME = Pattern.compile("\"verdict\": \\{\\s*\"outcome\": \"(\\w+)\"");
    private static final Pattern FROM = Pattern.compile("\"from\": \"([^\"]+)\"");
    private static final Pattern TO = Pattern.compile("\"to\": \"([^\"]+)\"");
    private static final Pattern WAITED = Pattern.compile("\"waitedSeconds\": ([\\d.Ee-]+)");
    private static final Pattern HELD_BY = Pattern.compile("\"heldBy\": \\[([^\\]]*)\\]");
    private static final Pattern P99 = Pattern.compile("\"percentilesNanos\": \\{[^}]*\"99\": (\\d+)");
    private static final Pattern P999 = Pattern.compile("\"percentilesNanos\": \\{[^}]*\"99\\.9\": (\\d+)");

    private MachineTurns() {
    }

    /** A way of building the consumer. */
    enum Way {
        /** {@code mvn test -DforkCount=2}: two JVMs at once, the machine's lock on (the default). */
        FORKS2("forks2", "mvn test, forkCount=2"),
        /** {@code mvn test -DforkCount=1}: one JVM, the tests one after another. */
        FORKS1("forks1", "mvn test, forkCount=1"),
        /** {@code mvn test -DforkCount=2 -Djlbh.machine.lock=off}: two JVMs at once, each measuring when it will. */
        FORKS2_OFF("forks2-off", "mvn test, forkCount=2, jlbh.machine.lock=off"),
        /** {@code mvn -T 2 test} over two modules of two latency test classes each. */
        MODULES("modules", "mvn -T 2 test, two modules"),
        /** {@code mvn test -DforkCount=1}, as {@link #WAITING3} but with no other JVM: its reference. */
        WAITING0("waiting0", "mvn test, forkCount=1, 0 other JVMs waiting"),
        /** {@code mvn test -DforkCount=1} while three other JVMs wait for the machine ({@link MachineWaiters}). */
        WAITING3("waiting3", "mvn test, forkCount=1, 3 other JVMs waiting");

        final String name;
        final String label;

        Way(String name, String label) {
            this.name = name;
            this.label = label;
        }

        static Way named(String name) {
            return Stream.of(values()).filter(way -> way.name.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no way of building named " + name));
        }

        boolean lockOn() {
            return this != FORKS2_OFF;
        }

        /** @return how many other JVMs wait for the machine beside the build */
        int waiters() {
            return this == WAITING3 ? 3 : 0;
        }
    }

    /** One test's result in a build. */
    record TestResult(String name, String outcome, Instant from, Instant to, double waitedSeconds, boolean heldBy,
                      double p99Micros, double p999Micros) {
    }

    /** What one build left. */
    record BuildResult(Way way, int number, int exitCode, double seconds, List<TestResult> tests, int pageRows,
                       int baselineEntries, int overlappingPairs) {
        boolean missed() {
            return tests.size() < CLASSES.size() || pageRows < CLASSES.size() || baselineEntries < CLASSES.size()
                    || way.lockOn() && overlappingPairs > 0;
        }
    }

    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Map<Way, Integer> ways = new LinkedHashMap<>();
        for (String way : (args.length > 1 ? args[1] : "forks2,forks1,forks2-off:5,modules:5").split(",")) {
            String[] nameAndCount = way.split(":");
            ways.put(Way.named(nameAndCount[0]), nameAndCount.length > 1 ? Integer.parseInt(nameAndCount[1]) : builds);
        }
        String jdk = args.length > 2 ? args[2] : "17";
        Path table = Path.of(args.length > 3 ? args[3] : "target/machine-turns.md");
        Path work = Path.of("target", "machine-turns").toAbsolutePath();
        Path kept = Path.of("target", "machine-turns-kept").toAbsolutePath();
        Path log = Path.of("target", "machine-turns-builds.tsv").toAbsolutePath();
        ConsumerProject.deleteTree(work);
        ConsumerProject.deleteTree(kept);
        Files.createDirectories(work);
        Files.writeString(log, "way\tbuild\texit\tbuild s\tresults\tpage rows\tbaseline entries\toverlapping pairs"
                + "\twaits s\ttests that waited for another\tmedian-run p99s µs\tmedian-run p99.9s µs\toutcomes\n");
        String jlbh = System.getProperty("jlbh.version", "0.1.0-SNAPSHOT");
        String junit = System.getProperty("junit.version", "5.11.3");
        Path single = writeSingle(work.resolve("single"), jlbh, junit);
        Path reactor = writeReactor(work.resolve("reactor"), jlbh, junit);
        Path javaHome = ConsumerProject.javaHome(jdk);
        MachineWaiters.Project waiters = ways.keySet().stream().anyMatch(way -> way.waiters() > 0)
                ? MachineWaiters.prepare(work.resolve("waiter"), resource("pom.xml").replace("@PARENT@", "")
                .replace("@ARTIFACT@", "machine-waiter").replace("@JLBH_VERSION@", jlbh)
                .replace("@JUNIT_VERSION@", junit), junit) : null;

        Map<Way, List<BuildResult>> done = new LinkedHashMap<>();
        int most = Collections.max(ways.values());
        for (int number = 1; number <= most; number++) {
            for (Map.Entry<Way, Integer> way : ways.entrySet()) {
                if (number > way.getValue()) {
                    continue;
                }
                BuildResult result = build(way.getKey(), number, way.getKey() == Way.MODULES ? reactor : single,
                        work, javaHome, kept, waiters);
                done.computeIfAbsent(way.getKey(), any -> new ArrayList<>()).add(result);
                Files.writeString(log, line(result), StandardOpenOption.APPEND);
                System.out.printf(Locale.ROOT, "%s, build %d: %d results, %d page rows, %d baseline entries, %d "
                        + "overlapping pairs, waits %s s, p99 %s µs, %.1f s%s%n", way.getKey().label, number,
                        result.tests().size(), result.pageRows(), result.baselineEntries(), result.overlappingPairs(),
                        result.tests().stream().map(test -> String.format(Locale.ROOT, "%.1f", test.waitedSeconds()))
                                .toList(), result.tests().stream().map(test -> String.format(Locale.ROOT, "%.0f",
                                test.p99Micros())).toList(), result.seconds(), result.missed() ? " (kept)" : "");
            }
        }
        String text = table(done, jdk);
        Files.createDirectories(table.toAbsolutePath().getParent());
        Files.writeString(table, text);
        System.out.println(text);
        System.out.println("Written to " + table.toAbsolutePath());
    }

    private static BuildResult build(Way way, int number, Path project, Path work, Path javaHome, Path kept,
                                     MachineWaiters.Project waiterProject) throws IOException {
        Path reports = work.resolve("reports");
        Path baseline = work.resolve("baseline");
        ConsumerProject.deleteTree(reports);
        ConsumerProject.deleteTree(baseline);
        Files.createDirectories(reports);
        Files.createDirectories(baseline);
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-o", "test", "-Djlbh.report.dir=" + reports,
                "-Djlbh.baseline.dir=" + baseline, "-Djlbh.baseline.write=true"));
        switch (way) {
            case FORKS2 -> command.add("-DforkCount=2");
            case FORKS1 -> command.add("-DforkCount=1");
            case FORKS2_OFF -> command.addAll(List.of("-DforkCount=2", "-Djlbh.machine.lock=off"));
            case MODULES -> command.addAll(1, List.of("-T", "2"));
            case WAITING0, WAITING3 -> command.add("-DforkCount=1");
            default -> throw new IllegalStateException(way.name());
        }
        ConsumerProject.Build built;
        try (MachineWaiters waiting = MachineWaiters.start(way.waiters(), waiterProject, javaHome,
                work.resolve("waiters"))) {
            built = ConsumerProject.run(project, command, Map.of("JAVA_HOME", javaHome.toString()));
        }
        String output = built.output();
        List<TestResult> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(reports)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("com.example.")
                    && f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                tests.add(read(file));
            }
        }
        String page = Files.exists(reports.resolve("index.html")) ? Files.readString(reports.resolve("index.html"))
                : "";
        int rows = (int) CLASSES.stream().filter(name -> page.contains(">" + name + "LatencyTest.hash<")).count();
        int entries;
        try (Stream<Path> files = Files.list(baseline)) {
            entries = (int) files.filter(f -> f.getFileName().toString().endsWith(".json")).count();
        }
        int overlapping = 0;
        for (int i = 0; i < tests.size(); i++) {
            for (int j = i + 1; j < tests.size(); j++) {
                TestResult a = tests.get(i);
                TestResult b = tests.get(j);
                if (a.from().isBefore(b.to()) && b.from().isBefore(a.to())) {
                    overlapping++;
                }
            }
        }
        BuildResult result = new BuildResult(way, number, built.exitCode(), built.seconds(), tests, rows, entries,
                overlapping);
        if (result.missed()) {
            Path folder = kept.resolve(way.name + "-build-" + number);
            Files.createDirectories(folder);
            Files.writeString(folder.resolve("console.txt"), output);
            try (Stream<Path> files = Files.list(reports)) {
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).toList()) {
                    Files.copy(file, folder.resolve(file.getFileName()));
                }
            }
        }
        return result;
    }

    private static TestResult read(Path file) throws IOException {
        String json = Files.readString(file);
        String name = file.getFileName().toString().replace("com.example.", "").replace(".json", "");
        int at = json.indexOf("\"machine\": {");
        String machine = at < 0 ? "" : json.substring(at, json.indexOf('}', at) + 1);
        Matcher heldBy = HELD_BY.matcher(machine);
        int endToEnd = json.indexOf("\"name\": \"end to end\"");
        int nextProbe = endToEnd < 0 ? -1 : json.indexOf("\"name\": \"", endToEnd + 1);
        String probe = endToEnd < 0 ? "" : json.substring(endToEnd, nextProbe < 0 ? json.length() : nextProbe);
        return new TestResult(name, LauncherGrid.match(OUTCOME, json).orElse("none"),
                LauncherGrid.match(FROM, machine).map(Instant::parse).orElse(Instant.EPOCH),
                LauncherGrid.match(TO, machine).map(Instant::parse).orElse(Instant.EPOCH),
                LauncherGrid.match(WAITED, machine).map(Double::parseDouble).orElse(Double.NaN),
                heldBy.find() && !heldBy.group(1).isBlank(), medianRun(P99, probe), medianRun(P999, probe));
    }

    /** @return the median run's percentile of the probe's runs, in µs; NaN when no run has it */
    private static double medianRun(Pattern percentile, String probe) {
        List<Double> values = new ArrayList<>();
        Matcher value = percentile.matcher(probe);
        while (value.find()) {
            values.add(Long.parseLong(value.group(1)) / 1e3);
        }
        Collections.sort(values);
        return values.isEmpty() ? Double.NaN : values.get(values.size() / 2);
    }

    private static String line(BuildResult result) {
        return String.format(Locale.ROOT, "%s\t%d\t%d\t%.1f\t%d\t%d\t%d\t%d\t%s\t%d\t%s\t%s\t%s%n", result.way().name,
                result.number(), result.exitCode(), result.seconds(), result.tests().size(), result.pageRows(),
                result.baselineEntries(), result.overlappingPairs(), join(result.tests().stream()
                        .map(TestResult::waitedSeconds).toList(), "%.2f"),
                result.tests().stream().filter(TestResult::heldBy).count(), join(result.tests().stream()
                        .map(TestResult::p99Micros).toList(), "%.1f"), join(result.tests().stream()
                        .map(TestResult::p999Micros).toList(), "%.1f"),
                String.join(",", result.tests().stream().map(TestResult::outcome).toList()));
    }

    private static String join(List<Double> values, String format) {
        return String.join(",", values.stream().map(value -> String.format(Locale.ROOT, format, value)).toList());
    }

    private static String table(Map<Way, List<BuildResult>> done, String jdk) {
        StringBuilder text = new StringBuilder(LauncherGrid.measuredOn(List.of(jdk)));
        text.append("| way | builds | builds with overlapping measurements | overlapping pairs | results, least | page "
                + "rows, least | baseline entries, least | waits, median / most (s) | tests that named whom they "
                + "waited for | median-run p99, median / most (µs) | median-run p99.9, median / most (µs) | verdicts "
                + "| build, median (s) |\n");
        text.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (Map.Entry<Way, List<BuildResult>> way : done.entrySet()) {
            List<BuildResult> builds = way.getValue();
            List<TestResult> tests = builds.stream().flatMap(build -> build.tests().stream()).toList();
            Map<String, Long> verdicts = new LinkedHashMap<>();
            tests.forEach(test -> verdicts.merge(test.outcome(), 1L, Long::sum));
            text.append(String.format(Locale.ROOT,
                    "| %s | %d | %d | %d | %d | %d | %d | %s | %d | %s | %s | %s | %s |%n",
                    way.getKey().label, builds.size(), builds.stream().filter(build -> build.overlappingPairs() > 0)
                            .count(), builds.stream().mapToInt(BuildResult::overlappingPairs).sum(),
                    builds.stream().mapToInt(build -> build.tests().size()).min().orElse(0),
                    builds.stream().mapToInt(BuildResult::pageRows).min().orElse(0),
                    builds.stream().mapToInt(BuildResult::baselineEntries).min().orElse(0),
                    LauncherGrid.medianAndMost(tests.stream().map(TestResult::waitedSeconds)
                            .filter(seconds -> !Double.isNaN(seconds)).toList(), "%.1f"),
                    tests.stream().filter(TestResult::heldBy).count(),
                    LauncherGrid.medianAndMost(tests.stream().map(TestResult::p99Micros)
                            .filter(micros -> !Double.isNaN(micros)).toList(), "%.1f"),
                    LauncherGrid.medianAndMost(tests.stream().map(TestResult::p999Micros)
                            .filter(micros -> !Double.isNaN(micros)).toList(), "%.1f"),
                    verdicts.toString().replaceAll("[{}]", "").replace("=", " "),
                    LauncherGrid.median(builds.stream().map(BuildResult::seconds).toList(), "%.1f")));
        }
        return text.toString();
    }

    /** Writes the consumer of four latency test classes. */
    private static Path writeSingle(Path root, String jlbh, String junit) throws IOException {
        writeModule(root, "latency-consumer", "", CLASSES, jlbh, junit);
        return root;
    }

    /** Writes the reactor: two modules of two latency test classes each. */
    private static Path writeReactor(Path root, String jlbh, String junit) throws IOException {
        Files.createDirectories(root);
        Files.writeString(root.resolve("pom.xml"), resource("reactor-pom.xml"));
        String parent = "<parent><groupId>com.example</groupId><artifactId>latency-reactor</artifactId>"
                + "<version>1.0</version></parent>";
        writeModule(root.resolve("pricing"), "pricing", parent, CLASSES.subList(0, 2), jlbh, junit);
        writeModule(root.resolve("matching"), "matching", parent, CLASSES.subList(2, 4), jlbh, junit);
        return root;
    }

    private static void writeModule(Path root, String artifact, String parent, List<String> classes, String jlbh,
                                    String junit) throws IOException {
        Path sources = root.resolve("src/test/java/com/example");
        Files.createDirectories(sources);
        Files.writeString(root.resolve("pom.xml"), resource("pom.xml").replace("@PARENT@", parent)
                .replace("@ARTIFACT@", artifact).replace("@JLBH_VERSION@", jlbh).replace("@JUNIT_VERSION@", junit));
        for (String name : classes) {
            Files.writeString(sources.resolve(name + "LatencyTest.java"),
                    resource("LatencyTest.java.template").replace("@NAME@", name));
        }
    }

    private static String resource(String file) throws IOException {
        try (InputStream in = MachineTurns.class.getResourceAsStream("/machine-turns/" + file)) {
            if (in == null) {
                throw new IOException("no resource machine-turns/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

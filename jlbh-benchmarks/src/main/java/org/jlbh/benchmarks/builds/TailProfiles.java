package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the tail is spent, measured where users build (issue 37): a consumer project whose two latency tests have a
 * known cause for their late iterations, built with {@code mvn test} against the installed jars, a fresh JVM per build.
 * {@code RarePathTest.quote} spins about 150 µs in a method of its own ({@code recalculateRisk}) every 100th call;
 * {@code RarePathTest.readBook} waits, every 100th call, for a lock another thread took just before (woken by the call
 * before it) and holds, spinning, for 300 µs once the call waits for it (sleeping until then; before 2026-11-28 it spun
 * at once, see the README). Builds alternate with the profile on ({@code jlbh.profile = on-breach}, the default) and
 * off (in pairs, the profile on first in two pairs, then off first in the next two, and so on), and between quiet and
 * beside one busy-loop process, so that the host's drift falls on all alike. From each test's JSON result it reads the
 * outcome, the frame the profile ranked first (and where its time went, and which of the code's methods called it), the
 * profiled run's time, whether the flame graph is on the suite page, and each run's p50 and p99 (the runs that decide
 * the verdict, the same whether the profile is on or off). Writes every build into
 * {@code target/tail-profiles-builds.tsv}, keeps the console and results of every build whose test did not fail or
 * whose profile did not name the cause ({@code target/tail-profiles-kept}), and prints a table. After {@code mvn -B
 * install -DskipTests -Dinvoker.skip=true}:
 *
 * <pre>
 * mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.builds.TailProfiles \
 *     -Dexec.args="20 17 target/tail-profiles.md"
 * </pre>
 *
 * <p>Arguments: builds per setting of the profile (20: half quiet, half beside a busy loop), the JDK, the table's file,
 * and the tests, comma-separated ({@code quote,readBook} by default; {@code quoteRarely}: every 300th call spins, so
 * that p99 lies among the fast calls, for the figures with the profile on and off; {@code quoteSteadily}: the same with
 * every call pricing for about 4 µs, so that p99 lies among calls doing work of their own; {@code quoteAndRevalue}: as
 * {@code quoteSteadily}, and every 25th call revalues for about 25 µs, so that p99 lies within that work;
 * {@code quoteAndConfirm}: the same with every 25th call waiting 20 µs on the clock instead, so that p99 lies within a
 * time the CPU's speed does not move; {@code quoteAndSettle}: at 2,000/s, every 25th call waiting 400 µs, so that the
 * host's few microseconds move p99 by a hundredth), and, fifth, {@code quiet} to build every build without the busy
 * loop. Not thread-safe.
 */
public final class TailProfiles {
    /** The tests built, set once from the arguments. */
    private static List<String> selected = List.of("quote", "readBook");
    private static final Pattern OUTCOME = Pattern.compile("\"verdict\": \\{\\s*\"outcome\": \"(\\w+)\"");
    private static final Pattern FIRST_FRAME = Pattern.compile("\"frames\": \\[\\s*\\{\\s*\"frame\": \"([^\"]+)\","
            + "\\s*\"deepest\": \"([^\"]+)\",[^}]*\"caller\": \"([^\"]*)\"");
    private static final Pattern SECONDS = Pattern.compile("\"profile\": \\{[^{]*?\"seconds\": ([\\d.Ee-]+)");
    private static final Pattern PERCENTILES = Pattern.compile("\"percentilesNanos\": \\{\\s*\"50\": (\\d+),[^}]*"
            + "\"99\": (\\d+)");

    private TailProfiles() {
    }

    /** One test's result in one build. */
    record TestResult(String test, String outcome, String first, String deepest, String caller, double profiledSeconds,
                      boolean onPage, double p50Micros, double p99Micros) {
        /** @return whether the profile named the cause first: the method of its own, or the wait on the lock */
        boolean named() {
            if (test.startsWith("quote")) {
                return first.equals("com.example.RarePathTest.recalculateRisk");
            }
            String chain = first + " " + deepest + " " + caller;
            // the wait on the lock: its acquisition (or its park), not the other thread's spinning while it holds it
            return !chain.contains("holdTheBookWhenAsked") && (chain.contains("ReentrantLock")
                    || chain.contains("AbstractQueuedSynchronizer") || deepest.endsWith(".park"));
        }
    }

    /** One build. */
    record BuildResult(boolean profile, int neighbours, int number, int exit, double seconds, List<TestResult> tests) {
        /** @return whether a test did not fail, or (profiled) its profile did not name the cause or is not on the page */
        boolean missed() {
            return tests.size() != selected.size() || tests.stream().anyMatch(test -> !test.outcome().equals("FAILED")
                    || profile && (!test.named() || !test.onPage()));
        }
    }

    /**
     * @param args builds per setting of the profile, the JDK, the table's file, the tests, {@code quiet}: see the class
     * @throws IOException when a project, a build or a file cannot be written or read
     */
    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        String jdk = args.length > 1 ? args[1] : "17";
        Path table = Path.of(args.length > 2 ? args[2] : "target/tail-profiles.md");
        if (args.length > 3) {
            selected = List.of(args[3].split(","));
        }
        boolean quietOnly = args.length > 4 && args[4].equals("quiet");
        if (args.length > 4 && !quietOnly) {
            throw new IllegalArgumentException("the fifth argument is quiet or nothing, not " + args[4]);
        }
        Path work = Path.of("target", "tail-profiles").toAbsolutePath();
        Path kept = Path.of("target", "tail-profiles-kept").toAbsolutePath();
        Path log = Path.of("target", "tail-profiles-builds.tsv").toAbsolutePath();
        ConsumerProject.deleteTree(work);
        ConsumerProject.deleteTree(kept);
        Path project = write(work.resolve("project"), System.getProperty("jlbh.version", "0.1.0-SNAPSHOT"),
                System.getProperty("junit.version", "5.11.3"));
        Path javaHome = ConsumerProject.javaHome(jdk);
        Files.writeString(log, "profile\tneighbours\tbuild\texit\tbuild s\ttest\toutcome\tfirst frame\tdeepest\tcaller"
                + "\tprofiled run s\ton page\tmedian-run p50 µs\tmedian-run p99 µs\n");
        List<BuildResult> done = new ArrayList<>();
        for (int number = 1; number <= builds; number++) {
            int neighbours = number % 2 == 0 && !quietOnly ? 1 : 0;
            // on first in pairs 1, 2, 5, 6, ..., off first in pairs 3, 4, 7, 8, ...: whatever building first does to a
            // build (a warmer file cache, the host's drift within a pair) falls on both settings alike
            boolean onFirst = (number - 1) / 2 % 2 == 0;
            for (boolean profile : new boolean[]{onFirst, !onFirst}) {
                BuildResult result;
                try (Neighbours busy = Neighbours.start(neighbours)) {
                    result = build(project, work, javaHome, kept, profile, neighbours, number);
                }
                done.add(result);
                for (TestResult test : result.tests()) {
                    Files.writeString(log, String.format(Locale.ROOT, "%s\t%d\t%d\t%d\t%.1f\t%s\t%s\t%s\t%s\t%s\t%.1f\t"
                                    + "%s\t%.3f\t%.3f%n", profile ? "on" : "off", neighbours, number, result.exit(),
                            result.seconds(), test.test(), test.outcome(), test.first(), test.deepest(), test.caller(),
                            test.profiledSeconds(), test.onPage(), test.p50Micros(), test.p99Micros()),
                            StandardOpenOption.APPEND);
                }
                System.out.printf(Locale.ROOT, "profile %s, %d busy loop(s), build %d: %s, %.1f s%s%n",
                        profile ? "on" : "off", neighbours, number, result.tests().stream().map(test -> test.test()
                                + " " + test.outcome() + (profile ? " " + test.first() + " → " + test.deepest() : "")
                                + String.format(Locale.ROOT, " p50 %.3f p99 %.1f µs", test.p50Micros(),
                                test.p99Micros())).toList(), result.seconds(), result.missed() ? " (kept)" : "");
            }
        }
        String text = table(done, jdk);
        Files.createDirectories(table.toAbsolutePath().getParent());
        Files.writeString(table, text);
        System.out.println(text);
        System.out.println("Written to " + table.toAbsolutePath());
    }

    private static BuildResult build(Path project, Path work, Path javaHome, Path kept, boolean profile,
                                     int neighbours, int number) throws IOException {
        Path reports = work.resolve("reports");
        ConsumerProject.deleteTree(reports);
        Files.createDirectories(reports);
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-o", "test", "-Djlbh.report.dir=" + reports,
                "-Djlbh.summary=off", "-Dtest=RarePathTest#" + String.join("+", selected)));
        if (!profile) {
            command.add("-Djlbh.profile=off");
        }
        ConsumerProject.Build built = ConsumerProject.run(project, command, Map.of("JAVA_HOME", javaHome.toString()));
        String page = Files.exists(reports.resolve("index.html")) ? Files.readString(reports.resolve("index.html"))
                : "";
        List<TestResult> tests = new ArrayList<>();
        for (String test : selected) {
            Path json = reports.resolve("com.example.RarePathTest." + test + ".json");
            if (Files.exists(json)) {
                tests.add(read(test, Files.readString(json), page, reports));
            }
        }
        BuildResult result = new BuildResult(profile, neighbours, number, built.exitCode(), built.seconds(), tests);
        if (result.missed()) {
            Path folder = kept.resolve((profile ? "on" : "off") + "-build-" + number);
            Files.createDirectories(folder);
            Files.writeString(folder.resolve("console.txt"), built.output());
            try (var files = Files.list(reports)) {
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")
                        || f.getFileName().toString().endsWith(".html")).toList()) {
                    Files.copy(file, folder.resolve(file.getFileName()));
                }
            }
        }
        return result;
    }

    private static TestResult read(String test, String json, String page, Path reports) {
        Matcher outcome = OUTCOME.matcher(json);
        Matcher first = FIRST_FRAME.matcher(json);
        boolean profiled = first.find();
        Matcher seconds = SECONDS.matcher(json);
        String flameGraph = "com.example.RarePathTest." + test + ".late.html";
        boolean onPage = page.contains(flameGraph) && Files.exists(reports.resolve(flameGraph));
        Matcher percentiles = PERCENTILES.matcher(GateBuilds.endToEndProbe(json));
        List<double[]> runs = new ArrayList<>();
        while (percentiles.find()) {
            runs.add(new double[]{Long.parseLong(percentiles.group(1)) / 1e3, Long.parseLong(percentiles.group(2)) / 1e3});
        }
        return new TestResult(test, outcome.find() ? outcome.group(1) : "none", profiled ? first.group(1) : "",
                profiled ? first.group(2) : "", profiled ? first.group(3) : "",
                seconds.find() ? Double.parseDouble(seconds.group(1)) : Double.NaN, onPage,
                median(runs.stream().mapToDouble(run -> run[0]).toArray()),
                median(runs.stream().mapToDouble(run -> run[1]).toArray()));
    }

    private static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static String table(List<BuildResult> done, String jdk) {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "JDK %s, mvn test, a fresh JVM per build%n%n",
                jdk));
        text.append("| test | profile | busy loops | builds | FAILED | cause named first | flame graph on the page | "
                + "profiled run, median (s) | median of median-run p50 (µs) | median of median-run p99 (µs) |\n");
        text.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (String test : selected) {
            for (boolean profile : new boolean[]{true, false}) {
                for (int neighbours = 0; neighbours <= 1; neighbours++) {
                    int busy = neighbours;
                    List<TestResult> rows = done.stream().filter(b -> b.profile() == profile && b.neighbours() == busy)
                            .flatMap(b -> b.tests().stream()).filter(t -> t.test().equals(test)).toList();
                    long builds = done.stream().filter(b -> b.profile() == profile && b.neighbours() == busy).count();
                    if (builds == 0) {
                        continue; // quiet only
                    }
                    text.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %s | %s | %s | %.3f | %.1f |%n",
                            test, profile ? "on" : "off", busy, builds,
                            rows.stream().filter(t -> t.outcome().equals("FAILED")).count(),
                            profile ? rows.stream().filter(TestResult::named).count() + "" : "–",
                            profile ? rows.stream().filter(TestResult::onPage).count() + "" : "–",
                            profile ? String.format(Locale.ROOT, "%.1f", median(rows.stream()
                                    .mapToDouble(TestResult::profiledSeconds).toArray())) : "–",
                            median(rows.stream().mapToDouble(TestResult::p50Micros).toArray()),
                            median(rows.stream().mapToDouble(TestResult::p99Micros).toArray())));
                }
            }
        }
        return text.toString();
    }

    private static Path write(Path root, String jlbh, String junit) throws IOException {
        Path tests = root.resolve("src/test/java/com/example");
        Files.createDirectories(tests);
        Files.writeString(root.resolve("pom.xml"), resource("pom.xml").replace("@JLBH_VERSION@", jlbh)
                .replace("@JUNIT_VERSION@", junit));
        Files.writeString(tests.resolve("RarePathTest.java"), resource("RarePathTest.java.txt"));
        return root;
    }

    private static String resource(String file) throws IOException {
        try (InputStream in = TailProfiles.class.getResourceAsStream("/tail-profile/" + file)) {
            if (in == null) {
                throw new IOException("no resource tail-profile/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a verdict costs with the defaults, and whether it can be trusted, measured the way users build: latency tests
 * of a {@link ConsumerProject} that leave iterations, warm-up and runs unset (sized from their budgets), each build a
 * fresh JVM through {@code mvn test} and/or JUnit's ConsoleLauncher, under the JDKs and beside the busy-loop processes
 * ({@link Neighbours}) asked for. Per build it reads the JSON result: the verdict, how long the test measured
 * ({@code verdict.measuringSeconds}: from its first warm-up, or this JVM's floor when it measured it, to its verdict),
 * how it ended ({@code verdict.ended}: how many runs), and this machine's floor beside the budgets. Within a JDK and a
 * condition, builds go round the tests and launchers, so a change in the machine hits all alike.
 *
 * <p>A build that misses (an unchanged body FAILED or inconclusive, a regression that did not fail, no result) keeps
 * its JSON and console in {@code target/time-to-verdict-kept/}; every build is listed in
 * {@code target/time-to-verdict-builds.tsv}.
 *
 * <p>Arguments: {@code [builds per cell] [test classes, e.g. CardTest,SlowRateTest] [conditions, e.g. 0,1,2] [JDKs,
 * e.g. 17,25] [launchers: maven,console] [the test classes that are regressions, or -] [table file]}. After {@code mvn
 * -B install -DskipTests -Dinvoker.skip=true}: {@code mvn -B -pl jlbh-benchmarks exec:java
 * -Dexec.mainClass=org.jlbh.benchmarks.builds.TimeToVerdict -Dexec.args="20 CardTest,SlowRateTest 0 17 maven -
 * target/time-to-verdict.md"}.
 */
public final class TimeToVerdict {
    private static final Pattern OUTCOME = Pattern.compile("\"verdict\": \\{\\s*\"outcome\": \"(\\w+)\"");
    private static final Pattern DETAIL = Pattern.compile("\"detail\": \"((?:[^\"\\\\]|\\\\.)*)\"");
    /** A JSON result's {@code verdict.measuringSeconds}: from its first warm-up, or this JVM's floor, to its verdict. */
    static final Pattern SECONDS = Pattern.compile("\"measuringSeconds\": ([\\d.]+)");
    private static final Pattern ENDED = Pattern.compile("\"ended\": \"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern RUNS = Pattern.compile("after (\\d+) runs?");
    private static final Pattern FLOOR = Pattern.compile("\"floorMicros\": ([\\d.]+)");
    private static final Pattern FIRST_IN_JVM = Pattern.compile("This machine's own floor, measured once");

    /** One JDK, condition, launcher and test: its builds. */
    private static final class Cell extends LauncherGrid.Verdicts {
        final List<Double> measuring = new ArrayList<>();
        final List<Double> build = new ArrayList<>();
        final List<Double> runs = new ArrayList<>();
        final List<Double> floor = new ArrayList<>();

        void add(String outcome, double measuringSeconds, double buildSeconds, int runsMeasured, double floorMicros) {
            count(outcome);
            addIfKnown(measuring, measuringSeconds);
            build.add(buildSeconds);
            addIfKnown(runs, runsMeasured);
            addIfKnown(floor, floorMicros);
        }

        private static void addIfKnown(List<Double> values, double value) {
            if (value >= 0) {
                values.add(value);
            }
        }
    }

    private TimeToVerdict() {
    }

    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        List<String> tests = List.of((args.length > 1 ? args[1] : "CardTest,SlowRateTest").split(","));
        List<Integer> conditions = Stream.of((args.length > 2 ? args[2] : "0").split(",")).map(Integer::parseInt)
                .toList();
        List<String> jdks = List.of((args.length > 3 ? args[3] : "17").split(","));
        List<ConsumerProject.Launcher> launchers = Stream.of((args.length > 4 ? args[4] : "maven").split(","))
                .map(name -> ConsumerProject.Launcher.valueOf(name.toUpperCase(Locale.ROOT))).toList();
        Set<String> regressions = Set.of((args.length > 5 ? args[5] : "-").split(","));
        Path out = Path.of(args.length > 6 ? args[6] : "target/time-to-verdict.md");
        String table = measure(builds, tests, conditions, jdks, launchers, regressions);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    private static String measure(int builds, List<String> tests, List<Integer> conditions, List<String> jdks,
                                  List<ConsumerProject.Launcher> launchers, Set<String> regressions)
            throws IOException {
        LauncherGrid.Campaign campaign = LauncherGrid.Campaign.prepare("time-to-verdict", "jdk\tcondition\tlauncher\t"
                + "test\tbuild\toutcome\tmeasuring s\tbuild s\truns\tfloor µs\tfloor measured in this test\tended\t"
                + "detail\n");
        Map<String, Cell> cells = new LinkedHashMap<>();
        LauncherGrid.run(jdks, conditions, tests, test -> builds, launchers, (jdk, javaHome, busy, i, test,
                                                                              launcher) -> {
            ConsumerProject.Build build = campaign.project().build(launcher, javaHome, test, campaign.reports(),
                    Map.of());
            String json = build.result();
            String outcome = LauncherGrid.match(OUTCOME, json).orElse("NO RESULT");
            double measuring = LauncherGrid.match(SECONDS, json).map(Double::parseDouble).orElse(-1.0);
            String ended = LauncherGrid.match(ENDED, json).orElse("");
            int runs = LauncherGrid.match(RUNS, ended).map(Integer::parseInt).orElse(-1);
            double floor = LauncherGrid.match(FLOOR, json).map(Double::parseDouble).orElse(-1.0);
            boolean floorHere = FIRST_IN_JVM.matcher(build.output()).find();
            cells.computeIfAbsent(String.join("|", jdk, Integer.toString(busy), launcher.label(), test),
                    key -> new Cell()).add(outcome, measuring, build.seconds(), runs, floor);
            boolean missed = regressions.contains(test) ? !outcome.equals("FAILED") : !outcome.equals("PASSED");
            if (missed) {
                GateBuilds.keep(campaign.kept(), LauncherGrid.name(jdk, busy, launcher, test, i), build);
            }
            String detail = LauncherGrid.match(DETAIL, json).orElse("").replace("\\n", " ").replace('\t', ' ');
            campaign.list(String.format(Locale.ROOT, "%s\t%s\t%s\t%s\t%d\t%s\t%.2f\t%.1f\t%d\t%.1f\t%s\t%s"
                            + "\t%s%n", jdk, GateBuilds.condition(busy), launcher.label(), test, i, outcome, measuring,
                    build.seconds(), runs, floor, floorHere, ended,
                    detail.length() > 300 ? detail.substring(0, 300) : detail));
            System.out.printf(Locale.ROOT, "JDK %s, %s, %s, %s, build %d: %s, measured %.1f s (%s), build %.1f s%s%n",
                    jdk, GateBuilds.condition(busy), launcher.label(), test, i, outcome, measuring, ended,
                    build.seconds(), missed ? " (kept)" : "");
        });
        return table(cells, jdks);
    }

    private static String table(Map<String, Cell> cells, List<String> jdks) {
        StringBuilder table = new StringBuilder(LauncherGrid.measuredOn(jdks));
        table.append("| JDK | condition | launcher | test | builds | passed | inconclusive | failed | no result | "
                + "measuring, median / worst (s) | runs, median / most | build, median (s) | floor at the first "
                + "budget's percentile, median (µs) |\n");
        table.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        cells.forEach((key, cell) -> {
            String[] parts = key.split("\\|");
            table.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %d | %d | %d | %d | %s | %s | %s | %s "
                            + "|%n", parts[0], GateBuilds.condition(Integer.parseInt(parts[1])), parts[2], parts[3],
                    cell.builds, cell.passed, cell.inconclusive, cell.failed, cell.noResult,
                    LauncherGrid.medianAndMost(cell.measuring, "%.1f"), LauncherGrid.medianAndMost(cell.runs, "%.0f"),
                    LauncherGrid.median(cell.build, "%.1f"), LauncherGrid.median(cell.floor, "%.1f")));
        });
        return table.toString();
    }
}

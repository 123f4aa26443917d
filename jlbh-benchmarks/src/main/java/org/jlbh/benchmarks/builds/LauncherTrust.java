package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Whether a red build means slower code, and whether every run carries its evidence, measured the way users build:
 * a {@link ConsumerProject} built against the installed jars, each build a fresh JVM through {@code mvn test} and
 * through JUnit's ConsoleLauncher, under JDK 17 and the newest Temurin JDK, quiet and beside one and two busy-loop
 * processes ({@link Neighbours}). The bodies: a ~1 µs hash (unchanged, and with every 100th call spinning 300 µs), a
 * serialiser allocating 2.3 KB a call (unchanged, and with every 50th call spinning 2 ms) and a logger writing a file
 * through logback, all at 20,000/s, three runs of 20,000. Within a JDK and a condition, builds go round the bodies and
 * the launchers, so a change in the machine hits all alike.
 *
 * <p>Per build it reads the JSON result: the verdict, and whether every run has the scheduler's and the JVM's
 * evidence. A build that misses (an unchanged body that FAILED, a regression that did not, a run without its evidence,
 * no result) keeps its JSON and console in {@code target/launcher-trust-kept/}; every build is listed in
 * {@code target/launcher-trust-builds.tsv}.
 *
 * <p>Arguments: builds per cell of {@code [hash] [hash regression] [serialiser] [serialiser regression] [logger]},
 * then {@code [conditions, e.g. 0,1,2] [JDKs, e.g. 17,25] [table file]}; {@code 20 10 10 0 10 0,1,2 17,25} takes
 * about 95 minutes here. After {@code mvn -B install -DskipTests -Dinvoker.skip=true}: {@code mvn -B -pl
 * jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.builds.LauncherTrust -Dexec.args="20 10 10 0 10
 * 0,1,2 17,25 target/launcher-trust.md"}.
 */
public final class LauncherTrust {
    private static final Pattern OUTCOME = Pattern.compile("\"verdict\": \\{\\s*\"outcome\": \"(\\w+)\"");
    private static final Pattern DETAIL = Pattern.compile("\"detail\": \"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern EVIDENCE = Pattern.compile("\"evidence\": \\{\\s*\"schedulerMissing\": (null|\"(?:[^"
            + "\"\\\\]|\\\\.)*\"),.*?\"jvmMissing\": (null|\"(?:[^\"\\\\]|\\\\.)*\")", Pattern.DOTALL);
    private static final Pattern RUNS = Pattern.compile("\"settings\": \\{.*?\"runs\": (\\d+)", Pattern.DOTALL);
    private static final Pattern ATTEMPTS = Pattern.compile("\"verdict\": \\{.*?\"attempts\": (\\d+)",
            Pattern.DOTALL);
    private static final Pattern CODES_OWN_ACCOUNT = Pattern.compile("\"codesOwnAccount\": ");

    /** A latency test of the consumer project, and how many builds of it a cell gets. */
    private record Body(String testClass, String label, boolean regression, int builds) {
    }

    /** One JDK, condition, launcher and body: its builds. */
    private static final class Cell extends LauncherGrid.Verdicts {
        int runs;
        int runsWithEvidence;
        int measuredAgain;
        int codesOwnAccount;
        final List<Double> seconds = new ArrayList<>();

        void add(String outcome, int runsInBuild, int withEvidence, double took, int attempts, boolean ownAccount) {
            measuredAgain += attempts > 1 ? 1 : 0;
            codesOwnAccount += ownAccount && outcome.equals("PASSED") ? 1 : 0;
            count(outcome);
            runs += runsInBuild;
            runsWithEvidence += withEvidence;
            seconds.add(took);
        }
    }

    private LauncherTrust() {
    }

    public static void main(String[] args) throws IOException {
        int hash = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int hashTail = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int serialiser = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        int serialiserTail = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int logger = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        List<Integer> conditions = Stream.of((args.length > 5 ? args[5] : "0,1,2").split(","))
                .map(Integer::parseInt).toList();
        List<String> jdks = List.of((args.length > 6 ? args[6] : "17,25").split(","));
        Path out = Path.of(args.length > 7 ? args[7] : "target/launcher-trust.md");
        List<Body> bodies = Stream.of(
                new Body("HashTest", "hash, unchanged", false, hash),
                new Body("HashTailTest", "hash, every 100th call +300 µs", true, hashTail),
                new Body("SerialiserTest", "serialiser, unchanged", false, serialiser),
                new Body("SerialiserTailTest", "serialiser, every 50th call +2 ms", true, serialiserTail),
                new Body("LoggerTest", "logger, unchanged", false, logger)).filter(body -> body.builds() > 0).toList();
        String table = measure(bodies, conditions, jdks);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    private static String measure(List<Body> bodies, List<Integer> conditions, List<String> jdks) throws IOException {
        LauncherGrid.Campaign campaign = LauncherGrid.Campaign.prepare("launcher-trust", "jdk\tcondition\tlauncher\t"
                + "body\tbuild\toutcome\truns\truns with evidence\tseconds\texit\tattempts\tdetail\n");
        Map<String, Cell> cells = new LinkedHashMap<>();
        LauncherGrid.run(jdks, conditions, bodies, Body::builds, List.of(ConsumerProject.Launcher.values()),
                (jdk, javaHome, busy, i, body, launcher) -> {
                    ConsumerProject.Build build = campaign.project().build(launcher, javaHome, body.testClass(),
                            campaign.reports(), Map.of());
                    String outcome = LauncherGrid.match(OUTCOME, build.result()).orElse("NO RESULT");
                    int runs = LauncherGrid.match(RUNS, build.result()).map(Integer::parseInt).orElse(0);
                    int withEvidence = withEvidence(build.result());
                    int attempts = LauncherGrid.match(ATTEMPTS, build.result()).map(Integer::parseInt).orElse(0);
                    boolean ownAccount = CODES_OWN_ACCOUNT.matcher(build.result()).find();
                    String key = String.join("|", jdk, Integer.toString(busy), launcher.label(), body.label());
                    cells.computeIfAbsent(key, k -> new Cell()).add(outcome, runs, withEvidence, build.seconds(),
                            attempts, ownAccount);
                    boolean missed = (body.regression() ? !outcome.equals("FAILED") : outcome.equals("FAILED"))
                            || outcome.equals("NO RESULT") || withEvidence < runs || runs == 0;
                    if (missed) {
                        GateBuilds.keep(campaign.kept(), LauncherGrid.name(jdk, busy, launcher, body.testClass(), i),
                                build);
                    }
                    String detail = LauncherGrid.match(DETAIL, build.result()).orElse("").replace("\\n", " ")
                            .replace('\t', ' ');
                    campaign.list(String.format(Locale.ROOT, "%s\t%s\t%s\t%s\t%d\t%s\t%d\t%d\t%.1f\t%d"
                                    + "\t%d\t%s%n",
                            jdk, GateBuilds.condition(busy), launcher.label(), body.label(), i, outcome, runs,
                            withEvidence, build.seconds(), build.exitCode(), attempts,
                            detail.length() > 400 ? detail.substring(0, 400) : detail));
                    System.out.printf(Locale.ROOT, "JDK %s, %s, %s, %s, build %d: %s, evidence in %d of %d runs, "
                                    + "%.1f s%s%n", jdk, GateBuilds.condition(busy), launcher.label(), body.label(), i,
                            outcome, withEvidence, runs, build.seconds(), missed ? " (kept)" : "");
                });
        return table(cells, jdks);
    }

    private static String table(Map<String, Cell> cells, List<String> jdks) {
        StringBuilder table = new StringBuilder(LauncherGrid.measuredOn(jdks));
        table.append("| JDK | condition | launcher | body | builds | passed (on the code's own account) | inconclusive "
                + "| failed | no result | measured again | runs with scheduler and JVM evidence | build, median / worst (s) |\n");
        table.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        cells.forEach((key, cell) -> {
            String[] parts = key.split("\\|");
            table.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %d (%d) | %d | %d | %d | %d | %d of %d "
                            + "| %s |%n", parts[0], GateBuilds.condition(Integer.parseInt(parts[1])), parts[2], parts[3],
                    cell.builds, cell.passed, cell.codesOwnAccount, cell.inconclusive, cell.failed, cell.noResult,
                    cell.measuredAgain, cell.runsWithEvidence, cell.runs,
                    LauncherGrid.medianAndMost(cell.seconds, "%.1f")));
        });
        return table.toString();
    }

    /** @return how many of the result's runs have both the scheduler's and the JVM's evidence */
    private static int withEvidence(String json) {
        Matcher evidence = EVIDENCE.matcher(json);
        int with = 0;
        while (evidence.find()) {
            with += evidence.group(1).equals("null") && evidence.group(2).equals("null") ? 1 : 0;
        }
        return with;
    }
}

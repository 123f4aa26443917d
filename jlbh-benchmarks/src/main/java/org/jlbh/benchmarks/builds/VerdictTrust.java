package org.jlbh.benchmarks.builds;

import org.jlbh.junit.LatencyTestConfiguration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Timer;
import java.util.TimerTask;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a red build means slower code, measured as rates over fresh-JVM builds of {@link HashBody} (a ~1 µs hash
 * at 20,000/s, three runs of 20,000, {@code p50 <= 20 µs} and {@code p99 <= 100 µs}):
 * <ul>
 *   <li><b>verdicts</b>: the unchanged body, and a real tail regression (every 100th call also spins 300 µs), each
 *   built quiet, beside one busy-loop process and beside two ({@link Neighbours}); counted as passed, inconclusive
 *   (aborted) or failed;</li>
 *   <li><b>attribution</b> of injected causes, on a quiet machine: {@code System.gc()} a third into each run (a
 *   collection), a 2 ms spin in the body a third into each run (the code), and a busy loop pinned with
 *   {@code taskset} to the harness thread's CPU for 20 ms a third into run 2 (the platform); the late samples over
 *   the p99 budget that ended within 100 ms of the injection, by cause, read from each build's JSON result.</li>
 * </ul>
 * Builds alternate the bodies within a condition, so a change in the machine's state hits both alike.
 *
 * <p>The verdicts as users get them are measured through real launchers by {@link LauncherTrust}; this runner's
 * verdict rows (0 builds skips them) remain for comparison. Arguments: {@code [builds per condition and body] [builds
 * per injected cause] [iterations factor] [table file]};
 * the full run is {@code 20 20 1}, about 25 minutes on 2 cores: {@code mvn -B -pl jlbh-benchmarks -am install
 * -DskipTests -Dinvoker.skip=true} then {@code mvn -B -pl jlbh-benchmarks exec:java
 * -Dexec.mainClass=org.jlbh.benchmarks.builds.VerdictTrust -Dexec.args="20 20 1 target/verdict-trust.md"}.
 */
public final class VerdictTrust {
    /** The late samples counted for an injected cause ended in these windows (milliseconds at full size). */
    static final int FIRST_WINDOW = 325;
    static final int LAST_WINDOW = 425;
    private static final Pattern P99_ATTRIBUTION = Pattern.compile("\"attribution\": \\{\\s*\"overMicros\": 100,"
            + "\\s*\"lateSamples\": \\[(.*?)\\n\\s*\\],", Pattern.DOTALL);
    private static final Pattern RUN = Pattern.compile("\\{\\s*\"run\": (\\d+),.*?\"windows\": \\[(.*?)\\]\\s*\\}",
            Pattern.DOTALL);
    private static final Pattern WINDOW = Pattern.compile("\\[(\\d+), (\\d+), (\\d+), (\\d+), (\\d+)\\]");
    private static final Pattern CODE_ONLY = Pattern.compile("\"overMicros\": 100,.*?\"codeOnlyMicros\": ([\\d.]+|null)",
            Pattern.DOTALL);

    /** What a late sample was put down to, in the order the JSON's windows list them. */
    enum Cause {
        PLATFORM, SAFEPOINT, GC, CODE
    }

    private VerdictTrust() {
    }

    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int injected = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        String factor = args.length > 2 ? args[2] : "1";
        Path out = Path.of(args.length > 3 ? args[3] : "target/verdict-trust.md");
        String table = measure(builds, injected, factor);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    /**
     * @param builds   builds per condition and body
     * @param injected builds per injected cause
     * @param factor   the iterations factor (1 for the full figures; smaller for a smoke run)
     * @return the tables
     */
    public static String measure(int builds, int injected, String factor) throws IOException {
        Path reports = Files.createTempDirectory("jlbh-verdict-trust");
        Map<String, String> parameters = Map.of(LatencyTestConfiguration.REPORT_DIR, reports.toString(),
                LatencyTestConfiguration.ITERATIONS_FACTOR, factor);
        Path result = reports.resolve(HashBody.class.getName() + ".hash.json");
        Path kept = Path.of("target", "verdict-trust-kept");
        StringBuilder table = new StringBuilder();
        if (builds > 0) {
            table.append(String.format(Locale.ROOT, "Verdicts: %d builds per condition and "
                    + "body, each a fresh JVM, bodies alternating; iterations factor %s%n%n", builds, factor));
            table.append("| condition | body | builds | passed | inconclusive | failed | code-only p99 of the median "
                    + "run, median over builds (µs) |\n| --- | --- | --- | --- | --- | --- | --- |\n");
            for (int busy = 0; busy <= 2; busy++) {
                Map<HashBody.Variant, Tally> tallies = new LinkedHashMap<>();
                tallies.put(HashBody.Variant.UNCHANGED, new Tally());
                tallies.put(HashBody.Variant.TAIL_300, new Tally());
                try (Neighbours ignored = Neighbours.start(busy)) {
                    for (int i = 1; i <= builds; i++) {
                        for (Map.Entry<HashBody.Variant, Tally> body : tallies.entrySet()) {
                            Files.deleteIfExists(result);
                            ForkedBuilds.Build build = ForkedBuilds.run(body.getKey(), parameters);
                            String json = ForkedBuilds.readResult(result);
                            body.getValue().add(build, codeOnlyP99(json));
                            if (build.failed() && body.getKey() == HashBody.Variant.UNCHANGED) {
                                keep(kept, condition(busy) + "-unchanged-build-" + i, json, build.output());
                            }
                            System.out.printf(Locale.ROOT, "%s, %s, build %d: %s%n", condition(busy), body.getKey(), i,
                                    build.outcome());
                        }
                    }
                }
                for (Map.Entry<HashBody.Variant, Tally> body : tallies.entrySet()) {
                    Tally tally = body.getValue();
                    table.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %s |%n", condition(busy),
                            body.getKey() == HashBody.Variant.UNCHANGED ? "unchanged" : "every 100th call +300 µs",
                            tally.builds, tally.passed, tally.inconclusive, tally.failed, tally.medianCodeOnly()));
                }
            }
            table.append('\n');
        }
        table.append(String.format(Locale.ROOT, "Attribution of injected causes, quiet machine: %d builds each; the "
                        + "late samples over the p99 budget that ended from %d to %d ms into an injected run%n%n",
                injected, FIRST_WINDOW, LAST_WINDOW));
        table.append("| injected | expected cause | builds | late samples | platform | safepoint | GC | code | "
                + "put down to the expected cause |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        table.append(injection("`System.gc()` in the body", Cause.GC, injected, parameters, result,
                HashBody.Variant.GC, null, kept));
        table.append(injection("a 2 ms spin in the body", Cause.CODE, injected, parameters, result,
                HashBody.Variant.SPIN_2MS, null, kept));
        table.append(injection("a busy loop on the harness thread's CPU for 20 ms (`taskset`)", Cause.PLATFORM,
                injected, parameters, result, HashBody.Variant.UNCHANGED, new HogInRunTwo(), kept));
        return table.toString();
    }

    /**
     * Keeps a build whose outcome or attribution missed its target, so that the miss can be explained afterwards:
     * its JSON result and what it printed, in {@code target/verdict-trust-kept/}.
     */
    private static void keep(Path folder, String name, String json, String output) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(name + ".json"), json);
        Files.writeString(folder.resolve(name + ".out"), output);
        System.out.println("Kept " + folder.resolve(name + ".json").toAbsolutePath());
    }

    private static String condition(int busy) {
        return busy == 0 ? "quiet" : busy == 1 ? "one busy-loop process" : "two busy-loop processes";
    }

    private static String injection(String what, Cause expected, int builds, Map<String, String> parameters,
                                    Path result, HashBody.Variant variant, HogInRunTwo hog, Path kept)
            throws IOException {
        Map<Cause, Long> counts = new EnumMap<>(Cause.class);
        for (Cause cause : Cause.values()) {
            counts.put(cause, 0L);
        }
        for (int i = 1; i <= builds; i++) {
            Files.deleteIfExists(result);
            ForkedBuilds.Build forked = ForkedBuilds.run(HashBody.class, "hash", Map.of(HashBody.VARIANT,
                    variant.name()), parameters, hog == null ? ForkedBuilds.Watcher.NONE : hog);
            String json = ForkedBuilds.readResult(result);
            Map<Cause, Long> build = lateSamplesByCause(json, hog == null ? 0 : 2);
            long total = build.values().stream().mapToLong(Long::longValue).sum();
            if (build.get(expected) < total) {
                keep(kept, variant.name().toLowerCase(Locale.ROOT) + (hog == null ? "" : "-hog") + "-build-" + i,
                        json, forked.output());
            }
            build.forEach((cause, count) -> counts.merge(cause, count, Long::sum));
            System.out.printf(Locale.ROOT, "%s, build %d: %s%n", what, i, build);
        }
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        return String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %d | %s |%n", what,
                expected.name().toLowerCase(Locale.ROOT), builds, total, counts.get(Cause.PLATFORM),
                counts.get(Cause.SAFEPOINT), counts.get(Cause.GC), counts.get(Cause.CODE),
                total == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * counts.get(expected) / total));
    }

    /**
     * @param json a build's result
     * @param run  the run to count (0 for every run)
     * @return the late samples over the p99 budget that ended in the injection's windows, by cause
     */
    static Map<Cause, Long> lateSamplesByCause(String json, int run) {
        Map<Cause, Long> counts = new EnumMap<>(Cause.class);
        for (Cause cause : Cause.values()) {
            counts.put(cause, 0L);
        }
        Matcher attribution = P99_ATTRIBUTION.matcher(json);
        if (!attribution.find()) {
            return counts;
        }
        Matcher runs = RUN.matcher(attribution.group(1));
        while (runs.find()) {
            if (run != 0 && Integer.parseInt(runs.group(1)) != run) {
                continue;
            }
            Matcher window = WINDOW.matcher(runs.group(2));
            while (window.find()) {
                int at = Integer.parseInt(window.group(1));
                if (at < FIRST_WINDOW || at >= LAST_WINDOW) {
                    continue;
                }
                for (Cause cause : Cause.values()) {
                    counts.merge(cause, Long.parseLong(window.group(2 + cause.ordinal())), Long::sum);
                }
            }
        }
        return counts;
    }

    /** @return the p99 budget's value without what is not the code's, microseconds; NaN where there is none */
    static double codeOnlyP99(String json) {
        Matcher matcher = CODE_ONLY.matcher(json);
        return matcher.find() && !matcher.group(1).equals("null") ? Double.parseDouble(matcher.group(1)) : Double.NaN;
    }

    /**
     * Starts a busy loop on the harness thread's CPU for 20 ms a third into run 2: when run 1's report is printed,
     * after a third of a run's scheduled length (a second at full size).
     */
    private static final class HogInRunTwo implements ForkedBuilds.Watcher {
        private final Timer timer = new Timer("hog", true);

        @Override
        public void printed(Process process, String line) {
            if (!line.contains("BENCHMARK RESULTS (RUN 1)")) {
                return;
            }
            timer.schedule(new TimerTask() {
                @Override
                public void run() {
                    harnessCpu(process.pid()).ifPresent(cpu -> Neighbours.hog(cpu, 20));
                }
            }, FIRST_WINDOW + 5);
        }
    }

    /** @return the CPU the build's harness thread ran on last, from {@code /proc}, if it can be found */
    static java.util.OptionalInt harnessCpu(long pid) {
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                if (Files.readString(task.resolve("comm")).trim().equals("jlbh-harness")) {
                    String stat = Files.readString(task.resolve("stat"));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    return java.util.OptionalInt.of(Integer.parseInt(fields[36])); // field 39, "processor"
                }
            }
        } catch (IOException | RuntimeException noProc) {
            return java.util.OptionalInt.empty();
        }
        return java.util.OptionalInt.empty();
    }

    /** Outcomes of one body in one condition. */
    private static final class Tally {
        int builds;
        int passed;
        int inconclusive;
        int failed;
        final List<Double> codeOnly = new ArrayList<>();

        void add(ForkedBuilds.Build build, double codeOnlyP99) {
            builds++;
            if (build.passed()) {
                passed++;
            } else if (build.inconclusive()) {
                inconclusive++;
            } else {
                failed++;
            }
            if (!Double.isNaN(codeOnlyP99)) {
                codeOnly.add(codeOnlyP99);
            }
        }

        String medianCodeOnly() {
            if (codeOnly.isEmpty()) {
                return "- (no breach)";
            }
            List<Double> sorted = new ArrayList<>(codeOnly);
            Collections.sort(sorted);
            return String.format(Locale.ROOT, "%.1f (%d breaches)", sorted.get(sorted.size() / 2), sorted.size());
        }
    }
}

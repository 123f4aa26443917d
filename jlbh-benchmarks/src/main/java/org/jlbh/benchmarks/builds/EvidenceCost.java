package org.jlbh.benchmarks.builds;

import org.jlbh.junit.LatencyTestConfiguration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What collecting the evidence that attributes late samples costs the measurement: the {@link ConsumerProject}'s
 * empty body at 100,000/s (three runs of 500,000), built through JUnit's ConsoleLauncher with {@code jlbh.evidence =
 * on} and {@code off} alternately, each build a fresh JVM, on a quiet machine. Per build, the
 * median run's end-to-end p50 and p99.9, and the bytes each run allocated on the harness thread; the table gives
 * their medians over the builds, the range of p99.9 over every run, the median run's bytes and the most any run
 * allocated, for each setting.
 *
 * <p>Arguments: {@code [builds per setting] [iterations factor] [table file]}; the full run is {@code 10 1}, about
 * five minutes: after an install, {@code mvn -B -pl jlbh-benchmarks exec:java
 * -Dexec.mainClass=org.jlbh.benchmarks.builds.EvidenceCost -Dexec.args="10 1 target/evidence-cost.md"}.
 */
public final class EvidenceCost {
    private static final Pattern END_TO_END_RUN = Pattern.compile("\"percentilesNanos\": \\{\\s*\"50\": (\\d+),"
            + "[^}]*?\"99.9\": (\\d+)");
    private static final Pattern ALLOCATED = Pattern.compile("\"allocatedBytes\": (\\d+|null)");

    private EvidenceCost() {
    }

    public static void main(String[] args) throws IOException {
        int builds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        String factor = args.length > 1 ? args[1] : "1";
        Path out = Path.of(args.length > 2 ? args[2] : "target/evidence-cost.md");
        String table = measure(builds, factor);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    /**
     * @param builds builds per setting
     * @param factor the iterations factor
     * @return the table
     */
    public static String measure(int builds, String factor) throws IOException {
        Path work = Path.of("target", "evidence-cost").toAbsolutePath();
        ConsumerProject project = ConsumerProject.prepare(work.resolve("project"),
                System.getProperty("jlbh.version", "0.1.0-SNAPSHOT"), System.getProperty("junit.version", "5.11.3"));
        Path javaHome = Path.of(System.getProperty("java.home"));
        Figures on = new Figures();
        Figures off = new Figures();
        for (int i = 1; i <= builds; i++) {
            for (Figures figures : List.of(on, off)) {
                ConsumerProject.Build build = project.build(ConsumerProject.Launcher.CONSOLE, javaHome, "EmptyTest",
                        work.resolve("reports"), Map.of(LatencyTestConfiguration.ITERATIONS_FACTOR, factor,
                                LatencyTestConfiguration.EVIDENCE, figures == on ? "on" : "off"));
                figures.add(build.result());
                System.out.printf(Locale.ROOT, "evidence %s, build %d: exit %d, %.1f s%n", figures == on ? "on" : "off",
                        i, build.exitCode(), build.seconds());
            }
        }
        return String.format(Locale.ROOT, "Evidence collection's cost: an empty body at 100,000/s, 3 runs of 500,000 "
                        + "(iterations factor %s), %d builds per setting through the ConsoleLauncher, alternating, each a fresh JVM%n%n", factor,
                builds)
                + "| jlbh.evidence | end-to-end p50, median build (ns) | p99.9, median build (µs) | p99.9, median run "
                + "(µs) | p99.9 over every run (µs) | bytes a run allocated on the harness thread: median run; most, in "
                + "how many runs |\n| --- | --- | --- | --- | --- | --- |\n"
                + on.row("on") + off.row("off")
                + String.format(Locale.ROOT, "%nOn against off: p50 %+.1f ns (median builds); p99.9 ×%.2f (median builds), "
                        + "×%.2f (median runs)%n", on.median(on.p50) - off.median(off.p50),
                on.median(on.p999) / off.median(off.p999), on.median(on.everyP999) / off.median(off.everyP999));
    }

    /** One setting's builds. */
    private static final class Figures {
        final List<Double> p50 = new ArrayList<>();
        final List<Double> p999 = new ArrayList<>();
        final List<Double> everyP999 = new ArrayList<>();
        final List<Double> allocated = new ArrayList<>();

        void add(String json) {
            int probes = json.indexOf("\"probes\":");
            if (probes < 0) {
                return;
            }
            Matcher run = END_TO_END_RUN.matcher(json.substring(probes, endOfFirstProbe(json, probes)));
            List<Double> runP50 = new ArrayList<>();
            List<Double> runP999 = new ArrayList<>();
            while (run.find()) {
                runP50.add(Double.parseDouble(run.group(1)));
                runP999.add(Double.parseDouble(run.group(2)));
            }
            if (runP50.isEmpty()) {
                return;
            }
            p50.add(median(runP50));
            p999.add(median(runP999));
            everyP999.addAll(runP999);
            Matcher bytes = ALLOCATED.matcher(json.substring(0, probes));
            while (bytes.find()) {
                if (!bytes.group(1).equals("null")) {
                    allocated.add(Double.parseDouble(bytes.group(1)));
                }
            }
        }

        private static int endOfFirstProbe(String json, int probes) {
            int second = json.indexOf("\"name\":", json.indexOf("\"name\":", probes) + 1);
            return second < 0 ? json.length() : second;
        }

        String row(String setting) {
            if (p50.isEmpty()) {
                return "| " + setting + " | no result | | | | |\n";
            }
            return String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f – %.1f | %s |%n", setting,
                    median(p50), median(p999) / 1e3, median(everyP999) / 1e3, Collections.min(everyP999) / 1e3,
                    Collections.max(everyP999) / 1e3,
                    allocated.isEmpty() ? "not measured" : String.format(Locale.ROOT, "%,.0f; most %,.0f in %d of %d runs",
                            median(allocated), Collections.max(allocated),
                            allocated.stream().filter(bytes -> bytes > 0).count(), allocated.size()));
        }

        double median(List<Double> values) {
            List<Double> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            return sorted.get(sorted.size() / 2);
        }
    }
}

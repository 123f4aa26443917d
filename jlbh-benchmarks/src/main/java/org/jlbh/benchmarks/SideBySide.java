package org.jlbh.benchmarks;

import org.HdrHistogram.Histogram;
import org.jlbh.core.Percentiles;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * jlbh-junit's harness and the reference JLBH, measured side by side in one run on one machine, each scenario in a
 * fresh JVM of its own (the reference's with the {@code --add-opens} it needs). Prints, and writes to a file, a
 * table: metric | jlbh-junit | reference JLBH | reference ÷ ours | target for ours.
 *
 * <p>Full run: {@code mvn -B -pl jlbh-benchmarks -am verify -Pbenchmarks -DskipTests -Dinvoker.skip=true} (about
 * five minutes; the table goes to {@code jlbh-benchmarks/target/side-by-side.md}). The test suite runs {@code smoke}
 * sizes, seconds long, which check that everything runs but give figures too rough to judge.
 */
public final class SideBySide {
    private static final String REFERENCE_FLAG = "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED";
    private static final double REFERENCE_FLOOR_NS = 100;

    /** The rate each of two harness threads must keep up with, at once, with an empty task. */
    static final int TWO_THREADS_EACH = 5_000_000;

    /** The sizes of a run. */
    record Sizes(Scenario floor100k, Scenario floor1m, Scenario floor100kJitter, Scenario floor100kHog, Scenario spike,
                 Scenario behind, Scenario maxThroughput, Scenario keptUp, Scenario twoThreads, Scenario sweep,
                 Scenario extension, Scenario probe, int jmhForks, int jmhIterations, int jmhMillis) {
    }

    static final Sizes FULL = new Sizes(
            new Scenario("floor", 100_000, 1_000_000, 100_000, 3, false, 0, false),
            new Scenario("floor", 1_000_000, 2_000_000, 500_000, 3, false, 0, false),
            new Scenario("floor", 100_000, 1_000_000, 100_000, 3, true, 0, false),
            new Scenario("floor", 100_000, 500_000, 100_000, 3, false, 0, true),
            new Scenario("spike", 100_000, 1_100_000, 40_000, 5, false, 0, false),
            new Scenario("behind", 1, 10_000_000, 2_000_000, 1, false, 0, false),
            new Scenario("maxThroughput", 1, 1, 0, 1, false, 0.5, false),
            new Scenario("keptUp", Scenario.KEPT_UP_TARGET_THROUGHPUT, 15_000_000, 15_000_000, 5, false, 0, false),
            new Scenario("twoThreads", 2 * TWO_THREADS_EACH, 5_000_000, 5_000_000, 5, false, 0, false),
            new Scenario("sweep", 1, SweepOverhead.ITERATIONS, 0, 1, false, 0, false),
            new Scenario("extension", 1, 1_000_000, 0, 3, false, 0, false),
            new Scenario("probe", 1, 20_000_000, 0, 7, false, 0, false),
            1, 5, 1_000);

    static final Sizes SMOKE = new Sizes(
            new Scenario("floor", 100_000, 20_000, 5_000, 2, false, 0, false),
            new Scenario("floor", 1_000_000, 100_000, 20_000, 2, false, 0, false),
            new Scenario("floor", 100_000, 20_000, 5_000, 2, true, 0, false),
            new Scenario("floor", 100_000, 20_000, 5_000, 2, false, 0, true),
            new Scenario("spike", 100_000, 20_000, 10_000, 1, false, 0, false),
            new Scenario("behind", 1, 200_000, 100_000, 1, false, 0, false),
            new Scenario("maxThroughput", 1, 1, 0, 1, false, 0.02, false),
            new Scenario("keptUp", Scenario.KEPT_UP_TARGET_THROUGHPUT, 300_000, 300_000, 1, false, 0, false),
            new Scenario("twoThreads", 2 * TWO_THREADS_EACH, 200_000, 200_000, 1, false, 0, false),
            new Scenario("sweep", 1, 1_000, 0, 1, false, 0, false),
            new Scenario("extension", 1, 100_000, 0, 1, false, 0, false),
            new Scenario("probe", 1, 200_000, 0, 3, false, 0, false),
            0, 1, 100);

    private final Sizes sizes;
    private final List<String> rows = new ArrayList<>();

    SideBySide(Sizes sizes) {
        this.sizes = sizes;
    }

    /**
     * @param args {@code full} or {@code smoke}, then the file to write the table to
     */
    public static void main(String[] args) throws IOException, InterruptedException, RunnerException {
        Sizes sizes = args.length > 0 && args[0].equals("smoke") ? SMOKE : FULL;
        Path out = Path.of(args.length > 1 ? args[1] : "side-by-side.md");
        String table = new SideBySide(sizes).measure();
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table, StandardCharsets.UTF_8);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    /** @return the table, with the machine it was measured on */
    String measure() throws IOException, InterruptedException, RunnerException {
        double nanoTime = nanoTimeCost();
        StringBuilder sb = new StringBuilder();
        sb.append("Machine: ").append(Machine.describe()).append(String.format(Locale.ROOT,
                "; System.nanoTime() costs %.1f ns%n%n", nanoTime));
        sb.append("| metric | jlbh-junit | reference JLBH | reference ÷ ours | target for ours |\n");
        sb.append("| --- | --- | --- | --- | --- |\n");

        @SuppressWarnings("unchecked")
        Map<String, Double>[] quiet100k = new Map[2];
        for (Scenario floor : List.of(sizes.floor100k(), sizes.floor1m())) {
            Map<String, Double> ours = run(false, floor);
            Map<String, Double> reference = run(true, floor);
            if (floor == sizes.floor100k()) {
                quiet100k[0] = ours;
                quiet100k[1] = reference;
            }
            String rate = String.format(Locale.ROOT, "%,d/s", floor.throughput());
            floorRow("floor: empty task p50 at " + rate + ", ns", ours.get("p50.0"), reference.get("p50.0"),
                    target(ours.get("p50.0") <= 2 * nanoTime, String.format(Locale.ROOT, "≤ 2 × nanoTime = %.0f ns", 2 * nanoTime)));
            floorRow("floor: empty task p99 at " + rate + ", ns", ours.get("p99.0"), reference.get("p99.0"), "");
            floorRow("floor: empty task p99.9 at " + rate + ", ns", ours.get("p99.9"), reference.get("p99.9"), "");
            double ratio = ours.get("runTimeRatioWorst");
            row("pacing: worst run time ÷ target at " + rate, ratio, reference.get("runTimeRatioWorst"),
                    target(Math.abs(ratio - 1) <= 0.005, "within 0.5%"));
            row("pacing: harness lateness p99 at " + rate + ", ns", ours.get("latenessP99"), Double.NaN, "");
            row("allocation per iteration on the harness thread at " + rate + ", bytes",
                    ours.get("allocatedBytesPerIteration"), reference.get("allocatedBytesPerIteration"),
                    target(ours.get("allocatedBytesPerIteration") == 0, "0 B"));
        }

        Map<String, Double> oursHog = run(false, sizes.floor100kHog());
        Map<String, Double> referenceHog = run(true, sizes.floor100kHog());
        floorRow("stall visibility: empty task p99 at 100,000/s while two threads hog the CPU 2 ms in every 100 ms, ns",
                oursHog.get("p99.0"), referenceHog.get("p99.0"),
                "shows the preemptions (a harness that re-anchors to its wake-up time hides those that hit its wait)");
        floorRow("stall visibility: the same, p99.9, ns", oursHog.get("p99.9"), referenceHog.get("p99.9"), "");

        Map<String, Double> oursMax = run(false, sizes.maxThroughput());
        Map<String, Double> referenceMax = run(true, sizes.maxThroughput());
        double kept = oursMax.get("maxThroughputKeptUp");
        row("highest throughput kept up with, doubling from 1.25M/s (median run's p50 ≤ 10 µs), M/s", kept / 1e6,
                referenceMax.get("maxThroughputKeptUp") / 1e6, target(kept >= 20e6, "keeps up at 20M/s"));
        Scenario keptUp = sizes.keptUp();
        Map<String, Double> oursKept = run(false, keptUp);
        Map<String, Double> referenceKept = run(true, keptUp);
        double keptP50 = oursKept.get("p50");
        row(String.format(Locale.ROOT, "kept up at %dM/s single-threaded: empty task p50 of the median of %d runs "
                                + "of %,d, ns (runs with p50 ≤ 10 µs: ours %.0f, reference %.0f)",
                        keptUp.throughput() / 1_000_000, keptUp.runs(), keptUp.iterations(),
                        oursKept.get("runsKeptUp"), referenceKept.get("runsKeptUp")),
                keptP50, referenceKept.get("p50"), target(keptP50 <= Scenario.KEPT_UP_P50_NS, "≤ 10 µs (kept up)"));
        Scenario twoThreads = sizes.twoThreads();
        Map<String, Double> oursTwo = run(false, twoThreads);
        double worstP50 = Math.max(oursTwo.get("p50Thread0"), oursTwo.get("p50Thread1"));
        row(String.format(Locale.ROOT, "two threads at %dM/s each (threads = 2): empty task p50 of the median of %d runs "
                                + "of %,d, worse thread, ns (thread 0 %.1f, thread 1 %.1f; runs both kept up: %.0f; "
                                + "achieved %.2fM/s)",
                        TWO_THREADS_EACH / 1_000_000, twoThreads.runs(), twoThreads.iterations(),
                        oursTwo.get("p50Thread0"), oursTwo.get("p50Thread1"), oursTwo.get("runsKeptUp"),
                        oursTwo.get("achievedPerSecond") / 1e6),
                worstP50, Double.NaN, target(worstP50 <= Scenario.KEPT_UP_P50_NS, "≤ 10 µs each (kept up)"));
        Map<String, Double> oursSweep = run(false, sizes.sweep());
        double sweepRatio = oursSweep.get("sweepRatio");
        row(String.format(Locale.ROOT, "sweep overhead: @LatencyTemplate of 3 rates, total over measured runs and warm-ups "
                        + "(%.1f s over %.1f s; %.2f s more per rate)", oursSweep.get("sweepTotalSeconds"),
                        oursSweep.get("sweepMeasuredSeconds"), oursSweep.get("sweepFixedSecondsPerRate")),
                sweepRatio, Double.NaN, target(sweepRatio <= 1.1, "≤ 1.1×"));
        Map<String, Double> oursBehind = run(false, sizes.behind());
        Map<String, Double> referenceBehind = run(true, sizes.behind());
        double ns = oursBehind.get("nsPerIteration");
        row("cost per iteration when behind (empty task included), ns", ns, referenceBehind.get("nsPerIteration"),
                target(ns - nanoTime <= 30, String.format(Locale.ROOT,
                        "harness ≤ 30 ns: %.1f ns less the task's own nanoTime (%.1f) = %.1f ns", ns, nanoTime, ns - nanoTime)));

        Map<String, Double> oursSpike = run(false, sizes.spike());
        Map<String, Double> referenceSpike = run(true, sizes.spike());
        Histogram analytic = analyticSpike(sizes.spike().iterations());
        String undisturbed = String.format(Locale.ROOT, "ours: median of the %.0f of %d runs the platform did not stall; "
                + "reference: of all runs", oursSpike.get("undisturbedRuns"), sizes.spike().runs());
        for (double p : new double[]{99.7, 99.9, 99.99}) {
            double expected = analytic.getValueAtPercentile(p);
            double measured = oursSpike.get("p" + p);
            row(String.format(Locale.ROOT, "coordinated omission: spike p%s, µs (analytic %.1f; %s)", Percentiles.label(p),
                            expected / 1e3, undisturbed),
                    measured / 1e3, referenceSpike.get("p" + p) / 1e3,
                    target(Math.abs(measured - expected) <= 0.02 * expected, "within 2% of analytic"));
            row(String.format(Locale.ROOT, "coordinated omission: spike p%s over all runs, platform stalls included, µs", Percentiles.label(p)),
                    oursSpike.get("allRunsP" + p) / 1e3, referenceSpike.get("p" + p) / 1e3, "");
        }

        Map<String, Double> oursJitter = run(false, sizes.floor100kJitter());
        Map<String, Double> referenceJitter = run(true, sizes.floor100kJitter());
        Map<String, Double> oursQuiet = quiet100k[0];
        Map<String, Double> referenceQuiet = quiet100k[1];
        double damage = oursJitter.get("p99.99") / oursQuiet.get("p99.99");
        row("OS jitter recording: empty task p99.99 with ÷ without, at 100,000/s", damage,
                referenceJitter.get("p99.99") / referenceQuiet.get("p99.99"),
                target(damage <= 2, "no more than noise (≤ 2×, the runs' own spread here)"));

        Map<String, Double> extension = run(false, sizes.extension());
        row("@LatencyTest's cost over the bare harness at p50, ns", extension.get("extensionOverheadP50"), Double.NaN,
                target(extension.get("extensionOverheadP50") <= 10, "≤ 10 ns"));
        row("@LatencyTest's cost over the bare harness when behind, ns", extension.get("extensionOverheadBehind"), Double.NaN, "");

        Map<String, Double> jmh = probeRecordCosts();
        row("probe record from the harness thread (ours: a timed loop inside a running harness; reference: JMH), ns",
                run(false, sizes.probe()).get("probeRecordHarnessThread"), jmh.get("referenceFromTheHarnessThread"), "");
        row("probe record from another thread (JMH), ns", jmh.get("oursFromAnotherThread"), Double.NaN,
                "no count lost (the reference's probe is not thread-safe)");

        rows.forEach(sb::append);
        sb.append("\n\"-\": the reference has no such figure (no harness lateness, no extension), or gives no value at"
                + " that sample count. Each scenario ran in a fresh JVM; figures are medians over the runs.\n");
        return sb.toString();
    }

    private void row(String metric, double ours, double reference, String target) {
        String ratio = Double.isNaN(ours) || Double.isNaN(reference) || ours == 0 ? "-"
                : String.format(Locale.ROOT, "%.2f", reference / ours);
        rows.add(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", metric, value(ours), value(reference), ratio, target));
    }

    /** A latency row: the reference cannot show values under 100 ns (its histogram's floor), so none is compared. */
    private void floorRow(String metric, double ours, double reference, String target) {
        if (reference < REFERENCE_FLOOR_NS) {
            rows.add(String.format(Locale.ROOT, "| %s | %s | < 100 (its histogram floor) | - | %s |%n", metric, value(ours), target));
        } else {
            row(metric, ours, reference, target);
        }
    }

    private static String value(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String target(boolean met, String target) {
        return target + ": " + (met ? "met" : "**missed**");
    }

    /** Runs a scenario in a fresh JVM and reads back its RESULT lines. */
    private static Map<String, Double> run(boolean reference, Scenario scenario) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (reference) {
            command.add(REFERENCE_FLAG);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add((reference ? ReferenceRunner.class : OursRunner.class).getName());
        command.addAll(scenario.arguments());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Map<String, Double> results = new HashMap<>();
        StringBuilder output = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                output.append(line).append('\n');
                if (line.startsWith("RESULT ")) {
                    String[] pair = line.substring(7).split("=", 2);
                    results.put(pair[0], Double.parseDouble(pair[1]));
                }
            }
        }
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException((reference ? "reference" : "jlbh-junit") + " run of " + scenario
                    + " exited with " + exit + ":\n" + output);
        }
        System.out.println((reference ? "reference  " : "jlbh-junit ") + scenario.kind() + " " + scenario.throughput()
                + "/s jitter=" + scenario.osJitter() + ": " + results);
        return results;
    }

    /** The spike scenario's exact latencies: per 10,000 calls one of 1,000 µs and 99 of 990, 980, … 10 µs. */
    static Histogram analyticSpike(long iterations) {
        Histogram histogram = new Histogram(1, 3_600_000_000_000L, 3);
        long stalls = (iterations + 9_999) / 10_000;
        for (int behind = 0; behind < 100; behind++) {
            histogram.recordValueWithCount(1_000_000 - behind * 10_000L, stalls);
        }
        histogram.recordValueWithCount(0, iterations - 100 * stalls);
        return histogram;
    }

    private Map<String, Double> probeRecordCosts() throws RunnerException {
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                .include(ProbeRecordBenchmark.class.getName())
                .forks(sizes.jmhForks())
                .jvmArgsAppend(REFERENCE_FLAG)
                .warmupIterations(sizes.jmhIterations())
                .warmupTime(TimeValue.milliseconds(sizes.jmhMillis()))
                .measurementIterations(sizes.jmhIterations())
                .measurementTime(TimeValue.milliseconds(sizes.jmhMillis()))
                .build()).run();
        Map<String, Double> costs = new HashMap<>();
        for (RunResult result : results) {
            String name = result.getParams().getBenchmark();
            costs.put(name.substring(name.lastIndexOf('.') + 1), result.getPrimaryResult().getScore());
        }
        return costs;
    }

    /** @return the median cost of one System.nanoTime() call over five rounds of ten million, in ns */
    static double nanoTimeCost() {
        List<Double> rounds = new ArrayList<>();
        long sink = 0;
        for (int round = 0; round < 6; round++) {
            long start = System.nanoTime();
            for (int i = 0; i < 10_000_000; i++) {
                sink += System.nanoTime();
            }
            double perCall = (System.nanoTime() - start) / 1e7;
            if (round > 0) {
                rounds.add(perCall);
            }
        }
        if (sink == 42) {
            System.out.println();
        }
        return Scenario.median(rounds);
    }
}

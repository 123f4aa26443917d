package org.jlbh.benchmarks;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The measurement behind two defaults of jlbh-core: whether the warm-up is paced at the target throughput (ours) or
 * run back to back (the reference), and whether the task runs on a harness thread of its own (ours) or on the thread
 * that calls {@code start()} (the reference).
 *
 * <p>Each trial is a fresh JVM running a compute-only task (encode three numbers as ASCII digits, parse them back,
 * checksum: a few hundred nanoseconds that the JIT compiles during the warm-up) at 20,000/s: 20,000 warm-up
 * iterations, then 3 runs of 40,000, OS jitter off. It prints, per run, p50, p90, p99, p99.9 and the worst end to
 * end, the worst harness lateness and the JIT's compilation time during the run (from the JVM's
 * {@code CompilationMXBean}: work the warm-up left undone, which tail figures on a shared machine hide in its
 * noise), the harness's and the task's methods the JIT compiled or deoptimized during each run (from
 * {@code -XX:+PrintCompilation}, which each trial JVM runs with), and the warm-up's duration. Trials of the three set-ups are interleaved, so the
 * machine's noise spreads over all of them. The table gives the median over the trials of each figure, and of
 * run 1's figure divided by run 3's: how far the first measured run is from a settled one.
 *
 * <p>Run, after an install: {@code mvn -B -pl jlbh-benchmarks exec:exec -Dexec.executable=java
 * "-Dexec.args=-classpath %classpath org.jlbh.benchmarks.WarmUpAndThreadChoice 8"} (the argument is the trials per
 * set-up; a trial takes about 9 s).
 */
public final class WarmUpAndThreadChoice {
    private static final int THROUGHPUT = 20_000;
    private static final int WARM_UP = 20_000;
    private static final int ITERATIONS = 40_000;
    private static final int RUNS = 3;
    private static final String[] SETUPS = {"paced", "backToBack", "callingThread"};

    private WarmUpAndThreadChoice() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length == 2 && args[0].equals("trial")) {
            trial(args[1]);
            return;
        }
        int trials = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        Map<String, List<Map<String, Double>>> bySetup = new LinkedHashMap<>();
        for (int trial = 0; trial < trials; trial++) {
            for (String setup : SETUPS) {
                Map<String, Double> figures = fork(setup);
                System.out.println(setup + " trial " + (trial + 1) + ": " + figures);
                bySetup.computeIfAbsent(setup, s -> new ArrayList<>()).add(figures);
            }
        }
        System.out.println();
        System.out.println(table(bySetup, trials));
    }

    private static String table(Map<String, List<Map<String, Double>>> bySetup, int trials) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "Median of %d trials per set-up (fresh JVM each; %,d/s, %,d warm-up, %d runs of %,d; us)%n%n",
                trials, THROUGHPUT, WARM_UP, RUNS, ITERATIONS));
        sb.append("| set-up | warm-up took (s) | JIT ms in warm-up / run 1 / run 2 / run 3 "
                + "| harness methods compiled or deoptimized in run 1 / 2 / 3 | task's in run 1 / 2 / 3 "
                + "| run 1 p50 / p90 / p99 / p99.9 / worst | run 3 p50 / p90 / p99 / p99.9 / worst "
                + "| run 1 ÷ run 3: p50 / p90 / p99 |\n|---|---|---|---|---|---|---|---|\n");
        for (Map.Entry<String, List<Map<String, Double>>> entry : bySetup.entrySet()) {
            List<Map<String, Double>> t = entry.getValue();
            sb.append(String.format(Locale.ROOT, "| %s | %.3f | %.0f / %.0f / %.0f / %.0f | %s | %s | %s | %s | %.2f / %.2f / %.2f |%n",
                    entry.getKey(), median(t, "warmUpSeconds"), median(t, "warmUp.jitMs"), median(t, "run1.jitMs"),
                    median(t, "run2.jitMs"), median(t, "run3.jitMs"), events(t, "harnessJitEvents"),
                    events(t, "taskJitEvents"), runCell(t, 1), runCell(t, RUNS),
                    medianRatio(t, "p50"), medianRatio(t, "p90"), medianRatio(t, "p99")));
        }
        return sb.toString();
    }

    private static String runCell(List<Map<String, Double>> trials, int run) {
        return String.format(Locale.ROOT, "%.3f / %.3f / %.1f / %.1f / %.1f", median(trials, "run" + run + ".p50") / 1e3,
                median(trials, "run" + run + ".p90") / 1e3, median(trials, "run" + run + ".p99") / 1e3, median(trials, "run" + run + ".p99.9") / 1e3,
                median(trials, "run" + run + ".worst") / 1e3);
    }

    private static String events(List<Map<String, Double>> trials, String figure) {
        StringBuilder sb = new StringBuilder();
        for (int run = 1; run <= RUNS; run++) {
            sb.append(run == 1 ? "" : " / ").append(String.format(Locale.ROOT, "%.1f", median(trials, "run" + run + "." + figure)));
        }
        return sb.toString();
    }

    private static double medianRatio(List<Map<String, Double>> trials, String figure) {
        List<Double> ratios = new ArrayList<>();
        for (Map<String, Double> t : trials) {
            ratios.add(t.get("run1." + figure) / t.get("run" + RUNS + "." + figure));
        }
        return median(ratios);
    }

    private static double median(List<Map<String, Double>> trials, String figure) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Double> t : trials) {
            values.add(t.get(figure));
        }
        return median(values);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static Map<String, Double> fork(String setup) throws IOException, InterruptedException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+PrintCompilation", "-cp", System.getProperty("java.class.path"),
                WarmUpAndThreadChoice.class.getName(), "trial", setup);
        // the JIT's log goes to standard out, this trial's RESULT lines to standard error: kept apart, lines stay whole
        Path jitLog = java.nio.file.Files.createTempFile("jit", ".log");
        Process process = new ProcessBuilder(command).redirectOutput(jitLog.toFile()).start();
        Map<String, Double> figures = new LinkedHashMap<>();
        StringBuilder output = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                output.append(line).append('\n');
                if (line.startsWith("RESULT ")) {
                    String[] pair = line.substring(7).split("=", 2);
                    figures.put(pair[0], Double.parseDouble(pair[1]));
                }
            }
        }
        if (process.waitFor() != 0) {
            throw new IllegalStateException(setup + " trial failed:\n" + output);
        }
        List<long[]> jitEvents = new ArrayList<>(); // {uptime ms, 1 if the harness's code (org.jlbh.core)}
        for (String line : java.nio.file.Files.readAllLines(jitLog, StandardCharsets.UTF_8)) {
            if (line.contains("::") && (line.contains("org.jlbh.core.") || line.contains("CodecTask"))) {
                // -XX:+PrintCompilation: "<uptime ms> <id> <flags> <tier> <method> (<size>) [made not entrant]"
                String[] fields = line.trim().split("\\s+");
                jitEvents.add(new long[]{Long.parseLong(fields[0]), line.contains("org.jlbh.core.") ? 1 : 0});
            }
        }
        java.nio.file.Files.delete(jitLog);
        for (int run = 1; run <= RUNS; run++) {
            double from = figures.get("run" + (run - 1) + ".endMs");
            double to = figures.get("run" + run + ".endMs");
            figures.put("run" + run + ".harnessJitEvents", (double) jitEvents.stream()
                    .filter(e -> e[1] == 1 && e[0] > from && e[0] <= to).count());
            figures.put("run" + run + ".taskJitEvents", (double) jitEvents.stream()
                    .filter(e -> e[1] == 0 && e[0] > from && e[0] <= to).count());
        }
        return figures;
    }

    /** One trial, in this JVM. */
    private static void trial(String setup) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        long[] warmUpNanos = new long[2];
        long[] jitMs = new long[RUNS + 2];
        CodecTask task = new CodecTask(warmUpNanos, jitMs);
        JLBHOptions options = new JLBHOptions().throughput(THROUGHPUT).warmUpIterations(WARM_UP).iterations(ITERATIONS)
                .runs(RUNS).recordOSJitter(false).pacedWarmUp(!setup.equals("backToBack"))
                .runOnCallingThread(setup.equals("callingThread")).jlbhTask(task);
        new JLBH(options, new PrintStream(OutputStream.nullOutputStream()), results).start();
        JLBHResult result = results.get();
        print("warmUpSeconds", (warmUpNanos[1] - warmUpNanos[0]) / 1e9);
        print("warmUp.jitMs", jitMs[1] - jitMs[0]);
        for (int run = 0; run <= RUNS; run++) {
            print("run" + run + ".endMs", task.endMs[run]);
        }
        for (int run = 1; run <= RUNS; run++) {
            JLBHResult.RunResult e2e = result.endToEnd().eachRunSummary().get(run - 1);
            print("run" + run + ".p50", e2e.percentile(50).toNanos());
            print("run" + run + ".p90", e2e.percentile(90).toNanos());
            print("run" + run + ".p99", e2e.percentile(99).toNanos());
            print("run" + run + ".jitMs", jitMs[run + 1] - jitMs[run]);
            print("run" + run + ".p99.9", e2e.percentile(99.9).toNanos());
            print("run" + run + ".worst", e2e.max().toNanos());
            print("run" + run + ".lateness.worst", result.runs().get(run - 1).harnessLateness().max().toNanos());
        }
        print("checksum", task.checksum % 10);
    }

    private static void print(String name, double value) {
        System.err.println("RESULT " + name + "=" + value);
    }

    /** Encodes three numbers as ASCII digits into a buffer, parses them back and keeps a checksum: no allocation. */
    private static final class CodecTask implements JLBHTask {
        private final byte[] buffer = new byte[64];
        private final long[] warmUpNanos;
        private final long[] jitMs;
        final long[] endMs = new long[RUNS + 1];
        private JLBH jlbh;
        private long i;
        private int runsDone;
        long checksum;

        CodecTask(long[] warmUpNanos, long[] jitMs) {
            this.warmUpNanos = warmUpNanos;
            this.jitMs = jitMs;
        }

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            if (i++ == 0) {
                warmUpNanos[0] = System.nanoTime();
                jitMs[0] = jitMs();
            }
            int end = encode(1_700_000_000_000L + i, 0);
            buffer[end++] = '|';
            end = encode(i * 7_919 % 1_000_003, end);
            buffer[end++] = '|';
            end = encode(i % 97, end);
            long sum = 0;
            long value = 0;
            for (int k = 0; k < end; k++) {
                byte b = buffer[k];
                if (b == '|') {
                    sum += value;
                    value = 0;
                } else {
                    value = value * 10 + (b - '0');
                }
            }
            checksum += sum + value;
            jlbh.sample(System.nanoTime() - startTimeNS);
        }

        @Override
        public void warmedUp() {
            warmUpNanos[1] = System.nanoTime();
            jitMs[1] = jitMs();
            endMs[0] = uptimeMs();
        }

        @Override
        public void runComplete() {
            jitMs[2 + runsDone] = jitMs();
            endMs[1 + runsDone++] = uptimeMs();
        }

        /** @return milliseconds since the JVM started, the time base of -XX:+PrintCompilation */
        private static long uptimeMs() {
            return java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
        }

        private static long jitMs() {
            return java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        }

        private int encode(long value, int at) {
            int digits = value == 0 ? 1 : (int) Math.log10(value) + 1;
            for (int k = at + digits - 1; k >= at; k--) {
                buffer[k] = (byte) ('0' + value % 10);
                value /= 10;
            }
            return at + digits;
        }
    }
}

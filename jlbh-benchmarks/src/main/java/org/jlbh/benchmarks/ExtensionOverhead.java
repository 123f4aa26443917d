package org.jlbh.benchmarks;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.LatencyTest;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code @LatencyTest} costs per iteration over the bare harness.
 *
 * <p>Both variants do the same work per iteration (the harness's pacing, one call, one {@code System.nanoTime()},
 * one end-to-end sample); the extension's is a real {@code @LatencyTest} with an empty body, run through the JUnit
 * engine as a user's test is, so it adds whatever the extension puts around each call of the test method. Two
 * figures, each the median of several rounds that alternate the variants in one JVM (so both see the same JIT and
 * machine state):
 * <ul>
 *   <li><b>p50 at 1,000,000/s</b>: the end-to-end median of an empty body, the latency floor a user sees. The
 *   target for the extension's overhead, ≤ 10 ns, is about this figure.</li>
 *   <li><b>ns per iteration when behind</b>: a run at a throughput no harness can reach, so iterations run back to
 *   back, and its run time divided by its iterations.</li>
 * </ul>
 * Part of {@link SideBySide}'s run; on its own: {@code mvn -B -pl jlbh-benchmarks -am install -DskipTests} then
 * {@code mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.ExtensionOverhead}.
 */
public final class ExtensionOverhead {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final Pattern P50 = Pattern.compile("jlbh figures \\[end to end\\] p50=([\\d.]+)us");

    private ExtensionOverhead() {
    }

    /**
     * Medians over the rounds, in nanoseconds.
     *
     * @param bareP50         end-to-end p50 of the bare harness at 1,000,000/s
     * @param extensionP50    end-to-end p50 of the extension's path at 1,000,000/s
     * @param bareBehind      ns per iteration of the bare harness when behind
     * @param extensionBehind ns per iteration of the extension's path when behind
     * @param rounds          rounds measured
     */
    public record Figures(double bareP50, double extensionP50, double bareBehind, double extensionBehind, int rounds) {

        /** @return the table, one metric a row */
        public String table() {
            return String.format(Locale.ROOT, "%-44s | %12s | %12s | %10s%n", "metric (median of " + rounds + " rounds)",
                    "bare harness", "@LatencyTest", "overhead")
                    + row("end-to-end p50 of an empty body at 1M/s, ns", bareP50, extensionP50)
                    + row("cost per iteration when behind, ns", bareBehind, extensionBehind);
        }

        private static String row(String metric, double bare, double extension) {
            return String.format(Locale.ROOT, "%-44s | %12.1f | %12.1f | %+10.1f%n", metric, bare, extension, extension - bare);
        }
    }

    /** Runs the full measurement and prints the table. */
    public static void main(String[] args) {
        Figures figures = measure(5, 2_000_000, 10_000_000);
        System.out.print(figures.table());
    }

    /**
     * @param rounds           rounds, alternating the variants
     * @param pacedIterations  iterations of a paced run at 1,000,000/s
     * @param behindIterations iterations of a run that is behind
     * @return the medians
     */
    public static Figures measure(int rounds, long pacedIterations, long behindIterations) {
        double[] bareP50 = new double[rounds];
        double[] extensionP50 = new double[rounds];
        double[] bareBehind = new double[rounds];
        double[] extensionBehind = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            bareP50[round] = p50AtOneMillion(pacedIterations);
            extensionP50[round] = extensionP50AtOneMillion(pacedIterations);
            bareBehind[round] = nanosPerIterationWhenBehind(behindIterations);
            extensionBehind[round] = extensionNanosPerIterationWhenBehind(behindIterations);
        }
        return new Figures(median(bareP50), median(extensionP50), median(bareBehind), median(extensionBehind), rounds);
    }

    private static double p50AtOneMillion(long iterations) {
        JLBHResult result = run(new JLBHOptions().throughput(1_000_000).warmUpIterations(Paced.WARM_UP)
                .iterations(iterations).runs(1).recordOSJitter(false).jlbhTask(new BareTask()));
        return result.endToEnd().summaryOfLastRun().get50thPercentile().toNanos();
    }

    private static double nanosPerIterationWhenBehind(long iterations) {
        JLBHResult result = run(new JLBHOptions().throughput(Integer.MAX_VALUE).warmUpIterations(Behind.WARM_UP)
                .iterations(iterations).runs(1).recordOSJitter(false).jlbhTask(new BareTask()));
        JLBHResult.RunSummary run = result.runs().get(0);
        return (double) run.runTime().toNanos() / run.iterationsRun();
    }

    private static JLBHResult run(JLBHOptions options) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        new JLBH(options.progressIntervalMS(0), QUIET, results).start();
        return results.get();
    }

    /** @return the end-to-end p50 of {@link Paced}, in ns, from the figures line the extension prints */
    private static double extensionP50AtOneMillion(long iterations) {
        String output = runThroughJUnit(Paced.class, "empty", (double) iterations / Paced.ITERATIONS);
        Matcher p50 = P50.matcher(output);
        if (!p50.find()) {
            throw new IllegalStateException("no end-to-end p50 in the latency test's output:\n" + output);
        }
        return Double.parseDouble(p50.group(1)) * 1_000;
    }

    /** @return ns per iteration of {@link Behind}'s measured run, as its body timed it */
    private static double extensionNanosPerIterationWhenBehind(long iterations) {
        double factor = (double) iterations / Behind.ITERATIONS;
        Behind.reset(Math.round(Behind.WARM_UP * factor), Math.round(Behind.ITERATIONS * factor));
        runThroughJUnit(Behind.class, "empty", factor);
        return Behind.nanosPerIteration();
    }

    /** Runs one latency test through the JUnit engine; returns its output. */
    private static String runThroughJUnit(Class<?> test, String method, double iterationsFactor) {
        return EngineRun.run(test, method, iterationsFactor, 1, reports -> null).output();
    }

    private static double median(double[] values) {
        List<Double> list = new ArrayList<>();
        for (double value : values) {
            list.add(value);
        }
        return Scenario.median(list);
    }

    /** The extension's path at 1,000,000/s: an empty latency test method, as a user's would be. */
    public static final class Paced {
        static final long ITERATIONS = 1_000_000;
        static final int WARM_UP = 200_000;

        /** An empty test method. */
        @LatencyTest(throughput = 1_000_000, iterations = ITERATIONS, warmUpIterations = WARM_UP, runs = 1,
                recordOSJitter = false, percentile = 50, maxMicros = 1_000_000)
        void empty() {
        }
    }

    /** The extension's path when behind: an empty latency test at a throughput nothing reaches, timing itself. */
    public static final class Behind {
        static final long ITERATIONS = 1_000_000;
        static final int WARM_UP = 500_000;
        private static long firstMeasured;
        private static long lastMeasured;
        private static long calls;
        private static long start;
        private static long end;

        static void reset(long warmUp, long iterations) {
            firstMeasured = warmUp + 1;
            lastMeasured = warmUp + iterations;
            calls = 0;
        }

        static double nanosPerIteration() {
            return (double) (end - start) / (lastMeasured - firstMeasured);
        }

        /** An empty test method, but for noting when the measured run's first and last calls came. */
        @LatencyTest(throughput = Integer.MAX_VALUE, iterations = ITERATIONS, warmUpIterations = WARM_UP, runs = 1,
                recordOSJitter = false, percentile = 50, maxMicros = 1_000_000_000)
        void empty() {
            long call = ++calls;
            if (call == firstMeasured) {
                start = System.nanoTime();
            } else if (call == lastMeasured) {
                end = System.nanoTime();
            }
        }
    }

    /**
     * The bare harness: the reference's empty task, one end-to-end sample per call; any number of harness threads
     * may call it at once.
     */
    static final class BareTask implements JLBHTask {
        private JLBH jlbh;

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            jlbh.sample(System.nanoTime() - startTimeNS);
        }
    }
}

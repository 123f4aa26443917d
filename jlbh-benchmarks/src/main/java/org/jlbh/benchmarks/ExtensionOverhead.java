package org.jlbh.benchmarks;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.internal.Body;
import org.jlbh.junit.internal.MethodTask;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What {@code @LatencyTest} costs per iteration over the bare harness.
 *
 * <p>Both variants do the same work per iteration (the harness's pacing, one call, one {@code System.nanoTime()},
 * one end-to-end sample); the extension's adds the test method bound through {@link Body} and the
 * {@link MethodTask} around it. Two figures, each the median of several rounds that alternate the variants in one
 * JVM (so both see the same JIT and machine state):
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
            bareP50[round] = p50AtOneMillion(BareTask::new, pacedIterations);
            extensionP50[round] = p50AtOneMillion(ExtensionOverhead::extensionTask, pacedIterations);
            bareBehind[round] = nanosPerIterationWhenBehind(BareTask::new, behindIterations);
            extensionBehind[round] = nanosPerIterationWhenBehind(ExtensionOverhead::extensionTask, behindIterations);
        }
        return new Figures(median(bareP50), median(extensionP50), median(bareBehind), median(extensionBehind), rounds);
    }

    private static double p50AtOneMillion(Supplier<JLBHTask> task, long iterations) {
        JLBHResult result = run(new JLBHOptions().throughput(1_000_000).warmUpIterations(200_000).iterations(iterations)
                .runs(1).recordOSJitter(false).jlbhTask(task.get()));
        return result.endToEnd().summaryOfLastRun().get50thPercentile().toNanos();
    }

    private static double nanosPerIterationWhenBehind(Supplier<JLBHTask> task, long iterations) {
        JLBHResult result = run(new JLBHOptions().throughput(Integer.MAX_VALUE).warmUpIterations(500_000)
                .iterations(iterations).runs(1).recordOSJitter(false).jlbhTask(task.get()));
        JLBHResult.RunSummary run = result.runs().get(0);
        return (double) run.runTime().toNanos() / run.iterationsRun();
    }

    private static JLBHResult run(JLBHOptions options) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        new JLBH(options.progressIntervalMS(0), QUIET, results).start();
        return results.get();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    /** The bare harness: the reference's empty task. */
    private static final class BareTask implements JLBHTask {
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

    /** What @LatencyTest runs for an empty test method. */
    private static JLBHTask extensionTask() {
        MethodTask task = new MethodTask(true, 0, 1, 1);
        try {
            task.body(Body.of(EmptyTest.class.getDeclaredMethod("empty"), new EmptyTest(), new Object[0]));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        return task;
    }

    /** A test class with an empty test method, as a user's would be. */
    static final class EmptyTest {
        void empty() {
        }
    }
}

package org.jlbh.benchmarks;

import net.openhft.chronicle.jlbh.JLBH;
import net.openhft.chronicle.jlbh.JLBHOptions;
import net.openhft.chronicle.jlbh.JLBHResult;
import net.openhft.chronicle.jlbh.JLBHResultConsumer;
import net.openhft.chronicle.jlbh.JLBHTask;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scenarios of {@link OursRunner}, run on the reference JLBH ({@code net.openhft:jlbh:1.27ea0}) in a JVM of its
 * own started with the flag it needs ({@code --add-opens java.base/java.lang.reflect=ALL-UNNAMED}). The tasks are the
 * same code with the reference's imports. The reference's results carry no run times, so they are read from the
 * run blocks it prints ("Run time: 10.292s", millisecond resolution); it has no harness lateness.
 */
public final class ReferenceRunner {
    private static final Pattern RUN_TIME = Pattern.compile("Run time: ([0-9.]+) ?s");

    private ReferenceRunner() {
    }

    public static void main(String[] args) {
        Scenario scenario = Scenario.parse(args);
        switch (scenario.kind()) {
            case "floor":
                floor(scenario);
                break;
            case "spike":
                spike(scenario);
                break;
            case "behind":
                behind(scenario);
                break;
            case "maxThroughput":
                maxThroughput(scenario);
                break;
            case "keptUp":
                keptUp(scenario);
                break;
            default:
                throw new IllegalArgumentException("unknown scenario " + scenario.kind());
        }
    }

    /** What one benchmark gave: its results and the run times it printed, in seconds. */
    private record Outcome(JLBHResult result, List<Double> runSeconds) {
    }

    private static void floor(Scenario scenario) {
        scenario.startCpuHog();
        EmptyTask task = new EmptyTask(scenario);
        Outcome outcome = run(options(scenario).jlbhTask(task));
        for (double p : new double[]{50, 99, 99.9, 99.99}) {
            Scenario.print("p" + p, medianRun(outcome.result().endToEnd(), p));
        }
        Scenario.print("runTimeRatioWorst", worstRunTimeRatio(outcome, scenario.iterations(), scenario.throughput()));
        Scenario.print("allocatedBytesPerIteration", task.allocatedBytesPerIteration());
    }

    private static void spike(Scenario scenario) {
        Outcome outcome = run(options(scenario).jlbhTask(new SpikeTask()));
        for (double p : new double[]{99.7, 99.9, 99.99}) {
            Scenario.print("p" + p, medianRun(outcome.result().endToEnd(), p));
        }
    }

    private static void behind(Scenario scenario) {
        Outcome outcome = run(options(scenario).throughput(Integer.MAX_VALUE).jlbhTask(new EmptyTask(scenario)));
        double seconds = outcome.runSeconds().get(outcome.runSeconds().size() - 1);
        Scenario.print("nsPerIteration", seconds * 1e9 / scenario.iterations());
    }

    private static void maxThroughput(Scenario scenario) {
        long kept = 0;
        for (long throughput = Scenario.FIRST_THROUGHPUT_TRIED; throughput <= 160_000_000; throughput *= 2) {
            long iterations = (long) (throughput * scenario.secondsPerRun());
            Outcome outcome = run(new JLBHOptions().throughput((int) throughput).iterations(iterations)
                    .warmUpIterations((int) Math.min(Integer.MAX_VALUE, iterations)).runs(1).recordOSJitter(false)
                    .jlbhTask(new EmptyTask(scenario)));
            double p50 = medianRun(outcome.result().endToEnd(), 50);
            Scenario.print("p50At" + throughput, p50);
            if (!(p50 <= Scenario.KEPT_UP_P50_NS)) {
                break;
            }
            kept = throughput;
        }
        Scenario.print("maxThroughputKeptUp", kept);
    }

    /** The empty task at one rate: the median run's p50 and how many runs kept up. */
    private static void keptUp(Scenario scenario) {
        Outcome outcome = run(options(scenario).jlbhTask(new EmptyTask(scenario)));
        Scenario.print("p50", medianRun(outcome.result().endToEnd(), 50));
        JLBHResult.RunResult.Percentile p50 = Scenario.referencePercentile(50);
        Scenario.print("runsKeptUp", outcome.result().endToEnd().eachRunSummary().stream()
                .filter(run -> run.percentiles().get(p50).toNanos() <= Scenario.KEPT_UP_P50_NS).count());
    }

    private static JLBHOptions options(Scenario scenario) {
        return new JLBHOptions().throughput(scenario.throughput()).iterations(scenario.iterations())
                .warmUpIterations(scenario.warmUpIterations()).runs(scenario.runs()).recordOSJitter(scenario.osJitter());
    }

    private static Outcome run(JLBHOptions options) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        new JLBH(options, new PrintStream(printed, true, StandardCharsets.UTF_8), results).start();
        List<Double> runSeconds = new ArrayList<>();
        Matcher matcher = RUN_TIME.matcher(printed.toString(StandardCharsets.UTF_8));
        while (matcher.find()) {
            runSeconds.add(Double.parseDouble(matcher.group(1)));
        }
        return new Outcome(results.get(), runSeconds);
    }

    private static double worstRunTimeRatio(Outcome outcome, long iterations, long throughput) {
        double target = (double) iterations / throughput;
        return outcome.runSeconds().stream().mapToDouble(seconds -> seconds / target).max().orElse(Double.NaN);
    }

    private static double medianRun(JLBHResult.ProbeResult probe, double percentile) {
        JLBHResult.RunResult.Percentile key = Scenario.referencePercentile(percentile);
        List<Double> values = new ArrayList<>();
        for (JLBHResult.RunResult run : probe.eachRunSummary()) {
            Map<JLBHResult.RunResult.Percentile, Duration> percentiles = run.percentiles();
            if (!percentiles.containsKey(key)) {
                return Double.NaN;
            }
            values.add((double) percentiles.get(key).toNanos());
        }
        return Scenario.median(values);
    }

    /** The reference's empty task; measures its thread's allocation over the middle of the last run. */
    private static final class EmptyTask implements JLBHTask {
        private final long firstMeasured;
        private final long lastMeasured;
        private final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        private JLBH jlbh;
        private long calls;
        private long allocatedAtFirst;
        private long allocatedAtLast;

        EmptyTask(Scenario scenario) {
            long lastRunStart = scenario.warmUpIterations() + scenario.iterations() * (scenario.runs() - 1);
            this.firstMeasured = lastRunStart + scenario.iterations() / 10;
            this.lastMeasured = lastRunStart + scenario.iterations() * 9 / 10;
        }

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            if (calls == firstMeasured) {
                allocatedAtFirst = threads.getCurrentThreadAllocatedBytes();
            } else if (calls == lastMeasured) {
                allocatedAtLast = threads.getCurrentThreadAllocatedBytes();
            }
            calls++;
            jlbh.sample(System.nanoTime() - startTimeNS);
        }

        double allocatedBytesPerIteration() {
            return (double) (allocatedAtLast - allocatedAtFirst) / (lastMeasured - firstMeasured);
        }
    }

    /** The seed post's task: a 1 ms busy stall every 10,000th call. */
    private static final class SpikeTask implements JLBHTask {
        private JLBH jlbh;
        private long count;

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            if (count++ % 10_000 == 0) {
                Scenario.busyWaitMicros(1_000);
            }
            jlbh.sample(System.nanoTime() - startTimeNS);
        }
    }
}

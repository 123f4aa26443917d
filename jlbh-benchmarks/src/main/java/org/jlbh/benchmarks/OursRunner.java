package org.jlbh.benchmarks;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one scenario on jlbh-core in this JVM and prints its figures as {@code RESULT name=value} lines for
 * {@link SideBySide}. {@link ReferenceRunner} is the same code against the reference JLBH: only imports and the two
 * result accessors differ. Arguments: see {@link Scenario#parse(String[])}.
 */
public final class OursRunner {
    private static final long SPIKE_UNDISTURBED_LATENESS_NS = 1_500_000;

    private OursRunner() {
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
            case "twoThreads":
                twoThreads(scenario);
                break;
            case "sweep":
                SweepOverhead.Figures sweep = SweepOverhead.measure(
                        (double) scenario.iterations() / SweepOverhead.ITERATIONS);
                Scenario.print("sweepTotalSeconds", sweep.totalNanos() / 1e9);
                Scenario.print("sweepMeasuredSeconds", sweep.measuredNanos() / 1e9);
                Scenario.print("sweepRatio", sweep.ratio());
                Scenario.print("sweepFixedSecondsPerRate", sweep.fixedSecondsPerRate());
                break;
            case "extension":
                ExtensionOverhead.Figures figures = ExtensionOverhead.measure(scenario.runs(), scenario.iterations(),
                        scenario.iterations() * 5);
                Scenario.print("extensionOverheadP50", figures.extensionP50() - figures.bareP50());
                Scenario.print("extensionOverheadBehind", figures.extensionBehind() - figures.bareBehind());
                break;
            case "probe":
                Scenario.print("probeRecordHarnessThread",
                        ProbeRecordBenchmark.fromTheHarnessThreadNanos(scenario.iterations(), scenario.runs()));
                break;
            default:
                throw new IllegalArgumentException("unknown scenario " + scenario.kind());
        }
    }

    private static void floor(Scenario scenario) {
        scenario.startCpuHog();
        EmptyTask task = new EmptyTask(scenario);
        JLBHResult result = run(options(scenario).jlbhTask(task));
        for (double p : new double[]{50, 99, 99.9, 99.99}) {
            Scenario.print("p" + p, medianRun(result.endToEnd(), p));
        }
        Scenario.print("runTimeRatioWorst", worstRunTimeRatio(result));
        Scenario.print("latenessP99", medianRun(result.runs().stream().map(JLBHResult.RunSummary::harnessLateness).toList(), 99));
        Scenario.print("allocatedBytesPerIteration", task.allocatedBytesPerIteration());
    }

    /**
     * The spike's percentiles over the runs the platform did not disturb: those whose harness lateness stayed within
     * the task's own 1 ms stall plus 0.5 ms. This machine stalls any process for 2–4 ms a couple of times a minute,
     * which a truthful harness must report, but which says nothing about its accounting.
     */
    private static void spike(Scenario scenario) {
        JLBHResult result = run(options(scenario).jlbhTask(new SpikeTask()));
        List<JLBHResult.RunResult> undisturbed = new ArrayList<>();
        for (int i = 0; i < result.runs().size(); i++) {
            if (result.runs().get(i).harnessLateness().max().toNanos() <= SPIKE_UNDISTURBED_LATENESS_NS) {
                undisturbed.add(result.endToEnd().eachRunSummary().get(i));
            }
        }
        Scenario.print("undisturbedRuns", undisturbed.size());
        for (double p : new double[]{99.7, 99.9, 99.99}) {
            Scenario.print("p" + p, undisturbed.isEmpty() ? Double.NaN : medianRun(undisturbed, p));
            Scenario.print("allRunsP" + p, medianRun(result.endToEnd(), p));
        }
    }

    private static void behind(Scenario scenario) {
        JLBHResult result = run(options(scenario).throughput(Integer.MAX_VALUE).jlbhTask(new EmptyTask(scenario)));
        JLBHResult.RunSummary run = result.runs().get(result.runs().size() - 1);
        Scenario.print("nsPerIteration", (double) run.runTime().toNanos() / run.iterationsRun());
    }

    private static void maxThroughput(Scenario scenario) {
        long kept = 0;
        for (long throughput = Scenario.FIRST_THROUGHPUT_TRIED; throughput <= 160_000_000; throughput *= 2) {
            long iterations = (long) (throughput * scenario.secondsPerRun());
            JLBHResult result = run(new JLBHOptions().throughput((int) throughput).iterations(iterations)
                    .warmUpIterations((int) Math.min(Integer.MAX_VALUE, iterations)).runs(1).recordOSJitter(false)
                    .jlbhTask(new EmptyTask(scenario)));
            double p50 = medianRun(result.endToEnd(), 50);
            Scenario.print("p50At" + throughput, p50);
            if (!(p50 <= Scenario.KEPT_UP_P50_NS)) {
                break;
            }
            kept = throughput;
        }
        Scenario.print("maxThroughputKeptUp", kept);
    }

    /**
     * The empty task at one rate, warm-up as long as a run: the median run's p50 and how many runs kept up (p50 within
     * {@link Scenario#KEPT_UP_P50_NS}).
     */
    private static void keptUp(Scenario scenario) {
        JLBHResult result = run(options(scenario).jlbhTask(new EmptyTask(scenario)));
        Scenario.print("p50", medianRun(result.endToEnd(), 50));
        Scenario.print("runsKeptUp", result.endToEnd().eachRunSummary().stream()
                .filter(run -> run.percentile(50).toNanos() <= Scenario.KEPT_UP_P50_NS).count());
        Scenario.print("latenessP50",
                medianRun(result.runs().stream().map(JLBHResult.RunSummary::harnessLateness).toList(), 50));
    }

    /**
     * The empty task at the scenario's throughput shared by two harness threads, each at half of it: each thread's
     * median-run p50 and how many runs both threads kept up (p50 within {@link Scenario#KEPT_UP_P50_NS}).
     */
    private static void twoThreads(Scenario scenario) {
        JLBHResult result = run(options(scenario).threads(2).jlbhTask(new ExtensionOverhead.BareTask()));
        JLBHResult.ProbeResult first = result.probe(JLBH.endToEndOfThread(0)).orElseThrow();
        JLBHResult.ProbeResult second = result.probe(JLBH.endToEndOfThread(1)).orElseThrow();
        Scenario.print("p50Thread0", medianRun(first, 50));
        Scenario.print("p50Thread1", medianRun(second, 50));
        long kept = 0;
        for (int run = 0; run < scenario.runs(); run++) {
            if (first.eachRunSummary().get(run).percentile(50).toNanos() <= Scenario.KEPT_UP_P50_NS
                    && second.eachRunSummary().get(run).percentile(50).toNanos() <= Scenario.KEPT_UP_P50_NS) {
                kept++;
            }
        }
        Scenario.print("runsKeptUp", kept);
        Scenario.print("achievedPerSecond", Scenario.median(result.runs().stream()
                .map(JLBHResult.RunSummary::achievedThroughputPerSecond).toList()));
    }

    private static JLBHOptions options(Scenario scenario) {
        return new JLBHOptions().throughput(scenario.throughput()).iterations(scenario.iterations())
                .warmUpIterations(scenario.warmUpIterations()).runs(scenario.runs()).recordOSJitter(scenario.osJitter());
    }

    private static JLBHResult run(JLBHOptions options) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        new JLBH(options.progressIntervalMS(0), new PrintStream(OutputStream.nullOutputStream()), results).start();
        return results.get();
    }

    private static double worstRunTimeRatio(JLBHResult result) {
        double worst = 0;
        for (JLBHResult.RunSummary run : result.runs()) {
            worst = Math.max(worst, (double) run.runTime().toNanos() / run.targetRunTime().toNanos());
        }
        return worst;
    }

    private static double medianRun(JLBHResult.ProbeResult probe, double percentile) {
        return medianRun(probe.eachRunSummary(), percentile);
    }

    private static double medianRun(List<JLBHResult.RunResult> runs, double percentile) {
        List<Double> values = new ArrayList<>();
        for (JLBHResult.RunResult run : runs) {
            if (!run.supports(percentile)) {
                return Double.NaN;
            }
            values.add((double) run.percentile(percentile).toNanos());
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

package org.jlbh.junit;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.ProbeResult;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.JLBHResult.RunResult.Percentile;
import org.jlbh.core.JLBHResult.RunSummary;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.Budget;
import org.jlbh.junit.internal.GcMonitor.Collection;
import org.jlbh.junit.internal.LatencySettings;
import org.jlbh.junit.internal.report.BaselineComparison;
import org.jlbh.junit.internal.report.ChartData;
import org.jlbh.junit.internal.report.JsonWriter;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * One latency test's results as the reports carry them: the JSON result, the HdrHistogram percentile
 * distributions ({@code .hgrm}, in microseconds, merged over the measured runs), the line of figures for the JUnit
 * XML and the suite page's chart data. Built once per test after its verdict; immutable; thread-safe.
 */
final class ResultReport {
    /** Chart points per decade of the "nines" percentile scale. */
    private static final int POINTS_PER_DECADE = 5;
    private static final double[] FIGURES = {50, 90, 99, 99.9};

    final String id;
    final String displayName;
    final LatencySettings settings;
    final List<Judgement> attempts;
    final Judgement reported;
    final String verdict;
    final String verdictDetail;
    final BaselineComparison baseline;

    /**
     * @param settings      the test's settings
     * @param attempts      every attempt, in order
     * @param reported      the attempt whose figures are reported (the passing one, else the last)
     * @param verdict       PASSED, FAILED, INCONCLUSIVE or REPORTED
     * @param verdictDetail the failure message, or the budgets met
     * @param baseline      the comparison with the baseline, or null
     */
    ResultReport(LatencySettings settings, List<Judgement> attempts, Judgement reported, String verdict,
                 String verdictDetail, BaselineComparison baseline) {
        this.id = id(settings);
        this.displayName = settings.method().getDeclaringClass().getSimpleName() + "." + settings.method().getName();
        this.settings = settings;
        this.attempts = List.copyOf(attempts);
        this.reported = reported;
        this.verdict = verdict;
        this.verdictDetail = verdictDetail;
        this.baseline = baseline;
    }

    /** @return the file name stem of a test's reports: its class's binary name and method name */
    static String id(LatencySettings settings) {
        return fileSafe(settings.method().getDeclaringClass().getName() + "." + settings.method().getName());
    }

    /** @return a name made of letters, digits, '.', '_', '$' and '-' only */
    static String fileSafe(String name) {
        return name.replaceAll("[^A-Za-z0-9._$-]+", "-");
    }

    /** @return the .hgrm file name of a probe */
    String hgrmFile(String probe) {
        return id + "." + fileSafe(probe) + ".hgrm";
    }

    /** @return every probe of the reported attempt: end to end, the named probes, OS jitter if recorded */
    List<ProbeResult> probes() {
        JLBHResult result = reported.result;
        List<ProbeResult> probes = new ArrayList<>();
        probes.add(result.endToEnd());
        for (String name : result.probeNames()) {
            probes.add(result.probe(name).orElseThrow());
        }
        result.osJitter().ifPresent(probes::add);
        return probes;
    }

    /**
     * @param probe a probe
     * @return its HdrHistogram percentile distribution over all measured runs, values in microseconds
     */
    static String hgrm(ProbeResult probe) {
        Histogram merged = null;
        for (RunResult run : probe.eachRunSummary()) {
            if (merged == null) {
                merged = run.histogram();
            } else {
                merged.add(run.histogram());
            }
        }
        if (merged == null || merged.getTotalCount() == 0) {
            return "";
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            merged.outputPercentileDistribution(out, 5, 1_000.0);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * The figures line Surefire keeps in the test's {@code <system-out>} in its XML report, one per probe, e.g.
     * {@code jlbh figures [end to end] p50=0.146us p90=0.161us p99=0.686us p99.9=49.535us worst=175.999us
     * count=60000 throughput=20001/s verdict=PASSED}. Percentiles are the median run's; a percentile the sample
     * count does not support is left out; worst is over all runs, count and throughput are over all runs.
     */
    List<String> figureLines() {
        List<String> lines = new ArrayList<>();
        double throughput = medianThroughput();
        for (ProbeResult probe : probes()) {
            if (probe == reported.result.osJitter().orElse(null)) {
                continue;
            }
            StringBuilder line = new StringBuilder("jlbh figures [").append(probe.name()).append(']');
            long count = 0;
            long worst = -1;
            for (RunResult run : probe.eachRunSummary()) {
                count += run.count();
                if (run.count() > 0) {
                    worst = Math.max(worst, run.max().toNanos());
                }
            }
            for (double percentile : FIGURES) {
                double median = medianNanos(probe, percentile);
                if (!Double.isNaN(median)) {
                    line.append(" p").append(Percentiles.label(percentile)).append('=')
                            .append(ReportFormat.plain(median / 1e3)).append("us");
                }
            }
            if (worst >= 0) {
                line.append(" worst=").append(ReportFormat.plain(worst / 1e3)).append("us");
            }
            line.append(" count=").append(count)
                    .append(" throughput=").append(Math.round(throughput)).append("/s")
                    .append(" verdict=").append(verdict);
            lines.add(line.toString());
        }
        return lines;
    }

    /** @return the JSON result */
    String json() {
        JsonWriter json = new JsonWriter().beginObject();
        json.value("format", "jlbh-junit result 1");
        json.name("test").beginObject()
                .value("id", id)
                .value("class", settings.method().getDeclaringClass().getName())
                .value("method", settings.method().getName())
                .value("displayName", displayName)
                .endObject();
        settingsJson(json);
        environmentJson(json);
        json.name("verdict").beginObject()
                .value("outcome", verdict)
                .value("attempt", reported.attempt)
                .value("attempts", attempts.size())
                .value("detail", verdictDetail)
                .endObject();
        json.name("attempts").beginArray(false);
        for (Judgement attempt : attempts) {
            json.beginObject().value("attempt", attempt.attempt).value("outcome", attempt.outcome.name());
            checksJson(json, attempt);
            json.endObject();
        }
        json.endArray();
        runsJson(json);
        json.value("hgrmUnit", "microseconds");
        json.name("probes").beginArray(false);
        for (ProbeResult probe : probes()) {
            probeJson(json, probe);
        }
        json.endArray();
        if (baseline != null) {
            json.name("baseline").beginArray(false);
            for (BaselineComparison.Row row : baseline.rows()) {
                json.beginObject().value("probe", row.probe()).value("percentile", row.percentile())
                        .value("beforeNanos", row.beforeNanos()).value("afterNanos", row.afterNanos())
                        .value("changePercent", row.changePercent()).value("tolerancePercent", row.tolerancePercent())
                        .value("regressed", row.regressed()).endObject();
            }
            json.endArray();
        }
        return json.endObject().toString() + "\n";
    }

    /** @return what the suite page draws for this test */
    ChartData.Test chart() {
        List<ChartData.Probe> probes = new ArrayList<>();
        for (ProbeResult probe : probes()) {
            List<ChartData.Run> runs = new ArrayList<>();
            for (RunResult run : probe.eachRunSummary()) {
                if (run.count() == 0) {
                    continue;
                }
                List<double[]> points = distribution(run);
                double[] percentiles = new double[points.size()];
                double[] micros = new double[points.size()];
                for (int i = 0; i < points.size(); i++) {
                    percentiles[i] = points.get(i)[0];
                    micros[i] = points.get(i)[1] / 1e3;
                }
                runs.add(new ChartData.Run("run " + run.run() + gcNote(run.run()), run.count(), percentiles, micros));
            }
            List<ChartData.Budget> budgets = new ArrayList<>();
            for (Judgement.Check check : reported.checks) {
                if (check.budget() != null && check.budget().probe().equals(probe.name())) {
                    budgets.add(new ChartData.Budget(check.budget().percentile(), check.budget().maxMicros(), check.met()));
                }
            }
            probes.add(new ChartData.Probe(probe.name(), runs, budgets));
        }
        String detail = attempts.size() > 1 ? "attempt " + reported.attempt + " of " + attempts.size() + ": "
                + verdictDetail : verdictDetail;
        return new ChartData.Test(displayName, verdict, detail, settings.describeRuns(), probes);
    }

    /** @return e.g. {@code  · 3 GCs, longest 4 ms} for a run with collections, else empty */
    private String gcNote(int run) {
        if (run > reported.collectionsPerRun.size()) {
            return "";
        }
        long pauses = 0;
        long longest = 0;
        for (Collection collection : reported.collectionsPerRun.get(run - 1)) {
            if (!collection.concurrent()) {
                pauses++;
                longest = Math.max(longest, collection.durationMillis());
            }
        }
        return pauses == 0 ? "" : String.format(Locale.ROOT, " \u00b7 %d GC%s, longest %d ms", pauses,
                pauses == 1 ? "" : "s", longest);
    }

    /**
     * @return the run's distribution at percentiles spaced evenly on the "nines" scale, up to the highest the
     *         sample count supports, then the worst as percentile 100: pairs of (percentile, nanoseconds)
     */
    static List<double[]> distribution(RunResult run) {
        List<double[]> points = new ArrayList<>();
        Histogram histogram = run.histogram();
        for (int step = 0; ; step++) {
            double percentile = 100 * (1 - Math.pow(10, -(double) step / POINTS_PER_DECADE));
            if (step > 0 && !Percentiles.supported(percentile, run.count())) {
                break;
            }
            points.add(new double[] {percentile, histogram.getValueAtPercentile(percentile)});
        }
        points.add(new double[] {100, run.max().toNanos()});
        return points;
    }

    private void settingsJson(JsonWriter json) {
        json.name("settings").beginObject()
                .value("throughputPerSecond", settings.throughput())
                .value("iterations", settings.iterations())
                .value("warmUpIterations", settings.warmUpIterations())
                .value("runs", settings.runs())
                .value("accountForCoordinatedOmission", settings.accountForCoordinatedOmission())
                .value("recordOSJitter", settings.recordOSJitter())
                .value("timeoutMillis", settings.timeoutMillis())
                .value("verdict", settings.verdict().name())
                .value("mode", settings.mode().name().toLowerCase(Locale.ROOT))
                .value("noise", settings.noise().name().toLowerCase(Locale.ROOT))
                .value("retries", settings.retries());
        json.name("budgets").beginArray(false);
        for (Budget budget : settings.budgets()) {
            json.beginObject().value("probe", budget.probe()).value("percentile", budget.percentile())
                    .value("maxMicros", budget.maxMicros()).value("declaredMicros", budget.declaredMicros()).endObject();
        }
        json.endArray();
        limit(json, "maxAllocatedBytesPerOp", settings.maxAllocatedBytesPerOp());
        limit(json, "maxGcCount", settings.maxGcCount());
        limit(json, "maxGcPauseMillis", settings.maxGcPauseMillis());
        json.endObject();
    }

    private static void limit(JsonWriter json, String name, long value) {
        if (value == LatencyTest.UNLIMITED) {
            json.name(name).nullValue();
        } else {
            json.value(name, value);
        }
    }

    private static void environmentJson(JsonWriter json) {
        json.name("environment").beginObject()
                .value("time", Instant.now().toString())
                .value("javaVersion", System.getProperty("java.version"))
                .value("javaVm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"))
                .value("javaVendor", System.getProperty("java.vendor"))
                .value("os", System.getProperty("os.name") + " " + System.getProperty("os.version"))
                .value("arch", System.getProperty("os.arch"))
                .value("cores", Runtime.getRuntime().availableProcessors())
                .value("maxHeapBytes", Runtime.getRuntime().maxMemory());
        json.name("garbageCollectors").beginArray(true);
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            json.string(collector.getName());
        }
        json.endArray().endObject();
    }

    private static void checksJson(JsonWriter json, Judgement attempt) {
        json.name("checks").beginArray(false);
        for (Judgement.Check check : attempt.checks) {
            json.beginObject()
                    .value("budget", check.what())
                    .value("measured", check.measured())
                    .value("met", check.met());
            if (check.budget() != null) {
                json.value("probe", check.budget().probe()).value("percentile", check.budget().percentile())
                        .value("maxMicros", check.budget().maxMicros())
                        .value("judgedMicros", check.judgedNanos() / 1e3);
            }
            if (check.message() != null) {
                json.value("message", check.message());
            }
            if (check.stall() != null) {
                json.value("inconclusive", check.stall());
            }
            json.endObject();
        }
        json.endArray();
    }

    private void runsJson(JsonWriter json) {
        json.value("allocatedBytesPerOp", reported.allocatedBytesPerOp());
        json.name("runs").beginArray(false);
        for (RunSummary run : reported.result.runs()) {
            int index = run.run() - 1;
            json.beginObject()
                    .value("run", run.run())
                    .value("status", run.status().name())
                    .value("detail", run.detail())
                    .value("iterations", run.iterations())
                    .value("iterationsRun", run.iterationsRun())
                    .value("samples", run.samples())
                    .value("runTimeNanos", run.runTime().toNanos())
                    .value("targetRunTimeNanos", run.targetRunTime().toNanos())
                    .value("achievedThroughputPerSecond", run.achievedThroughputPerSecond());
            json.name("allocatedBytes");
            if (index < reported.allocatedBytes.length && reported.allocatedBytes[index] >= 0) {
                json.number(reported.allocatedBytes[index]);
            } else {
                json.nullValue();
            }
            long[] stalls = index < reported.stalls.size() ? reported.stalls.get(index) : null;
            json.name("worstStallNanos");
            if (stalls != null) {
                json.number(java.util.Arrays.stream(stalls).max().orElse(0));
            } else {
                json.nullValue();
            }
            json.name("gc").beginArray(false);
            if (index < reported.collectionsPerRun.size()) {
                for (Collection collection : reported.collectionsPerRun.get(index)) {
                    json.beginObject().value("collector", collection.collector()).value("action", collection.action())
                            .value("cause", collection.cause()).value("durationMillis", collection.durationMillis())
                            .value("concurrent", collection.concurrent()).endObject();
                }
            }
            json.endArray();
            json.name("harnessLateness");
            statsJson(json, run.harnessLateness());
            json.endObject();
        }
        json.endArray();
    }

    private void probeJson(JsonWriter json, ProbeResult probe) {
        json.beginObject().value("name", probe.name()).value("hgrm", hgrmFile(probe.name()));
        json.name("runs").beginArray(false);
        for (RunResult run : probe.eachRunSummary()) {
            statsJson(json, run);
        }
        json.endArray().endObject();
    }

    private void statsJson(JsonWriter json, RunResult run) {
        json.beginObject().value("run", run.run()).value("count", run.count());
        if (run.count() > 0) {
            json.value("minNanos", run.min().toNanos())
                    .value("meanNanos", run.mean().toNanos())
                    .value("maxNanos", run.max().toNanos());
            json.name("percentilesNanos").beginObject();
            for (double percentile : reportedPercentiles()) {
                if (run.supports(percentile)) {
                    json.value(Percentiles.label(percentile), run.percentile(percentile).toNanos());
                }
            }
            json.endObject();
            json.name("distribution").beginArray(true);
            for (double[] point : distribution(run)) {
                json.beginArray(true).number(Math.round(point[0] * 1e4) / 1e4).number(point[1]).endArray();
            }
            json.endArray();
        }
        if (run.outOfRangeSamples() > 0) {
            json.value("outOfRangeSamples", run.outOfRangeSamples());
        }
        json.endObject();
    }

    /** @return the reference's percentiles (without the worst) and every budget's percentile, ascending */
    private TreeSet<Double> reportedPercentiles() {
        TreeSet<Double> percentiles = new TreeSet<>();
        for (Percentile percentile : Percentile.values()) {
            if (percentile != Percentile.WORST) {
                percentiles.add(percentile.value());
            }
        }
        for (Budget budget : settings.budgets()) {
            if (budget.percentile() < 100) {
                percentiles.add(budget.percentile());
            }
        }
        return percentiles;
    }

    private double medianThroughput() {
        List<Double> rates = new ArrayList<>();
        for (RunSummary run : reported.result.runs()) {
            rates.add(run.achievedThroughputPerSecond());
        }
        rates.sort(null);
        return rates.isEmpty() ? 0 : rates.get(rates.size() / 2);
    }

    private static double medianNanos(ProbeResult probe, double percentile) {
        List<Double> values = new ArrayList<>();
        for (RunResult run : probe.eachRunSummary()) {
            if (!run.supports(percentile)) {
                return Double.NaN;
            }
            values.add((double) run.percentile(percentile).toNanos());
        }
        return values.isEmpty() ? Double.NaN : Verdict.MEDIAN_RUN.judge(values);
    }
}

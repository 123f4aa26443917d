package org.jlbh.junit;

import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.JsonReader;
import org.jlbh.junit.internal.store.ReportFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The report folder's files for benchmark trackers, read with the field names those tools read (github-action-
 * benchmark's and Bencher's {@code jmh} readers: {@code benchmark}, {@code mode}, {@code primaryMetric.score},
 * {@code primaryMetric.scoreUnit}; Bencher's BMF: benchmark, measure, {@code value}, {@code lower_value},
 * {@code upper_value}), their figures checked against the JSON result of the same test.
 */
class MachineFormatsTests {
    @TempDir
    Path reports;

    static class Two {
        @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 500, runs = 3, percentile = 99,
                maxMicros = 100_000)
        void quick() {
        }

        @LatencyTest(throughput = 5_000, iterations = 200, warmUpIterations = 100, runs = 2, percentile = 50,
                maxMicros = 100_000, verdict = Verdict.EVERY_RUN)
        void everyRun() {
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJmhShapedJsonHoldsEachTestsPercentilesAsItsVerdictJudgesThem() throws IOException {
        EngineRuns.run(reports, Map.of(), Two.class);

        List<Map<String, Object>> entries = (List<Map<String, Object>>) JsonReader.parse(
                Files.readString(reports.resolve("jmh-result.json")));
        for (String method : List.of("quick", "everyRun")) {
            ResultSnapshot result = result(method);
            ProbeFigures endToEnd = result.probes().get(0);
            List<String> labels = endToEnd.runs().get(0).percentilesNanos().keySet().stream().toList();
            assertThat(labels).as("the runs' percentiles").contains("50");
            for (String label : labels) {
                String benchmark = Two.class.getName() + "." + method + ":p" + label;
                Map<String, Object> entry = entries.stream().filter(e -> benchmark.equals(e.get("benchmark")))
                        .findFirst().orElseThrow(() -> new AssertionError("no entry " + benchmark + " in " + entries));
                Map<String, Object> metric = (Map<String, Object>) entry.get("primaryMetric");
                List<Double> byRun = endToEnd.percentileByRun(label);
                assertThat(entry.get("mode")).isEqualTo("sample");
                assertThat(metric.get("scoreUnit")).isEqualTo("us/op");
                assertThat((Double) metric.get("score")).as(benchmark)
                        .isCloseTo(result.settings().verdict().judge(byRun) / 1e3, within(1e-9));
                assertThat((List<Double>) metric.get("scoreConfidence")).as(benchmark).containsExactly(
                        Collections.min(byRun) / 1e3, Collections.max(byRun) / 1e3);
                assertThat((Double) entry.get("measurementIterations")).isEqualTo(byRun.size());
            }
        }
        assertThat(entries).as("end to end only, one entry per test and percentile")
                .allMatch(e -> ((String) e.get("benchmark")).startsWith(Two.class.getName() + "."));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theBencherMetricFormatHoldsEachPercentileWithTheRunsLowestAndHighest() throws IOException {
        EngineRuns.run(reports, Map.of(), Two.class);

        Map<String, Map<String, Map<String, Double>>> benchmarks = (Map<String, Map<String, Map<String, Double>>>)
                JsonReader.parse(Files.readString(reports.resolve("bencher.json")));
        assertThat(benchmarks.keySet()).containsExactlyInAnyOrder(Two.class.getName() + ".quick",
                Two.class.getName() + ".everyRun");
        for (String method : List.of("quick", "everyRun")) {
            ResultSnapshot result = result(method);
            ProbeFigures endToEnd = result.probes().get(0);
            Map<String, Map<String, Double>> measures = benchmarks.get(Two.class.getName() + "." + method);
            for (String label : endToEnd.runs().get(0).percentilesNanos().keySet()) {
                List<Double> byRun = endToEnd.percentileByRun(label);
                Map<String, Double> metric = measures.get("latency-p" + label.replace('.', '-'));
                assertThat(metric).as("the measure of p%s of %s", label, method).isNotNull();
                assertThat(metric.get("value")).isEqualTo(result.settings().verdict().judge(byRun));
                assertThat(metric.get("lower_value")).isEqualTo(Collections.min(byRun));
                assertThat(metric.get("upper_value")).isEqualTo(Collections.max(byRun));
            }
        }
    }

    private ResultSnapshot result(String method) throws IOException {
        String id = Two.class.getName() + "." + method;
        return new ReportFolder(reports).read().tests().stream().filter(record -> record.test().id().equals(id))
                .map(ResultSnapshot.class::cast).findFirst().orElseThrow();
    }
}

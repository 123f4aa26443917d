package org.jlbh.core;

import net.openhft.chronicle.core.util.Histogram;
import net.openhft.chronicle.core.util.NanoSampler;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference's raw-array API: {@code percentileRuns()}, {@code additionalPercentileRuns()},
 * {@code createHistogram()}, {@code printPercentilesSummary(...)}, {@link TeamCityHelper}. Deterministic: a manual
 * clock, and latencies the task makes up.
 */
class JLBHReferenceApiTest {
    private static final int ITERATIONS = 18_000;

    /** Samples latencies spread over five orders of magnitude; probe "B" every 10th iteration, "A" always. */
    private static final class SpreadTask implements JLBHTask {
        private JLBH jlbh;
        private NanoSampler a;
        private NanoSampler b;
        private long i;

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
            b = jlbh.addProbe("B"); // added first: the raw results keep the order probes were added in
            a = jlbh.addProbe("A");
        }

        @Override
        public void run(long startTimeNS) {
            long latency = latency(i++);
            jlbh.sample(latency);
            a.sampleNanos(latency / 2);
            if (i % 10 == 0) {
                b.sampleNanos(100);
            }
        }
    }

    /** The i-th latency of {@link SpreadTask}: 1 ns to about 3 ms. */
    private static long latency(long i) {
        return 1 + (i * 7_919) % 3_000_000;
    }

    private static JLBH run(JLBH jlbh) {
        jlbh.start();
        return jlbh;
    }

    private static JLBHOptions options() {
        return new JLBHOptions().clock(new ManualClock(0)).recordOSJitter(false).throughput(100_000)
                .warmUpIterations(0).iterations(ITERATIONS).runs(2).jlbhTask(new SpreadTask());
    }

    private static JLBH jlbh(JLBHOptions options) {
        return new JLBH(options, new PrintStream(OutputStream.nullOutputStream()), null);
    }

    @Test
    void percentileRunsAreWhatTheReferencesHistogramGivesForTheSameSamples() {
        JLBH jlbh = run(jlbh(options()));

        List<double[]> runs = jlbh.percentileRuns();
        assertThat(runs).hasSize(2);
        for (int run = 0; run < 2; run++) {
            Histogram expected = new Histogram(42, 8);
            for (long i = (long) run * ITERATIONS; i < (run + 1L) * ITERATIONS; i++) {
                expected.sample(latency(i));
            }
            // p50, p90, p99, p99.7 and the worst, as bucket midpoints of chronicle-core's histogram: exactly
            assertThat(runs.get(run)).containsExactly(expected.getPercentiles());
            assertThat(runs.get(run)).hasSize(5);
        }
    }

    @Test
    void additionalPercentileRunsHoldEachProbeInTheOrderAdded() {
        JLBH jlbh = run(jlbh(options()));

        Map<String, List<double[]>> probes = jlbh.additionalPercentileRuns();
        assertThat(probes.keySet()).containsExactly("B", "A");
        assertThat(probes.get("B")).hasSize(2).allSatisfy(run ->
                assertThat(run).as("1,800 samples of 100 ns: p50, p90, p99 and the worst").containsExactly(100.125, 100.125, 100.125, 100.125));
        assertThat(probes.get("A")).hasSize(2).allSatisfy(run -> assertThat(run).hasSize(5));
    }

    @Test
    void percentilesTooFewSamplesSupportAreInfinityTheReferencesNotEnoughSamples() {
        JLBH jlbh = run(jlbh(options().iterations(500)));

        // 500 samples support p50 and p90, not p99 (1,000)
        assertThat(jlbh.percentileRuns().get(0)[2]).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(jlbh.percentileRuns().get(0)[0]).isFinite();
        assertThat(jlbh.percentileRuns().get(0)[3]).isFinite();
    }

    @Test
    void overridingCreateHistogramChangesTheRawResolutionAsWithTheReference() {
        JLBH coarse = run(new JLBH(options(), new PrintStream(OutputStream.nullOutputStream()), null) {
            @Override
            protected Histogram createHistogram() {
                return new Histogram(42, 2);
            }
        });
        JLBH fine = run(jlbh(options()));

        assertThat(coarse.percentileRuns().get(1)).isNotEqualTo(fine.percentileRuns().get(1));
        Histogram expected = new Histogram(42, 2);
        for (long i = ITERATIONS; i < 2L * ITERATIONS; i++) {
            expected.sample(latency(i));
        }
        assertThat(coarse.percentileRuns().get(1)).containsExactly(expected.getPercentiles());
    }

    @Test
    void printPercentilesSummaryPrintsRawArraysInTheReportsLayout() {
        JLBH jlbh = run(jlbh(options()));
        StringBuilder out = new StringBuilder();

        jlbh.printPercentilesSummary("B", jlbh.additionalPercentileRuns().get("B"), out);

        String nl = System.lineSeparator();
        assertThat(out.toString()).startsWith(
                "-------------------------------- SUMMARY (B) us ----------------------------------------------------" + nl
                        + "Percentile   run1         run2      % Variation" + nl
                        + "50.0:            0.10         0.10         0.00" + nl
                        + "90.0:            0.10         0.10         0.00" + nl
                        + "99.0:            0.10         0.10         0.00" + nl
                        + "worst:           0.10         0.10         0.00" + nl);
    }

    @Test
    void teamCityStatisticsOfTheLastRunCarryTheReferencesKeys() {
        JLBH jlbh = run(jlbh(options()));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        TeamCityHelper.teamCityStatsLastRun("prefix", jlbh, ITERATIONS, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String jvm = Runtime.version().feature() >= 15 ? ".java17" : "";
        double[] e2e = jlbh.percentileRuns().get(1);
        List<String> lines = List.of(bytes.toString(StandardCharsets.UTF_8).split("\\R"));
        assertThat(lines).hasSize(5 + 4 + 5);
        assertThat(lines.get(0)).isEqualTo("##teamcity[buildStatisticValue key='prefix.end-to-end.0.5" + jvm
                + "' value='" + e2e[0] / 1e3 + "']");
        assertThat(lines.get(4)).isEqualTo("##teamcity[buildStatisticValue key='prefix.end-to-end.1.0" + jvm
                + "' value='" + e2e[4] / 1e3 + "']");
        // B has 1,800 samples: no p99.7 line
        assertThat(lines.subList(5, 9)).containsExactly(
                "##teamcity[buildStatisticValue key='prefix.B.0.5" + jvm + "' value='0.100125']",
                "##teamcity[buildStatisticValue key='prefix.B.0.9" + jvm + "' value='0.100125']",
                "##teamcity[buildStatisticValue key='prefix.B.0.99" + jvm + "' value='0.100125']",
                "##teamcity[buildStatisticValue key='prefix.B.1.0" + jvm + "' value='0.100125']");
        assertThat(lines.get(9)).startsWith("##teamcity[buildStatisticValue key='prefix.A.0.5" + jvm + "' value='");
    }

    @Test
    void teamCityStatisticsOfAHistogram() {
        Histogram histogram = new Histogram(42, 8);
        for (int i = 0; i < 2_000; i++) {
            histogram.sample(1_000);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        TeamCityHelper.histo("h", histogram, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String jvm = TeamCityHelper.jvmSuffix();
        assertThat(bytes.toString(StandardCharsets.UTF_8).split("\\R")).containsExactly(
                "##teamcity[buildStatisticValue key='h.0.5" + jvm + "' value='1.001']",
                "##teamcity[buildStatisticValue key='h.0.9" + jvm + "' value='1.001']",
                "##teamcity[buildStatisticValue key='h.0.99" + jvm + "' value='1.001']",
                "##teamcity[buildStatisticValue key='h.1.0" + jvm + "' value='1.001']");
    }

    @Test
    void theReferencesConstantIsThere() {
        assertThat(JLBH.TIME_CALL_NANO_TIME).isEqualTo(18);
    }
}

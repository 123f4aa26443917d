package org.jlbh.benchmarks.builds;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CI's smoke run of the baseline gate's rates: two recorded builds and one build per condition, at a twentieth of the
 * iterations, each a fresh JVM. It checks that the builds run, record, compare and are counted; the rates themselves
 * are measured by the full run (its table is in the module's README), never judged in a test.
 */
class RegressionGateRatesSmokeTest {

    @Test
    void buildsAreRecordedComparedAndCounted() throws IOException {
        String table = RegressionGateRates.measure(1, 2, "0.05");

        assertThat(table).contains("| A/A: unchanged body | 1 |", "| A/B: body 25% slower | 1 |",
                "| A/B: every 100th call +100 µs | 1 |").doesNotContain("no comparison");
    }

    @Test
    void decisionsAreReadFromTheResult() {
        String json = "{\"probes\": [], \"baseline\": [\n  {\n    \"probe\": \"end to end\",\n    \"percentile\": \"50\","
                + "\n    \"builds\": 5,\n    \"decision\": \"REGRESSION\"\n  },\n  {\"probe\": \"hash\", \"percentile\": "
                + "\"99\", \"decision\": \"WITHIN_NOISE\"}\n]}";
        assertThat(RegressionGateRates.decisions(json)).containsEntry("end to end p50", "REGRESSION")
                .containsEntry("hash p99", "WITHIN_NOISE").hasSize(2);
    }
}

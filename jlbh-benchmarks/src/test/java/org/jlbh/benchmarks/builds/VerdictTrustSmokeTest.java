package org.jlbh.benchmarks.builds;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CI's smoke run of the verdict-trust rates: one build per condition, body and injected cause, at a twentieth of the
 * iterations, each a fresh JVM. It checks that the builds run beside their neighbours and are counted; the rates
 * themselves are measured by the full run (its table is in the module's README), never judged in a test.
 */
class VerdictTrustSmokeTest {

    @Test
    void buildsRunInEachConditionAndAreCounted() throws IOException {
        String table = VerdictTrust.measure(1, 1, "0.05");

        assertThat(table).contains("| quiet | unchanged | 1 |", "| one busy-loop process | unchanged | 1 |",
                "| two busy-loop processes | every 100th call +300 µs | 1 |", "| a 2 ms spin in the body | code | 1 |");
    }

    @Test
    void lateSamplesAreCountedByCauseInTheInjectionsWindows() {
        String json = """
                {"attempts": [{"checks": [{
                  "budget": "end to end p99 <= 100 µs",
                  "attribution": {
                    "overMicros": 100,
                    "lateSamples": [
                      {
                        "run": 1,
                        "platform": 5,
                        "windows": [
                          [3, 46, 0, 0, 0],
                          [355, 0, 0, 390, 1]
                        ]
                      },
                      {
                        "run": 2,
                        "platform": 7,
                        "windows": [
                          [400, 7, 0, 0, 0]
                        ]
                      }
                    ],
                    "runQueueWaitNanos": 0,
                    "codeOnlyMicros": 45.5
                  }
                }]}]}
                """;

        assertThat(VerdictTrust.lateSamplesByCause(json, 0)).isEqualTo(Map.of(VerdictTrust.Cause.PLATFORM, 7L,
                VerdictTrust.Cause.SAFEPOINT, 0L, VerdictTrust.Cause.GC, 390L, VerdictTrust.Cause.CODE, 1L));
        assertThat(VerdictTrust.lateSamplesByCause(json, 2)).containsEntry(VerdictTrust.Cause.PLATFORM, 7L)
                .containsEntry(VerdictTrust.Cause.GC, 0L);
        assertThat(VerdictTrust.codeOnlyP99(json)).isEqualTo(45.5);
    }
}

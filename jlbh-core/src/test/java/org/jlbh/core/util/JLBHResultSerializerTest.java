package org.jlbh.core.util;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.internal.ImmutableJLBHResult;
import org.jlbh.core.internal.ImmutableProbeResult;
import org.jlbh.core.internal.ImmutableRunResult;
import org.jlbh.core.internal.LatencyRecorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The reference's CSV of the last run: one line per probe, percentiles in ns, missing ones left empty. */
class JLBHResultSerializerTest {
    private static final String HEADER = ",50th p-le,90th p-le,99th p-le,999th p-le,9999th p-le,Worst,";

    @TempDir
    Path folder;

    @Test
    void writesEndToEndEveryProbeAndOsJitterOfTheLastRun() throws IOException {
        Path csv = folder.resolve("out.csv");
        JLBHResultSerializer.runResultToCSV(result(), csv.toString());

        assertThat(Files.readAllLines(csv, StandardCharsets.UTF_8)).containsExactly(HEADER,
                // 100,000 samples: the reference listed p99.9, not p99.99
                "endToEnd,700,700,700,700,,700,",
                "parse,300,300,300,,,300,",
                "OSJitter,,,,,,1500,");
    }

    @Test
    void writesTheProbesAskedForAndOsJitterOnlyWhenAsked() throws IOException {
        Path one = folder.resolve("one.csv");
        JLBHResultSerializer.runResultToCSV(result(), one.toString(), "parse");
        assertThat(Files.readAllLines(one, StandardCharsets.UTF_8)).containsExactly(HEADER,
                "endToEnd,700,700,700,700,,700,", "parse,300,300,300,,,300,", "OSJitter,,,,,,1500,");

        Path none = folder.resolve("none.csv");
        JLBHResultSerializer.runResultToCSV(result(), none.toString(), List.of("missing"), false);
        assertThat(Files.readAllLines(none, StandardCharsets.UTF_8)).containsExactly(HEADER, "endToEnd,700,700,700,700,,700,");
    }

    @Test
    void theDefaultFileIsResultCsvInTheWorkingDirectory() {
        assertThat(JLBHResultSerializer.RESULT_CSV).isEqualTo("result.csv");
        assertThat(JLBHResultSerializer.END_TO_END).isEqualTo("endToEnd");
        assertThat(JLBHResultSerializer.OS_JITTER).isEqualTo("OSJitter");
        assertThat(JLBHResultSerializer.THE_PROBE).isEqualTo("TheProbe");
    }

    private static JLBHResult result() {
        Map<String, JLBHResult.ProbeResult> probes = new LinkedHashMap<>();
        probes.put("parse", new ImmutableProbeResult("parse", List.of(run("parse", 2, 1_000, 300))));
        return new ImmutableJLBHResult(
                new ImmutableProbeResult("end to end", List.of(run("end to end", 1, 10, 999), run("end to end", 2, 100_000, 700))),
                probes, new ImmutableProbeResult("OS jitter", List.of(run("OS jitter", 2, 5, 1_500))),
                List.of(), 2, true, 1_000, "fixed rate", 1, null);
    }

    private static ImmutableRunResult run(String probe, int run, int count, long valueNs) {
        Histogram histogram = LatencyRecorder.newHistogram();
        histogram.recordValueWithCount(valueNs, count);
        return new ImmutableRunResult(probe, run, histogram, 0, 0);
    }
}

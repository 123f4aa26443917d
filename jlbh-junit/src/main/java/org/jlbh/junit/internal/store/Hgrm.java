package org.jlbh.junit.internal.store;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult.ProbeResult;
import org.jlbh.core.JLBHResult.RunResult;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * HdrHistogram's percentile distribution text ({@code .hgrm}) of a probe, all measured runs merged, values in
 * microseconds: what HdrHistogram's plotter loads. Stateless; thread-safe.
 */
final class Hgrm {

    private Hgrm() {
    }

    /** @return the probe's distribution over all runs; empty when it has no sample */
    static String of(ProbeResult probe) {
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
}

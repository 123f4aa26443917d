package org.jlbh.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * Tests that leave iterations, warm-up and runs unset, through the JUnit engine: what is sized and why, the cost said
 * before and after, this machine's floor beside the budget, and the same in the JSON result. Real measurements: the
 * budgets lie far from what the bodies take (an empty body against 10 ms; 200 µs against 1 µs), so that the machine's
 * noise cannot change an outcome; how many runs a test takes is tested with runs made to order ({@code
 * AttemptLoopTest}).
 */
class SizedMeasurementTests {
    @TempDir
    Path reports;

    static class Sized {
        @LatencyTest(throughput = 20_000, percentile = 50, maxMicros = 10_000)
        void fast() {
        }
    }

    static class SizedBreach {
        @LatencyTest(throughput = 2_000, percentile = 50, maxMicros = 1)
        void tooSlow() {
            busyWaitMicros(200);
        }
    }

    private String run(Class<?> fixture, EngineExecutionResults[] results) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            results[0] = EngineRuns.run(reports, Map.of(), fixture);
        } finally {
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aTestLeftToItsDefaultsIsSizedSaysWhatItWillTakeAndWhatItTook() throws IOException {
        EngineExecutionResults[] results = new EngineExecutionResults[1];
        String console = run(Sized.class, results);

        results[0].testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(console).contains("=== Sized from the budgets (runs of 20,000 iterations, 1.0 s each: p50 needs 20 "
                        + "samples, and a run lasts 1 s at least): at most ",
                "=== @LatencyTest Sized.fast: 20,000/s, warm-up until compiled + 3 runs (3 more "
                        + "at a time while undecided) x 20,000 iterations",
                "=== Sized.fast measured for ",
                "s: decided after 3 runs of 20,000 iterations (1.0 s each)");
        assertThat(console).containsPattern("=== this machine's own p50 is [\\d.]+ µs \\(an empty body\\), \\d+% of the "
                + "budget of 10000 µs");
        assertThat(console).containsPattern("Warm up complete \\(\\d+ iterations in \\d+ rounds of 2000 took");
        String json = Files.readString(reports.resolve(Sized.class.getName() + ".fast.json"));
        assertThat(json).containsPattern("\"measuringSeconds\": [\\d.]+")
                .contains("\"ended\": \"decided after 3 runs of 20,000 iterations (1.0 s each)\"", "\"floor\": [",
                        "\"percentile\": 50", "\"noRoom\": false");
        // one figure: the console says what the result records
        java.util.regex.Matcher recorded = java.util.regex.Pattern.compile("\"measuringSeconds\": ([\\d.]+)")
                .matcher(json);
        assertThat(recorded.find()).isTrue();
        assertThat(console).contains(String.format(java.util.Locale.ROOT, "=== Sized.fast measured for %.1f s: ",
                Double.parseDouble(recorded.group(1))));
    }

    @Test
    void aSizedTestsBreachFailsIt() {
        EngineExecutionResults[] results = new EngineExecutionResults[1];
        String console = run(SizedBreach.class, results);

        results[0].testEvents().assertThatEvents().haveExactly(1, event(test("tooSlow"),
                finishedWithFailure(message(m -> m.startsWith("end to end p50 was ")))));
        assertThat(console).contains("=== SizedBreach.tooSlow measured for ",
                "s: decided after 3 runs of 2,000 iterations (1.0 s each)");
    }
}

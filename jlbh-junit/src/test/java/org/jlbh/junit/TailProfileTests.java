package org.jlbh.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Where the tail is spent, with async-profiler really running: a test whose every 50th call spins a millisecond in a
 * method of its own breaks its budget on any machine, and its failure names that method first.
 */
class TailProfileTests {

    @TempDir
    Path work;

    /** 2% of calls take 1 ms: p99 is over 500 µs however quiet or busy the machine is. */
    static class RarePath {
        private static long calls;
        static long sink;

        @LatencyTest(throughput = 2_000, percentile = 99, maxMicros = 500)
        void quote() {
            if (++calls % 50 == 0) {
                recalculateRisk();
            }
        }

        private static void recalculateRisk() {
            long end = System.nanoTime() + 1_000_000;
            while (System.nanoTime() < end) {
                sink++;
            }
        }
    }

    private List<Event> run(String profile) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(RarePath.class))
                .configurationParameters(Map.of(LatencyTestConfiguration.REPORT_DIR, work.toString(),
                        LatencyTestConfiguration.PROFILE, profile, LatencyTestConfiguration.SUMMARY, "off"))
                .execute().testEvents().failed().list();
    }

    @Test
    void aBreachNamesTheMethodTheLateIterationsSpentTheirTimeInAndDrawsThem() throws Exception {
        List<Event> failed = run("on-breach");

        assertThat(failed).hasSize(1);
        String message = failed.get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable()
                .orElseThrow().getMessage();
        assertThat(message).contains("end to end p99 was");
        // the first frame named is the method the late calls spent their time in
        assertThat(message).containsPattern("spent their time, profiled in one more run after the verdict \\(\\d+ "
                + "samples late, \\d+ on time\\): \\d+% in TailProfileTests\\$RarePath\\.recalculateRisk");
        String id = "org.jlbh.junit.TailProfileTests$RarePath.quote";
        assertThat(work.resolve(id + ".late.html")).exists();
        assertThat(Files.readString(work.resolve(id + ".json"))).contains("\"profile\"", "\"lateStacks\"",
                "org.jlbh.junit.TailProfileTests$RarePath.recalculateRisk");
        assertThat(Files.readString(work.resolve("index.html"))).contains(id + ".late.html");
        assertThat(work).isDirectoryNotContaining("glob:**.jfr"); // the recording is read and deleted
    }

    @Test
    void offMeansTheBreachAloneWithoutAnotherRun() throws Exception {
        List<Event> failed = run("off");

        assertThat(failed).hasSize(1);
        assertThat(failed.get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow()
                .getMessage()).contains("end to end p99 was").doesNotContain("spent their time");
        assertThat(Files.readString(work.resolve("org.jlbh.junit.TailProfileTests$RarePath.quote.json")))
                .doesNotContain("\"profile\"");
    }
}

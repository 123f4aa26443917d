package org.jlbh.junit;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.internal.store.JsonReader;
import org.jlbh.junit.internal.store.ReportFolder;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;

/**
 * On Linux, every run of every latency test carries the scheduler's evidence of each harness thread and the JVM's:
 * whatever the body does, the first latency test of a JVM and the fifth, with probes and without, on two harness
 * threads, a sweep and a parameterized template, and a retried test's every attempt. (The monitor thread this
 * replaced dropped every reading slower than 20 µs; on a 2-core VM its readings took 20–40 µs, so most builds had no
 * scheduler evidence at all.) The budgets are wide: this is about the evidence, not the verdict.
 */
@EnabledOnOs(OS.LINUX)
class EvidencePresenceTests {
    private static final List<byte[]> KEPT = new ArrayList<>();

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class FiveKinds {
        private long sink;

        @Order(1)
        @LatencyTest(throughput = 20_000, iterations = 4_000, warmUpIterations = 2_000, runs = 2, percentile = 50,
                maxMicros = 50_000)
        void empty() {
        }

        @Order(2)
        @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 500, runs = 2, percentile = 50,
                maxMicros = 50_000)
        void slow() {
            busyWaitMicros(100);
        }

        @Order(3)
        @LatencyTest(throughput = 20_000, iterations = 4_000, warmUpIterations = 2_000, runs = 2, percentile = 50,
                maxMicros = 50_000)
        void allocates() {
            byte[] bytes = new byte[512];
            sink += bytes.length;
        }

        @Order(4)
        @LatencyTest(throughput = 20_000, iterations = 4_000, warmUpIterations = 2_000, runs = 2, percentile = 50,
                maxMicros = 50_000)
        @LatencyBudget(probe = "half", percentile = 50, maxMicros = 50_000)
        void withProbe(@Probe("half") NanoSampler half) {
            long start = System.nanoTime();
            sink += start;
            half.sampleNanos(System.nanoTime() - start);
        }

        @Order(5)
        @LatencyTest(throughput = 20_000, threads = 2, iterations = 4_000, warmUpIterations = 2_000, runs = 2,
                percentile = 50, maxMicros = 50_000)
        void onTwoThreads() {
        }
    }

    static class Templates {
        @LatencyTemplate(rates = {5_000, 10_000}, iterations = 1_000, warmUpIterations = 500, runs = 2,
                percentile = 50, maxMicros = 50_000)
        void sweep() {
        }

        @ParameterizedTest
        @ValueSource(ints = {0, 20})
        @LatencyTemplate(throughput = 5_000, iterations = 1_000, warmUpIterations = 500, runs = 2, percentile = 50,
                maxMicros = 50_000)
        void parameterized(int micros) {
            busyWaitMicros(micros);
        }
    }

    /** Breaks its budget on every attempt, so that each of its three attempts is measured. */
    static class Retried {
        @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 0, runs = 2, percentile = 50,
                maxMicros = 10)
        void tooSlow() {
            busyWaitMicros(30);
        }
    }

    /** Collects at the very end of its last run: the pause must be in that run's evidence. */
    static class CollectsAtTheEnd {
        private int calls;

        @LatencyTest(throughput = 5_000, iterations = 1_000, warmUpIterations = 0, runs = 2, percentile = 50,
                maxMicros = 50_000)
        void collectsLast() {
            if (++calls == 2_000) {
                KEPT.add(new byte[1 << 20]);
                System.gc();
            }
        }
    }

    @TempDir
    Path reports;

    @Test
    void everyRunOfFiveLatencyTestsInOneJvmHasItsEvidence() throws IOException {
        EngineRuns.run(reports, Map.of(), FiveKinds.class).testEvents()
                .assertStatistics(stats -> stats.started(5).succeeded(5));
        assertEveryRunHasEvidence(5, 2);
    }

    @Test
    void everyRunOfASweepAndAParameterizedTemplateHasItsEvidence() throws IOException {
        EngineRuns.run(reports, Map.of(), Templates.class).testEvents()
                .assertStatistics(stats -> stats.started(4).succeeded(4));
        assertEveryRunHasEvidence(4, 2);
    }

    @Test
    void everyRunOfEveryAttemptOfARetriedTestHasItsEvidence() throws IOException {
        EngineRuns.run(reports, Map.of(LatencyTestConfiguration.RETRY_FAILED, "2"), Retried.class).testEvents()
                .assertStatistics(stats -> stats.started(1).failed(1));
        Map<?, ?> result = result(Retried.class.getName() + ".tooSlow.json");
        List<?> attempts = (List<?>) result.get("attempts");
        assertThat(attempts).hasSize(3);
        assertRunsHaveEvidence("tooSlow", (List<?>) result.get("runs"), 2);
    }

    @Test
    void aCollectionAtTheEndOfTheLastRunIsInThatRunsEvidence() throws IOException {
        EngineRuns.run(reports, Map.of(), CollectsAtTheEnd.class).testEvents()
                .assertStatistics(stats -> stats.started(1).succeeded(1));
        List<?> runs = (List<?>) result(CollectsAtTheEnd.class.getName() + ".collectsLast.json").get("runs");
        assertRunsHaveEvidence("collectsLast", runs, 2);
        Map<?, ?> evidence = (Map<?, ?>) ((Map<?, ?>) runs.get(1)).get("evidence");
        assertThat((List<?>) evidence.get("pauses")).as("the last run's JVM pauses")
                .anySatisfy(pause -> assertThat(((Map<?, ?>) pause).get("kind")).isEqualTo("gc"));
    }

    private void assertEveryRunHasEvidence(int tests, int runs) throws IOException {
        List<Path> results;
        try (Stream<Path> files = Files.list(reports)) {
            results = files.filter(file -> file.toString().endsWith(".json"))
                    .filter(file -> !file.getFileName().toString().equals(ReportFolder.JMH_RESULT)
                            && !file.getFileName().toString().equals(ReportFolder.BENCHER)).toList(); // the tests' own
        }
        assertThat(results).hasSize(tests);
        for (Path file : results) {
            Map<?, ?> result = result(file.getFileName().toString());
            assertRunsHaveEvidence(file.getFileName().toString(), (List<?>) result.get("runs"), runs);
        }
    }

    private static void assertRunsHaveEvidence(String test, List<?> runs, int expected) {
        assertThat(runs).as(test).hasSize(expected);
        for (Object run : runs) {
            Map<?, ?> evidence = (Map<?, ?>) ((Map<?, ?>) run).get("evidence");
            assertThat(evidence).as("%s run %s", test, ((Map<?, ?>) run).get("run")).isNotNull();
            assertThat(evidence.get("schedulerMissing")).as("%s run %s: scheduler evidence", test,
                    ((Map<?, ?>) run).get("run")).isNull();
            assertThat(evidence.get("jvmMissing")).as("%s run %s: JVM evidence", test,
                    ((Map<?, ?>) run).get("run")).isNull();
        }
    }

    private Map<?, ?> result(String file) throws IOException {
        return (Map<?, ?>) JsonReader.parse(Files.readString(reports.resolve(file)));
    }
}

package org.jlbh.junit;

import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.ReportFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A latency test waits for its turn on the machine while another process's measurement holds it, through the JUnit
 * engine: the wait is said and recorded, and counted by neither its own timeout nor a JUnit {@code @Timeout} on it.
 * The other process holds this user's real lock, as another fork's latency test would.
 */
class MachineTurnTests {
    /** How long the other process holds the machine: twice the fixture's {@code @Timeout}. */
    private static final long HELD_MILLIS = 6_000;

    @TempDir
    Path reports;

    static class WithATimeout {
        @LatencyTest(throughput = 5_000, iterations = 500, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        // room for the test's own measurement and reports, well under a second here (a 0.1 s run, then its last JVM
        // pauses, delivered in milliseconds), and half the other process's hold
        @Timeout(value = 3, unit = TimeUnit.SECONDS)
        void quick() {
        }
    }

    @Test
    void aTestWaitsForAnotherProcesssMeasurementSayingWhoseAndItsTimeoutDoesNotCountTheWait() throws Exception {
        Process holder = holdTheMachine();
        try {
            EngineExecutionResults results = EngineRuns.run(reports, Map.of(), WithATimeout.class);

            results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
            ResultSnapshot.MachineRecord machine = machineOf("quick");
            assertThat(machine.lock()).isEqualTo("on");
            assertThat(machine.shared()).as("it had its turn").isEmpty();
            // it began while the other process had held the machine for a moment only: it waited most of the hold,
            // longer than its @Timeout, which did not count the wait
            assertThat(machine.waitedSeconds()).isGreaterThan(3.0);
            assertThat(machine.heldBy()).containsExactly("pid " + holder.pid() + ": Holder.test");
        } finally {
            holder.destroyForcibly();
            holder.waitFor(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void switchedOffATestMeasuresAtOnceBesideAnotherProcesssMeasurement() throws Exception {
        Process holder = holdTheMachine();
        try {
            EngineExecutionResults results = EngineRuns.run(reports,
                    Map.of(LatencyTestConfiguration.MACHINE_LOCK, "off"), WithATimeout.class);

            results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
            ResultSnapshot.MachineRecord machine = machineOf("quick");
            assertThat(machine.lock()).isEqualTo("off");
            assertThat(machine.waitedSeconds()).isZero();
            assertThat(machine.heldBy()).isEmpty();
        } finally {
            holder.destroyForcibly();
            holder.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /** @return a process holding this user's machine for {@value #HELD_MILLIS} ms, once it has it */
    private static Process holdTheMachine() throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process holder = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                "org.jlbh.junit.internal.MachineTurnTest$TakesTurns", "Holder.test", "1",
                String.valueOf(HELD_MILLIS))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String took = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertThat(took).as("the other process took the machine").startsWith("took ");
        return holder;
    }

    private ResultSnapshot.MachineRecord machineOf(String method) throws IOException {
        String id = WithATimeout.class.getName() + "." + method;
        return new ReportFolder(reports).read().tests().stream().filter(record -> record.test().id().equals(id))
                .map(ResultSnapshot.class::cast).findFirst().orElseThrow().conclusion().machine().orElseThrow();
    }
}

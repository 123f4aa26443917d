package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.baseline.RecordedBuild;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two JVMs recording one test's history at once, as real processes, each as many builds as fast as it can, started
 * together: every build of both is in the history afterwards, each known by the time it records, none lost to the
 * other's read-modify-write. They call the store as the extension does after a test, with no machine lock held (as
 * under {@code jlbh.machine.lock=off}, past the lock's wait, or for two users or containers sharing a folder).
 */
class TwoWritersOneHistoryTest {
    private static final int JVMS = 2;
    private static final int ROUNDS = 20;
    /** As many as both record: none is dropped by the history's own retention. */
    private static final int HISTORY = 100;

    @TempDir
    Path dir;

    @Test
    void everyBuildOfTwoJvmsRecordingOneHistoryAtOnceIsKept() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path go = dir.resolve("go");
        List<Process> processes = new ArrayList<>();
        for (int jvm = 0; jvm < JVMS; jvm++) {
            processes.add(new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    Records.class.getName(), dir.resolve("baseline").toString(), String.valueOf(jvm),
                    String.valueOf(ROUNDS), go.toString()).redirectErrorStream(true).start());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int jvm = 0; jvm < JVMS; jvm++) {
            while (!Files.exists(dir.resolve("ready" + jvm)) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
        Files.createFile(go); // both started: now they record at once
        for (Process process : processes) {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(output).isZero();
        }

        List<String> expected = new ArrayList<>();
        for (int jvm = 0; jvm < JVMS; jvm++) {
            for (int round = 0; round < ROUNDS; round++) {
                expected.add(time(jvm, round));
            }
        }
        HistoryRead history = new BaselineHistory(dir.resolve("baseline"), HISTORY).read(build(0, 0).test());
        assertThat(history.builds().orElseThrow()).extracting(RecordedBuild::time).as("every build of both JVMs")
                .containsExactlyInAnyOrderElementsOf(expected);
        try (var files = Files.list(dir.resolve("baseline"))) {
            assertThat(files.map(file -> file.getFileName().toString())).as("no temporary file left behind")
                    .noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    /** @return the time a JVM's round records: each build's own, so that each is counted */
    private static String time(int jvm, int round) {
        return Instant.parse("2026-11-27T14:00:00Z").plusSeconds(jvm * 1_000L + round).toString();
    }

    private static ResultSnapshot build(int jvm, int round) {
        return BaselineHistoryTest.build(time(jvm, round));
    }

    /**
     * Records a number of builds of one test in a baseline folder, one after another, once the file {@code go}
     * names is there; says each that was not recorded and exits 1.
     */
    static final class Records {
        public static void main(String[] args) throws Exception {
            BaselineHistory history = new BaselineHistory(Path.of(args[0]), HISTORY);
            int jvm = Integer.parseInt(args[1]);
            Path go = Path.of(args[3]);
            ResultSnapshot first = build(jvm, 0); // the classes loaded before the start
            Files.createFile(go.resolveSibling("ready" + jvm));
            while (!Files.exists(go)) {
                Thread.sleep(1);
            }
            boolean allRecorded = true;
            for (int round = 0; round < Integer.parseInt(args[2]); round++) {
                Recording recording = history.record(round == 0 ? first : build(jvm, round), Optional.empty());
                if (!(recording instanceof Recording.Written)) {
                    System.out.println("round " + round + " not recorded: " + recording);
                    allRecorded = false;
                }
            }
            System.exit(allRecorded ? 0 : 1);
        }
    }
}

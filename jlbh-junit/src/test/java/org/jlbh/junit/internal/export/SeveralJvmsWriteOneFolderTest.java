package org.jlbh.junit.internal.export;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.ReportFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several JVMs (Surefire's forks, Maven's parallel modules) writing results and the suite page into one report
 * folder at once, and their tables into one CI job summary, as real processes: nothing is lost, the page of the last
 * to write lists every test, and each JVM's table stands whole in the summary.
 */
class SeveralJvmsWriteOneFolderTest {
    private static final int PROCESSES = 4;
    private static final int TESTS_EACH = 25;

    @TempDir
    Path reports;
    @TempDir
    Path job;

    @Test
    void everyResultOfEveryJvmIsKeptAndThePageListsThemAll() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<Process> processes = new ArrayList<>();
        for (int process = 0; process < PROCESSES; process++) {
            processes.add(new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    WritesResults.class.getName(), reports.toString(), "Jvm" + process, String.valueOf(TESTS_EACH),
                    job.resolve("summary.md").toString())
                    .redirectErrorStream(true).start());
        }
        for (Process process : processes) {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            // a JVM's start, 25 files and a page of up to 100 tests: a minute allows for this machine's stalls
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(output).isZero();
            assertThat(output).doesNotContain("could not write");
        }

        try (Stream<Path> files = Files.list(reports)) {
            assertThat(files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".json")
                    && !name.equals(ReportFolder.JMH_RESULT) && !name.equals(ReportFolder.BENCHER)))
                    .as("every result of every JVM").hasSize(PROCESSES * TESTS_EACH);
        }
        try (Stream<Path> files = Files.list(reports)) {
            assertThat(files.map(file -> file.getFileName().toString())).as("no file half written left behind")
                    .noneMatch(name -> name.endsWith(".tmp"));
        }
        // each JVM's table whole in the job's summary, never interleaved with another's
        List<String> summary = Files.readAllLines(job.resolve("summary.md"));
        assertThat(summary.stream().filter(line -> line.startsWith("### Latency tests: "))).hasSize(PROCESSES);
        for (int process = 0; process < PROCESSES; process++) {
            String jvm = "Jvm" + process + "Test.test";
            int first = -1;
            int last = -1;
            for (int line = 0; line < summary.size(); line++) {
                if (summary.get(line).startsWith("| `" + jvm)) {
                    first = first < 0 ? line : first;
                    last = line;
                }
            }
            assertThat(last - first + 1).as("the rows of %s's table, one after another", jvm).isEqualTo(TESTS_EACH);
        }
        String page = Files.readString(reports.resolve("index.html"));
        for (int process = 0; process < PROCESSES; process++) {
            for (int test = 0; test < TESTS_EACH; test++) {
                assertThat(page).as("the page of the last JVM to write lists every test")
                        .contains("Jvm" + process + "Test.test" + test);
            }
        }
    }

    /** Writes a number of ended tests into a report folder, as a test run of its own, then its suite page. */
    static final class WritesResults {
        public static void main(String[] args) {
            Path folder = Path.of(args[0]);
            String jvm = args[1];
            ReportFolder reports = new ReportFolder(folder);
            for (int test = 0; test < Integer.parseInt(args[2]); test++) {
                String name = jvm + "Test.test" + test;
                reports.write(new EndedTest(new ResultSnapshot.Test("com.example." + name, "com.example." + jvm
                        + "Test", "com.example." + jvm + "Test", "test" + test, List.of(), name, ""), Outcome.FAILED,
                        "ended by the test", "2026-11-27T14:00:00Z")).ifPresent(error -> System.out.println(
                        "=== jlbh result: could not write " + name + ": " + error));
            }
            new SuiteExport(reports, Optional.of(Path.of(args[3]))).close();
        }
    }
}

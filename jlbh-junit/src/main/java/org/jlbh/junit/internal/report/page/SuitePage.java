package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.json.BencherJson;
import org.jlbh.junit.internal.report.json.EndedTest;
import org.jlbh.junit.internal.report.json.JmhJson;
import org.jlbh.junit.internal.report.json.ResultJson;
import org.jlbh.junit.internal.report.json.WholeFile;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The suite page {@code index.html} of a report folder, written when a test run that added to the folder ends (JUnit
 * closes it with the root store: as an {@code AutoCloseable} from JUnit 5.13, as a {@code CloseableResource} before;
 * either closes it once). The page lists every test the folder holds a result of — this run's and every other's that
 * wrote there (Surefire and Failsafe, forks, modules pointed at one folder, an IDE's single test) — failures first,
 * and tests that ended without a result as such. It is written to a temporary file and moved into place, so that two
 * JVMs ending at once leave one whole page. Thread-safe.
 */
public final class SuitePage implements AutoCloseable, ExtensionContext.Store.CloseableResource {
    private static final Comparator<ChartData.TestChart> FAILURES_FIRST = Comparator
            .comparingInt((ChartData.TestChart test) -> rank(test.outcome()))
            .thenComparing(ChartData.TestChart::name, Comparator.nullsFirst(Comparator.naturalOrder()));

    /** The file in the report folder whose lock a JVM holds while it reads the folder and writes the page. */
    static final String LOCK_FILE = ".index.html.lock";

    private final Path file;
    private final Optional<Path> summary;
    private final List<ResultSnapshot> results = new ArrayList<>();
    private final List<EndedTest> ended = new ArrayList<>();

    /** @param file where to write the page, e.g. {@code target/jlbh-reports/index.html} */
    public SuitePage(Path file) {
        this(file, Optional.empty());
    }

    /**
     * @param file    where to write the page, e.g. {@code target/jlbh-reports/index.html}
     * @param summary the CI job's summary file, to append this run's table to ({@link JobSummary}), if any
     */
    public SuitePage(Path file, Optional<Path> summary) {
        this.file = file;
        this.summary = summary;
    }

    /**
     * Notes that this run has put a result into the page's folder.
     *
     * @param result the result
     */
    public synchronized void added(ResultSnapshot result) {
        results.add(result);
    }

    /**
     * Notes that this run has put a test that ended without a result into the page's folder.
     *
     * @param test the test
     */
    public synchronized void added(EndedTest test) {
        ended.add(test);
    }

    /**
     * Writes the page, when this run added to the folder, and appends this run's tests to the CI job's summary where it
     * has one; a failure to write is printed, never thrown. The folder's
     * results are read and the page written under a lock on {@value #LOCK_FILE} in the folder, which every JVM writing
     * a page there takes (several JVMs of one build, such as Surefire's forks, share the folder): the last to write
     * has read every result the others wrote.
     */
    @Override
    public void close() {
        synchronized (SuitePage.class) { // one lock per JVM on the file: the OS lock is the process's
            synchronized (this) {
                if (results.isEmpty() && ended.isEmpty()) {
                    return; // this run added nothing to the folder
                }
                Path folder = file.toAbsolutePath().getParent();
                try (FileChannel lockFile = FileChannel.open(folder.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE); FileLock ignored = lockFile.lock()) {
                    Suite suite = read(folder);
                    List<ChartData.TestChart> tests = suite.tests();
                    Path temporary = Files.createTempFile(folder, "index", ".html.tmp");
                    HtmlReport.write(temporary, "Latency tests", tests, suite.sweeps());
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    WholeFile.write(folder.resolve(JmhJson.FILE), JmhJson.write(suite.results()));
                    WholeFile.write(folder.resolve(BencherJson.FILE), BencherJson.write(suite.results()));
                    System.out.println("=== jlbh report: " + file.toAbsolutePath() + " (" + tests.size()
                            + (tests.size() == 1 ? " test" : " tests") + " in " + folder + "; for benchmark "
                            + "trackers: " + JmhJson.FILE + ", " + BencherJson.FILE + ")");
                } catch (Exception | LinkageError e) {
                    System.out.println("=== jlbh report: could not write " + file.toAbsolutePath() + ": " + e);
                }
                summary.ifPresent(this::appendSummary);
            }
        }
    }

    /** Appends this run's table to the job's summary; a failure to is printed, never thrown. */
    private void appendSummary(Path target) {
        try {
            JobSummary.append(target, JobSummary.table(results, ended));
        } catch (IOException | RuntimeException e) {
            System.out.println("=== jlbh report: could not append to the job summary " + target.toAbsolutePath()
                    + " (" + JobSummary.VARIABLE + "): " + e);
        }
    }

    /**
     * What the page shows of a report folder.
     *
     * @param tests   every test, failures first
     * @param sweeps  the throughput sweeps among them
     * @param results the folder's results
     */
    record Suite(List<ChartData.TestChart> tests, List<ChartData.SweepData> sweeps, List<ResultSnapshot> results) {
    }

    /**
     * @param folder a report folder
     * @return every test it holds a result or an ended test of, failures first, and the sweeps among the results;
     *         files that are neither (a baseline kept in the same folder, a file being written) are passed over
     */
    static Suite read(Path folder) throws IOException {
        List<ChartData.TestChart> tests = new ArrayList<>();
        List<ResultSnapshot> results = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path json : (Iterable<Path>) files.filter(f -> isTestsFile(f.getFileName().toString()))
                    .sorted()::iterator) {
                chart(json, results).ifPresent(tests::add);
            }
        }
        tests.sort(FAILURES_FIRST);
        return new Suite(tests, Sweeps.of(results), results);
    }

    /** @return whether a file of the folder is a test's: a JSON result or ended test, not the files for trackers */
    private static boolean isTestsFile(String name) {
        return name.endsWith(".json") && !name.equals(JmhJson.FILE) && !name.equals(BencherJson.FILE);
    }

    /** @return the file's test as the page lists it; a result is also added to {@code results} */
    private static java.util.Optional<ChartData.TestChart> chart(Path json, List<ResultSnapshot> results) {
        String text;
        try {
            text = Files.readString(json, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException unreadable) {
            return java.util.Optional.empty();
        }
        try {
            ResultSnapshot result = ResultJson.read(text);
            ChartData.TestChart chart = ChartData.of(result);
            results.add(result);
            return java.util.Optional.of(chart);
        } catch (RuntimeException notAResult) {
            try {
                return java.util.Optional.of(ChartData.of(EndedTest.read(text)));
            } catch (RuntimeException neither) {
                return java.util.Optional.empty();
            }
        }
    }

    static int rank(Outcome outcome) {
        return switch (outcome) {
            case FAILED -> 0;
            case INCONCLUSIVE -> 1;
            case REPORTED -> 2;
            case PASSED -> 3;
        };
    }
}

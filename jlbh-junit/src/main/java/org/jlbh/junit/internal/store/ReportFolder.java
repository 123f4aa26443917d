package org.jlbh.junit.internal.store;

import org.jlbh.core.JLBHResult;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultAssembly;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.report.result.TestRecord;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A test run's report folder. Its layout: per test {@code <id>.json}, its result ({@value ResultJson#FORMAT}) with a
 * {@code <id>.<probe>.hgrm} file per probe, or how it ended without one ({@value EndedTestJson#FORMAT}); the suite
 * page {@value #PAGE}; the trackers' files {@value #JMH_RESULT} and {@value #BENCHER}; the pages a result links to.
 * Every file is written whole ({@link WholeFile}). Several JVMs may share a folder (Surefire's forks, modules pointed
 * at one folder): the suite's files are rewritten under an OS lock on {@value #LOCK_FILE}, waited for at most
 * {@link #LOCK_WAIT}, and the temporary files a writer killed before its move left behind are then removed once
 * {@link #LEFTOVER_AGE} old. Thread-safe.
 */
public final class ReportFolder {
    /** The suite page's file. */
    public static final String PAGE = "index.html";
    /** The file github-action-benchmark and Bencher's {@code java_jmh} adapter read. */
    public static final String JMH_RESULT = "jmh-result.json";
    /** The file {@code bencher run --adapter json} reads. */
    public static final String BENCHER = "bencher.json";
    /** The file whose lock a JVM holds while it reads the folder and rewrites the suite's files. */
    static final String LOCK_FILE = ".index.html.lock";
    /**
     * How old a temporary file is when it is taken for a crashed writer's: a writer's lives for the milliseconds its
     * bytes take, and a result's is written without the lock.
     */
    static final Duration LEFTOVER_AGE = Duration.ofMinutes(10);
    /** The longest a JVM waits for the folder's lock before it leaves the suite's files to the others. */
    public static final Duration LOCK_WAIT = Duration.ofSeconds(60);

    private final Path dir;
    private final long lockWaitNanos;
    private final List<ResultSnapshot> results = new ArrayList<>();
    private final List<EndedTest> ended = new ArrayList<>();

    /** The folder is made when the first file is written. */
    public ReportFolder(Path dir) {
        this(dir, LOCK_WAIT);
    }

    /** @param lockWait the longest wait for the folder's lock ({@link #rewrite}) */
    public ReportFolder(Path dir, Duration lockWait) {
        this.dir = dir;
        this.lockWaitNanos = lockWait.toNanos();
    }

    public Path dir() {
        return dir;
    }

    /** What this run kept in the folder, in the order kept: results, and tests that ended without one. */
    public record ThisRun(List<ResultSnapshot> results, List<EndedTest> ended) {
        public boolean isEmpty() {
            return results.isEmpty() && ended.isEmpty();
        }
    }

    /** @return what this run kept in the folder so far */
    public synchronized ThisRun thisRun() {
        return new ThisRun(List.copyOf(results), List.copyOf(ended));
    }

    /** @return the name of a test's probe's {@code .hgrm} file, beside its result */
    static String hgrmFile(ResultSnapshot.Test test, String probe) {
        return test.id() + "." + TestIdentity.fileSafe(probe) + ".hgrm";
    }

    /**
     * Writes a test's result, then a {@code .hgrm} file of each probe the reported attempt measured.
     *
     * @return the result written, with no baseline recorded
     * @throws IOException when a file cannot be written
     */
    Stored.Written write(ResultSnapshot result, JLBHResult measured) throws IOException {
        long started = System.nanoTime();
        Files.createDirectories(dir);
        Path file = dir.resolve(result.test().id() + ".json");
        String json = ResultJson.write(result);
        long bytes = WholeFile.write(file, json);
        for (JLBHResult.ProbeResult probe : ResultAssembly.allProbes(measured)) {
            bytes += WholeFile.write(dir.resolve(hgrmFile(result.test(), probe.name())), Hgrm.of(probe));
        }
        synchronized (this) {
            results.add(result);
        }
        return new Stored.Written(result, file, json, bytes, (System.nanoTime() - started) / 1_000_000,
                Optional.empty());
    }

    /** Writes a test that ended without a result, in its result's place; returns why it could not, if not. */
    public Optional<Exception> write(EndedTest test) {
        try {
            Files.createDirectories(dir);
            WholeFile.write(dir.resolve(test.test().id() + ".json"), EndedTestJson.write(test));
        } catch (IOException | RuntimeException e) {
            return Optional.of(e);
        }
        synchronized (this) {
            ended.add(test);
        }
        return Optional.empty();
    }

    /**
     * Writes a page a result links to, such as a flame graph; without one, removes an older page of that name, so that
     * no stale page is left behind. Never throws.
     *
     * @return the page's file name, once written; empty when there was no page or it could not be written
     */
    public Optional<String> writePage(String name, Optional<byte[]> page) {
        try {
            if (page.isEmpty()) {
                Files.deleteIfExists(dir.resolve(name));
                return Optional.empty();
            }
            Files.createDirectories(dir);
            WholeFile.write(dir.resolve(name), page.get());
            return Optional.of(name);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads what the folder holds ({@link #read}) and writes the files made of it, by name in the order given, under
     * the lock every JVM writing here takes, so that the last to write has read what the others wrote. The lock is
     * waited for at most {@link #LOCK_WAIT} ({@link FileLockWait}).
     *
     * @return what it read
     * @throws IOException when the folder cannot be read or a file written, or when the lock was still held after
     *                     the wait, saying so
     */
    public Contents rewrite(Function<Contents, Map<String, String>> files) throws IOException {
        return FileLockWait.underLock(dir.resolve(LOCK_FILE), lockWaitNanos, "the suite page's lock",
                "this JVM did not rewrite " + PAGE + ", " + JMH_RESULT + " and " + BENCHER, locked -> {
                    WholeFile.removeLeftovers(dir, null, Instant.now().minus(LEFTOVER_AGE));
                    Contents contents = read();
                    for (Map.Entry<String, String> file : files.apply(contents).entrySet()) {
                        WholeFile.write(dir.resolve(file.getKey()), file.getValue());
                    }
                    return contents;
                });
    }

    /**
     * What a report folder holds of its tests.
     *
     * @param tests   every test it holds a result or an ended test of, in file name order
     * @param notRead each file of its tests' formats, or not JSON at all, that could not be read (edited by hand,
     *                cut short, nested too deep or too large for {@link JsonReader}): its name and why, e.g.
     *                {@code A.m.json (unterminated string at line 1, column 38)}
     */
    public record Contents(List<TestRecord> tests, List<String> notRead) {
        public Contents {
            tests = List.copyOf(tests);
            notRead = List.copyOf(notRead);
        }
    }

    /**
     * @return what the folder holds of its tests; any other file (a baseline kept here, the trackers' files, another
     *         tool's JSON) is passed over
     * @throws IOException when the folder cannot be listed
     */
    public Contents read() throws IOException {
        List<Path> testsFiles;
        try (Stream<Path> files = Files.list(dir)) {
            testsFiles = files.filter(ReportFolder::isTestsFile).sorted().toList();
        }
        List<TestRecord> tests = new ArrayList<>();
        List<String> notRead = new ArrayList<>();
        for (Path file : testsFiles) {
            try {
                read(file).ifPresent(tests::add);
            } catch (IOException | RuntimeException unreadable) {
                boolean ours = unreadable instanceof JsonReader.ParseException
                        || unreadable instanceof IllegalArgumentException;
                notRead.add(file.getFileName() + " (" + (ours ? unreadable.getMessage() : unreadable) + ")");
            }
        }
        return new Contents(tests, notRead);
    }

    private static boolean isTestsFile(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".json") && !name.equals(JMH_RESULT) && !name.equals(BENCHER);
    }

    /** @return the test the file holds; empty when it is a file of another format */
    private static Optional<TestRecord> read(Path file) throws IOException {
        Object document = JsonReader.parse(JsonReader.text(file));
        return switch (JsonNode.formatOf(document)) {
            case ResultJson.FORMAT -> Optional.of(ResultJson.read(JsonNode.root(document, ResultJson.FORMAT)));
            case EndedTestJson.FORMAT -> Optional.of(EndedTestJson.read(JsonNode.root(document,
                    EndedTestJson.FORMAT)));
            default -> Optional.empty();
        };
    }
}

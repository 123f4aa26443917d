package org.jlbh.benchmarks;

import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.LatencyTestConfiguration;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * What the reports cost: a latency test of 1,000,000 samples is run through the JUnit engine several times, each
 * into a fresh report folder, and each time the extension's own figure for writing its reports (JSON and .hgrm, as
 * printed on the console) and the bytes it left are read. For 100 such tests the folder holds 100 tests' JSON and
 * .hgrm files and one suite page; the page is bounded by 100 times the one-test page (which includes the page's
 * fixed part each time). Targets (issue 4): under 10 MB for 100 tests, under 1 s per test to write.
 *
 * <p>{@code mvn -B -pl jlbh-benchmarks -am install -DskipTests} then
 * {@code mvn -B -pl jlbh-benchmarks exec:java -Dexec.mainClass=org.jlbh.benchmarks.ReportCost}.
 */
public final class ReportCost {
    private static final Pattern WRITTEN = Pattern.compile("=== jlbh result: .* \\(([\\d,]+) bytes with its \\.hgrm files, "
            + "written in ([\\d,]+) ms\\)");

    private ReportCost() {
    }

    /** The latency test measured: an empty body, 1,000,000 samples in one run. */
    public static final class MillionSamples {
        static long counter;

        /** @return nothing; counts */
        @LatencyTest(throughput = 2_000_000, iterations = 1_000_000, warmUpIterations = 100_000, runs = 1,
                percentile = 99.99, maxMicros = 1_000_000)
        void empty() {
            counter++;
        }
    }

    /**
     * @param writeMillis     the extension's write time of each test's reports, ms
     * @param testBytes       bytes of each test's JSON and .hgrm files
     * @param pageBytes       bytes of the one-test suite page
     */
    public record Figures(List<Long> writeMillis, List<Long> testBytes, long pageBytes) {

        /** @return the slowest write, ms */
        public long worstWriteMillis() {
            return writeMillis.stream().mapToLong(Long::longValue).max().orElse(-1);
        }

        /** @return an upper bound on the bytes 100 such tests leave: 100 × (largest test files + one-test page) */
        public long hundredTestsBytes() {
            return 100 * (testBytes.stream().mapToLong(Long::longValue).max().orElse(0) + pageBytes);
        }

        /** @return the table */
        public String table() {
            return String.format(Locale.ROOT, "%-58s | %14s | %10s%n", "reports of a 1,000,000-sample test (" + writeMillis.size()
                    + " tests)", "measured", "target")
                    + String.format(Locale.ROOT, "%-58s | %14s | %10s%n", "write time per test, ms (each)",
                    writeMillis.toString().replaceAll("[\\[\\]]", ""), "< 1,000")
                    + String.format(Locale.ROOT, "%-58s | %,14d | %10s%n", "JSON + .hgrm bytes per test (largest)",
                    testBytes.stream().mapToLong(Long::longValue).max().orElse(0), "")
                    + String.format(Locale.ROOT, "%-58s | %,14d | %10s%n", "suite page and tracker files, bytes for one test", pageBytes, "")
                    + String.format(Locale.ROOT, "%-58s | %,14d | %10s%n", "100 tests, bytes (at most)",
                    hundredTestsBytes(), "< 10 MB");
        }
    }

    /**
     * @param tests how many times the test is run
     * @param work  a folder for the report folders
     * @return the figures
     */
    public static Figures measure(int tests, Path work) {
        List<Long> millis = new ArrayList<>();
        List<Long> bytes = new ArrayList<>();
        long page = 0;
        for (int i = 0; i < tests; i++) {
            Path dir = work.resolve("run-" + i);
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            PrintStream original = System.out;
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                EngineTestKit.engine("junit-jupiter").selectors(selectClass(MillionSamples.class))
                        .configurationParameters(Map.of(LatencyTestConfiguration.REPORT_DIR, dir.toString()))
                        .execute().testEvents().assertStatistics(s -> s.succeeded(1));
            } finally {
                System.setOut(original);
            }
            Matcher written = WRITTEN.matcher(captured.toString(StandardCharsets.UTF_8));
            if (!written.find()) {
                throw new IllegalStateException("the extension printed no report line:\n" + captured);
            }
            bytes.add(Long.parseLong(written.group(1).replace(",", "")));
            millis.add(Long.parseLong(written.group(2).replace(",", "")));
            // the suite's files: the page, and the results for benchmark trackers beside it
            long suite = size(dir.resolve("index.html")) + size(dir.resolve("jmh-result.json"))
                    + size(dir.resolve("bencher.json"));
            page = Math.max(page, suite);
            if (bytes.get(i) + suite != folderSize(dir)) {
                throw new IllegalStateException("the report folder holds files the extension did not count: " + dir);
            }
        }
        return new Figures(millis, bytes, page);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long folderSize(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.mapToLong(ReportCost::size).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs the measurement and prints its table.
     *
     * @param args optional: how many tests (default 10)
     * @throws IOException when the work folder cannot be made
     */
    public static void main(String[] args) throws IOException {
        int tests = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        System.out.print(measure(tests, Files.createTempDirectory("jlbh-report-cost")).table());
    }
}

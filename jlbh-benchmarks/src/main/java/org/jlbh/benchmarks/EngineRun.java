package org.jlbh.benchmarks;

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
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * A latency test method run through the JUnit engine as a user's would be: its console output captured, its reports
 * written to a temporary folder, which is read and then deleted. Not thread-safe: it swaps {@code System.out}.
 */
final class EngineRun {

    private EngineRun() {
    }

    /**
     * Reads what a run's reports say, before their folder is deleted.
     *
     * @param <T> what it reads
     */
    interface ReportReader<T> {
        T read(Path reports) throws IOException;
    }

    /**
     * @param output      what the run printed
     * @param wallNanos   how long the engine took to run it, in ns
     * @param fromReports what the reader read from its reports
     * @param <T>         what the reader read
     */
    record Outcome<T>(String output, long wallNanos, T fromReports) {
    }

    /**
     * Runs the method and checks that every invocation succeeded.
     *
     * @param test             the test class
     * @param method           the latency test method
     * @param iterationsFactor scales its iterations and warm-up
     * @param invocations      how many invocations must succeed (1 for a {@code @LatencyTest}, a rate each for a sweep)
     * @param reader           reads the reports
     * @param <T>              what the reader reads
     * @return the output, the time and what was read
     */
    static <T> Outcome<T> run(Class<?> test, String method, double iterationsFactor, int invocations,
                              ReportReader<T> reader) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream console = System.out;
        Path reports = null;
        try {
            reports = Files.createTempDirectory("jlbh-engine-run");
            System.setOut(new PrintStream(output, true, StandardCharsets.UTF_8));
            long start = System.nanoTime();
            EngineTestKit.engine("junit-jupiter").selectors(selectMethod(test, method))
                    .configurationParameters(Map.of(
                            LatencyTestConfiguration.ITERATIONS_FACTOR, Double.toString(iterationsFactor),
                            LatencyTestConfiguration.REPORT_DIR, reports.toString()))
                    .execute().testEvents().assertStatistics(stats -> stats.succeeded(invocations));
            long wallNanos = System.nanoTime() - start;
            return new Outcome<>(output.toString(StandardCharsets.UTF_8), wallNanos, reader.read(reports));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            System.setOut(console);
            deleteQuietly(reports);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(files.toList());
            Collections.reverse(all);
            for (Path file : all) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}

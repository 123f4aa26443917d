package org.jlbh.junit.internal.report;

import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the latency tests of one test run (one JUnit Platform launcher, e.g. one Surefire fork) and writes the
 * suite page {@code index.html} into the report folder when the run ends (JUnit closes it with the root store: as an
 * {@code AutoCloseable} from JUnit 5.13, as a {@code CloseableResource} before; either closes it once). Thread-safe.
 */
public final class SuitePage implements AutoCloseable, ExtensionContext.Store.CloseableResource {
    private final Path file;
    private final List<ChartData.TestChart> tests = new ArrayList<>();

    /** @param file where to write the page, e.g. {@code target/jlbh-reports/index.html} */
    public SuitePage(Path file) {
        this.file = file;
    }

    /** @param test one more test for the page */
    public synchronized void add(ChartData.TestChart test) {
        tests.add(test);
    }

    /** Writes the page; a failure to write is printed, never thrown. */
    @Override
    public synchronized void close() {
        if (tests.isEmpty()) {
            return;
        }
        try {
            HtmlReport.write(file, "Latency tests", tests);
            System.out.println("=== jlbh report: " + file.toAbsolutePath());
        } catch (Exception | LinkageError e) {
            System.out.println("=== jlbh report: could not write " + file.toAbsolutePath() + ": " + e);
        }
    }
}

package org.jlbh.junit.internal.export;

import org.jlbh.junit.internal.report.page.SuitePage;
import org.jlbh.junit.internal.store.ReportFolder;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a test run leaves besides its tests' results, made when the run ends (JUnit closes it with the root store: as
 * an {@code AutoCloseable} from JUnit 5.13, as a {@code CloseableResource} before; either closes it once), when the
 * run kept anything in the report folder: the suite page and the trackers' files, of every test the folder holds
 * (this run's and every other's that wrote there), and this run's table appended to the CI job's summary where there
 * is one ({@link JobSummary}). A failure is printed, never thrown. Thread-safe.
 */
public final class SuiteExport implements AutoCloseable, ExtensionContext.Store.CloseableResource {
    private final ReportFolder folder;
    private final Optional<Path> summary;

    public SuiteExport(ReportFolder folder, Optional<Path> summary) {
        this.folder = folder;
        this.summary = summary;
    }

    @Override
    public synchronized void close() {
        ReportFolder.ThisRun thisRun = folder.thisRun();
        if (thisRun.isEmpty()) {
            return;
        }
        Path page = folder.dir().resolve(ReportFolder.PAGE).toAbsolutePath();
        try {
            SuitePage[] drawn = new SuitePage[1];
            ReportFolder.Contents read = folder.rewrite(contents -> {
                drawn[0] = SuitePage.of(contents.tests());
                Map<String, String> files = new LinkedHashMap<>();
                files.put(ReportFolder.PAGE, drawn[0].html());
                files.put(ReportFolder.JMH_RESULT, JmhJson.write(drawn[0].results()));
                files.put(ReportFolder.BENCHER, BencherJson.write(drawn[0].results()));
                return files;
            });
            int tests = drawn[0].tests().size();
            System.out.println("=== jlbh report: " + page + " (" + tests + (tests == 1 ? " test" : " tests") + " in "
                    + page.getParent() + "; for benchmark trackers: " + ReportFolder.JMH_RESULT + ", "
                    + ReportFolder.BENCHER + ")" + leftOff("not read", read.notRead()) + leftOff("not drawn",
                    drawn[0].notDrawn()));
        } catch (Exception | LinkageError e) {
            System.out.println("=== jlbh report: could not write " + page + ": " + e);
        }
        summary.ifPresent(file -> {
            try {
                JobSummary.append(file, JobSummary.table(thisRun.results(), thisRun.ended()));
            } catch (IOException | RuntimeException e) {
                System.out.println("=== jlbh report: could not append to the job summary " + file.toAbsolutePath()
                        + " (" + JobSummary.VARIABLE + "): " + e);
            }
        });
    }

    /** @return {@code ; left off the page, <why>: <each>}, or nothing when there is none */
    private static String leftOff(String why, List<String> each) {
        return each.isEmpty() ? "" : "; left off the page, " + why + ": " + String.join(", ", each);
    }
}

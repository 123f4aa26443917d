package org.jlbh.junit.internal.export;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.page.SuitePage;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.FileLockWait;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A test run's latency tests as a Markdown table, appended to the job summary a CI names: GitHub Actions shows on the
 * run's page what a step appends to the file {@value #VARIABLE} names. One table per JVM, of the tests that JVM ran,
 * failures first: each test, its outcome, its verdict (each budget against its measured value, and where the late
 * samples went; a regression against the baseline or the base), its runs and how long it measured; under it, each
 * baseline history that could not be used, whole: not compared with, kept aside, or not recorded. Appended under an
 * OS lock on the file, waited for at most {@link #LOCK_WAIT}, so that the tables of several JVMs of one job (Surefire's
 * forks) never interleave. Stateless.
 */
public final class JobSummary {
    /** The environment variable that names the job summary's file. */
    public static final String VARIABLE = "GITHUB_STEP_SUMMARY";
    /** The longest verdict a row shows, in characters: GitHub takes up to 1 MiB a step. */
    static final int MOST_DETAIL = 600;
    /** The longest a JVM waits for the summary's lock before it leaves its table out. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(60);

    private JobSummary() {
    }

    /** @return the file {@value #VARIABLE} names in the environment, unless it names none or the summary is off */
    public static Optional<Path> target(Map<String, String> environment, boolean off) {
        return Optional.ofNullable(environment.get(VARIABLE)).filter(file -> !file.isBlank() && !off).map(Path::of);
    }

    /** @return the table of the tests this JVM ran, a heading line first; empty when there is no test */
    static String table(List<ResultSnapshot> results, List<EndedTest> ended) {
        List<Row> rows = new ArrayList<>();
        for (ResultSnapshot result : results) {
            ResultSnapshot.Conclusion conclusion = result.conclusion();
            String runs = String.format(Locale.ROOT, "%d × %,d at %,d/s", result.runs().size(),
                    result.settings().iterations(), result.settings().throughputPerSecond());
            String measured = Double.isNaN(conclusion.measuringSeconds()) ? ""
                    : String.format(Locale.ROOT, "%.1f s", conclusion.measuringSeconds());
            rows.add(new Row(result.test().displayName(), conclusion.outcome(), conclusion.detail(), runs, measured));
        }
        for (EndedTest test : ended) {
            rows.add(new Row(test.test().displayName(), test.outcome(), test.detail(), "no result", ""));
        }
        if (rows.isEmpty()) {
            return "";
        }
        rows.sort(Comparator.comparingInt((Row row) -> SuitePage.rank(row.outcome())).thenComparing(Row::test));
        StringBuilder table = new StringBuilder();
        long failed = rows.stream().filter(row -> row.outcome() == Outcome.FAILED).count();
        table.append(String.format(Locale.ROOT, "### Latency tests: %d, %d failed (jlbh-junit, pid %d)%n%n",
                rows.size(), failed, ProcessHandle.current().pid()));
        table.append("| test | outcome | verdict | runs | measured for |\n| --- | --- | --- | --- | --- |\n");
        for (Row row : rows) {
            table.append("| `").append(cell(row.test())).append("` | ").append(mark(row.outcome())).append(' ')
                    .append(row.outcome()).append(" | ").append(cell(shortened(row.detail()))).append(" | ")
                    .append(row.runs()).append(" | ").append(row.measured()).append(" |\n");
        }
        table.append('\n');
        // whole, where a long verdict's cell would cut it short
        for (ResultSnapshot result : results) {
            result.history().ifPresent(history -> table.append("- ⚠️ `").append(cell(result.test().displayName()))
                    .append("`: ").append(cell(history.describe())).append('\n'));
        }
        return table.append(results.stream().anyMatch(result -> result.history().isPresent()) ? "\n" : "")
                .toString();
    }

    /**
     * Appends a {@link #table} to the job summary's file, under an OS lock on it, waited for at most
     * {@link #LOCK_WAIT}.
     *
     * @throws IOException when the file cannot be written, or was still locked after the wait, saying so
     */
    static void append(Path file, String table) throws IOException {
        append(file, table, LOCK_WAIT);
    }

    /** {@link #append(Path, String)}, waiting at most {@code lockWait} for the lock. */
    static void append(Path file, String table, Duration lockWait) throws IOException {
        if (table.isEmpty()) {
            return;
        }
        FileLockWait.underLock(file, lockWait.toNanos(), "the job summary's lock on", "this JVM's table was not "
                + "appended", summary -> {
                    ByteBuffer bytes = ByteBuffer.wrap(table.getBytes(StandardCharsets.UTF_8));
                    while (bytes.hasRemaining()) {
                        summary.write(bytes);
                    }
                    return null;
                }, StandardOpenOption.APPEND);
    }

    private static String shortened(String detail) {
        String oneLine = detail.replaceAll("\\s*\\R\\s*", " ").trim();
        return oneLine.length() <= MOST_DETAIL ? oneLine : oneLine.substring(0, MOST_DETAIL - 1) + "…";
    }

    /** @return text that stays in its table cell: no pipe, no line break, no HTML */
    private static String cell(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
                .replace("`", "'");
    }

    private static String mark(Outcome outcome) {
        return switch (outcome) {
            case PASSED -> "✅";
            case FAILED -> "❌";
            case INCONCLUSIVE -> "⚠️";
            case REPORTED -> "ℹ️";
        };
    }

    private record Row(String test, Outcome outcome, String detail, String runs, String measured) {
    }
}

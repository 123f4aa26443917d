package org.jlbh.junit;

import org.jlbh.core.JLBHResult.ProbeResult;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.Judgement.Outcome;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.LatencySettings;
import org.jlbh.junit.internal.ReportSettings;
import org.jlbh.junit.internal.report.BaselineComparison;
import org.jlbh.junit.internal.report.JsonReader;
import org.jlbh.junit.internal.report.SuitePage;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns a latency test's attempts into its outcome: passed (on which attempt), inconclusive (aborted, Surefire
 * reports it skipped), failed, or — in report mode — printed only. Compares with the baseline, writes the reports
 * and prints the figures Surefire keeps in its XML. A report that cannot be written is said on the console and
 * never changes the outcome. Stateless; thread-safe.
 */
final class Verdicts {

    private Verdicts() {
    }

    /**
     * @param settings the test's settings
     * @param reports  where reports and baselines are
     * @param attempts every attempt, at least one
     * @param context  the test's extension context, for the suite page
     * @throws AssertionError        when a budget broke, or a regression beyond the tolerance, in enforce mode
     * @throws TestAbortedException  when every breach was explained by platform stalls (noise-aware)
     */
    static void decide(LatencySettings settings, ReportSettings reports, List<Judgement> attempts,
                       ExtensionContext context) {
        Judgement passed = attempts.stream().filter(a -> a.outcome == Outcome.PASSED).findFirst().orElse(null);
        Judgement last = attempts.get(attempts.size() - 1);
        Judgement reported = passed != null ? passed : last;
        boolean failed = attempts.stream().anyMatch(a -> a.outcome == Outcome.FAILED);
        String ofAttempts = attempts.size() == 1 ? "" : String.format(Locale.ROOT, " on attempt %d of %d",
                reported.attempt, settings.retries() + 1);

        String verdict;
        String detail;
        if (passed != null) {
            verdict = "PASSED";
            detail = "budgets met" + ofAttempts + ": " + passed.met();
        } else if (!failed) {
            verdict = "INCONCLUSIVE";
            detail = "Inconclusive: the budgets broke only while the platform stalled (" + LatencyTestConfiguration.NOISE
                    + " = aware)" + (attempts.size() == 1 ? "" : ", on all " + attempts.size() + " attempts") + ":"
                    + System.lineSeparator() + reported.breaches();
        } else {
            Judgement lastFailed = attempts.stream().filter(a -> a.outcome == Outcome.FAILED)
                    .reduce((a, b) -> b).orElseThrow();
            reported = lastFailed;
            verdict = "FAILED";
            detail = lastFailed.breaches() + (attempts.size() == 1 ? "" : System.lineSeparator()
                    + "(no attempt of " + attempts.size() + " met the budgets; this was attempt " + lastFailed.attempt + ")");
        }

        ResultReport report = new ResultReport(settings, attempts, reported, verdict, detail, null);
        BaselineComparison comparison = compareWithBaseline(report, reports);
        List<String> regressions = new ArrayList<>();
        if (comparison != null && !verdict.equals("INCONCLUSIVE")) {
            comparison.regressions().forEach(row -> regressions.add(row.describe()));
        }
        if (!regressions.isEmpty()) {
            String regressed = "Regression against the baseline in " + reports.baselineDir() + ": "
                    + String.join("; ", regressions);
            detail = verdict.equals("PASSED") ? regressed : detail + System.lineSeparator() + regressed;
            verdict = "FAILED";
        }
        if (settings.mode() == Mode.REPORT && !verdict.equals("PASSED")) {
            verdict = "REPORTED";
        }
        report = new ResultReport(settings, attempts, reported, verdict, detail, comparison);
        writeReports(report, reports, context);

        switch (verdict) {
            case "PASSED":
                System.out.println("=== Latency budgets met (" + settings.verdict() + ")" + ofAttempts + ": "
                        + reported.met());
                return;
            case "REPORTED":
                System.out.println("=== Latency budget breached (" + LatencyTestConfiguration.MODE
                        + " = report, not failing): " + detail);
                return;
            case "INCONCLUSIVE":
                throw new TestAbortedException(detail);
            default:
                throw new AssertionError(detail);
        }
    }

    /** @return the comparison with this test's baseline, or null when there is none (said on the console) */
    private static BaselineComparison compareWithBaseline(ResultReport report, ReportSettings reports) {
        if (reports.baselineDir() == null || reports.writeBaseline()) {
            return null;
        }
        Path file = reports.baselineDir().resolve(report.id + ".json");
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            System.out.println("=== Baseline: none for this test (" + file + " does not exist): not compared");
            return null;
        } catch (IOException | RuntimeException unreadable) {
            System.out.println("=== Baseline: could not read " + file + ": " + unreadable
                    + "; not compared, this test's own verdict stands");
            return null;
        }
        try {
            BaselineComparison comparison = BaselineComparison.compare(JsonReader.parse(text),
                    JsonReader.parse(report.json()), reports.tolerancePercent());
            System.out.print("=== Change against the baseline " + file + " (median run; tolerance: the larger of "
                    + ReportFormat.plain(reports.tolerancePercent())
                    + "% and the baseline's run-to-run variation)" + System.lineSeparator() + comparison.table());
            return comparison;
        } catch (RuntimeException corrupt) {
            System.out.println("=== Baseline: " + file + " is not a valid jlbh-junit result (" + corrupt.getMessage()
                    + "); not compared, this test's own verdict stands");
            return null;
        }
    }

    private static long write(Path file, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Files.write(file, bytes);
        return bytes.length;
    }

    private static void writeReports(ResultReport report, ReportSettings reports, ExtensionContext context) {
        for (String line : report.figureLines()) {
            System.out.println(line);
        }
        Path dir = reports.reportDir();
        Path json = dir.resolve(report.id + ".json");
        long started = System.nanoTime();
        long bytes = 0;
        try {
            Files.createDirectories(dir);
            bytes += write(json, report.json());
            for (ProbeResult probe : report.probes()) {
                bytes += write(dir.resolve(report.hgrmFile(probe.name())), ResultReport.hgrm(probe));
            }
            context.getRoot().getStore(LatencyTestExtension.NAMESPACE)
                    .getOrComputeIfAbsent(SuitePage.class, key -> new SuitePage(dir.resolve("index.html")),
                            SuitePage.class)
                    .add(report.chart());
            System.out.printf(Locale.ROOT, "=== jlbh result: %s (%,d bytes with its .hgrm files, written in %,d ms)%n",
                    json.toAbsolutePath(), bytes, (System.nanoTime() - started) / 1_000_000);
        } catch (IOException | RuntimeException e) {
            System.out.println("=== jlbh result: could not write the reports to " + dir.toAbsolutePath() + ": " + e);
            return;
        }
        if (reports.writeBaseline()) {
            Path baseline = reports.baselineDir().resolve(report.id + ".json");
            try {
                Files.createDirectories(reports.baselineDir());
                Files.copy(json, baseline, StandardCopyOption.REPLACE_EXISTING);
                System.out.println("=== Baseline written: " + baseline.toAbsolutePath());
            } catch (IOException | RuntimeException e) {
                System.out.println("=== Baseline: could not write " + baseline.toAbsolutePath() + ": " + e);
            }
        }
    }
}

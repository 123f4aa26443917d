package org.jlbh.junit.internal.report;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.ReportFormat;
import org.jlbh.core.RunStatus;
import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.RunPlan;
import org.jlbh.junit.internal.config.Sizing;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.AttemptJudgement;
import org.jlbh.junit.internal.judge.Decision;
import org.jlbh.junit.internal.judge.FloorRoom;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.SequentialRule;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.RecordedBuild;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.Comparison;
import org.jlbh.junit.internal.profile.ProfileWithPages;
import org.jlbh.junit.internal.report.json.BaselineJson;
import org.jlbh.junit.internal.report.json.EndedTest;
import org.jlbh.junit.internal.report.json.ResultJson;
import org.jlbh.junit.internal.report.json.WholeFile;
import org.jlbh.junit.internal.report.page.SuitePage;
import org.jlbh.junit.internal.report.result.ResultAssembly;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * All the extension's own output: its lines on the console (which Surefire keeps with the test), the report files
 * (the JSON result, a {@code .hgrm} per probe, the suite page) and the baseline, read and written. It never throws:
 * a report that cannot be written, or a baseline that cannot be read, is said on the console and never changes a
 * verdict. One writer per test; not thread-safe.
 */
public final class ReportWriter {
    private final PrintStream out;
    private final Configuration configuration;
    private final Publisher publisher;
    private boolean wroteResult;

    /**
     * @param out           the console
     * @param configuration where reports and baselines are
     * @param publisher     where the figures and the JSON result are published besides
     */
    public ReportWriter(PrintStream out, Configuration configuration, Publisher publisher) {
        this.out = out;
        this.configuration = configuration;
        this.publisher = publisher;
    }

    /** @return whether this writer wrote the test's result */
    public boolean wroteResult() {
        return wroteResult;
    }

    /**
     * Writes a test that ended without a result, for the suite page to list; a failure to write is said, never
     * thrown.
     *
     * @param reportDir the report folder
     * @param ended     the test, how it ended and why
     * @param page      the suite page of this test run
     * @param out       the console
     */
    public static void writeEnded(Path reportDir, EndedTest ended, SuitePage page, PrintStream out) {
        try {
            Files.createDirectories(reportDir);
            write(reportDir.resolve(ended.test().id() + ".json"), ended.toJson());
            page.added(ended);
        } catch (IOException | RuntimeException e) {
            out.println("=== jlbh result: could not write " + ended.test().displayName() + "'s end to "
                    + reportDir.toAbsolutePath() + ": " + e);
        }
    }

    /** @return the console, where the harness prints its report too */
    public PrintStream console() {
        return out;
    }

    /**
     * @param settings the test's settings
     * @param attempt  1-based attempt
     * @param allowed  attempts allowed
     */
    public void attemptHeader(TestSettings settings, int attempt, int allowed) {
        out.println((settings.identity().invocation().isEmpty() ? "=== @LatencyTest " : "=== @LatencyTemplate ")
                + settings.describe()
                + (allowed == 1 ? "" : " (attempt " + attempt + " of " + allowed + ")"));
    }

    /**
     * Says, before the test measures, what it will take at most, and what was sized from its budgets and why.
     *
     * @param settings  the test's settings
     * @param mostNanos the most it takes on schedule, in nanoseconds
     * @param floor     this machine's floor beside each end-to-end budget, where it was measured
     */
    public void cost(TestSettings settings, long mostNanos, List<FloorRoom> floor) {
        RunPlan plan = settings.run();
        if (plan.sizing().any()) {
            String why = plan.sizing().iterations() ? String.format(Locale.ROOT, " (runs of %,d iterations, %.1f s "
                    + "each: %s)", plan.iterations(), plan.scheduledRunNanos() / 1e9,
                    Sizing.whyIterations(settings.budgets().strictestPercentile(), plan.throughput())) : "";
            out.printf(Locale.ROOT, "=== Sized from the budgets%s: at most %.1f s on schedule%n", why, mostNanos / 1e9);
        } else {
            out.printf(Locale.ROOT, "=== At most %.1f s on schedule (warm-up and runs as set)%n", mostNanos / 1e9);
        }
        for (FloorRoom room : floor) {
            out.println("=== " + (room.noRoom() ? "WARNING: " : "") + room.describe()
                    + (room.noRoom() ? ": the runs are not measured again if they disagree" : ""));
        }
    }

    /**
     * Says how the test came to the machine, before it measures: how long it waited for its turn and for whom, or
     * that it measures without one. Nothing when it waited for no one (at most a few polls, under 0.05 s).
     *
     * @param machine its turn
     */
    public void machine(ResultSnapshot.MachineRecord machine) {
        String whose = machine.heldBy().isEmpty() ? "" : " (" + String.join("; ", machine.heldBy()) + ")";
        if (machine.shared().isPresent()) {
            out.printf(Locale.ROOT, "=== WARNING: measured without the machine to itself after waiting %.1f s for "
                    + "it%s: %s; its figures may include another measurement's load (%s, %s)%n",
                    machine.waitedSeconds(), whose, machine.shared().get(), LatencyTestConfiguration.MACHINE_LOCK,
                    LatencyTestConfiguration.MACHINE_LOCK_WAIT);
        } else if (!machine.heldBy().isEmpty() || machine.waitedSeconds() >= 0.05) {
            out.printf(Locale.ROOT, "=== Waited %.1f s for the machine, while other latency tests measured%s%n",
                    machine.waitedSeconds(), whose);
        }
    }

    /**
     * Says, after the verdict, what the test took.
     *
     * @param settings         the test's settings
     * @param measuringSeconds how long it measured, in seconds
     * @param ended            how its measurement ended
     */
    public void took(TestSettings settings, double measuringSeconds, String ended) {
        out.printf(Locale.ROOT, "=== %s measured for %.1f s: %s%n", settings.displayName(), measuringSeconds, ended);
    }

    /**
     * @param attempt an attempt that did not pass, with another to come
     * @param allowed attempts allowed
     */
    public void measuringAgain(AttemptJudgement attempt, int allowed) {
        out.println("=== Attempt " + attempt.number() + " of " + allowed + " "
                + attempt.outcome().name().toLowerCase(Locale.ROOT) + ", measuring again ("
                + LatencyTestConfiguration.RETRY_FAILED + " = " + configuration.retries() + "): " + attempt.breaches());
    }

    /**
     * Says that the runs so far disagree about a latency budget, and the test is measured again.
     *
     * @param judged  what the attempts so far say
     * @param number  the attempt just made
     * @param allowed how many attempts are allowed
     */
    public void measuringAgain(SequentialRule.Judged judged, int number, int allowed) {
        out.println("=== Attempt " + number + " of " + allowed + ": the runs disagree, measuring again ("
                + LatencyTestConfiguration.REMEASURE_UNDECIDED + " = " + configuration.remeasures() + "; a budget is decided "
                + "when the runs on one side outnumber the other by " + judged.margin() + "): "
                + judged.describe());
    }

    /**
     * Says that the change is slower than its base, its estimate past the threshold, but not yet surely by more than
     * the threshold, and the test is measured again, both sides.
     *
     * @param leaning the row that leans
     * @param number  the attempt just made
     * @param allowed how many attempts are allowed
     */
    public void measuringAgain(ComparisonRow leaning, int number, int allowed) {
        out.println("=== Attempt " + number + " of " + allowed + ": the change is slower than its base, but not "
                + "yet surely by more than its tolerance, measuring both sides again ("
                + LatencyTestConfiguration.REMEASURE_UNDECIDED + " = " + configuration.remeasures() + "; the pairs of every "
                + "attempt are compared together): " + leaning.describe());
    }

    /**
     * Reads the test's baseline, saying on the console when there is none or it cannot be read.
     *
     * @param test the test
     * @return the baseline's recorded builds, oldest first; empty when no baseline is configured, this run records
     *         one, or it cannot be read
     */
    public Optional<List<RecordedBuild>> readBaseline(ResultSnapshot.Test test) {
        if (configuration.baselineDir().isEmpty() || configuration.writeBaseline()) {
            return Optional.empty();
        }
        Path file = baselineFile(test);
        try {
            return Optional.of(readBaselineFile(file, test));
        } catch (NoSuchFileException missing) {
            out.println("=== Baseline: none for this test (" + file + " does not exist): not compared");
        } catch (IOException unreadable) {
            out.println("=== Baseline: could not read " + file + ": " + unreadable
                    + "; not compared, this test's own verdict stands");
        } catch (BaselineJson.OtherTest other) {
            out.println("=== Baseline: " + file + " is not this test's baseline (" + other.getMessage()
                    + "): not compared, this test's own verdict stands");
        } catch (RuntimeException corrupt) {
            out.println("=== Baseline: " + file + " is not a valid jlbh-junit baseline (" + corrupt.getMessage()
                    + "); not compared, this test's own verdict stands");
        }
        return Optional.empty();
    }

    /**
     * Says that this build is not compared with its configured baseline: its runs lack the evidence its figures on
     * the code's own account need. A build that records instead says so when it is written.
     *
     * @param why which run lacks it, and why
     */
    public void notGated(String why) {
        if (!configuration.writeBaseline()) {
            out.println("=== Baseline: not compared: " + why + "; a baseline gates the figures on the code's own "
                    + "account, which need the scheduler's and the JVM's evidence of every run");
        }
    }

    /**
     * @param test       the test
     * @param comparison its comparison with the baseline
     */
    public void comparison(ResultSnapshot.Test test, BaselineComparison comparison) {
        out.print(comparisonHeader("baseline " + baselineFile(test), comparison.builds(), "recorded build", "; this "
                + "build's median run against the history's median build on the code's own account where both have "
                + "it, with a bootstrap interval", configuration.tolerancePercent(), "this history")
                + comparison.table());
    }

    /** @return a comparison's header, e.g. {@code === Change against the base … would flag)}, and a line separator */
    private static String comparisonHeader(String against, int count, String counted, String how,
                                           double tolerancePercent, String flagger) {
        return "=== Change against the " + against + " (" + count + " " + counted + (count == 1 ? "" : "s") + how
                + "; tolerance +" + ReportFormat.plain(tolerancePercent) + "%; detectable: the smallest slowdown "
                + flagger + " would flag)" + System.lineSeparator();
    }

    /**
     * Prints what the base's harness printed of one paired attempt, after the change's.
     *
     * @param attempt 1-based attempt
     * @param report  the base harness's report
     */
    public void baseReport(int attempt, String report) {
        out.println("=== The base's side of attempt " + attempt + ", its runs taken in turns with the change's:");
        out.print(report);
    }

    private static String rows(int rows) {
        return rows == 1 ? "its one row" : "the " + rows + " rows";
    }

    /**
     * Prints the paired comparison: its header, what the base's side loaded and which dependencies differ between the
     * sides, then its rows.
     *
     * @param comparison   the change against its base, paired
     * @param base         the base's class folders and jars, and which of them its side loaded
     * @param dependencies which dependencies differ between the sides, or that none does
     */
    public void paired(PairedComparison comparison, String base, String dependencies) {
        out.print(comparisonHeader("base " + base, comparison.pairs(), "pair", " of runs taken in turns in this JVM, "
                + "on the code's own account where both have it; the median pair's change with a sign-test interval "
                + "at " + ReportFormat.plain(Math.round(1_000 * (1 - comparison.rowAlpha())) / 10.0) + "% each side ("
                + ReportFormat.plain(100 * PairedComparison.FAMILY_ALPHA) + "% split over "
                + rows(comparison.rows().size()) + ")", comparison.tolerancePercent(), "these pairs")
                + "=== Dependencies: " + dependencies + System.lineSeparator() + comparison.table());
        for (ComparisonRow row : comparison.rows()) {
            publisher.entry("paired " + row.probe() + " p" + row.percentile(), row.describe());
        }
    }

    /**
     * Writes a profile's flame graph pages into the report folder, deleting an older file of a page not drawn, then
     * prints the profile. A page that cannot be written is left unnamed; the profile stands.
     *
     * @param taken the profile, with its pages
     * @param <C>   its comparison
     * @return the profile, naming the pages written
     */
    public <C extends Comparison> CodeProfile<C> profile(ProfileWithPages<C> taken) {
        Set<String> written = new HashSet<>();
        for (ProfileWithPages.Page page : taken.pages()) {
            try {
                Path file = configuration.reportDir().resolve(page.file());
                if (page.html().isPresent()) {
                    Files.createDirectories(configuration.reportDir());
                    Files.write(file, page.html().get());
                    written.add(page.file());
                } else {
                    Files.deleteIfExists(file);
                }
            } catch (IOException | RuntimeException unwritten) {
                // the profile stands without the page
            }
        }
        CodeProfile<C> profile = taken.profile().withFilesWritten(written);
        profile.consoleLines().forEach(out::println);
        return profile;
    }

    /**
     * Prints the figures lines, then writes the JSON result and the {@code .hgrm} files, adds the test to the suite
     * page, and writes the baseline when asked to.
     *
     * @param result   the test's result
     * @param measured what the reported attempt measured, for the {@code .hgrm} files
     * @param page     the suite page of this test run
     * @param withoutEvidence when a run lacks the evidence the figures on the code's own account need, why: such a
     *                        build is not recorded in a baseline
     */
    public void write(ResultSnapshot result, JLBHResult measured, SuitePage page, Optional<String> withoutEvidence) {
        for (String line : FiguresLine.of(result)) {
            out.println(line);
            int probeEnd = line.indexOf(']') + 1;
            publisher.entry(line.substring(0, probeEnd), line.substring(probeEnd).trim());
        }
        publisher.entry("jlbh verdict", result.conclusion().outcome().name() + ": "
                + result.conclusion().detail().lines().findFirst().orElse(""));
        Path dir = configuration.reportDir();
        Path json = dir.resolve(result.test().id() + ".json");
        long started = System.nanoTime();
        long bytes = 0;
        try {
            Files.createDirectories(dir);
            bytes += write(json, ResultJson.write(result));
            for (JLBHResult.ProbeResult probe : ResultAssembly.allProbes(measured)) {
                bytes += write(dir.resolve(ResultJson.hgrmFile(result.test(), probe.name())), Hgrm.of(probe));
            }
            wroteResult = true;
            page.added(result);
            publisher.entry("jlbh result", json.toAbsolutePath().toString());
            publisher.file(json, "application/json");
            out.printf(Locale.ROOT, "=== jlbh result: %s (%,d bytes with its .hgrm files, written in %,d ms)%n",
                    json.toAbsolutePath(), bytes, (System.nanoTime() - started) / 1_000_000);
        } catch (IOException | RuntimeException e) {
            out.println("=== jlbh result: could not write the reports to " + dir.toAbsolutePath() + ": " + e);
            return;
        }
        if (configuration.writeBaseline()) {
            withoutEvidence.ifPresentOrElse(why -> out.println("=== Baseline: this build is not recorded in "
                    + baselineFile(result.test()).toAbsolutePath() + ": " + why + "; a baseline keeps the figures on "
                    + "the code's own account, which need the scheduler's and the JVM's evidence of every run"),
                    () -> record(result));
        }
    }

    /**
     * Adds the result to the test's baseline, keeping the configured number of builds; a build whose runs did not
     * complete, or whose verdict is inconclusive, is not recorded, and that is said.
     */
    private void record(ResultSnapshot result) {
        Path baseline = baselineFile(result.test());
        Outcome outcome = result.conclusion().outcome();
        boolean complete = result.runs().stream().allMatch(run -> run.status() == RunStatus.COMPLETE)
                && result.runs().size() == result.settings().runs();
        if (!complete || outcome == Outcome.INCONCLUSIVE) {
            out.println("=== Baseline: this build is not recorded in " + baseline.toAbsolutePath() + ": "
                    + (complete ? "its verdict is inconclusive (the platform stalled)" : "not every run completed"));
            return;
        }
        List<RecordedBuild> recorded = List.of();
        try {
            recorded = readBaselineFile(baseline, result.test());
        } catch (NoSuchFileException first) {
            // the first build of this baseline
        } catch (IOException | RuntimeException unreadable) {
            out.println("=== Baseline: " + baseline + " could not be read (" + unreadable.getMessage()
                    + "): it is started again with this build");
        }
        List<RecordedBuild> builds = BaselineJson.append(recorded, ResultAssembly.recordedBuild(result),
                configuration.baselineHistory());
        try {
            Files.createDirectories(baseline.toAbsolutePath().getParent());
            write(baseline, BaselineJson.write(result.test(), builds));
            out.println("=== Baseline written: " + baseline.toAbsolutePath() + " (" + builds.size() + " of at most "
                    + configuration.baselineHistory() + " builds)");
        } catch (IOException | RuntimeException e) {
            out.println("=== Baseline: could not write " + baseline.toAbsolutePath() + ": " + e);
        }
    }

    private static List<RecordedBuild> readBaselineFile(Path file, ResultSnapshot.Test test) throws IOException {
        return BaselineJson.read(Files.readString(file, StandardCharsets.UTF_8), test.id());
    }

    /**
     * Prints the verdict's headline, as the last line of the test's report: the budgets met, the first breach of a
     * failed test (the failure carries them all), the reason a test is inconclusive, or a breach only reported.
     *
     * @param settings the test's settings
     * @param decision how it ended
     */
    public void verdict(TestSettings settings, Decision decision) {
        if (decision.outcome() != Outcome.PASSED && !decision.reported().missingEvidence().isEmpty()) {
            out.println("WARNING " + settings.displayName() + ": " + Decision.withoutEvidence(decision.reported()));
        }
        switch (decision.outcome()) {
            case PASSED:
                out.println("=== Latency budgets met" + (decision.reported().metOnTheCodesOwnAccount()
                        ? " on the code's own account" : "") + " (" + settings.budgets().verdict() + ")"
                        + decision.ofAttempts() + decision.rule() + ": " + decision.reported().met());
                break;
            case REPORTED:
                // in report mode; or above a sweep's required throughput, where the detail says so
                out.println("=== Latency budget breached (" + (configuration.mode() == Mode.REPORT
                        ? LatencyTestConfiguration.MODE + " = report, " : "") + "not failing): "
                        + decision.verdictDetail());
                break;
            case FAILED:
                out.println("=== FAILED " + settings.displayName() + ": " + decision.verdictDetail().lines()
                        .findFirst().orElse(""));
                break;
            case INCONCLUSIVE:
                out.println("=== INCONCLUSIVE " + settings.displayName() + (configuration.inconclusive()
                        == Inconclusive.FAIL ? " (failing the test: " + LatencyTestConfiguration.INCONCLUSIVE
                        + " = fail): " : " (reported as skipped): ") + decision.verdictDetail());
                break;
        }
    }

    private Path baselineFile(ResultSnapshot.Test test) {
        return configuration.baselineDir().orElseThrow().resolve(test.id() + ".json");
    }

    /** Writes a file whole ({@link WholeFile}). */
    private static long write(Path file, String text) throws IOException {
        return WholeFile.write(file, text);
    }
}

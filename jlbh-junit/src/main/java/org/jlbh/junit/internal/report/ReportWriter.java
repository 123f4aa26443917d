package org.jlbh.junit.internal.report;

import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration;
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
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.HistoryRead;
import org.jlbh.junit.internal.store.Recording;
import org.jlbh.junit.internal.store.Stored;
import org.jlbh.junit.internal.store.TestStore;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What a latency test says: its lines on the console (which Surefire keeps with the test) and its JUnit report
 * entries. It prints what the store did and never touches a file; it never throws. One writer per test; not
 * thread-safe.
 */
public final class ReportWriter {
    private final PrintStream out;
    private final Configuration configuration;
    private final Publisher publisher;

    public ReportWriter(PrintStream out, Configuration configuration, Publisher publisher) {
        this.out = out;
        this.configuration = configuration;
        this.publisher = publisher;
    }

    /** @return the console, where the harness prints its report too */
    public PrintStream console() {
        return out;
    }

    /** Says which of the attempts allowed begins, 1-based. */
    public void attemptHeader(TestSettings settings, int attempt, int allowed) {
        out.println((settings.identity().invocation().isEmpty() ? "=== @LatencyTest " : "=== @LatencyTemplate ")
                + settings.displayName() + ": " + settings.describeRuns()
                + (allowed == 1 ? "" : " (attempt " + attempt + " of " + allowed + ")"));
    }

    /**
     * Says, before the test measures, the most it takes on schedule (nanoseconds), what was sized from its budgets and
     * why, and this machine's floor beside each end-to-end budget, where it was measured.
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

    /** Says how long the test waited for its turn and for whom, or that it measures without one; else nothing. */
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

    /** Says, after the verdict, how long the test measured, in seconds, and how its measurement ended. */
    public void took(TestSettings settings, double measuringSeconds, String ended) {
        out.printf(Locale.ROOT, "=== %s measured for %.1f s: %s%n", settings.displayName(), measuringSeconds, ended);
    }

    /** Says that an attempt did not pass and another is made. */
    public void measuringAgain(AttemptJudgement attempt, int allowed) {
        out.println("=== Attempt " + attempt.number() + " of " + allowed + " "
                + attempt.outcome().name().toLowerCase(Locale.ROOT) + ", measuring again ("
                + LatencyTestConfiguration.RETRY_FAILED + " = " + configuration.retries() + "): " + attempt.breaches());
    }

    /** Says that the runs so far disagree about a latency budget, and the test is measured again. */
    public void measuringAgain(SequentialRule.Judged judged, int number, int allowed) {
        out.println("=== Attempt " + number + " of " + allowed + ": the runs disagree, measuring again ("
                + LatencyTestConfiguration.REMEASURE_UNDECIDED + " = " + configuration.remeasures()
                + "; a budget is decided when the runs on one side outnumber the other by " + judged.margin() + "): "
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
                + LatencyTestConfiguration.REMEASURE_UNDECIDED + " = " + configuration.remeasures()
                + "; the pairs of every attempt are compared together): " + leaning.describe());
    }

    /** Says why this build is not compared with its baseline: a run lacks the evidence; unless it records one. */
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
        out.print(comparisonHeader("baseline " + TestStore.baselineFile(configuration.baselineDir().orElseThrow(),
                test), comparison.builds(), "recorded build", "; this build's median run against the history's "
                + "median build on the code's own account where both have it, with a bootstrap interval",
                configuration.tolerancePercent(), "this history")
                + comparison.table());
    }

    /** @return a comparison's header, e.g. {@code === Change against the base … would flag)}, and a line separator */
    private static String comparisonHeader(String against, int count, String counted, String how,
                                           double tolerancePercent, String flagger) {
        return "=== Change against the " + against + " (" + count + " " + counted + (count == 1 ? "" : "s") + how
                + "; tolerance +" + ReportFormat.plain(tolerancePercent) + "%; detectable: the smallest slowdown "
                + flagger + " would flag)" + System.lineSeparator();
    }

    /** Prints what the harness printed of the base's runs, then of the control's, of one paired attempt. */
    public void baseReport(int attempt, String base, String control) {
        out.println("=== The base's side of attempt " + attempt + ", its runs taken in turns with the change's:");
        out.print(base);
        out.println("=== The control of attempt " + attempt + " (a second copy of the base's code, loaded apart from "
                + "the first), its runs taken in turns with the others:");
        out.print(control);
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
        int rows = comparison.rows().size();
        out.print(comparisonHeader("base " + base, comparison.pairs(), "pair", " of runs taken in turns in this JVM, "
                + "on the code's own account where every copy has it; the median pair's change with the union of the "
                + "sign-test intervals of each copy of the change against each copy of the base, each at "
                + ReportFormat.plain(Math.round(1_000 * (1 - comparison.rowAlpha())) / 10.0) + "% each side ("
                + ReportFormat.plain(100 * PairedComparison.FAMILY_ALPHA) + "% split over "
                + (rows == 1 ? "its one row" : "the " + rows + " rows") + ")", comparison.tolerancePercent(),
                "these pairs")
                + "=== Dependencies: " + dependencies + System.lineSeparator() + comparison.table());
        for (ComparisonRow row : comparison.rows()) {
            publisher.entry("paired " + row.probe() + " p" + row.percentile(), row.describe());
        }
    }

    /** Prints where the late iterations, or a paired test's change, spent their time, or why that is not known. */
    public void profile(CodeProfile<?> profile) {
        profile.consoleLines().forEach(out::println);
    }

    /**
     * Says why the test's history is not compared with, when it is not found: a new test's, once; else why it could
     * not be used and how to repair it.
     */
    public void history(HistoryRead history) {
        if (history instanceof HistoryRead.Missing) {
            out.println("=== Baseline: none for this test (" + history.file() + " does not exist): not compared");
        }
        history.notUsable().ifPresent(unusable -> out.println("=== Baseline: could not compare: " + unusable.why()
                + ". To repair: " + unusable.repair()));
    }

    /** Prints and publishes the figures lines, then says what the store did with the result and its baseline. */
    public void stored(Stored stored) {
        ResultSnapshot result = stored.result();
        for (String line : FiguresLine.of(result)) {
            out.println(line);
            int probeEnd = line.indexOf(']') + 1;
            publisher.entry(line.substring(0, probeEnd), line.substring(probeEnd).trim());
        }
        publisher.entry("jlbh verdict", result.conclusion().outcome().name() + ": "
                + result.conclusion().detail().lines().findFirst().orElse(""));
        if (stored instanceof Stored.NotWritten failed) {
            out.println("=== jlbh result: could not write the reports to " + failed.dir().toAbsolutePath() + ": "
                    + failed.error());
            failed.baseline().ifPresent(this::recorded);
            return;
        }
        Stored.Written written = (Stored.Written) stored;
        Path json = written.file().toAbsolutePath();
        publisher.entry("jlbh result", json.toString());
        publisher.file(json.getFileName().toString(), "application/json", written.json());
        out.printf(Locale.ROOT, "=== jlbh result: %s (%,d bytes with its .hgrm files, written in %,d ms)%n", json,
                written.bytes(), written.millis());
        written.baseline().ifPresent(this::recorded);
    }

    private void recorded(Recording recording) {
        Path file = recording.file();
        recording.state().ifPresent(state -> out.println("=== " + state.describe()));
        if (recording instanceof Recording.Skipped skipped) {
            out.println("=== Baseline: this build is not recorded in " + file.toAbsolutePath() + ": " + skipped.why());
        } else if (recording instanceof Recording.Written recorded) {
            out.println("=== Baseline written: " + file.toAbsolutePath() + " (" + recorded.builds() + " of at most "
                    + recorded.most() + " builds)");
        } else if (recording instanceof Recording.Failed failed) {
            out.println("=== Baseline: could not write " + file.toAbsolutePath() + ": " + failed.error());
        }
    }

    /** Says that a test that ended without a result could not be written into the report folder. */
    public static void notWritten(PrintStream out, EndedTest ended, Path folder, Exception error) {
        out.println("=== jlbh result: could not write " + ended.test().displayName() + "'s end to "
                + folder.toAbsolutePath() + ": " + error);
    }

    /**
     * Prints the verdict's headline, the last line of the test's report: the budgets met, the first breach of a failed
     * test (the failure carries them all), the reason a test is inconclusive, or a breach only reported.
     */
    public void verdict(TestSettings settings, Decision decision) {
        if (decision.outcome() != Outcome.PASSED && !decision.reported().missingEvidence().isEmpty()) {
            out.println("WARNING " + settings.displayName() + ": " + Decision.withoutEvidence(decision.reported()));
        }
        switch (decision.outcome()) {
            case PASSED -> out.println("=== Latency budgets met" + (decision.reported().metOnTheCodesOwnAccount()
                    ? " on the code's own account" : "") + " (" + settings.budgets().verdict() + ")"
                    + decision.ofAttempts() + decision.rule() + ": " + decision.reported().met());
            // in report mode; or above a sweep's required throughput, where the detail says so
            case REPORTED -> out.println("=== Latency budget breached (" + (configuration.mode() == Mode.REPORT
                    ? LatencyTestConfiguration.MODE + " = report, " : "") + "not failing): "
                    + decision.verdictDetail());
            case FAILED -> out.println("=== FAILED " + settings.displayName() + ": " + decision.verdictDetail().lines()
                    .findFirst().orElse(""));
            case INCONCLUSIVE -> out.println("=== INCONCLUSIVE " + settings.displayName()
                    + (configuration.inconclusive() == Inconclusive.FAIL ? " (failing the test: "
                    + LatencyTestConfiguration.INCONCLUSIVE + " = fail): " : " (reported as skipped): ")
                    + decision.verdictDetail());
        }
    }
}

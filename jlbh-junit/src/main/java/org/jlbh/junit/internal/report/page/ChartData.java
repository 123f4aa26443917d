package org.jlbh.junit.internal.report.page;

import org.jlbh.core.JLBH;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.profile.ChangeAgainstBase;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.LateAgainstOnTime;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.EvidenceSnapshot;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the suite page ({@link HtmlReport}) draws: per test its outcome, per probe one percentile curve per run with
 * the budgets on that probe, and end to end over the time of each run; per throughput sweep its latency against
 * throughput ({@link Sweeps}). Latencies are in microseconds, times on a run's time line in milliseconds, percentiles
 * from 0 to 100. Immutable values, but for their arrays, which nothing changes.
 */
public final class ChartData {

    private ChartData() {
    }

    /**
     * One test on the suite page: its display name, outcome (required), verdict, settings and environment in a line
     * each (any may be empty), the probes drawn (end to end first), and the timeline, profiles and the change against
     * its base where there are.
     */
    public record TestChart(String name, Outcome outcome, String verdictDetail, String settings, String environment,
                            List<ProbeChart> probes, Optional<TimelineData> timeline,
                            Optional<CodeProfile<LateAgainstOnTime>> profile,
                            Optional<CodeProfile<ChangeAgainstBase>> growth, Optional<PairedData> paired) {
        public TestChart {
            Objects.requireNonNull(outcome, "outcome");
            probes = List.copyOf(probes);
        }

        /** @return a test without a paired comparison */
        public TestChart(String name, Outcome outcome, String verdictDetail, String settings, String environment,
                         List<ProbeChart> probes, Optional<TimelineData> timeline,
                         Optional<CodeProfile<LateAgainstOnTime>> profile,
                         Optional<CodeProfile<ChangeAgainstBase>> growth) {
            this(name, outcome, verdictDetail, settings, environment, probes, timeline, profile, growth,
                    Optional.empty());
        }
    }

    /**
     * The change against its base (the paired mode): how many pairs of runs and the tolerance, in percent; per probe
     * compared its rows and its chart; and what was not compared, or compared as measured, and why.
     */
    public record PairedData(int pairs, double tolerancePercent, List<PairedProbe> probes, List<String> notes) {
        public PairedData {
            probes = List.copyOf(probes);
            notes = List.copyOf(notes);
        }
    }

    /**
     * One probe against its base: its rows, a percentile each ({@link ComparisonRow.Pairs} their figures), and the
     * chart of each side's median run by p50, where both sides have samples.
     */
    public record PairedProbe(String name, List<ComparisonRow> rows, Optional<ProbeChart> chart) {
        public PairedProbe {
            rows = List.copyOf(rows);
        }
    }

    /** End to end over the time of each run with a timeline, in run order, with the budgets on end to end. */
    public record TimelineData(List<RunWindows> runs, List<BudgetMarker> budgets) {
        public TimelineData {
            runs = List.copyOf(runs);
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * One run cut into windows of equal width from its start: per window the worst end-to-end sample that ended in it
     * (0 for none) and the shares of it, from 0 to 1, the harness thread waited on the run queue or the host took its
     * CPU; and the JVM's pauses.
     */
    public record RunWindows(String label, double windowMillis, double[] worstMicros, double[] waitingFraction,
                             double[] hostFraction, List<Band> pauses) {
        public RunWindows {
            pauses = List.copyOf(pauses);
        }
    }

    /** A pause of the JVM on a run's time line: a collection or another safepoint, by its name or VM operation. */
    public record Band(double fromMillis, double toMillis, boolean gc, String name) {
    }

    /** One probe's chart: a curve per measured run, in run order, and the budgets on the probe. */
    public record ProbeChart(String name, List<RunCurve> runs, List<BudgetMarker> budgets) {
        public ProbeChart {
            runs = List.copyOf(runs);
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * One run's percentile curve of {@code count} samples: {@code percentiles[i]}, ascending, has the latency
     * {@code micros[i]}, non-decreasing; only percentiles the count supports are present.
     */
    public record RunCurve(String label, long count, double[] percentiles, double[] micros) {
    }

    /** A budget, the value at {@code percentile} at most {@code maxMicros}, and whether the verdict found it met. */
    public record BudgetMarker(double percentile, double maxMicros, boolean met) {
    }

    /**
     * One throughput sweep on the suite page.
     *
     * @param name               the test's name without the rate, e.g. {@code RoundTripTest.roundTrip}
     * @param judgedRun          whose percentiles are drawn: {@code median run} or {@code worst run}
     * @param rates              the rates measured, ascending
     * @param sweepRates         how many rates the sweep declares (more than measured when some are missing)
     * @param requiredThroughput the capacity budget's rate, per second; 0 for none
     * @param knee               the knee and the capacity budget, in the words of the console's sweep table
     * @param tests              the display names of the rates' tests, as the page lists them
     */
    public record SweepData(String name, String judgedRun, List<RateMark> rates, int sweepRates,
                             int requiredThroughput, String knee, List<String> tests, List<SweepProbe> probes) {
        public SweepData {
            rates = List.copyOf(rates);
            tests = List.copyOf(tests);
            probes = List.copyOf(probes);
        }
    }

    /**
     * One measured rate of a sweep, per second, and how its latency budgets fared: passed when every one held,
     * inconclusive when they broke only through the platform's stalls, else failed.
     */
    public record RateMark(int rate, Outcome latency) {
    }

    /** One probe's latency against throughput: a line per percentile with a value at some rate, the worst last. */
    public record SweepProbe(String name, List<SweepLine> lines, List<SweepBudget> budgets) {
        public SweepProbe {
            lines = List.copyOf(lines);
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * One percentile across a sweep's rates, e.g. {@code p99.9}, or {@code worst} at 100: per rate, in order, its
     * latency, NaN where the runs lack the samples for it.
     */
    public record SweepLine(String label, double percentile, double[] micros) {
    }

    /** A latency budget across a sweep's rates, with those at which it broke or could not be judged, ascending. */
    public record SweepBudget(double percentile, double maxMicros, List<Integer> brokenAt) {
        public SweepBudget {
            brokenAt = List.copyOf(brokenAt);
        }
    }

    /** @return a test that ended before it had a result as the page draws it: its outcome and why, no charts */
    public static TestChart of(EndedTest ended) {
        return new TestChart(ended.test().displayName(), ended.outcome(), ended.detail(),
                "no result: the test ended before a verdict", "", List.of(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    /**
     * @return a result's chart data: every probe, a curve per run with samples (its label noting the run's GC pauses),
     *         and the budgets of the reported attempt on each probe
     */
    public static TestChart of(ResultSnapshot result) {
        List<ProbeChart> probes = result.probes().stream().map(probe -> new ProbeChart(probe.name(),
                probe.runs().stream().filter(run -> run.count() > 0)
                        .map(run -> curve(run, "run " + run.run() + gcNote(result, run.run()))).toList(),
                budgets(result, probe.name()))).toList();
        ResultSnapshot.Conclusion conclusion = result.conclusion();
        String verdict = result.paired().map(paired -> withRegressionsInShort(conclusion.detail(),
                paired.comparison())).orElse(conclusion.detail());
        // a history kept aside or not recorded; one not compared with is in the verdict already
        String detail = (conclusion.attempts() > 1 ? "attempt " + conclusion.attempt() + " of "
                + conclusion.attempts() + ": " + verdict : verdict)
                + result.history().filter(history -> history.state() != ResultSnapshot.HistoryState.State.NOT_COMPARED)
                .map(history -> System.lineSeparator() + history.describe()).orElse("");
        ResultSnapshot.Environment environment = result.environment();
        // what the verdict cost, and how the measurement ended, where the result says
        String cost = (Double.isNaN(conclusion.measuringSeconds()) ? "" : String.format(Locale.ROOT,
                " \u00b7 measured for %.1f s", conclusion.measuringSeconds()))
                + (conclusion.ended().isEmpty() ? "" : " \u00b7 " + conclusion.ended())
                + conclusion.floor().stream().map(floor -> String.format(Locale.ROOT,
                " \u00b7 this machine's own p%s %s \u00b5s (budget %s \u00b5s)", Percentiles.label(floor.percentile()),
                ReportFormat.micros(floor.floorMicros() * 1e3), ReportFormat.plain(floor.maxMicros())))
                .collect(Collectors.joining());
        return new TestChart(result.test().displayName(), conclusion.outcome(), detail,
                result.settings().description() + cost, "ran on " + environment.identity() + " \u00b7 "
                        + environment.javaVm() + " \u00b7 " + environment.os(), probes, timeline(result),
                conclusion.profile(),
                result.paired().flatMap(ResultSnapshot.Paired::growth),
                result.paired().map(paired -> paired(result.probes(), paired)));
    }

    /**
     * @return the verdict's detail with the paired comparison's regression message, its rows' figures run together,
     *         said in short: which rows regressed and by how much; their figures are in the page's table of the rows
     */
    static String withRegressionsInShort(String detail, PairedComparison comparison) {
        String message = comparison.regressionMessage();
        if (message.isEmpty()) {
            return detail;
        }
        String regressed = comparison.rows().stream().filter(ComparisonRow::regressed)
                .map(row -> String.format(Locale.ROOT, "%s p%s %+." + row.figures().decimals() + "f%%", row.probe(),
                        row.percentile(), row.changePercent())).collect(Collectors.joining(", "));
        return detail.lines().map(line -> line.equals(message) ? "Regression against the base (paired runs): "
                + regressed + " (each row's figures in the table of the change against its base)" : line)
                .collect(Collectors.joining(System.lineSeparator()));
    }

    /** @return per probe compared its rows and, where both sides have samples, its chart of both sides' median runs */
    private static PairedData paired(List<ProbeFigures> change, ResultSnapshot.Paired paired) {
        PairedComparison comparison = paired.comparison();
        List<String> compared = comparison.rows().stream().map(ComparisonRow::probe).distinct().toList();
        List<PairedProbe> probes = compared.stream().map(probe -> new PairedProbe(probe, comparison.rows().stream()
                .filter(row -> row.probe().equals(probe)).toList(), pairedChart(probe, change, paired.baseProbes())))
                .toList();
        return new PairedData(comparison.pairs(), comparison.tolerancePercent(), probes, comparison.notes());
    }

    /**
     * @return a chart of the base's median run and the change's on one axis (the median by p50 among each side's
     *         runs), named e.g. {@code end to end: base and change}; empty when a side has no run with samples
     */
    private static Optional<ProbeChart> pairedChart(String probe, List<ProbeFigures> change, List<ProbeFigures> base) {
        return named(base, probe).flatMap(based -> medianRun(based, "base"))
                .flatMap(baseCurve -> named(change, probe).flatMap(changed -> medianRun(changed, "change"))
                        .map(changeCurve -> new ProbeChart(probe + ": base and change",
                                List.of(baseCurve, changeCurve), List.of())));
    }

    private static Optional<ProbeFigures> named(List<ProbeFigures> probes, String name) {
        return probes.stream().filter(probe -> probe.name().equals(name)).findFirst();
    }

    /** @return the curve of the probe's run with the median p50 (of two in the middle, the lower), if it has any */
    private static Optional<RunCurve> medianRun(ProbeFigures probe, String side) {
        List<RunFigures> runs = probe.runs().stream().filter(run -> run.count() > 0 && !run.distribution().isEmpty()
                && run.percentilesNanos().containsKey("50")).sorted(Comparator.comparingLong(
                run -> run.percentilesNanos().get("50"))).toList();
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        RunFigures median = runs.get((runs.size() - 1) / 2);
        return Optional.of(curve(median, side + " (run " + median.run() + ", the median of " + runs.size() + ")"));
    }

    /** @return a run's percentile curve, from its distribution */
    private static RunCurve curve(RunFigures run, String label) {
        return new RunCurve(label, run.count(), run.distribution().stream().mapToDouble(RunFigures.Point::percentile)
                .toArray(), run.distribution().stream().mapToDouble(point -> point.nanos() / 1e3).toArray());
    }

    /** @return end to end over time, for the runs whose timelines were recorded; empty when none was */
    private static Optional<TimelineData> timeline(ResultSnapshot result) {
        List<RunWindows> runs = result.runs().stream().filter(run -> run.timeline().isPresent())
                .map(ChartData::windows).toList();
        return runs.isEmpty() ? Optional.empty()
                : Optional.of(new TimelineData(runs, budgets(result, JLBH.END_TO_END)));
    }

    /** @return a run with a timeline cut into its windows, with the JVM's pauses where its evidence has them */
    private static RunWindows windows(ResultSnapshot.Run run) {
        EvidenceSnapshot.Timeline timeline = run.timeline().orElseThrow();
        int windows = timeline.worstNanos().size();
        double width = timeline.windowNanos();
        List<Band> pauses = run.evidence().map(evidence -> evidence.pauses().stream().map(pause -> new Band(
                pause.startNanos() / 1e6, (pause.startNanos() + pause.durationNanos()) / 1e6, pause.gc(),
                pause.name())).toList()).orElse(List.of());
        return new RunWindows("run " + run.run(), width / 1e6, timeline.worstNanos().stream()
                .mapToDouble(nanos -> nanos / 1e3).toArray(), fractions(timeline.runQueueWaitNanos(), windows, width),
                fractions(timeline.hostNanos(), windows, width), pauses);
    }

    /** @return the budgets on a probe that the reported attempt checked */
    private static List<BudgetMarker> budgets(ResultSnapshot result, String probe) {
        return result.reportedChecks().stream().flatMap(check -> check.latency()
                .filter(latency -> latency.probe().equals(probe))
                .map(latency -> new BudgetMarker(latency.percentile(), latency.maxMicros(), check.met())).stream())
                .toList();
    }

    private static double[] fractions(List<EvidenceSnapshot.WindowValue> values, int windows, double windowNanos) {
        double[] fractions = new double[windows];
        for (EvidenceSnapshot.WindowValue value : values) {
            if (value.window() < windows) {
                fractions[value.window()] = Math.min(1, value.value() / windowNanos);
            }
        }
        return fractions;
    }

    /** @return e.g. {@code  · 3 GCs, longest 4 ms} for a run with pauses, else empty */
    private static String gcNote(ResultSnapshot result, int run) {
        if (run > result.runs().size()) {
            return "";
        }
        ResultSnapshot.Run measured = result.runs().get(run - 1);
        long pauses = measured.gcPauses();
        return pauses == 0 ? "" : String.format(Locale.ROOT, " \u00b7 %d GC%s, longest %d ms", pauses,
                pauses == 1 ? "" : "s", measured.longestGcPauseMillis());
    }
}

package org.jlbh.junit.internal.report.page;

import org.jlbh.core.JLBH;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.profile.ChangeAgainstBase;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.LateAgainstOnTime;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.json.EndedTest;
import org.jlbh.junit.internal.report.result.EvidenceSnapshot;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the suite page ({@link HtmlReport}) draws: per test its outcome, per probe one percentile curve per run with
 * the budgets on that probe, and end to end over the time of each run; per throughput sweep its latency against
 * throughput ({@link Sweeps}). Plain immutable values; thread-safe.
 */
public final class ChartData {

    private ChartData() {
    }

    /**
     * One test on the suite page.
     *
     * @param name          the test's display name, e.g. {@code OrderParserLatencyTest.parse}
     * @param outcome       how it ended
     * @param verdictDetail a sentence or the failure message; may be empty
     * @param settings      one line describing throughput, runs, iterations and coordinated omission
     * @param environment   one line naming the machine and JVM it ran on; may be empty
     * @param probes        the probes drawn, end to end first
     * @param timeline      end to end over the time of each run, when the runs' timelines were recorded
     * @param profile       where its late iterations spent their time, when it was profiled
     * @param growth        where its change spent more time than its base, when it was profiled in the paired mode
     */
    public record TestChart(String name, Outcome outcome, String verdictDetail, String settings, String environment,
                            List<ProbeChart> probes, Optional<TimelineData> timeline,
                            Optional<CodeProfile<LateAgainstOnTime>> profile,
                            Optional<CodeProfile<ChangeAgainstBase>> growth) {
        /** Copies the probes; the outcome is required. */
        public TestChart {
            Objects.requireNonNull(outcome, "outcome");
            probes = List.copyOf(probes);
        }

        /** A test that was not profiled. */
        public TestChart(String name, Outcome outcome, String verdictDetail, String settings, String environment,
                         List<ProbeChart> probes, Optional<TimelineData> timeline) {
            this(name, outcome, verdictDetail, settings, environment, probes, timeline, Optional.empty(),
                    Optional.empty());
        }
    }

    /**
     * End to end over the time of each run, with what kept the harness thread from running.
     *
     * @param runs    each run with a timeline, in run order
     * @param budgets the budgets on end to end
     */
    public record TimelineData(List<RunWindows> runs, List<BudgetMarker> budgets) {
        /** Copies the runs and budgets. */
        public TimelineData {
            runs = List.copyOf(runs);
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * One run cut into windows of equal width from its start.
     *
     * @param label           e.g. {@code run 1}
     * @param windowMillis    the width of a window, milliseconds
     * @param worstMicros     per window, the worst end-to-end sample that ended in it, microseconds (0 for none)
     * @param waitingFraction per window, the share of it the harness thread waited on the run queue, in [0, 1]
     * @param hostFraction    per window, the share of it the host took the harness thread's CPU, in [0, 1]
     * @param pauses          the JVM's pauses during the run
     */
    public record RunWindows(String label, double windowMillis, double[] worstMicros, double[] waitingFraction,
                             double[] hostFraction, List<Band> pauses) {
        /** Copies the pauses. */
        public RunWindows {
            pauses = List.copyOf(pauses);
        }
    }

    /**
     * A pause of the JVM on a run's time line.
     *
     * @param fromMillis when it began, milliseconds from the run's start
     * @param toMillis   when it ended
     * @param gc         whether it was a garbage collection (else another safepoint)
     * @param name       its collection or VM operation
     */
    public record Band(double fromMillis, double toMillis, boolean gc, String name) {
    }

    /**
     * One probe's chart.
     *
     * @param name    e.g. {@code end to end}, a probe name, or {@code OS jitter}
     * @param runs    one curve per measured run, in run order
     * @param budgets the budgets set on this probe (may be empty)
     */
    public record ProbeChart(String name, List<RunCurve> runs, List<BudgetMarker> budgets) {
        /** Copies the runs and budgets. */
        public ProbeChart {
            runs = List.copyOf(runs);
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * One run's percentile curve: {@code percentiles[i]} (in [0, 100], ascending) has the latency
     * {@code micros[i]}, in microseconds. Only percentiles the run's sample count supports are present.
     *
     * @param label       e.g. {@code run 1}
     * @param count       samples in the run
     * @param percentiles ascending percentiles
     * @param micros      latency at each percentile, microseconds, non-decreasing
     */
    public record RunCurve(String label, long count, double[] percentiles, double[] micros) {
    }

    /**
     * A budget: the value at {@code percentile} may be at most {@code maxMicros}.
     *
     * @param percentile in (0, 100]
     * @param maxMicros  microseconds
     * @param met        whether the verdict found it met
     */
    public record BudgetMarker(double percentile, double maxMicros, boolean met) {
    }

    /**
     * One throughput sweep on the suite page: its rates' latency against throughput.
     *
     * @param name               the test's name without the rate, e.g. {@code RoundTripTest.roundTrip}
     * @param judgedRun          whose percentiles are drawn: {@code median run} or {@code worst run}
     * @param rates              the rates measured, ascending, each with how its latency budgets fared
     * @param sweepRates         how many rates the sweep declares (more than measured when some are missing)
     * @param requiredThroughput the capacity budget's rate, iterations per second; 0 for none
     * @param knee               the knee and the capacity budget, in the words of the console's sweep table
     * @param tests              the display names of the rates' tests, as the page lists them
     * @param probes             one chart per probe, end to end first
     */
    public record SweepData(String name, String judgedRun, List<RateMark> rates, int sweepRates,
                             int requiredThroughput, String knee, List<String> tests, List<SweepProbe> probes) {
        /** Copies the lists. */
        public SweepData {
            rates = List.copyOf(rates);
            tests = List.copyOf(tests);
            probes = List.copyOf(probes);
        }
    }

    /**
     * One measured rate of a sweep.
     *
     * @param rate    the target throughput, iterations per second
     * @param latency how its latency budgets fared: {@link Outcome#PASSED} when every one held,
     *                {@link Outcome#INCONCLUSIVE} when they broke only through the platform's stalls, else
     *                {@link Outcome#FAILED}
     */
    public record RateMark(int rate, Outcome latency) {
    }

    /**
     * One probe's latency against throughput.
     *
     * @param name    the probe, e.g. {@code end to end}
     * @param lines   one per percentile that has a value at some rate, ascending, the worst last
     * @param budgets the latency budgets on the probe
     */
    public record SweepProbe(String name, List<SweepLine> lines, List<SweepBudget> budgets) {
        /** Copies the lines and budgets. */
        public SweepProbe {
            lines = List.copyOf(lines);
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * One percentile across a sweep's rates.
     *
     * @param label      e.g. {@code p99.9}, or {@code worst}
     * @param percentile in (0, 100]; 100 for the worst
     * @param micros     per rate of the sweep, in its order, the latency in microseconds; NaN where the runs lack the
     *                   samples for the percentile
     */
    public record SweepLine(String label, double percentile, double[] micros) {
    }

    /**
     * A latency budget across a sweep's rates.
     *
     * @param percentile in (0, 100]
     * @param maxMicros  microseconds
     * @param brokenAt   the rates at which it broke (or could not be judged), ascending
     */
    public record SweepBudget(double percentile, double maxMicros, List<Integer> brokenAt) {
        /** Copies the rates. */
        public SweepBudget {
            brokenAt = List.copyOf(brokenAt);
        }
    }

    /**
     * @param ended a test that ended before it had a result
     * @return it as the suite page draws it: its outcome and why, no charts
     */
    public static TestChart of(EndedTest ended) {
        return new TestChart(ended.test().displayName(), ended.outcome(), ended.detail(),
                "no result: the test ended before a verdict", "", List.of(), Optional.empty());
    }

    /**
     * @param result a test's result
     * @return its chart data: every probe with a sample, a curve per run (its label noting the run's GC pauses), and
     *         the budgets of the reported attempt on each probe
     */
    public static TestChart of(ResultSnapshot result) {
        List<ProbeChart> probes = new ArrayList<>();
        for (ProbeFigures probe : result.probes()) {
            List<RunCurve> runs = new ArrayList<>();
            for (RunFigures run : probe.runs()) {
                if (run.count() == 0) {
                    continue;
                }
                runs.add(curve(run, "run " + run.run() + gcNote(result, run.run())));
            }
            List<BudgetMarker> budgets = new ArrayList<>();
            for (ResultSnapshot.CheckRecord check : result.reportedChecks()) {
                check.latency().filter(latency -> latency.probe().equals(probe.name())).ifPresent(latency ->
                        budgets.add(new BudgetMarker(latency.percentile(), latency.maxMicros(), check.met())));
            }
            probes.add(new ProbeChart(probe.name(), runs, budgets));
        }
        result.paired().ifPresent(paired -> probes.addAll(pairedCharts(result.probes(), paired)));
        ResultSnapshot.Conclusion conclusion = result.conclusion();
        String detail = conclusion.attempts() > 1 ? "attempt " + conclusion.attempt() + " of " + conclusion.attempts()
                + ": " + conclusion.detail() : conclusion.detail();
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
                result.settings().description() + cost, "ran on " + environment.identity() + " \u00b7 " + environment.javaVm()
                        + " \u00b7 " + environment.os(), probes, timeline(result), conclusion.profile(),
                result.paired().flatMap(ResultSnapshot.Paired::growth));
    }

    /**
     * @return per probe the base has too, a chart of the base's median run and the change's on one axis (the median
     *         by p50 among each side's runs), named {@code end to end: base and change}
     */
    private static List<ProbeChart> pairedCharts(List<ProbeFigures> change, ResultSnapshot.Paired paired) {
        List<ProbeChart> charts = new ArrayList<>();
        for (ProbeFigures changed : change) {
            paired.baseProbes().stream().filter(base -> base.name().equals(changed.name())).findFirst()
                    .ifPresent(base -> {
                        Optional<RunCurve> baseCurve = medianRun(base, "base");
                        Optional<RunCurve> changeCurve = medianRun(changed, "change");
                        if (baseCurve.isPresent() && changeCurve.isPresent()) {
                            charts.add(new ProbeChart(changed.name() + ": base and change",
                                    List.of(baseCurve.get(), changeCurve.get()), List.of()));
                        }
                    });
        }
        return charts;
    }

    /** @return the curve of the probe's run with the median p50 (of two in the middle, the lower), if it has any */
    private static Optional<RunCurve> medianRun(ProbeFigures probe, String side) {
        List<RunFigures> runs = probe.runs().stream().filter(run -> run.count() > 0 && !run.distribution().isEmpty()
                && run.percentilesNanos().containsKey("50")).sorted(java.util.Comparator.comparingLong(
                run -> run.percentilesNanos().get("50"))).toList();
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        RunFigures median = runs.get((runs.size() - 1) / 2);
        return Optional.of(curve(median, side + " (run " + median.run() + ", the median of " + runs.size() + ")"));
    }

    /** @return a run's percentile curve, from its distribution */
    private static RunCurve curve(RunFigures run, String label) {
        double[] percentiles = new double[run.distribution().size()];
        double[] micros = new double[percentiles.length];
        for (int i = 0; i < percentiles.length; i++) {
            percentiles[i] = run.distribution().get(i).percentile();
            micros[i] = run.distribution().get(i).nanos() / 1e3;
        }
        return new RunCurve(label, run.count(), percentiles, micros);
    }

    /** @return end to end over time, for the runs whose timelines were recorded; empty when none was */
    private static Optional<TimelineData> timeline(ResultSnapshot result) {
        List<RunWindows> runs = new ArrayList<>();
        for (ResultSnapshot.Run run : result.runs()) {
            if (run.timeline().isEmpty()) {
                continue;
            }
            EvidenceSnapshot.Timeline timeline = run.timeline().get();
            int windows = timeline.worstNanos().size();
            double width = timeline.windowNanos();
            double[] worst = new double[windows];
            for (int w = 0; w < windows; w++) {
                worst[w] = timeline.worstNanos().get(w) / 1e3;
            }
            List<Band> pauses = new ArrayList<>();
            run.evidence().ifPresent(evidence -> evidence.pauses().forEach(pause -> pauses.add(new Band(
                    pause.startNanos() / 1e6, (pause.startNanos() + pause.durationNanos()) / 1e6, pause.gc(),
                    pause.name()))));
            runs.add(new RunWindows("run " + run.run(), width / 1e6, worst,
                    fractions(timeline.runQueueWaitNanos(), windows, width),
                    fractions(timeline.hostNanos(), windows, width), pauses));
        }
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        List<BudgetMarker> budgets = new ArrayList<>();
        for (ResultSnapshot.CheckRecord check : result.reportedChecks()) {
            check.latency().filter(latency -> latency.probe().equals(JLBH.END_TO_END)).ifPresent(latency ->
                    budgets.add(new BudgetMarker(latency.percentile(), latency.maxMicros(), check.met())));
        }
        return Optional.of(new TimelineData(runs, budgets));
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

package org.jlbh.junit;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.internal.Budget;
import org.jlbh.junit.internal.GcMonitor.Collection;
import org.jlbh.junit.internal.LatencySettings;
import org.jlbh.junit.internal.MethodTask;
import org.jlbh.junit.internal.StallSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The verdict on one measurement (one attempt) of a latency test: each budget checked, breaches explained by
 * platform stalls told apart from real ones. Immutable once built.
 */
final class Judgement {

    /** How an attempt ended. */
    enum Outcome {
        /** Every budget was met. */
        PASSED,
        /** Budgets broke, but only in runs during which the platform stalled longer than the budget. */
        INCONCLUSIVE,
        /** A budget broke. */
        FAILED
    }

    /**
     * One budget checked.
     *
     * @param what      e.g. {@code end to end p99.9 <= 50 µs} or {@code allocation <= 0 bytes/op}
     * @param measured  the value the verdict judged, with its unit, e.g. {@code 45.000 µs}
     * @param met       whether the budget held
     * @param message   why it broke (null when met)
     * @param stall     when broken but explained by platform stalls: the stall figures; else null
     * @param budget    the latency budget, or null for allocation, GC and completeness checks
     * @param judgedNanos for a latency budget, the judged value in nanoseconds; else NaN
     */
    record Check(String what, String measured, boolean met, String message, String stall, Budget budget,
                 double judgedNanos) {
    }

    final int attempt;
    final JLBHResult result;
    final List<Check> checks;
    final long[] allocatedBytes;
    final List<List<Collection>> collectionsPerRun;
    final List<long[]> stalls;
    final Outcome outcome;

    private Judgement(int attempt, JLBHResult result, List<Check> checks, long[] allocatedBytes,
                      List<List<Collection>> collectionsPerRun, List<long[]> stalls) {
        this.attempt = attempt;
        this.result = result;
        this.checks = List.copyOf(checks);
        this.allocatedBytes = allocatedBytes;
        this.collectionsPerRun = collectionsPerRun;
        this.stalls = stalls;
        boolean failed = checks.stream().anyMatch(c -> !c.met() && c.stall() == null);
        boolean inconclusive = checks.stream().anyMatch(c -> !c.met() && c.stall() != null);
        this.outcome = failed ? Outcome.FAILED : inconclusive ? Outcome.INCONCLUSIVE : Outcome.PASSED;
    }

    /**
     * Checks every budget of the settings against one measurement.
     *
     * @param attempt     1-based attempt
     * @param settings    the test's settings
     * @param result      what the harness measured
     * @param task        the task, for each run's allocation and time window
     * @param collections garbage collections reported during the measurement
     * @param stalls      the platform stall evidence
     * @return the judgement
     */
    static Judgement of(int attempt, LatencySettings settings, JLBHResult result, MethodTask task,
                        List<Collection> collections, StallSource stalls) {
        int runs = result.runs().size();
        long[] allocated = new long[runs];
        List<long[]> stallsPerRun = new ArrayList<>();
        List<List<Collection>> perRun = new ArrayList<>();
        for (int run = 1; run <= runs; run++) {
            allocated[run - 1] = task.allocatedBytes(run);
            stallsPerRun.add(stalls.stallsNanos(result, run));
            List<Collection> inRun = new ArrayList<>();
            for (Collection collection : collections) {
                if (task.duringRun(run, collection)) {
                    inRun.add(collection);
                }
            }
            perRun.add(List.copyOf(inRun));
        }
        List<Check> checks = new ArrayList<>();
        checkComplete(result, checks);
        for (Budget budget : settings.budgets()) {
            checks.add(latency(settings, result, budget, stallsPerRun));
        }
        if (settings.maxAllocatedBytesPerOp() != LatencyTest.UNLIMITED) {
            checks.add(allocation(settings, allocated));
        }
        if (settings.maxGcCount() != LatencyTest.UNLIMITED || settings.maxGcPauseMillis() != LatencyTest.UNLIMITED) {
            checks.add(gc(settings, perRun));
        }
        return new Judgement(attempt, result, checks, allocated, perRun, stallsPerRun);
    }

    /** @return the messages of the broken budgets, one per line */
    String breaches() {
        List<String> lines = new ArrayList<>();
        for (Check check : checks) {
            if (!check.met()) {
                lines.add(check.message() + (check.stall() == null ? "" : " [" + check.stall() + "]"));
            }
        }
        return String.join(System.lineSeparator(), lines);
    }

    /** @return the met budgets, e.g. {@code end to end p99.9 <= 50 µs: 12.000 µs; allocation <= 0 bytes/op: 0} */
    String met() {
        List<String> met = new ArrayList<>();
        for (Check check : checks) {
            if (check.met()) {
                met.add(check.what() + ": " + check.measured());
            }
        }
        return String.join("; ", met);
    }

    /**
     * @return bytes allocated per measured iteration over all runs whose allocation was measured, or NaN when
     *         none was
     */
    double allocatedBytesPerOp() {
        long bytes = 0;
        long iterations = 0;
        for (int run = 1; run <= allocatedBytes.length; run++) {
            if (allocatedBytes[run - 1] >= 0) {
                bytes += allocatedBytes[run - 1];
                iterations += result.runs().get(run - 1).iterationsRun();
            }
        }
        return iterations == 0 ? Double.NaN : (double) bytes / iterations;
    }

    private static void checkComplete(JLBHResult result, List<Check> checks) {
        try {
            LatencyAssertions.assertThat(result).isComplete();
        } catch (AssertionError incomplete) {
            checks.add(new Check("complete runs", String.valueOf(result.status()), false, incomplete.getMessage(), null,
                    null, Double.NaN));
        }
    }

    private static Check latency(LatencySettings settings, JLBHResult result, Budget budget, List<long[]> stalls) {
        JLBHResultAssert assertion = LatencyAssertions.assertThat(result);
        ProbeResultAssert probe = budget.probe().equals(LatencyBudget.END_TO_END)
                ? assertion.endToEnd() : assertion.probe(budget.probe());
        try {
            probe.hasPercentileAtMostMicros(budget.percentile(), budget.maxMicros(), settings.verdict());
            double judged = probe.judgedNanos(budget.percentile(), settings.verdict());
            return new Check(budget.describe(), ReportFormat.micros(judged) + " \u00b5s", true, null, null, budget,
                    judged);
        } catch (AssertionError breach) {
            String message = breach.getMessage() + (budget.maxMicros() == budget.declaredMicros() ? ""
                    : " [budget " + budget.describe() + "]");
            double judged = Double.NaN;
            try {
                judged = probe.judgedNanos(budget.percentile(), settings.verdict());
            } catch (RuntimeException tooFewSamples) {
                // judged stays NaN: the message says why
            }
            String stall = settings.noise() == Noise.AWARE ? stallExplaining(result, budget, stalls) : null;
            return new Check(budget.describe(), Double.isNaN(judged) ? "not judged" : ReportFormat.micros(judged) + " \u00b5s",
                    false, message, stall, budget, judged);
        }
    }

    /**
     * Whether platform stalls explain a breach. A stall of S at R iterations per second, with coordinated omission
     * accounted for, makes about {@code (S − budget) × R + 1} samples exceed the budget (every iteration due during
     * the stall is late by what is left of it); without, only the iteration it interrupted. A run's breach is
     * explained when, without that many samples, its percentile would be within budget. The test's breach is
     * explained when every run that broke the budget is.
     *
     * @return the stall figures when platform stalls explain every run that broke the budget, else null (the breach
     *         is real, or there is no evidence either way)
     */
    private static String stallExplaining(JLBHResult result, Budget budget, List<long[]> stalls) {
        List<? extends RunResult> runs = (budget.probe().equals(LatencyBudget.END_TO_END) ? result.endToEnd()
                : result.probe(budget.probe()).orElseThrow()).eachRunSummary();
        long limitNanos = (long) Math.floor(budget.maxMicros() * 1_000);
        double perNano = result.accountedForCoordinatedOmission() ? result.targetThroughputPerSecond() / 1e9 : 0;
        List<String> explained = new ArrayList<>();
        for (RunResult run : runs) {
            if (!run.supports(budget.percentile())) {
                return null;
            }
            if (run.percentile(budget.percentile()).toNanos() <= limitNanos) {
                continue;
            }
            long[] runStalls = run.run() <= stalls.size() ? stalls.get(run.run() - 1) : null;
            if (runStalls == null) {
                return null;
            }
            double explainable = 0;
            long worst = 0;
            int count = 0;
            for (long stall : runStalls) {
                if (stall > limitNanos) {
                    explainable += (stall - limitNanos) * perNano + 1;
                    worst = Math.max(worst, stall);
                    count++;
                }
            }
            Histogram histogram = run.histogram();
            long over = histogram.getCountBetweenValues(limitNanos + 1, Math.max(limitNanos + 1, histogram.getMaxValue()));
            double allowed = run.count() * (100 - budget.percentile()) / 100;
            if (count == 0 || over - explainable > allowed) {
                return null;
            }
            explained.add(String.format(Locale.ROOT, "run %d: %d stall%s longer than the budget, worst %s \u00b5s, "
                            + "explain %,.0f of the %,d samples over budget", run.run(), count, count == 1 ? "" : "s",
                    ReportFormat.micros(worst), Math.min(explainable, over), over));
        }
        if (explained.isEmpty()) {
            return null;
        }
        return "inconclusive: the platform itself stalled (OS jitter beyond its median wake-up) in every run that "
                + "broke the budget; " + String.join("; ", explained);
    }

    /**
     * Judges allocation per run, as latency is judged: the median run's bytes per operation (or, for
     * {@link Verdict#EVERY_RUN}, the worst run's). A body that allocates does so in every run; a one-off in one run
     * (the JIT deoptimizing and re-interpreting a method can allocate on the thread) does not fail a median verdict.
     */
    private static Check allocation(LatencySettings settings, long[] allocated) {
        String what = String.format(Locale.ROOT, "allocation <= %,d bytes/op", settings.maxAllocatedBytesPerOp());
        List<Double> perOp = new ArrayList<>();
        List<String> perRun = new ArrayList<>();
        for (int run = 1; run <= allocated.length; run++) {
            if (allocated[run - 1] >= 0) {
                perOp.add((double) allocated[run - 1] / settings.iterations());
                perRun.add(String.format(Locale.ROOT, "%,d", allocated[run - 1]));
            } else {
                perRun.add("not measured");
            }
        }
        if (perOp.isEmpty()) {
            return new Check(what, "not measured", false, "allocation could not be measured: no run completed its "
                    + "iterations", null, null, Double.NaN);
        }
        boolean everyRun = settings.verdict() == Verdict.EVERY_RUN;
        double judged = settings.verdict().judge(perOp);
        String measured = bytesPerOp(judged);
        if (judged <= settings.maxAllocatedBytesPerOp()) {
            return new Check(what, measured, true, null, null, null, Double.NaN);
        }
        return new Check(what, measured, false, String.format(Locale.ROOT,
                "allocation was %s in the %s run, budget %,d bytes/op (bytes per run of %,d measured iterations, on "
                        + "the thread running the test body: %s)", measured, everyRun ? "worst" : "median",
                settings.maxAllocatedBytesPerOp(), settings.iterations(), String.join(", ", perRun)),
                null, null, Double.NaN);
    }

    /** @return e.g. {@code 0 bytes/op} or {@code 24.5 bytes/op} */
    static String bytesPerOp(double perOp) {
        return (perOp == Math.rint(perOp) ? String.format(Locale.ROOT, "%,.0f", perOp)
                : String.format(Locale.ROOT, "%,.3f", perOp)) + " bytes/op";
    }

    private static Check gc(LatencySettings settings, List<List<Collection>> perRun) {
        List<String> what = new ArrayList<>();
        if (settings.maxGcCount() != LatencyTest.UNLIMITED) {
            what.add(String.format(Locale.ROOT, "GC collections <= %,d", settings.maxGcCount()));
        }
        if (settings.maxGcPauseMillis() != LatencyTest.UNLIMITED) {
            what.add(String.format(Locale.ROOT, "GC pause <= %,d ms", settings.maxGcPauseMillis()));
        }
        long count = 0;
        long longest = 0;
        List<String> listed = new ArrayList<>();
        for (int run = 1; run <= perRun.size(); run++) {
            for (Collection collection : perRun.get(run - 1)) {
                if (!collection.concurrent()) {
                    count++;
                    longest = Math.max(longest, collection.durationMillis());
                }
                listed.add("run " + run + ": " + collection.describe());
            }
        }
        String measured = String.format(Locale.ROOT, "%,d collection%s, longest pause %,d ms", count,
                count == 1 ? "" : "s", longest);
        boolean met = count <= settings.maxGcCount() && longest <= settings.maxGcPauseMillis();
        String message = met ? null : String.format(Locale.ROOT, "garbage collection during the measured runs: %s; "
                + "budget %s (%s)", measured, String.join(", ", what), String.join("; ", listed));
        return new Check(String.join(", ", what), measured, met, message, null, null, Double.NaN);
    }
}

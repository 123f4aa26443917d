package org.jlbh.junit.internal.judge;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.attribution.LateSamples;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.RunMeasures;
import org.jlbh.junit.internal.run.evidence.RunEvidence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An attempt's figures on the code's own account, per probe and run: each percentile with the late samples the
 * platform's waits, the JVM's safepoints and its collections' copying of older objects made later replaced by what
 * they would have been without those pauses ({@link LateSamples#codeOnlyHistogram}), as a baseline gate compares
 * them. A probe's late samples are those over its smallest latency budget, the ones its timeline keeps: a probe
 * without a budget has no figures here, nor one whose runs had more late samples than the timeline keeps (the rest
 * could not be replayed); {@link #notes()} says which. Without the scheduler's and the JVM's evidence for every run
 * there are no figures at all, and {@link #missing()} says why. Immutable.
 *
 * @param missing when a run lacked the evidence the replay needs, which run and why; else empty
 * @param byProbe per probe that has them, per run in run order, the values by percentile label, in nanoseconds
 * @param notes   per probe without them, why, e.g. {@code hash: no latency budget, so its late samples are not kept}
 */
public record CodesOwnFigures(Optional<String> missing, Map<String, List<Map<String, Long>>> byProbe,
                              List<String> notes) {

    /** Copies the figures and notes. */
    public CodesOwnFigures {
        byProbe = Map.copyOf(byProbe);
        notes = List.copyOf(notes);
    }

    /**
     * @param settings    the test's settings, for its budgets
     * @param attempt     what one attempt measured
     * @param percentiles the percentiles wanted, in (0, 100); each run gets those its sample count supports
     * @return the attempt's figures on the code's own account
     */
    public static CodesOwnFigures of(TestSettings settings, Attempt attempt, Collection<Double> percentiles) {
        Optional<String> missing = missingEvidence(attempt);
        if (missing.isPresent()) {
            return new CodesOwnFigures(missing, Map.of(), List.of());
        }
        JLBHResult result = attempt.result();
        double samplesPerNano = result.accountedForCoordinatedOmission() ? result.targetThroughputPerSecond() / 1e9 : 0;
        Map<String, List<Map<String, Long>>> byProbe = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        List<JLBHResult.ProbeResult> probes = new ArrayList<>();
        probes.add(result.endToEnd());
        result.probeNames().forEach(name -> probes.add(result.probe(name).orElseThrow()));
        for (JLBHResult.ProbeResult probe : probes) {
            String name = probe.name();
            Optional<Budget> smallest = settings.budgets().latency().stream()
                    .filter(budget -> budget.probe().equals(name))
                    .min(Comparator.comparingLong(Budget::limitNanos));
            if (smallest.isEmpty()) {
                notes.add(name + ": no latency budget, so its late samples are not kept and cannot be replayed");
                continue;
            }
            boolean endToEnd = smallest.get().probe().equals(LatencyBudget.END_TO_END);
            LateSamples late = AttemptJudgement.lateSamples(smallest.get(), probe, attempt,
                    endToEnd ? samplesPerNano : 0);
            if (late.notKept() > 0) {
                notes.add(String.format(Locale.ROOT, "%s: %,d late samples over %s beyond those its timeline keeps "
                        + "could not be replayed", name, late.notKept(),
                        ReportFormat.micros(smallest.get().limitNanos()) + " \u00b5s"));
                continue;
            }
            List<Map<String, Long>> runs = new ArrayList<>();
            for (JLBHResult.RunResult run : probe.eachRunSummary()) {
                Histogram own = late.codeOnlyHistogram(run);
                Map<String, Long> values = new LinkedHashMap<>();
                for (double percentile : percentiles) {
                    if (percentile < 100 && Percentiles.supported(percentile, own.getTotalCount())) {
                        values.put(Percentiles.label(percentile), own.getValueAtPercentile(percentile));
                    }
                }
                runs.add(values);
            }
            byProbe.put(name, runs);
        }
        return new CodesOwnFigures(Optional.empty(), byProbe, notes);
    }

    /**
     * @param probe a probe's name
     * @param run   1-based run
     * @return its values on the code's own account by percentile label, in nanoseconds; empty when there are none
     */
    public Map<String, Long> of(String probe, int run) {
        List<Map<String, Long>> runs = byProbe.getOrDefault(probe, List.of());
        return run >= 1 && run <= runs.size() ? runs.get(run - 1) : Map.of();
    }

    /** @return which run lacked the scheduler's or the JVM's evidence, and why; empty when every run had both */
    private static Optional<String> missingEvidence(Attempt attempt) {
        if (attempt.runs().isEmpty()) {
            return Optional.of("no run was measured");
        }
        for (int i = 0; i < attempt.runs().size(); i++) {
            RunMeasures run = attempt.runs().get(i);
            RunEvidence evidence = run.evidence();
            Optional<String> why = evidence.schedulerAvailable() ? evidence.jvmUnavailable()
                    : Optional.of(evidence.schedulerMissing().orElse("no scheduler evidence"));
            if (why.isPresent()) {
                return Optional.of("run " + (i + 1) + " has no evidence to replay its late samples against ("
                        + why.get() + ")");
            }
        }
        return Optional.empty();
    }
}

package org.jlbh.junit.internal.judge;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
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
 * An attempt's percentiles on the code's own account ({@link LateSamples#codeOnlyHistogram}), per probe and run, as a
 * baseline gate compares them. A probe's late samples are those over its smallest latency budget, as its timeline
 * keeps them: a probe without a budget, or with more late samples than its timeline keeps, has none. Without the
 * scheduler's and the JVM's evidence for every run there are none at all. Immutable.
 *
 * @param missing when a run lacked the evidence the replay needs, which run and why; else empty
 * @param byProbe per probe that has them, per run in run order, the values by percentile label, in nanoseconds
 * @param notes   per probe without them, why, e.g. {@code hash: no latency budget, so its late samples are not kept}
 */
public record CodesOwnFigures(Optional<String> missing, Map<String, List<Map<String, Long>>> byProbe,
                              List<String> notes) {

    public CodesOwnFigures {
        byProbe = Map.copyOf(byProbe);
        notes = List.copyOf(notes);
    }

    /** @return the attempt's figures at the percentiles in (0, 100) each run's samples support, for the budgets */
    public static CodesOwnFigures of(TestSettings settings, Attempt attempt, Collection<Double> percentiles) {
        Optional<String> missing = missingEvidence(attempt);
        if (missing.isPresent()) {
            return new CodesOwnFigures(missing, Map.of(), List.of());
        }
        JLBHResult result = attempt.result();
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
            LateSamples late = AttemptJudgement.lateSamples(smallest.get(), probe, attempt);
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

    /** @return the probe's values in a 1-based run by percentile label, in nanoseconds; empty when none */
    public Map<String, Long> of(String probe, int run) {
        List<Map<String, Long>> runs = byProbe.getOrDefault(probe, List.of());
        return run >= 1 && run <= runs.size() ? runs.get(run - 1) : Map.of();
    }

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

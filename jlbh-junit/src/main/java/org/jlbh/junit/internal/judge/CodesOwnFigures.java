package org.jlbh.junit.internal.judge;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.Percentiles;
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
import java.util.Map;
import java.util.Optional;

/**
 * An attempt's percentiles on the code's own account ({@link LateSamples#codeOnlyHistogram}) per probe and run, as a
 * baseline gates them: replayed over the probe's smallest latency budget; none for a probe without one or with more
 * late samples than its timeline keeps, nor any without the scheduler's and the JVM's evidence of each run. Immutable.
 *
 * @param missing when a run lacked the evidence the replay needs, which run and why; else empty
 * @param byProbe per probe that has them, per run in run order, the values by percentile label, in nanoseconds
 */
public record CodesOwnFigures(Optional<String> missing, Map<String, List<Map<String, Long>>> byProbe) {

    public CodesOwnFigures {
        byProbe = Map.copyOf(byProbe);
    }

    /** @return the attempt's figures at the percentiles in (0, 100) each run's samples support, for the budgets */
    public static CodesOwnFigures of(TestSettings settings, Attempt attempt, Collection<Double> percentiles) {
        Optional<String> missing = missingEvidence(attempt);
        if (missing.isPresent()) {
            return new CodesOwnFigures(missing, Map.of());
        }
        JLBHResult result = attempt.result();
        Map<String, List<Map<String, Long>>> byProbe = new LinkedHashMap<>();
        List<JLBHResult.ProbeResult> probes = new ArrayList<>(List.of(result.endToEnd()));
        result.probeNames().forEach(name -> probes.add(result.probe(name).orElseThrow()));
        for (JLBHResult.ProbeResult probe : probes) {
            Optional<LateSamples> kept = settings.budgets().latency().stream()
                    .filter(budget -> budget.probe().equals(probe.name()))
                    .min(Comparator.comparingLong(Budget::limitNanos))
                    .map(smallest -> AttemptJudgement.lateSamples(smallest, probe, attempt))
                    .filter(late -> late.notKept() == 0);
            kept.ifPresent(late -> byProbe.put(probe.name(), probe.eachRunSummary().stream()
                    .map(run -> values(late.codeOnlyHistogram(run), percentiles)).toList()));
        }
        return new CodesOwnFigures(Optional.empty(), byProbe);
    }

    /** @return the histogram's values at the percentiles in (0, 100) its samples support, by percentile label */
    private static Map<String, Long> values(Histogram own, Collection<Double> percentiles) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (double percentile : percentiles) {
            if (percentile < 100 && Percentiles.supported(percentile, own.getTotalCount())) {
                values.put(Percentiles.label(percentile), own.getValueAtPercentile(percentile));
            }
        }
        return values;
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

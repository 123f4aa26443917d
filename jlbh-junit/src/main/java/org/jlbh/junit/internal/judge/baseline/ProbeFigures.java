package org.jlbh.junit.internal.judge.baseline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** One probe's figures ({@code end to end}, a probe's, or {@code OS jitter}) per run, in run order. Immutable. */
public record ProbeFigures(String name, List<RunFigures> runs) {

    public ProbeFigures {
        runs = List.copyOf(runs);
    }

    /** @return each probe's runs over all the attempts, in order and renumbered from 1, probes as first met */
    public static List<ProbeFigures> concat(List<List<ProbeFigures>> attempts) {
        Map<String, List<RunFigures>> byProbe = new LinkedHashMap<>();
        for (List<ProbeFigures> attempt : attempts) {
            for (ProbeFigures probe : attempt) {
                List<RunFigures> runs = byProbe.computeIfAbsent(probe.name(), name -> new ArrayList<>());
                for (RunFigures run : probe.runs()) {
                    runs.add(new RunFigures(runs.size() + 1, run.count(), run.minNanos(), run.meanNanos(),
                            run.maxNanos(), run.percentilesNanos(), run.distribution(), run.outOfRangeSamples(),
                            run.codesOwnNanos()));
                }
            }
        }
        return byProbe.entrySet().stream().map(probe -> new ProbeFigures(probe.getKey(), probe.getValue())).toList();
    }

    /** @return each run's value at a percentile label, in nanoseconds; empty when a run lacks it or there is none */
    public List<Double> percentileByRun(String percentile) {
        return byRun(run -> run.percentilesNanos().get(percentile));
    }

    /** @return as {@link #percentileByRun}, on the code's own account ({@link RunFigures#codesOwnNanos()}) */
    public List<Double> codesOwnByRun(String percentile) {
        return byRun(run -> run.codesOwnNanos().get(percentile));
    }

    /** @return each run's worst sample, in nanoseconds, in run order; empty when a run has none, or there is no run */
    public List<Double> worstByRun() {
        return byRun(run -> run.count() == 0 ? null : run.maxNanos());
    }

    /** @return each run's value, in run order; empty when a run's is null, or there is no run */
    private List<Double> byRun(Function<RunFigures, Long> value) {
        List<Double> values = new ArrayList<>();
        for (RunFigures run : runs) {
            Long nanos = value.apply(run);
            if (nanos == null) {
                return List.of();
            }
            values.add(nanos.doubleValue());
        }
        return values;
    }

    /** @return the worst sample over all runs, in nanoseconds; -1 when no run has a sample */
    public long worstNanos() {
        return runs.stream().filter(run -> run.count() > 0).mapToLong(RunFigures::maxNanos).max().orElse(-1);
    }
}

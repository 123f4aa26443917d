package org.jlbh.junit.internal.judge.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One probe's measured figures over all runs of an attempt, as the reports carry them and as a baseline comparison
 * judges them: this build's, or a recorded build's read back from its JSON result. Immutable.
 *
 * @param name the probe's name: {@code end to end}, a probe's, or {@code OS jitter}
 * @param runs per measured run, in run order
 */
public record ProbeFigures(String name, List<RunFigures> runs) {

    /** Copies the runs. */
    public ProbeFigures {
        runs = List.copyOf(runs);
    }

    /**
     * @param attempts the probes' figures of several attempts, in the order measured
     * @return each probe's figures over all their runs, in that order and numbered on from 1, the probes in the order
     *         they first appear
     */
    public static List<ProbeFigures> concat(List<List<ProbeFigures>> attempts) {
        Map<String, List<RunFigures>> byProbe = new java.util.LinkedHashMap<>();
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

    /**
     * @param percentile a percentile label, e.g. {@code 99.9}
     * @return each run's value there, in nanoseconds, in run order; empty when a run lacks it, or there is no run
     */
    public List<Double> percentileByRun(String percentile) {
        return byRun(percentile, RunFigures::percentilesNanos);
    }

    /**
     * @param percentile a percentile label, e.g. {@code 99.9}
     * @return each run's value there on the code's own account ({@link RunFigures#codesOwnNanos()}), in nanoseconds,
     *         in run order; empty when a run lacks it, or there is no run
     */
    public List<Double> codesOwnByRun(String percentile) {
        return byRun(percentile, RunFigures::codesOwnNanos);
    }

    /** @return each run's value at the percentile in the figures chosen; empty when a run lacks it */
    private List<Double> byRun(String percentile, Function<RunFigures, Map<String, Long>> figures) {
        List<Double> values = new ArrayList<>();
        for (RunFigures run : runs) {
            Long value = figures.apply(run).get(percentile);
            if (value == null) {
                return List.of();
            }
            values.add(value.doubleValue());
        }
        return values;
    }

    /** @return the worst sample over all runs, in nanoseconds; -1 when no run has a sample */
    public long worstNanos() {
        return runs.stream().filter(run -> run.count() > 0).mapToLong(RunFigures::maxNanos).max().orElse(-1);
    }

    /** @return each run's worst sample, in nanoseconds, in run order; empty when a run has none, or there is no run */
    public List<Double> worstByRun() {
        List<Double> values = new ArrayList<>();
        for (RunFigures run : runs) {
            if (run.count() == 0) {
                return List.of();
            }
            values.add((double) run.maxNanos());
        }
        return values;
    }
}

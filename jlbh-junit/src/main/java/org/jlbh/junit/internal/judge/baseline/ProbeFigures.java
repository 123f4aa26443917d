package org.jlbh.junit.internal.judge.baseline;

import java.util.ArrayList;
import java.util.List;

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
     * @param percentile a percentile label, e.g. {@code 99.9}
     * @return each run's value there, in nanoseconds, in run order; empty when a run lacks it, or there is no run
     */
    public List<Double> percentileByRun(String percentile) {
        List<Double> values = new ArrayList<>();
        for (RunFigures run : runs) {
            Long value = run.percentilesNanos().get(percentile);
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

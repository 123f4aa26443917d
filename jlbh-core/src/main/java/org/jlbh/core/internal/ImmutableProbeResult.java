package org.jlbh.core.internal;

import org.jlbh.core.JLBHResult;

import java.util.List;

/** One probe's results over all runs. Immutable and thread-safe. */
public final class ImmutableProbeResult implements JLBHResult.ProbeResult {
    private final String name;
    private final List<JLBHResult.RunResult> runs;

    /**
     * @param name the probe's name
     * @param runs its results, one per run, in run order; empty when no run completed
     */
    public ImmutableProbeResult(String name, List<? extends JLBHResult.RunResult> runs) {
        this.name = name;
        this.runs = List.copyOf(runs);
    }

    @Override
    public JLBHResult.RunResult summaryOfLastRun() {
        if (runs.isEmpty()) {
            throw new IllegalStateException(name + " has no measured run");
        }
        return runs.get(runs.size() - 1);
    }

    @Override
    public List<JLBHResult.RunResult> eachRunSummary() {
        return runs;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name + " " + runs;
    }
}

package org.jlbh.core.internal;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The whole benchmark's results. Immutable and thread-safe. */
public final class ImmutableJLBHResult implements JLBHResult {
    private final ProbeResult endToEnd;
    private final Map<String, ProbeResult> probes;
    private final ProbeResult osJitter;
    private final List<RunSummary> runs;
    private final boolean accountedForCoordinatedOmission;
    private final double targetThroughputPerSecond;
    private final String arrivals;
    private final int threads;
    private final int plannedRuns;
    private final RunSummary warmUp;

    /**
     * @param endToEnd                        end-to-end results
     * @param probes                          probe results by name, in the order added
     * @param osJitter                        OS jitter results, or null when not recorded
     * @param runs                            how each run went
     * @param plannedRuns                     how many runs were planned
     * @param accountedForCoordinatedOmission whether latency was measured from the intended start
     * @param targetThroughputPerSecond       the target throughput
     * @param arrivals                        the arrival process, as {@link org.jlbh.core.Arrivals#describe} names it
     * @param threads                         how many harness threads shared the load
     * @param warmUp                          how the warm-up went, or null when there was none
     */
    public ImmutableJLBHResult(ProbeResult endToEnd, Map<String, ProbeResult> probes, ProbeResult osJitter,
                               List<RunSummary> runs, int plannedRuns, boolean accountedForCoordinatedOmission,
                               double targetThroughputPerSecond, String arrivals, int threads,
                               RunSummary warmUp) {
        this.warmUp = warmUp;
        this.endToEnd = endToEnd;
        this.probes = Collections.unmodifiableMap(new LinkedHashMap<>(probes));
        this.osJitter = osJitter;
        this.runs = List.copyOf(runs);
        this.plannedRuns = plannedRuns;
        this.accountedForCoordinatedOmission = accountedForCoordinatedOmission;
        this.targetThroughputPerSecond = targetThroughputPerSecond;
        this.arrivals = arrivals;
        this.threads = threads;
    }

    @Override
    public Optional<RunSummary> warmUp() {
        return Optional.ofNullable(warmUp);
    }

    @Override
    public ProbeResult endToEnd() {
        return endToEnd;
    }

    @Override
    public Optional<ProbeResult> probe(String probeName) {
        return Optional.ofNullable(probes.get(probeName));
    }

    @Override
    public Set<String> probeNames() {
        return probes.keySet();
    }

    @Override
    public Optional<ProbeResult> osJitter() {
        return Optional.ofNullable(osJitter);
    }

    @Override
    public List<RunSummary> runs() {
        return runs;
    }

    @Override
    public RunStatus status() {
        RunStatus worst = runs.size() < plannedRuns ? RunStatus.ABORTED : RunStatus.COMPLETE;
        for (RunSummary run : runs) {
            worst = worst.worse(run.status());
        }
        return worst;
    }

    @Override
    public boolean accountedForCoordinatedOmission() {
        return accountedForCoordinatedOmission;
    }

    @Override
    public double targetThroughputPerSecond() {
        return targetThroughputPerSecond;
    }

    @Override
    public String arrivals() {
        return arrivals;
    }

    @Override
    public int threads() {
        return threads;
    }

    @Override
    public String toString() {
        return "JLBHResult{status=" + status() + ", endToEnd=" + endToEnd + ", probes=" + probes.keySet() + '}';
    }
}

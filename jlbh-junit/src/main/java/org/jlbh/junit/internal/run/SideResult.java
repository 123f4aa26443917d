package org.jlbh.junit.internal.run;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;
import org.jlbh.junit.internal.run.paired.PairSchedule;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * One side's runs of a paired measurement's result, as if its harness had measured them alone: the runs of one copy,
 * or of a side's two copies in the order taken, the side's {@code n}-th run its run {@code n}
 * ({@link PairSchedule#harnessRun}), each figure the harness's own. Immutable
 * and thread-safe, as the result it reads.
 */
final class SideResult implements JLBHResult {
    private final JLBHResult all;
    /** The harness's 1-based run of each of the side's runs, in order. */
    private final int[] harnessRuns;

    /**
     * @param all    a paired measurement's result, every side's runs in the order taken
     * @param rounds the rounds of runs measured; a run that did not complete leaves the runs after it out
     * @param sides  the copies whose runs are the side's, each {@link PairSchedule#BASE}, {@link PairSchedule#CHANGE},
     *               {@link PairSchedule#CONTROL} or {@link PairSchedule#CHANGE_COPY}: their runs in the order taken
     */
    SideResult(JLBHResult all, int rounds, int... sides) {
        this.all = all;
        int measured = all.runs().size();
        this.harnessRuns = Arrays.stream(sides).flatMap(side -> IntStream.rangeClosed(1, rounds)
                .map(n -> PairSchedule.harnessRun(side, n))).sorted().takeWhile(run -> run <= measured).toArray();
    }

    /** @return the side's runs measured */
    int runCount() {
        return harnessRuns.length;
    }

    /** @return the harness's 1-based run of the side's run {@code n} */
    int harnessRun(int n) {
        return harnessRuns[n - 1];
    }

    @Override
    public ProbeResult endToEnd() {
        return new SideProbe(all.endToEnd());
    }

    @Override
    public Optional<ProbeResult> probe(String probeName) {
        return all.probe(probeName).map(SideProbe::new);
    }

    @Override
    public Set<String> probeNames() {
        return all.probeNames();
    }

    @Override
    public Optional<ProbeResult> osJitter() {
        return all.osJitter().map(SideProbe::new);
    }

    @Override
    public List<RunSummary> runs() {
        return IntStream.rangeClosed(1, harnessRuns.length)
                .mapToObj(n -> (RunSummary) new SideSummary(n, all.runs().get(harnessRun(n) - 1))).toList();
    }

    @Override
    public Optional<RunSummary> warmUp() {
        return all.warmUp();
    }

    /** @return the worst status of the side's runs; {@link RunStatus#ABORTED} when the harness ended early */
    @Override
    public RunStatus status() {
        return all.status();
    }

    @Override
    public boolean accountedForCoordinatedOmission() {
        return all.accountedForCoordinatedOmission();
    }

    @Override
    public double targetThroughputPerSecond() {
        return all.targetThroughputPerSecond();
    }

    @Override
    public String arrivals() {
        return all.arrivals();
    }

    @Override
    public int threads() {
        return all.threads();
    }

    /** A probe's runs of the side. */
    private final class SideProbe implements ProbeResult {
        private final ProbeResult probe;

        SideProbe(ProbeResult probe) {
            this.probe = probe;
        }

        @Override
        public RunResult summaryOfLastRun() {
            List<RunResult> runs = eachRunSummary();
            return runs.get(runs.size() - 1);
        }

        @Override
        public List<RunResult> eachRunSummary() {
            List<RunResult> all = probe.eachRunSummary();
            return IntStream.rangeClosed(1, harnessRuns.length).filter(n -> harnessRun(n) <= all.size())
                    .mapToObj(n -> (RunResult) new SideRun(n, all.get(harnessRun(n) - 1))).toList();
        }

        @Override
        public String name() {
            return probe.name();
        }
    }

    /** A run's figures, numbered as the side's run. */
    private record SideRun(int run, RunResult of) implements RunResult {
        @Override
        public Map<Percentile, Duration> percentiles() {
            return of.percentiles();
        }

        @Override
        public Duration percentile(double percentile) {
            return of.percentile(percentile);
        }

        @Override
        public boolean supports(double percentile) {
            return of.supports(percentile);
        }

        @Override
        public long count() {
            return of.count();
        }

        @Override
        public Duration min() {
            return of.min();
        }

        @Override
        public Duration mean() {
            return of.mean();
        }

        @Override
        public Duration max() {
            return of.max();
        }

        @Override
        public long outOfRangeSamples() {
            return of.outOfRangeSamples();
        }

        @Override
        public long strayBeforeRun() {
            return of.strayBeforeRun();
        }

        @Override
        public Histogram histogram() {
            return of.histogram();
        }
    }

    /** How a run went, numbered as the side's run. */
    private record SideSummary(int run, RunSummary of) implements RunSummary {
        @Override
        public RunStatus status() {
            return of.status();
        }

        @Override
        public String detail() {
            return of.detail();
        }

        @Override
        public long iterations() {
            return of.iterations();
        }

        @Override
        public long iterationsRun() {
            return of.iterationsRun();
        }

        @Override
        public long samples() {
            return of.samples();
        }

        @Override
        public Duration runTime() {
            return of.runTime();
        }

        @Override
        public Duration targetRunTime() {
            return of.targetRunTime();
        }

        @Override
        public double achievedThroughputPerSecond() {
            return of.achievedThroughputPerSecond();
        }

        @Override
        public RunResult harnessLateness() {
            return new SideRun(run, of.harnessLateness());
        }
    }
}

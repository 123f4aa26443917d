package org.jlbh.junit.internal.report.result;

import org.jlbh.core.RunStatus;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.profile.ChangeAgainstBase;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.LateAgainstOnTime;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One latency test's result as every report carries it: who, with which settings, on which machine, how it ended,
 * each attempt's checks, and the reported attempt's runs and probes (end to end, the named probes, OS jitter if
 * recorded), and what became of its baseline history where it could not be used. Built once per test
 * ({@link ResultAssembly}); the store writes it and reads it back equal. Times are in
 * the unit their name ends in; a value not measured is NaN, one not known empty. Immutable.
 */
public record ResultSnapshot(Test test, Settings settings, Environment environment, Conclusion conclusion,
                             List<AttemptRecord> attempts, double allocatedBytesPerOp, List<Run> runs,
                             List<ProbeFigures> probes, Optional<List<ComparisonRow>> baseline,
                             Optional<Paired> paired, Optional<HistoryState> history) implements TestRecord {
    public ResultSnapshot {
        attempts = List.copyOf(attempts);
        runs = List.copyOf(runs);
        probes = List.copyOf(probes);
        baseline = baseline.map(List::copyOf);
    }

    /** A result whose baseline history, if any, served as it should. */
    public ResultSnapshot(Test test, Settings settings, Environment environment, Conclusion conclusion,
                          List<AttemptRecord> attempts, double allocatedBytesPerOp, List<Run> runs,
                          List<ProbeFigures> probes, Optional<List<ComparisonRow>> baseline, Optional<Paired> paired) {
        this(test, settings, environment, conclusion, attempts, allocatedBytesPerOp, runs, probes, baseline, paired,
                Optional.empty());
    }

    /** @return this result, saying what became of its baseline history */
    public ResultSnapshot withHistory(HistoryState state) {
        return new ResultSnapshot(test, settings, environment, conclusion, attempts, allocatedBytesPerOp, runs, probes,
                baseline, paired, Optional.of(state));
    }

    /**
     * A baseline history that could not be used as asked: not compared with (the test is inconclusive, or fails on
     * its own account, saying so), kept aside when this build was recorded, or left as it was and this build not
     * recorded.
     *
     * @param state  which
     * @param file   the history's file, absolute
     * @param why    what was wrong with it, e.g. {@code /p/A.m.json holds the conflict markers of a merge (...)}
     * @param keptAs where it was kept aside, absolute, when it was
     * @param repair how to repair the history (of one kept aside: how to go on from its builds), a sentence without
     *               its full stop
     */
    public record HistoryState(State state, String file, String why, Optional<String> keptAs, String repair) {
        /** What became of the history. */
        public enum State {
            /** Asked for, and could not be compared with. */
            NOT_COMPARED,
            /** Could not serve as the history when this build was recorded: moved aside, the history started anew. */
            KEPT_ASIDE,
            /** Could neither serve as the history nor be moved aside: left as it was, this build not recorded. */
            NOT_RECORDED
        }

        /** @return one line for a report, e.g. {@code Baseline history kept aside: /p/A.m.json ...; to go on ...} */
        public String describe() {
            return switch (state) {
                case NOT_COMPARED -> "Baseline not compared: " + why + ". To repair: " + repair;
                case KEPT_ASIDE -> "Baseline history kept aside: " + why + "; its builds are kept in "
                        + keptAs.orElseThrow() + ", and the history started again with this build. To go on from "
                        + "them: " + repair;
                case NOT_RECORDED -> "Baseline not recorded: " + why + ". To repair: " + repair;
            };
        }
    }

    /** @return this result with what its verdict cost, its turn and its profile ({@link Conclusion}) */
    public ResultSnapshot concluded(double measuringSeconds, String ended, List<FloorRecord> floor,
                                    Optional<MachineRecord> machine, Optional<CodeProfile<LateAgainstOnTime>> profile) {
        Conclusion c = conclusion;
        return new ResultSnapshot(test, settings, environment, new Conclusion(c.outcome(), c.attempt(), c.attempts(),
                c.detail(), measuringSeconds, ended, floor, machine, profile), attempts, allocatedBytesPerOp, runs,
                probes, baseline, paired, history);
    }

    /** @return the middle run's achieved throughput (of two, the higher), per second; NaN without a run */
    public double achievedThroughputPerSecond() {
        List<Double> rates = runs.stream().map(Run::achievedThroughputPerSecond).toList();
        return rates.isEmpty() ? Double.NaN : Verdict.MEDIAN_RUN.judge(rates);
    }

    /** @return the reported attempt's checks (empty when the attempt is not listed) */
    public List<CheckRecord> reportedChecks() {
        return attempts.stream().filter(a -> a.attempt() == conclusion.attempt()).findFirst()
                .map(AttemptRecord::checks).orElse(List.of());
    }

    /**
     * The change against its base (the paired mode): the base's class folders and jars as given, its figures per probe
     * over every run of every attempt, and where the change spent more time, where it was profiled.
     */
    public record Paired(List<String> base, PairedComparison comparison, List<ProbeFigures> baseProbes,
                         Optional<CodeProfile<ChangeAgainstBase>> growth) {
        public Paired {
            base = List.copyOf(base);
            baseProbes = List.copyOf(baseProbes);
        }
    }

    /**
     * Which test: {@code id} is its reports' file name stem; class names are binary, {@code className} the class run;
     * {@code invocation} is a template's, e.g. {@code [20,000/s]}, else empty.
     */
    public record Test(String id, String className, String declaringClass, String method, List<String> parameterTypes,
                       String displayName, String invocation) {
        public Test {
            parameterTypes = List.copyOf(parameterTypes);
        }
    }

    /** The settings as {@code TestSettings} has them (a limit not set: empty), and the sweep it is a rate of if any. */
    public record Settings(int throughputPerSecond, String arrivals, int threads, long iterations, int warmUpIterations,
                           int runs, boolean accountForCoordinatedOmission, boolean recordOSJitter, long timeoutMillis,
                           Verdict verdict, Mode mode, Noise noise, int retries, List<Budget> budgets,
                           OptionalLong maxAllocatedBytesPerOp, OptionalLong maxGcCount, OptionalLong maxGcPauseMillis,
                           String description, Optional<Sweep> sweep) {
        public Settings {
            budgets = List.copyOf(budgets);
        }
    }

    /** The machine and JVM, and when (ISO-8601); {@code cpu} is the model name the OS gives, else the architecture. */
    public record Environment(String time, String javaVersion, String javaVm, String javaVendor, String os,
                              String arch, String cpu, int cores, long maxHeapBytes, List<String> garbageCollectors) {
        public Environment {
            garbageCollectors = List.copyOf(garbageCollectors);
        }

        /** @return what makes latency figures comparable, e.g. {@code AMD EPYC 7B13, 2 cores, Java 17, G1 ...} */
        public String identity() {
            String feature = javaVersion.split("[.+-]")[0];
            return cpu + ", " + cores + " cores, Java " + feature + ", " + String.join(" + ", garbageCollectors);
        }
    }

    /**
     * How the test ended: the attempt reported, the failure message or the budgets met, what the verdict cost (from
     * the first warm-up to the verdict; how the measurement ended, e.g. {@code decided after 3 runs of 10,000
     * iterations (1.0 s each)}; this machine's floor beside each end-to-end budget), its turn and its profile.
     */
    public record Conclusion(Outcome outcome, int attempt, int attempts, String detail, double measuringSeconds,
                             String ended, List<FloorRecord> floor, Optional<MachineRecord> machine,
                             Optional<CodeProfile<LateAgainstOnTime>> profile) {
        public Conclusion {
            floor = List.copyOf(floor);
        }

        /** Its cost, turn and profile not known yet. */
        public Conclusion(Outcome outcome, int attempt, int attempts, String detail) {
            this(outcome, attempt, attempts, detail, Double.NaN, "", List.of(), Optional.empty(), Optional.empty());
        }
    }

    /**
     * The test's turn among the latency tests of every JVM on the machine ({@code lock} {@code on}, or {@code off}),
     * {@code from} after its wait {@code to} its last attempt's end (ISO-8601): whose measurements it waited for,
     * e.g. {@code pid 1234: Test.name}, and why it measured without its turn, if it did.
     */
    public record MachineRecord(String lock, double waitedSeconds, List<String> heldBy, Optional<String> shared,
                                String from, String to) {
        public MachineRecord {
            heldBy = List.copyOf(heldBy);
        }

        public MachineRecord until(Instant end) {
            return new MachineRecord(lock, waitedSeconds, heldBy, shared, from, end.toString());
        }
    }

    /** This machine's own floor (an empty body's latency) beside an end-to-end budget, and whether it leaves room. */
    public record FloorRecord(double percentile, double maxMicros, double floorMicros, boolean noRoom) {
    }

    /** One attempt's checks, each budget checked; the attempt is 1-based. */
    public record AttemptRecord(int attempt, Outcome outcome, List<CheckRecord> checks) {
        public AttemptRecord {
            checks = List.copyOf(checks);
        }
    }

    /**
     * One budget checked, e.g. {@code end to end p99.9 <= 50 µs}, the value judged with its unit: why it broke, how
     * the platform's stalls explain a breach, or why it is met on the code's own account, where so; a latency
     * budget's figures and its late samples put down to causes.
     */
    public record CheckRecord(String budget, String measured, boolean met, Optional<LatencyRecord> latency,
                              Optional<String> message, Optional<String> inconclusive,
                              Optional<String> codesOwnAccount, Optional<EvidenceSnapshot.Attribution> attribution) {
    }

    /** A latency budget's figures in a check; the value judged is NaN when it could not be judged. */
    public record LatencyRecord(String probe, double percentile, double maxMicros, double judgedMicros) {
    }

    /**
     * One measured run of the reported attempt, 1-based: {@code iterations} planned, {@code iterationsRun} performed,
     * {@code samples} of end to end; the bytes its body's thread allocated, the platform's longest stall, the JVM's
     * collections, how late the harness called each iteration, and the evidence and timeline where there are some.
     */
    public record Run(int run, RunStatus status, String detail, long iterations, long iterationsRun, long samples,
                      long runTimeNanos, long targetRunTimeNanos, double achievedThroughputPerSecond,
                      OptionalLong allocatedBytes, OptionalLong worstStallNanos, List<Collection> gc,
                      RunFigures harnessLateness, Optional<EvidenceSnapshot.Evidence> evidence,
                      Optional<EvidenceSnapshot.Timeline> timeline) {
        public Run {
            gc = List.copyOf(gc);
        }

        /** @return how many of the run's collections stopped the world (concurrent cycles did not) */
        public long gcPauses() {
            return gc.stream().filter(collection -> !collection.concurrent()).count();
        }

        /** @return the longest of the run's stop-the-world collections, in milliseconds; 0 when there is none */
        public long longestGcPauseMillis() {
            return gc.stream().filter(collection -> !collection.concurrent())
                    .mapToLong(Collection::durationMillis).max().orElse(0);
        }
    }

    /** One garbage collection during a run, as the JVM reported it; {@code id} is its collector's sequence number. */
    public record Collection(String collector, String action, String cause, long durationMillis, boolean concurrent,
                             int collectorIndex, long id) {
    }
}

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
 * each attempt's checks, and the reported attempt's runs and probes. Built once per test from the typed
 * judgement ({@link ResultAssembly}); written and read back by {@code report.json.ResultJson} (a baseline is a snapshot read
 * back); drawn by the suite page. Plain immutable values; thread-safe.
 *
 * @param test                the test
 * @param settings            its settings
 * @param environment         the machine and JVM it ran on
 * @param conclusion          how it ended
 * @param attempts            every attempt's checks, in order
 * @param allocatedBytesPerOp bytes allocated per measured iteration in the reported attempt; NaN when not measured
 * @param runs                the reported attempt's runs
 * @param probes              the reported attempt's probes: end to end, the named probes, OS jitter if recorded
 * @param baseline            the comparison with the baseline, when one was made
 * @param paired              in the paired mode, the change against its base
 */
public record ResultSnapshot(Test test, Settings settings, Environment environment, Conclusion conclusion,
                             List<AttemptRecord> attempts, double allocatedBytesPerOp, List<Run> runs,
                             List<ProbeFigures> probes, Optional<List<ComparisonRow>> baseline,
                             Optional<Paired> paired) {

    /** A result without a paired comparison. */
    public ResultSnapshot(Test test, Settings settings, Environment environment, Conclusion conclusion,
                          List<AttemptRecord> attempts, double allocatedBytesPerOp, List<Run> runs,
                          List<ProbeFigures> probes, Optional<List<ComparisonRow>> baseline) {
        this(test, settings, environment, conclusion, attempts, allocatedBytesPerOp, runs, probes, baseline,
                Optional.empty());
    }

    /**
     * @param measuringSeconds how long the test measured, in seconds
     * @param ended            how the measurement ended
     * @param floor            this machine's floor beside each end-to-end budget, where it was measured
     * @return this result with what its verdict cost ({@link Conclusion})
     */
    public ResultSnapshot withCost(double measuringSeconds, String ended, List<FloorRecord> floor) {
        return new ResultSnapshot(test, settings, environment, new Conclusion(conclusion.outcome(),
                conclusion.attempt(), conclusion.attempts(), conclusion.detail(), measuringSeconds, ended, floor,
                conclusion.machine(), conclusion.profile()), attempts, allocatedBytesPerOp, runs, probes, baseline,
                paired);
    }

    /**
     * @param machine how the test had the machine to itself, and when it measured
     * @return this result with it ({@link Conclusion#machine()})
     */
    public ResultSnapshot withMachine(MachineRecord machine) {
        return new ResultSnapshot(test, settings, environment, new Conclusion(conclusion.outcome(),
                conclusion.attempt(), conclusion.attempts(), conclusion.detail(), conclusion.measuringSeconds(),
                conclusion.ended(), conclusion.floor(), Optional.of(machine), conclusion.profile()), attempts,
                allocatedBytesPerOp, runs, probes, baseline, paired);
    }

    /**
     * @param profile where the late iterations spent their time, or why that is not known
     * @return this result with it ({@link Conclusion#profile()})
     */
    public ResultSnapshot withProfile(CodeProfile<LateAgainstOnTime> profile) {
        return new ResultSnapshot(test, settings, environment, new Conclusion(conclusion.outcome(),
                conclusion.attempt(), conclusion.attempts(), conclusion.detail(), conclusion.measuringSeconds(),
                conclusion.ended(), conclusion.floor(), conclusion.machine(), Optional.of(profile)), attempts,
                allocatedBytesPerOp, runs, probes, baseline, paired);
    }

    /**
     * The change against its base, measured in turns in the same JVM (the paired mode).
     *
     * @param base       the base's class folders and jars, as given
     * @param comparison the paired comparison
     * @param baseProbes the base's figures per probe, every run of every attempt in the order measured
     * @param growth     where the change spent more time than its base, or why that is not known; empty where it was
     *                   not profiled ({@code jlbh.profile})
     */
    public record Paired(List<String> base, PairedComparison comparison, List<ProbeFigures> baseProbes,
                         Optional<CodeProfile<ChangeAgainstBase>> growth) {
        /** Copies the paths and figures. */
        public Paired {
            base = List.copyOf(base);
            baseProbes = List.copyOf(baseProbes);
        }
    }

    /**
     * @return the middle run's achieved throughput (with two in the middle, the higher), iterations per second;
     *         NaN when there is no run
     */
    public double achievedThroughputPerSecond() {
        List<Double> rates = runs.stream().map(Run::achievedThroughputPerSecond).toList();
        return rates.isEmpty() ? Double.NaN : Verdict.MEDIAN_RUN.judge(rates);
    }

    /** Copies the lists. */
    public ResultSnapshot {
        attempts = List.copyOf(attempts);
        runs = List.copyOf(runs);
        probes = List.copyOf(probes);
        baseline = baseline.map(List::copyOf);
    }

    /**
     * Which test.
     *
     * @param id             the file name stem of its reports
     * @param className      the binary name of the class being run
     * @param declaringClass the binary name of the class that declares the method
     * @param method         the method's name
     * @param parameterTypes the method's parameter types' binary names
     * @param displayName    e.g. {@code OrderParserLatencyTest.parse}, or {@code RoundTripTest.roundTrip[20,000/s]}
     * @param invocation     which invocation of a template, e.g. {@code [20,000/s]}; empty for a test that is not
     */
    public record Test(String id, String className, String declaringClass, String method, List<String> parameterTypes,
                       String displayName, String invocation) {
        /** Copies the parameter types. */
        public Test {
            parameterTypes = List.copyOf(parameterTypes);
        }
    }

    /**
     * The settings the test ran with.
     *
     * @param throughputPerSecond iterations per second
     * @param arrivals            when iterations were due, e.g. {@code fixed rate} or {@code Poisson (seed 42)}
     * @param threads             harness threads that shared the load
     * @param iterations          per run
     * @param warmUpIterations    warm-up iterations
     * @param runs                measured runs
     * @param accountForCoordinatedOmission whether latency was taken from the intended start
     * @param recordOSJitter      whether OS jitter was measured
     * @param timeoutMillis       the harness's timeout
     * @param verdict             over which runs budgets were judged
     * @param mode                the mode
     * @param noise               the noise setting
     * @param retries             retries allowed
     * @param budgets             the latency budgets
     * @param maxAllocatedBytesPerOp the allocation budget, if set
     * @param maxGcCount          the GC count budget, if set
     * @param maxGcPauseMillis    the GC pause budget, if set
     * @param description         the settings in one line, as the report's header shows them
     * @param sweep               the throughput sweep this test is one rate of ({@code throughputPerSecond}), with its
     *                            capacity budget; empty for a test that is not a sweep's
     */
    public record Settings(int throughputPerSecond, String arrivals, int threads, long iterations, int warmUpIterations, int runs,
                           boolean accountForCoordinatedOmission, boolean recordOSJitter, long timeoutMillis,
                           Verdict verdict, Mode mode, Noise noise, int retries, List<Budget> budgets,
                           OptionalLong maxAllocatedBytesPerOp, OptionalLong maxGcCount, OptionalLong maxGcPauseMillis,
                           String description, Optional<Sweep> sweep) {
        /** Copies the budgets. */
        public Settings {
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * The machine and JVM.
     *
     * @param time              when the result was made, ISO-8601
     * @param javaVersion       {@code java.version}
     * @param javaVm            VM name and version
     * @param javaVendor        {@code java.vendor}
     * @param os                OS name and version
     * @param arch              {@code os.arch}
     * @param cpu               the CPU's model name, as the OS gives it ({@code /proc/cpuinfo} on Linux), or the
     *                          architecture where it gives none
     * @param cores             available processors
     * @param maxHeapBytes      the heap's maximum
     * @param garbageCollectors the collectors' names
     */
    public record Environment(String time, String javaVersion, String javaVm, String javaVendor, String os,
                              String arch, String cpu, int cores, long maxHeapBytes, List<String> garbageCollectors) {
        /** Copies the collectors. */
        public Environment {
            garbageCollectors = List.copyOf(garbageCollectors);
        }

        /**
         * @return what makes latency figures comparable, in one line: CPU, cores, JDK feature version and
         *         collectors, e.g. {@code AMD EPYC 7B13, 2 cores, Java 17, G1 Young Generation + G1 Old Generation}
         */
        public String identity() {
            String feature = javaVersion.split("[.+-]")[0];
            return cpu + ", " + cores + " cores, Java " + feature + ", " + String.join(" + ", garbageCollectors);
        }
    }

    /**
     * How the test ended.
     *
     * @param outcome  the outcome
     * @param attempt  the attempt whose figures are reported
     * @param attempts how many attempts were made
     * @param detail   the failure message, the reason it is inconclusive, or the budgets met
     * @param measuringSeconds how long the test measured, from its first warm-up (or this machine's floor, when this
     *                 test measured it) to its verdict, in seconds; NaN where not known (results written before)
     * @param ended    how the measurement ended, e.g. {@code decided after 3 runs of 10,000 iterations (1.0 s each)};
     *                 empty where not known
     * @param floor    this machine's own floor beside each end-to-end budget, where it was measured (sized runs)
     * @param machine  how the test had the machine to itself, across JVMs; empty where not known (results written
     *                 before)
     * @param profile  where the late iterations spent their time, or why that is not known; empty where the test was
     *                 not profiled ({@code jlbh.profile})
     */
    public record Conclusion(Outcome outcome, int attempt, int attempts, String detail, double measuringSeconds,
                             String ended, List<FloorRecord> floor, Optional<MachineRecord> machine,
                             Optional<CodeProfile<LateAgainstOnTime>> profile) {

        /** Copies the floor. */
        public Conclusion {
            floor = List.copyOf(floor);
        }

        /** A conclusion whose cost is not known (a result written before it was recorded). */
        public Conclusion(Outcome outcome, int attempt, int attempts, String detail) {
            this(outcome, attempt, attempts, detail, Double.NaN, "", List.of(), Optional.empty(), Optional.empty());
        }
    }

    /**
     * How a test had the machine to itself: its turn among the latency tests of every JVM on the machine
     * ({@code jlbh.machine.lock}).
     *
     * @param lock          {@code on}: the test waited for its turn; {@code off}: the lock is switched off
     * @param waitedSeconds how long it waited for its turn, in seconds (0 when off)
     * @param heldBy        whose measurements it waited for, in the order seen, e.g. {@code pid 1234: Test.name}
     * @param shared        why it was measured without its turn (the longest wait passed, the lock could not be
     *                      taken); empty when it had its turn, or when the lock is off
     * @param from          when its measurement began, after the wait (an ISO-8601 instant)
     * @param to            when its last attempt had ended (an ISO-8601 instant)
     */
    public record MachineRecord(String lock, double waitedSeconds, List<String> heldBy, Optional<String> shared,
                                String from, String to) {
        /** Copies the holders. */
        public MachineRecord {
            heldBy = List.copyOf(heldBy);
        }

        /**
         * @param end when the test's last attempt ended
         * @return this turn, measured until then
         */
        public MachineRecord until(Instant end) {
            return new MachineRecord(lock, waitedSeconds, heldBy, shared, from, end.toString());
        }
    }

    /**
     * This machine's own floor (an empty body's latency) beside an end-to-end budget.
     *
     * @param percentile   the budget's percentile
     * @param maxMicros    the budget, in microseconds
     * @param floorMicros  the floor there, in microseconds
     * @param noRoom       whether the floor leaves the code too little of the budget to be told apart from it
     */
    public record FloorRecord(double percentile, double maxMicros, double floorMicros, boolean noRoom) {
    }

    /**
     * One attempt's checks.
     *
     * @param attempt 1-based attempt
     * @param outcome how it ended
     * @param checks  each budget checked
     */
    public record AttemptRecord(int attempt, Outcome outcome, List<CheckRecord> checks) {
        /** Copies the checks. */
        public AttemptRecord {
            checks = List.copyOf(checks);
        }
    }

    /**
     * One budget checked.
     *
     * @param budget       what was checked, e.g. {@code end to end p99.9 <= 50 µs}
     * @param measured     the value judged, with its unit
     * @param met          whether it held
     * @param latency      for a latency budget, its probe, percentile, limit and judged value
     * @param message      why it broke, when it did
     * @param inconclusive how the platform's stalls explain the breach, when they do
     * @param codesOwnAccount for a latency budget broken as measured and met on the code's own account, both figures
     *                     and why they differ
     * @param attribution  for a latency budget that could be judged, its late samples put down to their causes
     */
    public record CheckRecord(String budget, String measured, boolean met, Optional<LatencyRecord> latency,
                              Optional<String> message, Optional<String> inconclusive,
                              Optional<String> codesOwnAccount, Optional<EvidenceSnapshot.Attribution> attribution) {
    }

    /**
     * A latency budget's figures in a check.
     *
     * @param probe        the probe
     * @param percentile   the percentile
     * @param maxMicros    the budget, microseconds
     * @param judgedMicros the value judged, microseconds; NaN when it could not be judged
     */
    public record LatencyRecord(String probe, double percentile, double maxMicros, double judgedMicros) {
    }

    /**
     * One measured run of the reported attempt.
     *
     * @param run                 1-based run
     * @param status              how it ended
     * @param detail              why
     * @param iterations          iterations planned
     * @param iterationsRun       iterations performed
     * @param samples             end-to-end samples
     * @param runTimeNanos        its run time
     * @param targetRunTimeNanos  its scheduled duration
     * @param achievedThroughputPerSecond iterations per second achieved
     * @param allocatedBytes      bytes the body's thread allocated, when measured
     * @param worstStallNanos     the platform's longest stall, when there was evidence
     * @param gc                  the JVM's collections during the run
     * @param harnessLateness     how late the harness called each iteration
     * @param evidence            what the scheduler and the JVM said beside the run, when it was collected
     * @param timeline            the run's latency over time, when it was recorded
     */
    public record Run(int run, RunStatus status, String detail, long iterations, long iterationsRun, long samples,
                      long runTimeNanos, long targetRunTimeNanos, double achievedThroughputPerSecond,
                      OptionalLong allocatedBytes, OptionalLong worstStallNanos, List<Collection> gc,
                      RunFigures harnessLateness, Optional<EvidenceSnapshot.Evidence> evidence,
                      Optional<EvidenceSnapshot.Timeline> timeline) {
        /** Copies the collections. */
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

    /**
     * One garbage collection during a run, as the JVM reported it.
     *
     * @param collector      the collector's name, e.g. {@code G1 Young Generation}
     * @param action         e.g. {@code end of minor GC}
     * @param cause          e.g. {@code G1 Evacuation Pause} or {@code System.gc()}
     * @param durationMillis how long it took, in milliseconds (the JVM reports whole milliseconds)
     * @param concurrent     whether it was a concurrent cycle rather than a stop-the-world pause
     * @param collectorIndex the collector's index among the JVM's collectors; -1 when not known (older results)
     * @param id             the collector's sequence number of this collection; 0 when not known (older results)
     */
    public record Collection(String collector, String action, String cause, long durationMillis, boolean concurrent,
                             int collectorIndex, long id) {
    }

    /** @return the reported attempt's checks (empty when the attempt is not listed) */
    public List<CheckRecord> reportedChecks() {
        return attempts.stream().filter(a -> a.attempt() == conclusion.attempt()).findFirst()
                .map(AttemptRecord::checks).orElse(List.of());
    }
}

package org.jlbh.core;

import org.jlbh.core.JLBHResult.RunResult;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * Pacing and coordinated-omission accounting, driven by a manual clock: the task "works" by advancing the clock,
 * so every latency is known exactly and the test is deterministic.
 */
class JLBHTimingTest {
    private static final long MICROS = 1_000;
    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
    private final ByteArrayOutputStream report = new ByteArrayOutputStream();

    /** The seed post's task: a 1 ms stall every 10,000th call, here simulated on the manual clock. */
    private ScriptedTask spikeTask() {
        return new ScriptedTask((jlbh, i, start) -> {
            if (i % 10_000 == 0) {
                clock.advance(1_000 * MICROS);
            }
            jlbh.sample(clock.nanoTime() - start);
        });
    }

    private JLBHResult run(JLBHOptions options) {
        new JLBH(options.clock(clock).recordOSJitter(false),
                new PrintStream(report, true, StandardCharsets.UTF_8), results).start();
        return results.get();
    }

    @Test
    void withCoordinatedOmissionAccountedForAStallDelaysTheHundredIterationsQueuedBehindIt() {
        JLBHResult result = run(new JLBHOptions().throughput(100_000).warmUpIterations(0)
                .iterations(1_000_000).runs(1).jlbhTask(spikeTask()));

        RunResult e2e = result.endToEnd().summaryOfLastRun();
        assertThat(e2e.count()).isEqualTo(1_000_000);
        // per 10,000 iterations: one stalled iteration (1,000 us) and the 99 behind it (990, 980, ... 10 us)
        assertThat(e2e.histogram().getCountBetweenValues(1, 2_000 * MICROS)).isEqualTo(100 * 100);
        assertThat(e2e.get50thPercentile()).isEqualTo(Duration.ZERO);
        assertThat(e2e.get999thPercentile().toNanos()).isCloseTo(900 * MICROS, within(900L));
        assertThat(e2e.get9999thPercentile().toNanos()).isCloseTo(990 * MICROS, within(990L));
        assertThat(e2e.getWorst().toNanos()).isCloseTo(1_000 * MICROS, within(1_000L));

        // the harness itself called those 99 iterations late by the same amounts
        RunResult lateness = result.runs().get(0).harnessLateness();
        assertThat(lateness.histogram().getCountBetweenValues(1, 2_000 * MICROS)).isEqualTo(99 * 100);
        assertThat(lateness.max().toNanos()).isCloseTo(990 * MICROS, within(990L));
    }

    @Test
    void withoutCoordinatedOmissionOnlyTheStalledIterationShows() {
        JLBHResult result = run(new JLBHOptions().throughput(100_000).warmUpIterations(0)
                .iterations(1_000_000).runs(1).accountForCoordinatedOmission(false).jlbhTask(spikeTask()));

        RunResult e2e = result.endToEnd().summaryOfLastRun();
        assertThat(e2e.histogram().getCountBetweenValues(1, 2_000 * MICROS)).isEqualTo(100);
        assertThat(e2e.get999thPercentile()).isEqualTo(Duration.ZERO);
        assertThat(e2e.getWorst().toNanos()).isCloseTo(1_000 * MICROS, within(1_000L));
        // the schedule is the same either way: the queued iterations were still called late
        assertThat(result.runs().get(0).harnessLateness().histogram().getCountBetweenValues(1, 2_000 * MICROS))
                .isEqualTo(99 * 100);
    }

    @Test
    void aRunTakesItsScheduledTimeAndReportsItsThroughput() {
        JLBHResult result = run(new JLBHOptions().throughput(3_000_000).warmUpIterations(0)
                .iterations(3_000_000).runs(2).jlbhTask(spikeTask()));

        for (JLBHResult.RunSummary run : result.runs()) {
            assertThat(run.status()).isEqualTo(RunStatus.COMPLETE);
            assertThat(run.targetRunTime()).isEqualTo(Duration.ofSeconds(1));
            // from iteration 0's due time to the end of the last iteration's interval: 3,000,000 intervals of 1/3 us,
            // the 1 ms stalls at the start of each 10,000 iterations having long been caught up
            assertThat(run.runTime()).isEqualTo(Duration.ofSeconds(1));
            assertThat(run.achievedThroughputPerSecond()).isEqualTo(3_000_000.0);
        }
        assertThat(result.targetThroughputPerSecond()).isEqualTo(3_000_000.0);
    }

    @Test
    void theTaskIsGivenTheIntendedStartOnTheExactSchedule() {
        long[] starts = new long[7];
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            starts[i] = start;
            jlbh.sample(0);
        });
        run(new JLBHOptions().throughput(3, TimeUnit.MICROSECONDS).warmUpIterations(0).iterations(7).runs(1).jlbhTask(task));

        long t0 = starts[0];
        assertThat(starts).containsExactly(t0, t0 + 333, t0 + 666, t0 + 1_000, t0 + 1_333, t0 + 1_666, t0 + 2_000);
    }

    @Test
    void theTaskCanTellWhenTheHarnessCalledItsIterationAndSoHowLateItBeganOutsideTheTask() {
        long[] starts = new long[6];
        long[] calls = new long[6];
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            starts[i] = start;
            calls[i] = jlbh.callTimeNanos();
            jlbh.sample(clock.nanoTime() - start);
            if (i == 1) {
                // the machine stops the harness thread after the call returned: no call runs while iteration 2 is due
                clock.advance(250 * MICROS);
            }
        });
        run(new JLBHOptions().throughput(10_000).warmUpIterations(0).iterations(6).runs(1).jlbhTask(task));

        // 100 us apart; iteration 1 ended at 100 us, the clock then stood still for 250 us: iteration 2 (due at
        // 200 us) and 3 (due at 300 us) were called at 350 us, 4 on time again
        assertThat(calls[0]).isEqualTo(starts[0]);
        assertThat(calls[1]).isEqualTo(starts[1]);
        assertThat(calls[2] - starts[2]).isEqualTo(150 * MICROS);
        assertThat(calls[3] - starts[3]).isEqualTo(50 * MICROS);
        assertThat(calls[4]).isEqualTo(starts[4]);
        assertThat(calls[5]).isEqualTo(starts[5]);
    }

    @Test
    void theCallTimeIsNotKnownOffTheHarnessThread() {
        JLBH jlbh = new JLBH(new JLBHOptions().clock(clock).jlbhTask(spikeTask()));
        assertThat(jlbh.callTimeNanos()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void latenciesBelowAMicrosecondArePrintedAsMeasured() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            clock.advance(41);
            jlbh.sample(clock.nanoTime() - start);
        });
        JLBHResult result = run(new JLBHOptions().throughput(1_000_000).warmUpIterations(0).iterations(1_000).runs(2)
                .jlbhTask(task));

        assertThat(result.endToEnd().summaryOfLastRun().get50thPercentile()).isEqualTo(Duration.ofNanos(41));
        String text = report.toString(StandardCharsets.UTF_8);
        assertThat(text).containsPattern("\\n50\\.0: +0\\.041 +0\\.041 +0\\.00\\R");
        assertThat(text).contains("End to End: (1,000)                             50/90 99 - worst was 0.041 / 0.041  0.041 - 0.041");
        // 1,000 samples support p99 but not p99.7 or p99.9: those rows are not printed
        assertThat(text).contains("99.0:").doesNotContain("99.7:").doesNotContain("99.9:");
        assertThat(text).contains("worst:");
    }

    @Test
    void aLatencyDistributorSpreadsTheDueTimesKeepingTheAverageAndTheReportNamesIt() {
        long[] starts = new long[10_000];
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            starts[i] = start;
            jlbh.sample(clock.nanoTime() - start);
        });
        run(new JLBHOptions().throughput(100_000).warmUpIterations(0).iterations(10_000).runs(1)
                .latencyDistributor(LatencyDistributors.RANDOM).jlbhTask(task));

        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 1; i < starts.length; i++) {
            min = Math.min(min, starts[i] - starts[i - 1]);
            max = Math.max(max, starts[i] - starts[i - 1]);
        }
        assertThat(min).isGreaterThanOrEqualTo(1_000);
        assertThat(max).isLessThanOrEqualTo(18_999).isGreaterThan(min);
        double mean = (starts[starts.length - 1] - starts[0]) / (double) (starts.length - 1);
        assertThat(mean).isCloseTo(10_000, within(10_000 * 0.03));
        assertThat(report.toString(StandardCharsets.UTF_8)).contains("Run time: ").contains(", distribution: RANDOM");
    }

    @Test
    void poissonArrivalsDriveTheRunFromTheirDrawnDueTimesAndTheReportNamesThem() {
        long[] starts = new long[10_000];
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            starts[i] = start;
            jlbh.sample(clock.nanoTime() - start);
        });
        run(new JLBHOptions().throughput(100_000).warmUpIterations(0).iterations(10_000).runs(1)
                .arrivals(Arrivals.POISSON).arrivalSeed(42).jlbhTask(task));

        long shortest = Long.MAX_VALUE;
        long longest = 0;
        for (int i = 1; i < starts.length; i++) {
            shortest = Math.min(shortest, starts[i] - starts[i - 1]);
            longest = Math.max(longest, starts[i] - starts[i - 1]);
        }
        // exponential intervals with a 10 us mean: among 9,999 of them some are under 1 us and some over 50 us
        assertThat(shortest).isLessThan(1_000);
        assertThat(longest).isGreaterThan(50_000);
        double mean = (starts[starts.length - 1] - starts[0]) / (double) (starts.length - 1);
        assertThat(mean).isCloseTo(10_000, within(10_000 * 0.03));
        assertThat(report.toString(StandardCharsets.UTF_8)).contains(", distribution: Poisson (seed 42)");
    }

    @Test
    void poissonArrivalsWithADistributorAreRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new JLBH(new JLBHOptions().arrivals(Arrivals.POISSON)
                        .latencyDistributor(LatencyDistributors.RANDOM2).jlbhTask(new ScriptedTask((j, i, s) -> { }))))
                .withMessageContaining("Poisson arrivals draw their own intervals");
    }
}

package org.jlbh.core;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How runs end: complete, incomplete, oversampled, aborted. Driven by a manual clock, so waiting for missing
 * samples until the timeout takes no real time and the outcome is deterministic.
 */
class JLBHStatusTest {
    private final ManualClock clock = new ManualClock(0);
    private final JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
    private final ByteArrayOutputStream report = new ByteArrayOutputStream();

    private JLBHOptions options(ScriptedTask task) {
        return new JLBHOptions().clock(clock).recordOSJitter(false).throughput(10_000)
                .warmUpIterations(100).iterations(1_000).runs(3).jlbhTask(task);
    }

    private JLBHResult start(JLBHOptions options) {
        new JLBH(options, new PrintStream(report, true, StandardCharsets.UTF_8), results).start();
        return results.get();
    }

    private String report() {
        return report.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aTaskThatSamplesOncePerIterationCompletesEveryRun() {
        JLBHResult result = start(options(new ScriptedTask((jlbh, i, start) -> jlbh.sample(5))));

        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(result.runs()).extracting(JLBHResult.RunSummary::status).containsOnly(RunStatus.COMPLETE);
        assertThat(result.runs()).extracting(JLBHResult.RunSummary::samples).containsOnly(1_000L);
        assertThat(result.runs()).extracting(JLBHResult.RunSummary::iterationsRun).containsOnly(1_000L);
        assertThat(result.endToEnd().eachRunSummary()).hasSize(3);
        // 100 iterations at 10,000/s on a schedule kept exactly: 100 intervals of 0.1 ms
        assertThat(report()).contains("Warm up complete (100 iterations took 0.010 s)");
    }

    @Test
    void callbacksRunOnTheHarnessThreadInOrder() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1));
        start(options(task));
        assertThat(task.calls).containsExactly("init on jlbh-harness", "warmedUp",
                "runComplete on jlbh-harness", "runComplete on jlbh-harness", "runComplete on jlbh-harness", "complete");
    }

    @Test
    void aTaskThatSamplesEveryOtherIterationEndsEachRunIncompleteWithTheMissingCount() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            if (i % 2 == 0) {
                jlbh.sample(1_000);
            }
        });
        JLBHResult result = start(options(task).timeout(250));

        assertThat(result.status()).isEqualTo(RunStatus.INCOMPLETE);
        for (JLBHResult.RunSummary run : result.runs()) {
            assertThat(run.status()).isEqualTo(RunStatus.INCOMPLETE);
            assertThat(run.missingSamples()).isEqualTo(500);
            assertThat(run.detail()).isEqualTo("500 of 1,000 end-to-end samples missing after waiting 250 ms");
        }
        assertThat(report()).contains("Status: INCOMPLETE - 500 of 1,000 end-to-end samples missing after waiting 250 ms");
    }

    @Test
    void aTaskThatSamplesTwicePerIterationIsOversampled() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            jlbh.sample(1_000);
            jlbh.sample(2_000);
        });
        JLBHResult result = start(options(task));

        assertThat(result.status()).isEqualTo(RunStatus.OVERSAMPLED);
        assertThat(result.runs().get(0).samples()).isEqualTo(2_000);
        assertThat(result.runs().get(0).missingSamples()).isEqualTo(-1_000);
        assertThat(result.runs().get(0).detail()).contains("1,000 more than one per iteration");
    }

    @Test
    void zeroWarmUpIterationsIsLegal() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(10));
        JLBHResult result = start(options(task).warmUpIterations(0).runs(1));

        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(task.iteration).isEqualTo(1_000);
        assertThat(report()).doesNotContain("Warm-up").doesNotContain("Warm up");
    }

    @Test
    void anExceptionInTheTaskAbortsTheRunReportsWhatRanAndIsRethrown() {
        IllegalStateException boom = new IllegalStateException("boom");
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            if (i == 100 + 1_000 + 5) { // warm-up, run 1, then the 6th iteration of run 2
                throw boom;
            }
            jlbh.sample(10);
        });
        JLBH jlbh = new JLBH(options(task), new PrintStream(report, true, StandardCharsets.UTF_8), results);

        assertThatThrownBy(jlbh::start).isSameAs(boom);
        JLBHResult result = results.get();
        assertThat(result.status()).isEqualTo(RunStatus.ABORTED);
        assertThat(result.runs()).extracting(JLBHResult.RunSummary::status)
                .containsExactly(RunStatus.COMPLETE, RunStatus.ABORTED);
        assertThat(result.runs().get(1).iterationsRun()).isEqualTo(5);
        assertThat(result.runs().get(1).detail())
                .startsWith("the task threw java.lang.IllegalStateException at iteration 6 of 1,000");
        // the task still gets its callbacks to release what it holds
        assertThat(task.calls).endsWith("runComplete on jlbh-harness", "complete");
    }

    @Test
    void abortEndsTheCurrentRunAndNoFurtherRunStarts() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            jlbh.sample(10);
            if (i == 100 + 1_000 + 499) {
                jlbh.abort();
            }
        });
        JLBHResult result = start(options(task));

        assertThat(result.status()).isEqualTo(RunStatus.ABORTED);
        assertThat(result.runs()).extracting(JLBHResult.RunSummary::status)
                .containsExactly(RunStatus.COMPLETE, RunStatus.ABORTED);
        assertThat(result.runs().get(1).iterationsRun()).isEqualTo(500);
        assertThat(result.runs().get(1).samples()).isEqualTo(500);
        assertThat(result.runs().get(1).detail()).startsWith("abort() was called");
        assertThat(result.endToEnd().eachRunSummary()).hasSize(2);
    }

    @Test
    void percentilesTheSampleCountCannotSupportAreRefused() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(10 + i % 100));
        JLBHResult result = start(options(task).runs(1));

        JLBHResult.RunResult run = result.endToEnd().summaryOfLastRun();
        assertThat(run.get99thPercentile()).isNotNull();
        assertThat(run.percentiles()).containsKeys(JLBHResult.RunResult.Percentile.PERCENTILE_99TH,
                JLBHResult.RunResult.Percentile.WORST);
        assertThat(run.percentiles()).doesNotContainKey(JLBHResult.RunResult.Percentile.PERCENTILE_99_9TH);
        // as the reference: callers check these two for null
        assertThat(run.get999thPercentile()).isNull();
        assertThat(run.get9999thPercentile()).isNull();
        assertThatIllegalStateException().isThrownBy(() -> run.percentile(99.9))
                .withMessage("p99.9 of end to end in run 1 needs at least 10,000 samples; the run has 1,000");
    }

    @Test
    void probesAreRecordedPerRunBesideEndToEnd() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> { }) {
            private net.openhft.chronicle.core.util.NanoSampler parse;

            @Override
            public void init(JLBH jlbh) {
                super.init(jlbh);
                parse = jlbh.addProbe("parse");
                assertThat(jlbh.addProbe("parse")).isSameAs(parse);
            }

            @Override
            public void run(long startTimeNS) {
                parse.sampleNanos(300);
                jlbh.sample(700);
            }
        };
        JLBHResult result = start(options(task));

        assertThat(result.probeNames()).containsExactly("parse");
        JLBHResult.ProbeResult parse = result.probe("parse").orElseThrow();
        assertThat(parse.eachRunSummary()).hasSize(3);
        assertThat(parse.summaryOfLastRun().count()).isEqualTo(1_000);
        assertThat(parse.summaryOfLastRun().get50thPercentile().toNanos()).isEqualTo(300);
        assertThat(result.probe("missing")).isEmpty();
        assertThat(report()).contains("SUMMARY (parse) us");
    }

    @Test
    void startMayBeCalledOnce() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1));
        JLBH jlbh = new JLBH(options(task).runs(1), new PrintStream(report, true, StandardCharsets.UTF_8), null);
        jlbh.start();
        assertThatIllegalStateException().isThrownBy(jlbh::start).withMessageContaining("once");
    }

    @Test
    void aRunThatFallsFurtherBehindItsScheduleThanTheTimeoutIsAbortedSayingSo() {
        // each iteration takes 20 ms of the clock (and a millisecond of real time, for the supervisor to see it) where
        // the schedule gives it 0.1 ms: at the default pace it would never end
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            clock.advance(20_000_000);
            sleepMillis(1);
            jlbh.sample(1);
        });
        JLBHResult result = start(options(task).warmUpIterations(0).iterations(1_000_000).runs(2).timeout(300));

        assertThat(result.runs()).hasSize(1);
        JLBHResult.RunSummary run = result.runs().get(0);
        assertThat(run.status()).isEqualTo(RunStatus.ABORTED);
        assertThat(run.detail()).startsWith("the run fell ").contains(" behind its schedule, more than the 300 ms "
                + "timeout: iterations take longer than their 100.000 us interval");
        assertThat(run.iterationsRun()).isLessThan(1_000);
    }

    @Test
    void aWarmUpThatEndsEarlySaysWhyInTheResult() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            if (i == 5) {
                jlbh.abort();
            }
            jlbh.sample(1);
        });
        JLBHResult result = start(options(task));

        assertThat(result.runs()).isEmpty();
        assertThat(result.warmUp()).hasValueSatisfying(warmUp -> {
            assertThat(warmUp.status()).isEqualTo(RunStatus.ABORTED);
            assertThat(warmUp.detail()).startsWith("abort() was called");
        });
        assertThat(start(options(new ScriptedTask((jlbh, i, start) -> jlbh.sample(1)))).warmUp())
                .hasValueSatisfying(warmUp -> assertThat(warmUp.status()).isEqualTo(RunStatus.COMPLETE));
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

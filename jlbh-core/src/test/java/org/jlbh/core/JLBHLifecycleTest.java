package org.jlbh.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order of what a benchmark does and prints, the run time of a run kept on schedule, and where the warm-up and
 * the callbacks run. Manual clock except where a real thread must be interrupted.
 */
class JLBHLifecycleTest {
    private final ManualClock clock = new ManualClock(0);
    private final JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
    private final ByteArrayOutputStream report = new ByteArrayOutputStream();

    private String report() {
        return report.toString(StandardCharsets.UTF_8);
    }

    private JLBH jlbh(JLBHOptions options) {
        return new JLBH(options, new PrintStream(report, true, StandardCharsets.UTF_8), results);
    }

    @Test
    void theSummaryIsPrintedAndTheResultsHandedOverBeforeCompleteIsCalled() {
        List<String> seenByComplete = new ArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(10)) {
            @Override
            public void complete() {
                seenByComplete.add(report());
                seenByComplete.add(String.valueOf(results.get()));
            }
        };
        jlbh(new JLBHOptions().clock(clock).recordOSJitter(false).warmUpIterations(10).iterations(100).runs(2)
                .jlbhTask(task)).start();

        assertThat(seenByComplete.get(0)).contains("SUMMARY (end to end) us").endsWith(TextReportRule.RULE_LINE);
        assertThat(seenByComplete.get(1)).as("the result consumer was called first").startsWith("JLBHResult{status=COMPLETE");
    }

    /** Two of the blog series' tasks end the JVM in complete(): the summary must be out by then. */
    @Test
    @Timeout(60)
    void aTaskThatCallsSystemExitInCompleteStillLeavesItsSummary() throws Exception {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process process = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").getPath(),
                "-cp", classpath, ExitInComplete.class.getName()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("BENCHMARK RESULTS (RUN 2) us").contains("SUMMARY (end to end) us")
                .contains("result consumer called").endsWith("complete() ends the JVM" + System.lineSeparator());
    }

    /** The run-time off-by-one: 10 iterations at 5/s kept on schedule take 2 s, not the 1.8 s from first to last call. */
    @Test
    void aRunThatKeptItsScheduleExactlyTookItsTargetTime() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1_000));
        jlbh(new JLBHOptions().clock(clock).recordOSJitter(false).throughput(5, TimeUnit.SECONDS)
                .warmUpIterations(10).iterations(10).runs(2).jlbhTask(task)).start();

        for (JLBHResult.RunSummary run : results.get().runs()) {
            assertThat(run.runTime()).isEqualTo(Duration.ofSeconds(2));
            assertThat(run.targetRunTime()).isEqualTo(Duration.ofSeconds(2));
            assertThat(run.achievedThroughputPerSecond()).isEqualTo(5.0);
        }
        assertThat(report()).contains("Warm up complete (10 iterations took 2.000 s)")
                .contains("Run time: 2.0 s, distribution: NORMAL")
                .contains("Target throughput:5/s = 1 message every 200000us")
                .contains("Schedule: run time 2.000 s, target 2.000 s (+0.00%); throughput achieved 5.000/s, target 5.000/s");
    }

    @Test
    void theRateCarriesOnFromWarmUpToRunAndFromRunToRun() {
        List<Long> starts = new CopyOnWriteArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            starts.add(start);
            jlbh.sample(1);
        });
        jlbh(new JLBHOptions().clock(clock).recordOSJitter(false).throughput(5, TimeUnit.SECONDS)
                .warmUpIterations(3).iterations(4).runs(2).jlbhTask(task)).start();

        assertThat(starts).hasSize(11);
        for (int i = 1; i < starts.size(); i++) {
            assertThat(starts.get(i) - starts.get(i - 1)).as("interval before iteration %d", i).isEqualTo(200_000_000L);
        }
    }

    @Test
    void aBackToBackWarmUpCallsTheTaskAsSoonAsItReturnsWithTheActualStartTime() {
        List<Long> starts = new CopyOnWriteArrayList<>();
        List<Long> callTimes = new CopyOnWriteArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            starts.add(start);
            callTimes.add(clock.nanoTime());
            clock.advance(1_000); // each call takes 1 us
            jlbh.sample(1_000);
        });
        jlbh(new JLBHOptions().clock(clock).recordOSJitter(false).throughput(5, TimeUnit.SECONDS).pacedWarmUp(false)
                .warmUpIterations(10).iterations(3).runs(1).jlbhTask(task)).start();

        assertThat(starts.subList(0, 10)).isEqualTo(callTimes.subList(0, 10));
        assertThat(callTimes.get(9) - callTimes.get(0)).as("10 warm-up calls back to back").isEqualTo(9_000);
        assertThat(report()).contains("Warm up complete (10 iterations took 0.000 s)");
        // the measured run is paced
        assertThat(starts.get(12) - starts.get(11)).isEqualTo(200_000_000L);
        assertThat(results.get().runs().get(0).runTime()).isEqualTo(Duration.ofMillis(600));
    }

    @Test
    void thePinningSupplierIsCalledOnTheTaskThreadAfterInitAndBeforeTheWarmUp() {
        List<String> events = new CopyOnWriteArrayList<>();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            if (i == 0) {
                events.add("first iteration");
            }
            jlbh.sample(1);
        });
        JLBHOptions options = new JLBHOptions().clock(clock).recordOSJitter(false).warmUpIterations(5).iterations(5)
                .runs(1).jlbhTask(task).acquireLock(() -> {
                    events.add("lock on " + Thread.currentThread().getName());
                    return null;
                });
        jlbh(options).start();

        assertThat(task.calls.get(0)).isEqualTo("init on jlbh-harness");
        assertThat(events).containsExactly("lock on jlbh-harness", "first iteration");
    }

    @Test
    void onTheCallingThreadEveryCallbackRunsThere() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1));
        String caller = Thread.currentThread().getName();
        jlbh(new JLBHOptions().clock(clock).recordOSJitter(false).warmUpIterations(10).iterations(10).runs(2)
                .runOnCallingThread(true).jlbhTask(task)).start();

        assertThat(task.calls).containsExactly("init on " + caller, "warmedUp", "runComplete on " + caller,
                "runComplete on " + caller, "complete");
        assertThat(results.get().status()).isEqualTo(RunStatus.COMPLETE);
    }

    @Test
    @Timeout(60)
    void onTheCallingThreadAStuckIterationIsAbortedAndTheInterruptIsNotLeftBehind() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> {
            if (i == 5) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    return; // gives up, as a well-behaved task does when interrupted
                }
            }
            jlbh.sample(1);
        });
        jlbh(new JLBHOptions().recordOSJitter(false).throughput(10_000).warmUpIterations(0).iterations(100).runs(2)
                .timeout(300).runOnCallingThread(true).jlbhTask(task)).start();

        JLBHResult result = results.get();
        assertThat(result.runs()).hasSize(1);
        assertThat(result.runs().get(0).status()).isEqualTo(RunStatus.ABORTED);
        assertThat(result.runs().get(0).detail()).startsWith("iteration 6 did not return within the 300 ms timeout");
        assertThat(Thread.currentThread().isInterrupted()).as("the calling thread's interrupt flag").isFalse();
        assertThat(task.calls).endsWith("complete");
    }

    /** Runs as a separate JVM: its task ends the JVM in complete(). */
    public static final class ExitInComplete {
        public static void main(String[] args) {
            ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(10)) {
                @Override
                public void complete() {
                    System.out.println("complete() ends the JVM");
                    System.exit(0);
                }
            };
            new JLBH(new JLBHOptions().throughput(10_000).warmUpIterations(100).iterations(1_000).runs(2)
                    .recordOSJitter(false).jlbhTask(task), System.out, r -> System.out.println("result consumer called")).start();
            System.out.println("start() returned: complete() did not end the JVM");
            System.exit(1);
        }
    }

    /** The report's closing rule as it ends a SUMMARY. */
    private static final class TextReportRule {
        static final String RULE_LINE = "-".repeat(100) + System.lineSeparator();
    }
}

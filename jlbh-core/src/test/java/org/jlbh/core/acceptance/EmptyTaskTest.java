package org.jlbh.core.acceptance;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.core.RunStatus;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An empty task at 1,000,000/s on the real clock: the harness's own floor. The reference JLBH printed its median
 * as 0.00 (its histogram starts at 100 ns) and ran 3–6% longer than the target because it re-anchored its
 * schedule.
 *
 * <p>The median is the time from an iteration's due time to the task's {@code System.nanoTime()}: roughly one
 * clock read of the harness's wait plus one of the task, about 50 ns on this kind of machine, so "below 100 ns"
 * holds with a factor of two to spare. A run can only miss its target time by the lateness left at its last
 * iteration, and a stall is caught up at the harness's full speed, so 0.5% (5 ms of a 1 s run) holds unless the
 * machine stalls for 5 ms in the very last moments of a run.
 */
class EmptyTaskTest {

    @Test
    void theMedianBelow100nsIsReportedAndEachRunTakesItsTargetTime() {
        JLBHTask emptyTask = new JLBHTask() {
            private JLBH jlbh;

            @Override
            public void init(JLBH jlbh) {
                this.jlbh = jlbh;
            }

            @Override
            public void run(long startTimeNS) {
                jlbh.sample(System.nanoTime() - startTimeNS);
            }
        };
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        new JLBH(new JLBHOptions().throughput(1_000_000).warmUpIterations(200_000).iterations(1_000_000).runs(3)
                .jlbhTask(emptyTask), new PrintStream(report, true, StandardCharsets.UTF_8), results).start();
        String text = report.toString(StandardCharsets.UTF_8);
        System.out.print(text);

        JLBHResult result = results.get();
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        for (JLBHResult.RunSummary run : result.runs()) {
            double ratio = (double) run.runTime().toNanos() / run.targetRunTime().toNanos();
            assertThat(ratio).as("run %d time / target", run.run()).isBetween(0.995, 1.005);
        }
        for (JLBHResult.RunResult run : result.endToEnd().eachRunSummary()) {
            assertThat(run.get50thPercentile().toNanos()).as("median of run %d, ns", run.run())
                    .isPositive().isLessThan(100);
        }
        // printed as measured, in us with ns resolution: 0.0xx, never 0.00
        assertThat(text).containsPattern("\\n50\\.0: +0\\.0[1-9]\\d +0\\.0[1-9]\\d +0\\.0[1-9]\\d ");
    }
}

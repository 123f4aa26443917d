package org.jlbh.junit;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.assertj.LatencyAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The assertions on a programmatic benchmark. The task samples chosen values rather than timed ones (40, 45 and
 * 90 µs in runs 1–3, plus a probe at 5 µs), so every figure is known exactly.
 */
class LatencyAssertionsTests {
    private static JLBHResult result;

    @BeforeAll
    static void measure() {
        long[] perRun = {40_000, 45_000, 90_000};
        JLBHTask task = new JLBHTask() {
            private JLBH jlbh;
            private net.openhft.chronicle.core.util.NanoSampler parse;
            private int run;

            @Override
            public void init(JLBH jlbh) {
                this.jlbh = jlbh;
                parse = jlbh.addProbe("parse");
            }

            @Override
            public void run(long startTimeNS) {
                parse.sampleNanos(5_000);
                jlbh.sample(perRun[run]);
            }

            @Override
            public void runComplete() {
                run++;
            }
        };
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        new JLBH(new JLBHOptions().throughput(100_000).warmUpIterations(0).iterations(10_000).runs(3)
                .recordOSJitter(false).jlbhTask(task), new PrintStream(OutputStream.nullOutputStream()), results).start();
        result = results.get();
    }

    @Test
    void theMedianRunIsJudgedByDefault() {
        assertThatCode(() -> LatencyAssertions.assertThat(result).isComplete().endToEnd()
                .hasPercentileAtMostMicros(99.9, 50)).doesNotThrowAnyException();
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() ->
                        LatencyAssertions.assertThat(result).endToEnd().hasPercentileAtMostMicros(99.9, 42))
                .withMessage("end to end p99.9 was 45.023 \u00b5s, budget 42 \u00b5s (runs: 40.031, 45.023, 90.047 \u00b5s; "
                        + "100,000/s; coordinated omission on)");
    }

    @Test
    void everyRunCanBeRequired() {
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> LatencyAssertions.assertThat(result).endToEnd()
                        .hasPercentileAtMostMicros(50, 50, Verdict.EVERY_RUN))
                .withMessageStartingWith("end to end p50 was 90.047 \u00b5s in run 3 (every run must be within budget), budget 50 \u00b5s");
    }

    @Test
    void probesAndSingleRunsCanBeChecked() {
        assertThatCode(() -> LatencyAssertions.assertThat(result).probe("parse").hasPercentileAtMostMicros(99, 5.01)
                .run(1).hasCount(10_000).hasPercentileAtMostMicros(50, 5.01)).doesNotThrowAnyException();
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> LatencyAssertions.assertThat(result).endToEnd()
                .run(3).hasPercentileAtMostMicros(90, 50)).withMessage("end to end p90 in run 3 was 90.047 \u00b5s, budget 50 \u00b5s");
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> LatencyAssertions.assertThat(result).probe("decode"))
                .withMessage("Expected a probe named <decode> but the result has [parse]");
    }

    @Test
    void aPercentileTheSamplesCannotSupportIsNeverPassed() {
        assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> LatencyAssertions.assertThat(result).endToEnd()
                        .hasPercentileAtMostMicros(99.99, 1_000))
                .withMessage("end to end p99.99 could not be judged: run 1 has 10,000 samples, and p99.99 needs at least 100,000");
    }
}

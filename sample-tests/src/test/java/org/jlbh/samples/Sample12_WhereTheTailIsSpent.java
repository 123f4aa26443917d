package org.jlbh.samples;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Sample 12 — where the tail is spent.
 *
 * <p>What it teaches: a red build says where the slow calls went, not only that they were slow. A pricer's quote takes
 * well under a microsecond, but every 50th recalculates the book's risk for 300 µs ({@link RiskPricer}); its latency
 * test, {@link PricerLatency}, with {@code @LatencyTest(throughput = 5_000, percentile = 99, maxMicros = 100)}, breaks
 * its p99 budget. After the
 * verdict, the test measures one run more with async-profiler sampling its harness thread ({@code jlbh.profile =
 * on-breach}, the default), and the failure message names the method the late calls spent their time in, with the
 * share of the late samples it took and the share of the on-time ones; the report folder gets a flame graph of the late
 * calls. This sample runs that latency test through JUnit's engine and checks what the failure says.
 *
 * <p>What it shows (a quiet 2-core machine, JDK 17; the console's lines): {@code 204 iterations late (end to end over
 * 100 µs): 153 samples while one was due, 0 in iterations on time}, then {@code 1. 92% in Benchmarks.busyWaitMicros,
 * called from RiskPricer.recalculateRisk (on time: too few samples to compare)} and {@code 8.5% between calls of the
 * test method}: the recalculation's own loop first, the harness thread's waits said apart. No on-time sample: a quote
 * of 0.1 µs, sampled every 100 µs, is rarely caught.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample12* -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class Sample12_WhereTheTailIsSpent {

    @Test
    void theFailureNamesTheMethodTheLateQuotesSpentTheirTimeIn() {
        List<Event> failed = EngineTestKit.engine("junit-jupiter").selectors(selectClass(PricerLatency.class))
                .execute().testEvents().failed().list();

        assertThat(failed).hasSize(1);
        String message = failed.get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable()
                .orElseThrow().getMessage();
        assertThat(message).startsWith("end to end p99 was ");
        // the first frame named is where the recalculation spends its time, and the recalculation called it
        assertThat(message).containsPattern("Where the late iterations \\(end to end over 100 µs\\) spent their "
                + "time, profiled in one more run after the verdict \\(\\d+ samples late, \\d+ on time\\): \\d+% in "
                + "Benchmarks\\.busyWaitMicros, called from RiskPricer\\.recalculateRisk \\(on time: ");
    }
}

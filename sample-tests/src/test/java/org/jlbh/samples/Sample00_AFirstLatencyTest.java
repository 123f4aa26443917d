package org.jlbh.samples;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Sample 0 — a first latency test: the annotation alone.
 *
 * <p>What it teaches: a latency test is a JUnit test method whose body is one call of the code under test. {@code
 * @LatencyTest} calls it at a fixed rate ({@code throughput}, calls a second), times each call from when it was due
 * (so a call that waits behind a slow one counts its wait), and fails the test when a percentile breaks its budget
 * ({@code percentile}, {@code maxMicros}: end to end). A {@code @Probe} parameter times one step inside the call, and
 * {@code @LatencyBudget} gives it a budget of its own. Iterations, warm-up and runs are left out: the test sizes them
 * from its budgets and stops once its runs decide. The second test runs the same code under a budget it cannot meet,
 * through JUnit's engine, and checks what the failure says.
 *
 * <p>What it shows (a quiet 2-core machine, JDK 17): {@link #parseAnOrder} passes, {@code end to end p99 <= 1000
 * µs: 0.158 µs; parse p99 <= 1000 µs: 0.040 µs}; {@link #aBudgetTheCodeCannotMeetFailsSayingByHowMuch} reads {@code
 * end to end p99 was 5.199 µs, budget 1 µs (runs: 5.223, 5.199, 5.187 µs; 10,000/s; coordinated omission on)}, then
 * whose the late samples were ({@code 30,000 with no pause: the code}) and where the late calls spent their time
 * (Sample 12).
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample00* -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class Sample00_AFirstLatencyTest {
    private final byte[] order = "35=D|11=order-1|55=EURUSD|54=1|38=1000000|".getBytes(StandardCharsets.US_ASCII);

    // Generous budgets, so that this passes on any machine, a CI runner beside busy neighbours too; set yours from
    // what your code measures here
    @LatencyTest(throughput = 10_000, percentile = 99, maxMicros = 1_000)
    @LatencyBudget(probe = "parse", percentile = 99, maxMicros = 1_000)
    void parseAnOrder(@Probe("parse") NanoSampler parse) {
        long start = System.nanoTime();
        int fields = OrderFields.count(order);
        parse.sampleNanos(System.nanoTime() - start);
        if (fields != 5) {
            throw new IllegalStateException("parsed " + fields + " fields"); // a test of the code too: it fails
        }
    }

    @Test
    void aBudgetTheCodeCannotMeetFailsSayingByHowMuch() {
        List<Event> failed = EngineTestKit.engine("junit-jupiter").selectors(selectClass(TooTightABudget.class))
                .execute().testEvents().failed().list();

        assertThat(failed).hasSize(1);
        String message = failed.get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable()
                .orElseThrow().getMessage();
        // the percentile as measured against its budget, each run's value, the rate and how latency was taken
        assertThat(message.lines().findFirst().orElseThrow()).matches("end to end p99 was [\\d,]+\\.\\d{3} µs, budget 1 "
                + "µs \\(runs: .* µs; 10,000/s; coordinated omission on\\).*");
    }
}

package org.jlbh.junit;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Under JUnit's parallel execution, a latency test shares the JVM with no other test: every other test's
 * [start, end] interval lies outside the latency test's. The other tests sleep 300 ms so that, were the latency test
 * not exclusive, they would certainly overlap its 0.5 s measurement.
 */
class ExclusiveExecutionTests {
    static final List<long[]> others = new CopyOnWriteArrayList<>();
    static final List<long[]> latency = new CopyOnWriteArrayList<>();

    static void sleepRecorded() throws InterruptedException {
        long start = System.nanoTime();
        Thread.sleep(300);
        others.add(new long[]{start, System.nanoTime()});
    }

    static class WithLatencyTest {
        @LatencyTest(throughput = 10_000, iterations = 5_000, warmUpIterations = 0, runs = 1, percentile = 50,
                maxMicros = 100_000)
        void measured() {
            long now = System.nanoTime();
            if (latency.isEmpty()) {
                latency.add(new long[]{now, now});
            }
            latency.get(0)[1] = now;
        }

        @Test
        void other1() throws InterruptedException {
            sleepRecorded();
        }

        @Test
        void other2() throws InterruptedException {
            sleepRecorded();
        }
    }

    static class Others {
        @Test
        void other3() throws InterruptedException {
            sleepRecorded();
        }

        @Test
        void other4() throws InterruptedException {
            sleepRecorded();
        }

        @Test
        void other5() throws InterruptedException {
            sleepRecorded();
        }
    }

    @Test
    void aLatencyTestRunsAloneEvenUnderParallelExecution() {
        others.clear();
        latency.clear();
        EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(Others.class), selectClass(WithLatencyTest.class))
                .configurationParameters(Map.of(
                        "junit.jupiter.execution.parallel.enabled", "true",
                        "junit.jupiter.execution.parallel.mode.default", "concurrent",
                        "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
                        "junit.jupiter.execution.parallel.config.strategy", "fixed",
                        "junit.jupiter.execution.parallel.config.fixed.parallelism", "4"))
                .execute().testEvents().assertStatistics(s -> s.started(6).succeeded(6));

        assertThat(others).hasSize(5);
        long[] measured = latency.get(0);
        assertThat(measured[1] - measured[0]).as("measurement lasted").isGreaterThan(400_000_000L);
        // sanity: without the lock, the others would run concurrently with each other
        assertThat(others).allSatisfy(other -> assertThat(other[1] < measured[0] || other[0] > measured[1])
                .as("another test ran from %d to %d, during the measurement from %d to %d",
                        other[0], other[1], measured[0], measured[1]).isTrue());
    }
}

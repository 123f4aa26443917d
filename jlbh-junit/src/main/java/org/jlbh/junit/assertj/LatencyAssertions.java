package org.jlbh.junit.assertj;

import org.jlbh.core.JLBHResult;

/**
 * AssertJ entry point for latency results, usable in any test that runs a {@link org.jlbh.core.JLBH} benchmark
 * programmatically. A budget is judged by the same check {@link org.jlbh.junit.LatencyTest} uses, so the two agree
 * to the message. AssertJ is an optional dependency of jlbh-junit: add {@code org.assertj:assertj-core} to your
 * test dependencies to use these assertions.
 *
 * <pre>{@code
 * JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
 * new JLBH(options, System.out, results).start();
 *
 * LatencyAssertions.assertThat(results.get())
 *         .isComplete()
 *         .endToEnd().hasPercentileAtMostMicros(99.9, 50);            // passes when the median run's p99.9 <= 50 us
 * LatencyAssertions.assertThat(results.get())
 *         .probe("parse").hasPercentileAtMostMicros(99, 5, Verdict.EVERY_RUN);
 * }</pre>
 *
 * <p>The guide's page on it: {@code docs/harness-and-porting.md}.
 */
public final class LatencyAssertions {

    private LatencyAssertions() {
    }

    /**
     * @param actual the results to check
     * @return assertions on them
     */
    public static JLBHResultAssert assertThat(JLBHResult actual) {
        return new JLBHResultAssert(actual);
    }
}

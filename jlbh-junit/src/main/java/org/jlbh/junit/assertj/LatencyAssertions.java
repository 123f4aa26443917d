package org.jlbh.junit.assertj;

import org.jlbh.core.JLBHResult;

/**
 * AssertJ entry point for the results of a {@link org.jlbh.core.JLBH} benchmark run programmatically; budgets are
 * judged by the same check as {@link org.jlbh.junit.LatencyTest}'s, to the message.
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

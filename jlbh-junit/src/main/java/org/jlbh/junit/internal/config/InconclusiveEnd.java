package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.opentest4j.TestAbortedException;

/**
 * How a latency test that could not be decided ends, as {@value LatencyTestConfiguration#INCONCLUSIVE} says: aborted
 * (reported as skipped) or failed. Stateless.
 */
public final class InconclusiveEnd {

    private InconclusiveEnd() {
    }

    /**
     * @param why what was undecided, and what would decide it
     * @return the abort to throw, when inconclusive tests are skipped
     * @throws AssertionError saying {@code why}, when {@code jlbh.inconclusive = fail}
     */
    public static TestAbortedException of(Configuration configuration, String why) {
        if (configuration.inconclusive() == Inconclusive.FAIL) {
            throw new AssertionError(why + System.lineSeparator() + "(failed: " + LatencyTestConfiguration.INCONCLUSIVE
                    + " = fail fails a test that could not be decided)");
        }
        return new TestAbortedException(why);
    }
}

package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.opentest4j.TestAbortedException;

/**
 * How a latency test that could not be decided ends, as {@value LatencyTestConfiguration#INCONCLUSIVE} says: aborted
 * (JUnit and Surefire report it as skipped) or failed. The one place where that choice is made. Stateless.
 */
public final class InconclusiveEnd {

    private InconclusiveEnd() {
    }

    /**
     * @param configuration the test run's configuration
     * @param why           what was undecided, a sentence or more; it should say what would decide it
     * @return the abort to throw, when inconclusive tests are skipped
     * @throws AssertionError when inconclusive tests fail ({@code jlbh.inconclusive = fail}), its message {@code why}
     *                        and that it fails for that reason
     */
    public static TestAbortedException of(Configuration configuration, String why) {
        if (configuration.inconclusive() == Inconclusive.FAIL) {
            throw new AssertionError(why + System.lineSeparator() + "(failed: " + LatencyTestConfiguration.INCONCLUSIVE
                    + " = fail fails a test that could not be decided)");
        }
        return new TestAbortedException(why);
    }
}

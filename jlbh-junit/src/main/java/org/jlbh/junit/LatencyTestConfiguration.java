package org.jlbh.junit;

/**
 * The configuration parameters of latency tests, set in {@code junit-platform.properties} or as system properties
 * ({@code -Djlbh.mode=report}). An unparseable value fails each latency test with a configuration error.
 */
public final class LatencyTestConfiguration {

    /**
     * {@value}: {@code enforce} (default) fails a test whose budget breaks; {@code report} measures and prints but
     * never fails on a budget; {@code disabled} skips latency tests.
     */
    public static final String MODE = "jlbh.mode";

    /**
     * {@value}: a factor &gt; 0 applied to iterations and warm-up iterations (default 1), for a quick build. A factor
     * that leaves too few samples for a budget's percentile aborts the test, saying so; it never passes silently.
     */
    public static final String ITERATIONS_FACTOR = "jlbh.iterations.factor";

    /** {@value}: a factor &gt; 0 applied to every budget's maxMicros (default 1), for a slower machine. */
    public static final String BUDGET_FACTOR = "jlbh.budget.factor";

    private LatencyTestConfiguration() {
    }

    /** The values of {@link #MODE}. */
    public enum Mode {
        /** Budgets are enforced: a breach fails the test. */
        ENFORCE,
        /** Latency is measured and reported; a breach is printed but does not fail the test. */
        REPORT,
        /** Latency tests are skipped. */
        DISABLED
    }
}

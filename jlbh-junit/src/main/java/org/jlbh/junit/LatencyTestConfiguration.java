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

    /**
     * {@value}: {@code aware} (default) or {@code strict}. When aware, a test whose budget breaks only in runs
     * during which the platform itself stalled longer than the budget (the OS jitter measurement's worst wake-up
     * delay) is aborted as inconclusive, with the stall figures in the reason, instead of failed: Surefire reports
     * it skipped. Strict fails it. Without OS jitter recorded, every breach fails.
     */
    public static final String NOISE = "jlbh.noise";

    /**
     * {@value}: how many times a test whose budgets break (or whose verdict is inconclusive) is measured again,
     * 0 by default. Every attempt is reported; a test passes on the first attempt that meets its budgets and says
     * which attempt that was.
     */
    public static final String RETRIES = "jlbh.retries";

    /**
     * {@value}: the folder for each test's JSON result, its HdrHistogram percentile distributions ({@code .hgrm})
     * and the suite's {@code index.html}; {@code target/jlbh-reports} by default, relative to the working directory.
     */
    public static final String REPORT_DIR = "jlbh.report.dir";

    /**
     * {@value}: a folder of earlier JSON results (copied from a report folder and kept in your repository). Each
     * test is compared with its earlier result per probe and percentile; a regression beyond the tolerance fails
     * the test in enforce mode. Unset by default: no comparison.
     */
    public static final String BASELINE_DIR = "jlbh.baseline.dir";

    /**
     * {@value}: {@code true} writes each test's result into {@link #BASELINE_DIR} as its new baseline, instead of
     * comparing with the old one; {@code false} by default.
     */
    public static final String BASELINE_WRITE = "jlbh.baseline.write";

    /**
     * {@value}: the smallest regression, in percent, that counts against a baseline, 10 by default. The tolerance
     * of each probe and percentile is the larger of this and the run-to-run variation the baseline itself showed
     * there ({@code 100 × (max − min) / ((max + min) / 2)} over its runs).
     */
    public static final String BASELINE_TOLERANCE = "jlbh.baseline.tolerance";

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

    /** The values of {@link #NOISE}. */
    public enum Noise {
        /** A breach explained by a platform stall longer than the budget is inconclusive, not a failure. */
        AWARE,
        /** Every breach fails. */
        STRICT
    }
}

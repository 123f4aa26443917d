package org.jlbh.junit;

/**
 * The configuration parameters of latency tests, set in {@code junit-platform.properties} or as system properties
 * ({@code -Djlbh.mode=report}). A value that cannot be used fails each latency test with a configuration error. Each
 * parameter's values, default and effect are tabled in
 * <a href="https://github.com/jlbh/jlbh-junit/blob/main/docs/configuration.md#configuration-parameters">the configuration page</a>.
 */
public final class LatencyTestConfiguration {

    /** {@value}: {@link Mode enforce} (default), {@code report} or {@code disabled}. */
    public static final String MODE = "jlbh.mode";

    /**
     * {@value}: a factor &gt; 0 (default 1) for the iterations and warm-up a test sets, not sized ones; one that leaves
     * too few samples for a budget's percentile leaves the test inconclusive.
     */
    public static final String ITERATIONS_FACTOR = "jlbh.iterations.factor";

    /** {@value}: a factor &gt; 0 (default 1) for every budget's maxMicros, for a slower machine. */
    public static final String BUDGET_FACTOR = "jlbh.budget.factor";

    /** {@value}: {@link Noise aware} (default) or {@code strict}: whether breaches count on the code's own account. */
    public static final String NOISE = "jlbh.noise";

    /**
     * {@value}: {@code on} (default) or {@code off}: whether the scheduler's statistics and the JVM's pauses are
     * collected to put late samples down to their causes; off, a breach is weighed against OS jitter alone.
     */
    public static final String EVIDENCE = "jlbh.evidence";

    /**
     * {@value}: how many more times, 0 to 10 (default 0), a failed or inconclusive test is measured afresh, each
     * attempt judged on its own; the test passes on the first attempt that meets its budgets.
     */
    public static final String RETRY_FAILED = "jlbh.retry.failed";

    /**
     * {@value}: how many more attempts, 0 to 10 (default 3), a test gets while its runs disagree about a latency
     * budget; every run of every attempt counts towards the decision.
     */
    public static final String REMEASURE_UNDECIDED = "jlbh.remeasure.undecided";

    /**
     * {@value}: {@link Inconclusive skip} (default) or {@code fail}: whether a test whose measurement cannot show if
     * its budgets hold is aborted (reported as skipped) or fails. Its message says what would decide it.
     */
    public static final String INCONCLUSIVE = "jlbh.inconclusive";

    /** {@value}: the folder of the results and the suite's page; {@code target/jlbh-reports} by default. */
    public static final String REPORT_DIR = "jlbh.report.dir";

    /** {@value}: the folder of each test's recorded builds, to compare with; unset by default: no comparison. */
    public static final String BASELINE_DIR = "jlbh.baseline.dir";

    /**
     * {@value}: {@code true} records this build in {@link #BASELINE_DIR} (keeping the last {@link #BASELINE_HISTORY})
     * instead of comparing with it; {@code false} by default. A build is not recorded when a run did not complete,
     * its verdict is inconclusive, or a run lacks the scheduler's or the JVM's evidence; it says why.
     */
    public static final String BASELINE_WRITE = "jlbh.baseline.write";

    /** {@value}: the smallest change counted as a regression against a baseline, in percent, 10 by default. */
    public static final String BASELINE_TOLERANCE = "jlbh.baseline.tolerance";

    /** {@value}: how many recorded builds a baseline keeps, 1 to 100, 5 by default. */
    public static final String BASELINE_HISTORY = "jlbh.baseline.history";

    /** {@value}: the percentiles compared with the baseline, comma-separated, {@code 50,90,99} by default. */
    public static final String BASELINE_PERCENTILES = "jlbh.baseline.percentiles";

    /** {@value}: {@link BaselineEnvironment same} (default) or {@code any}: which recorded builds gate. */
    public static final String BASELINE_ENVIRONMENT = "jlbh.baseline.environment";

    /**
     * {@value}: the base build's test and main classes (folders, jars, and {@code @file}s listing more), separated by
     * the platform's path separator: each latency test also runs the base's copy of its class, in turns in the same
     * JVM, and is judged against it. Unset by default: no pairing.
     */
    public static final String PAIRED_BASE = "jlbh.paired.base";

    /** {@value}: the smallest change counted as a regression against the paired base, in percent, 5 by default. */
    public static final String PAIRED_TOLERANCE = "jlbh.paired.tolerance";

    /**
     * {@value}: {@code on} (default) or {@code off}: whether latency tests of this user's JVMs on the machine measure
     * in turn. The turn is taken after {@code @BeforeEach}, outside the test's timeouts.
     */
    public static final String MACHINE_LOCK = "jlbh.machine.lock";

    /**
     * {@value}: the longest a test waits for its turn ({@link #MACHINE_LOCK}), in seconds, &ge; 0, 600 by default;
     * past it, the test is measured anyway and says it shared the machine.
     */
    public static final String MACHINE_LOCK_WAIT = "jlbh.machine.lock.wait";

    /** {@value}: {@code on} (default) or {@code off}: whether a table goes to the file {@code GITHUB_STEP_SUMMARY}. */
    public static final String SUMMARY = "jlbh.summary";

    /**
     * {@value}: {@link Profile on-breach} (default), {@code always} or {@code off}: when a test measures one run more
     * after its verdict under async-profiler, to say where its late iterations spent their time.
     */
    public static final String PROFILE = "jlbh.profile";

    private LatencyTestConfiguration() {
    }

    /** The values of {@link #MODE}. */
    public enum Mode {
        /** A breach fails the test. */
        ENFORCE,
        /** A breach is reported and does not fail the test. */
        REPORT,
        /** Latency tests are skipped. */
        DISABLED
    }

    /** The values of {@link #INCONCLUSIVE}. */
    public enum Inconclusive {
        /** An inconclusive test is aborted: reported as skipped. */
        SKIP,
        /** An inconclusive test fails. */
        FAIL
    }

    /** The values of {@link #BASELINE_ENVIRONMENT}. */
    public enum BaselineEnvironment {
        /** Only builds recorded on the same machine and JVM gate. */
        SAME,
        /** Builds recorded anywhere gate. */
        ANY
    }

    /** The values of {@link #PROFILE}. */
    public enum Profile {
        /** Profiled once a latency budget broke on the code's own account (written {@code on-breach}). */
        ON_BREACH,
        /** Every latency test is profiled, against its smallest budget when none broke. */
        ALWAYS,
        /** None is. */
        OFF
    }

    /** The values of {@link #NOISE}. */
    public enum Noise {
        /**
         * A budget that holds without the late samples the platform and the JVM account for passes, saying both
         * figures; without the scheduler's evidence such a breach is inconclusive.
         */
        AWARE,
        /** Every breach as measured fails. */
        STRICT
    }
}

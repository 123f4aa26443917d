package org.jlbh.junit;

/**
 * The configuration parameters of latency tests, set in {@code junit-platform.properties} or as system properties
 * ({@code -Djlbh.mode=report}). An unparseable value fails each latency test with a configuration error.
 *
 * <p>The guide's page on it: {@code docs/configuration.md}.
 */
public final class LatencyTestConfiguration {

    /**
     * {@value}: {@code enforce} (default) fails a test whose budget breaks; {@code report} measures and prints but
     * never fails on a budget; {@code disabled} skips latency tests.
     */
    public static final String MODE = "jlbh.mode";

    /**
     * {@value}: a factor &gt; 0 applied to the iterations and warm-up iterations a test sets (default 1), for a quick
     * build; what was sized from the budgets ({@link LatencyTest#SIZED}) is already the fewest they allow, and is not
     * scaled. A factor that leaves too few samples for a budget's percentile aborts the test, saying so; it never
     * passes silently.
     */
    public static final String ITERATIONS_FACTOR = "jlbh.iterations.factor";

    /** {@value}: a factor &gt; 0 applied to every budget's maxMicros (default 1), for a slower machine. */
    public static final String BUDGET_FACTOR = "jlbh.budget.factor";

    /**
     * {@value}: {@code aware} (default) or {@code strict}. Every sample over a budget is put down to a cause: the
     * platform (the harness thread waited for a CPU, or the host stole it), a safepoint of the JVM, a garbage
     * collection, or the code. When aware, a budget that breaks as measured but holds without the late samples that
     * the platform, the JVM's safepoints and its collections' copying of objects older than the measured runs account
     * for is met on the code's own account: the test passes, saying both figures; the code's own late samples always
     * count. Strict fails every breach as measured. Both give the attribution in the message.
     */
    public static final String NOISE = "jlbh.noise";

    /**
     * {@value}: {@code on} (default) or {@code off}. On, each measurement collects the evidence that attributes late
     * samples: on Linux, each harness thread's own scheduler statistics, read by the thread itself between its
     * iterations from {@code /proc/thread-self}, and a sleeping witness thread that tells a stall of the whole machine;
     * and the JVM's safepoints and collections (a Flight Recorder recording, {@code jlbh: JVM pauses for latency
     * tests}, started when JUnit discovers latency tests among the classes a run selects, else by the JVM's first
     * latency test, and kept until the JVM exits). Off, none is collected, and a breach is weighed against OS jitter
     * alone.
     */
    public static final String EVIDENCE = "jlbh.evidence";

    /**
     * {@value}: how many times a test whose budgets break (or whose verdict is inconclusive) starts again afresh, each
     * attempt judged on its own, 0 to 10, 0 by default. Every attempt is reported; a test passes on the first attempt
     * that meets its budgets and says which attempt that was.
     */
    public static final String RETRY_FAILED = "jlbh.retry.failed";


    /**
     * {@value}: how many more attempts a test gets, at most, when its runs disagree about a latency budget (some meet
     * it, some break it, and neither side leads by the sequential rule's margin), 3 by default; 0 leaves such a test
     * inconclusive at once, and so does this machine's own floor where it leaves a budget no room (a test whose runs
     * are sized, {@link LatencyTest#runs()}); a sweep's rate above its {@link LatencyTemplate#requiredThroughput()},
     * whose latency budgets are reported and not enforced, is not measured again either. Unlike {@link #RETRY_FAILED},
     * which measures a failed test again until an attempt passes, every run of every attempt counts towards the
     * decision.
     */
    public static final String REMEASURE_UNDECIDED = "jlbh.remeasure.undecided";


    /**
     * {@value}: {@code skip} (default) or {@code fail}: what an inconclusive latency test does to the build. A test is
     * inconclusive when its measurement cannot show whether its budgets hold: its runs still disagree after the
     * attempts {@link #REMEASURE_UNDECIDED} allows, or this machine's own floor leaves a budget no room; its budgets
     * broke only through late samples that are not the code's, judged without the scheduler's evidence; {@link
     * #ITERATIONS_FACTOR} leaves too few samples for a budget's percentile; or an earlier test's body is still running.
     * {@code skip} aborts it (JUnit and Surefire report it as skipped, and a build does not fail on skips); {@code fail}
     * fails it, for a gate whose rule is "red unless shown within budget". Either way its message says what was
     * undecided and what would decide it.
     */
    public static final String INCONCLUSIVE = "jlbh.inconclusive";

    /**
     * {@value}: the folder for each test's JSON result, its HdrHistogram percentile distributions ({@code .hgrm})
     * and the suite's {@code index.html}; {@code target/jlbh-reports} by default, relative to the working directory.
     */
    public static final String REPORT_DIR = "jlbh.report.dir";

    /**
     * {@value}: the folder of each test's baseline: the builds recorded with {@link #BASELINE_WRITE}, up to
     * {@link #BASELINE_HISTORY} of them a test, kept in your repository. Each test is compared with its recorded builds
     * per probe and percentile, on the code's own account; a regression beyond {@link #BASELINE_TOLERANCE} fails the
     * test in enforce mode. Unset by default: no comparison.
     */
    public static final String BASELINE_DIR = "jlbh.baseline.dir";

    /**
     * {@value}: {@code true} adds this build's result to each test's baseline in {@link #BASELINE_DIR}, keeping the
     * last {@link #BASELINE_HISTORY} builds, instead of comparing with it; {@code false} by default. A build whose
     * runs did not complete, or whose verdict is inconclusive, is not recorded.
     */
    public static final String BASELINE_WRITE = "jlbh.baseline.write";

    /**
     * {@value}: the smallest change, in percent, that counts against a baseline, 10 by default: a percentile
     * regresses when the whole interval of its estimated change lies above this.
     */
    public static final String BASELINE_TOLERANCE = "jlbh.baseline.tolerance";

    /** {@value}: how many recorded builds a baseline keeps, 5 by default (1 to 100). */
    public static final String BASELINE_HISTORY = "jlbh.baseline.history";

    /**
     * {@value}: the percentiles compared with the baseline and gated, comma-separated, {@code 50,90,99} by default;
     * each is compared only where this build's runs have enough samples for it.
     */
    public static final String BASELINE_PERCENTILES = "jlbh.baseline.percentiles";

    /**
     * {@value}: {@code same} (default) gates only against builds recorded on the same machine and JVM (CPU, cores,
     * JDK, collectors) and reports a comparison with others without failing; {@code any} gates against any.
     */
    public static final String BASELINE_ENVIRONMENT = "jlbh.baseline.environment";

    /**
     * {@value}: the base build's compiled classes, to pair each latency test with (the paired mode): its test classes'
     * and main classes' folders or jars, separated by the platform's path separator ({@code :} on Linux and macOS,
     * {@code ;} on Windows), e.g. {@code ../base/target/test-classes:../base/target/classes}. Each latency test then
     * also runs on the base's copy of its class, loaded apart (the test class and the code under test from the base;
     * JUnit, jlbh and the libraries shared), its runs taken in turns with the change's in the same JVM, and the change
     * is judged against the base on the paired differences. Unset by default: no pairing.
     */
    public static final String PAIRED_BASE = "jlbh.paired.base";

    /**
     * {@value}: the smallest change against the base, in percent, that a paired test counts as a regression, 5 by
     * default: a percentile regresses when its whole interval lies above this.
     */
    public static final String PAIRED_TOLERANCE = "jlbh.paired.tolerance";

    /**
     * {@value}: {@code on} (default) or {@code off}. On, a latency test's measurement (this machine's floor, its
     * attempts and its reports) takes the machine in turn with the latency tests of every other JVM of this user on
     * the machine: Surefire's forks ({@code forkCount=2}), Maven's parallel module builds ({@code -T 2}), other builds.
     * It is an OS file lock on {@code jlbh-machine-<user>.lock} in the system temporary folder, released by the OS
     * when its JVM dies. The report and the JSON result say how long a test waited and whose measurement it waited
     * for. The turn is taken after the test's {@code @BeforeEach} methods, just before its method is called: the wait
     * is part of neither the measurement, {@link LatencyTest#timeoutMillis()} nor a JUnit {@code @Timeout} on the
     * method. Plain tests of other JVMs still run beside a
     * measurement: for the cleanest figures, run latency tests apart ({@code -Dgroups=latency} in a step of their
     * own). Off, tests of several JVMs measure at the same time, and each reads the others' load as its own.
     */
    public static final String MACHINE_LOCK = "jlbh.machine.lock";

    /**
     * {@value}: the longest a latency test waits for the machine ({@link #MACHINE_LOCK}), in seconds, 600 by default,
     * from 0 up; past it, the test is measured anyway, and its report and JSON result say that it shared the machine.
     */
    public static final String MACHINE_LOCK_WAIT = "jlbh.machine.lock.wait";

    /**
     * {@value}: {@code on} (default) or {@code off}. On, where the environment variable {@code GITHUB_STEP_SUMMARY}
     * names a file (GitHub Actions sets it for each step), each test run appends a Markdown table of its latency tests
     * to it, failures first: outcome, verdict, runs and time, which the workflow run's page shows. Several JVMs of one
     * step append in turn. Off, nothing is written there.
     */
    public static final String SUMMARY = "jlbh.summary";

    /**
     * {@value}: {@code on-breach} (default), {@code always} or {@code off}. On a breach, once a latency budget broke on
     * the code's own account, the test measures one run more after its verdict (a warm-up round and one run of its
     * settings) with async-profiler sampling its harness threads by wall-clock time every 100 µs, and says where the
     * late iterations (those over the broken budget, each from its intended start to its end) spent their time: the
     * frames they took more of their time in than the iterations on time, in the failure message (the first three),
     * on the console (ten) and in the JSON result, and flame graphs of them in the report folder. The verdict is the
     * runs' before it, whatever the profile finds; the run's time is said. {@code always} profiles every latency test
     * so, against its smallest budget when none broke; {@code off} never. Where the profiler cannot start (another
     * platform, another profiler already running in the JVM) the report says why, and nothing else changes. The
     * profiler's native library is extracted into the system temporary folder, loaded once per JVM and deleted there
     * at once. See the guide's page on reports.
     */
    public static final String PROFILE = "jlbh.profile";

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
        /** Profiled when a latency budget broke on the code's own account (written {@code on-breach}). */
        ON_BREACH,
        /** Every latency test is profiled. */
        ALWAYS,
        /** None is. */
        OFF
    }

    /** The values of {@link #NOISE}. */
    public enum Noise {
        /**
         * A broken latency budget that holds without the late samples the platform (waits for a CPU, the host's and
         * the whole machine's stalls), the JVM's safepoints and its collections' copying of objects older than the
         * measured runs account for is met on the code's own account: the test passes, saying both figures. This
         * needs the scheduler's evidence; without it (another OS, or {@link #EVIDENCE} off) a breach the OS jitter
         * measured beside the runs explains is inconclusive, not a failure. Any other breach fails.
         */
        AWARE,
        /** Every breach as measured fails, with its late samples' causes in the message. */
        STRICT
    }
}

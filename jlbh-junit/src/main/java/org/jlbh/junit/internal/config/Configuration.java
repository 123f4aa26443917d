package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.BaselineEnvironment;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.LatencyTestConfiguration.Profile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration parameters of latency tests ({@link LatencyTestConfiguration}), read once per test run (one JUnit
 * launcher) and kept in the root extension store. A value that cannot be used fails every latency test with a
 * configuration error naming the test ({@link Loaded#require}). Immutable; thread-safe.
 *
 * @param mode                {@value LatencyTestConfiguration#MODE}
 * @param noise               {@value LatencyTestConfiguration#NOISE}
 * @param retries             {@value LatencyTestConfiguration#RETRY_FAILED}: more attempts of a failed test
 * @param iterationsFactor    {@value LatencyTestConfiguration#ITERATIONS_FACTOR}, &gt; 0
 * @param budgetFactor        {@value LatencyTestConfiguration#BUDGET_FACTOR}, &gt; 0
 * @param reportDir           {@value LatencyTestConfiguration#REPORT_DIR}, or the build tool's default
 * @param baselineDir         {@value LatencyTestConfiguration#BASELINE_DIR}, if set
 * @param writeBaseline       {@value LatencyTestConfiguration#BASELINE_WRITE}: results recorded instead of compared
 * @param tolerancePercent    {@value LatencyTestConfiguration#BASELINE_TOLERANCE}, in percent
 * @param baselineHistory     {@value LatencyTestConfiguration#BASELINE_HISTORY}: builds a baseline keeps
 * @param baselinePercentiles {@value LatencyTestConfiguration#BASELINE_PERCENTILES}, as labels
 * @param baselineEnvironment {@value LatencyTestConfiguration#BASELINE_ENVIRONMENT}
 * @param evidence            {@value LatencyTestConfiguration#EVIDENCE}: whether scheduler and JVM evidence is collected
 * @param remeasures          {@value LatencyTestConfiguration#REMEASURE_UNDECIDED}: more attempts while runs disagree
 * @param paired              {@value LatencyTestConfiguration#PAIRED_BASE} and its tolerance, if a base is set
 * @param machineLock         {@value LatencyTestConfiguration#MACHINE_LOCK}: whether JVMs' latency tests measure in turn
 * @param machineWaitSeconds  {@value LatencyTestConfiguration#MACHINE_LOCK_WAIT}, in seconds
 * @param summary             {@value LatencyTestConfiguration#SUMMARY}: whether the CI job's summary gets the tables
 * @param profile             {@value LatencyTestConfiguration#PROFILE}
 * @param inconclusive        {@value LatencyTestConfiguration#INCONCLUSIVE}
 */
public record Configuration(Mode mode, Noise noise, int retries, double iterationsFactor, double budgetFactor,
                            Path reportDir, Optional<Path> baselineDir, boolean writeBaseline,
                            double tolerancePercent, int baselineHistory, List<String> baselinePercentiles,
                            BaselineEnvironment baselineEnvironment, boolean evidence, int remeasures,
                            Optional<Paired> paired, boolean machineLock, double machineWaitSeconds,
                            boolean summary, Profile profile, Inconclusive inconclusive) {
    /** The default of {@value LatencyTestConfiguration#BASELINE_TOLERANCE}, in percent. */
    public static final double DEFAULT_TOLERANCE_PERCENT = 10;
    /** The default of {@value LatencyTestConfiguration#PAIRED_TOLERANCE}, in percent. */
    public static final double DEFAULT_PAIRED_TOLERANCE_PERCENT = 5;
    /** The default of {@value LatencyTestConfiguration#BASELINE_PERCENTILES}. */
    public static final List<String> DEFAULT_BASELINE_PERCENTILES = List.of("50", "90", "99");
    /** The most retries and remeasures: each is a full measurement. */
    static final int MAX_ATTEMPTS = 10;
    private static final int MAX_BASELINE_HISTORY = 100;

    /** Copies the percentiles. */
    public Configuration {
        baselinePercentiles = List.copyOf(baselinePercentiles);
    }

    /**
     * Reads {@value LatencyTestConfiguration#EVIDENCE} alone, as {@link #load} does, for those that need no more.
     *
     * @param parameters reads a configuration parameter by name
     * @return whether the evidence is collected; {@code true} where the value cannot be read
     */
    public static boolean evidence(Function<String, Optional<String>> parameters) {
        return new ParameterReader(parameters).onOff(LatencyTestConfiguration.EVIDENCE, true);
    }

    /**
     * Reads every parameter.
     *
     * @param parameters reads a configuration parameter by name
     * @return the configuration, or the first parameter that could not be read
     */
    public static Loaded load(Function<String, Optional<String>> parameters) {
        ParameterReader reader = new ParameterReader(parameters);
        Mode mode = reader.choice(LatencyTestConfiguration.MODE, Mode.class, Mode.ENFORCE);
        Optional<Mode> modeRead = reader.firstProblem().isEmpty() ? Optional.of(mode) : Optional.empty();
        Noise noise = reader.choice(LatencyTestConfiguration.NOISE, Noise.class, Noise.AWARE);
        int retries = attempts(reader, LatencyTestConfiguration.RETRY_FAILED, 0, "retries");
        int remeasures = attempts(reader, LatencyTestConfiguration.REMEASURE_UNDECIDED, 3, "attempts");
        double iterationsFactor = factor(reader, LatencyTestConfiguration.ITERATIONS_FACTOR);
        double budgetFactor = factor(reader, LatencyTestConfiguration.BUDGET_FACTOR);
        Path reportDir = reader.path(LatencyTestConfiguration.REPORT_DIR).orElse(defaultReportDir(Path.of("")));
        Optional<Path> baselineDir = reader.path(LatencyTestConfiguration.BASELINE_DIR);
        boolean writeBaseline = writeBaseline(reader, baselineDir.isPresent());
        double tolerance = percentage(reader, LatencyTestConfiguration.BASELINE_TOLERANCE, DEFAULT_TOLERANCE_PERCENT);
        int history = (int) reader.number(LatencyTestConfiguration.BASELINE_HISTORY,
                ParameterReader.Range.whole(1, MAX_BASELINE_HISTORY), 5,
                "is not a whole number of builds from 1 to " + MAX_BASELINE_HISTORY, "use e.g. 5");
        List<String> percentiles = reader.percentiles(LatencyTestConfiguration.BASELINE_PERCENTILES,
                DEFAULT_BASELINE_PERCENTILES);
        BaselineEnvironment environment = reader.choice(LatencyTestConfiguration.BASELINE_ENVIRONMENT,
                BaselineEnvironment.class, BaselineEnvironment.SAME);
        boolean evidence = reader.onOff(LatencyTestConfiguration.EVIDENCE, true);
        double pairedTolerance = percentage(reader, LatencyTestConfiguration.PAIRED_TOLERANCE,
                DEFAULT_PAIRED_TOLERANCE_PERCENT);
        Optional<Paired> paired = reader.classPath(LatencyTestConfiguration.PAIRED_BASE)
                .map(base -> new Paired(base, pairedTolerance));
        boolean machineLock = reader.onOff(LatencyTestConfiguration.MACHINE_LOCK, true);
        double machineWait = reader.number(LatencyTestConfiguration.MACHINE_LOCK_WAIT,
                ParameterReader.Range.above(0, true), 600, "is not a number of seconds, 0 or more", "use e.g. 600");
        boolean summary = reader.onOff(LatencyTestConfiguration.SUMMARY, true);
        Profile profile = reader.choice(LatencyTestConfiguration.PROFILE, Profile.class, Profile.ON_BREACH);
        Inconclusive inconclusive = reader.choice(LatencyTestConfiguration.INCONCLUSIVE, Inconclusive.class,
                Inconclusive.SKIP);
        Optional<InvalidParameter> problem = reader.firstProblem();
        return new Loaded(modeRead, reportDir, problem.isPresent() ? null : new Configuration(mode, noise, retries,
                iterationsFactor, budgetFactor, reportDir, baselineDir, writeBaseline, tolerance, history,
                percentiles, environment, evidence, remeasures, paired, machineLock, machineWait, summary, profile,
                inconclusive), problem.orElse(null));
    }

    private static int attempts(ParameterReader reader, String key, int byDefault, String what) {
        return (int) reader.number(key, ParameterReader.Range.whole(0, MAX_ATTEMPTS), byDefault,
                "is not a whole number of " + what + " from 0 to " + MAX_ATTEMPTS, "use e.g. 2");
    }

    private static double factor(ParameterReader reader, String key) {
        return reader.number(key, ParameterReader.Range.above(0, false), 1, "is not a positive number",
                "use a factor such as 0.1 or 2");
    }

    private static double percentage(ParameterReader reader, String key, double byDefault) {
        return reader.number(key, ParameterReader.Range.above(0, true), byDefault, "is not valid",
                "use a percentage of 0 or more, e.g. " + (long) byDefault);
    }

    private static boolean writeBaseline(ParameterReader reader, boolean baselineDirSet) {
        boolean write = reader.trueOrFalse(LatencyTestConfiguration.BASELINE_WRITE);
        if (write && !baselineDirSet) {
            reader.problem(LatencyTestConfiguration.BASELINE_WRITE, "true", "is not valid", "also set "
                    + LatencyTestConfiguration.BASELINE_DIR + " to the folder the baseline is written to");
        }
        return write;
    }

    /**
     * The paired mode's parameters. Immutable.
     *
     * @param base             the base build's class folders and jars, in order
     * @param tolerancePercent the smallest change against the base counted as a regression, in percent
     */
    public record Paired(List<Path> base, double tolerancePercent) {
        /** Copies the paths. */
        public Paired {
            base = List.copyOf(base);
        }
    }

    /**
     * @param projectDir the directory the tests run in (Maven's and Gradle's test tasks run them in the project's)
     * @return {@code build/jlbh-reports} in a Gradle project (a {@code build.gradle} or {@code build.gradle.kts} and
     *         no {@code pom.xml}), else {@code target/jlbh-reports}
     */
    static Path defaultReportDir(Path projectDir) {
        boolean gradle = Files.exists(projectDir.resolve("build.gradle"))
                || Files.exists(projectDir.resolve("build.gradle.kts"));
        return Path.of(gradle && !Files.exists(projectDir.resolve("pom.xml")) ? "build" : "target", "jlbh-reports");
    }

    /** The outcome of reading the parameters: a configuration, or the parameter that could not be read. */
    public static final class Loaded {
        private final Optional<Mode> mode;
        private final Path reportDir;
        private final Configuration configuration;
        private final InvalidParameter problem;

        private Loaded(Optional<Mode> mode, Path reportDir, Configuration configuration, InvalidParameter problem) {
            this.mode = mode;
            this.reportDir = reportDir;
            this.configuration = configuration;
            this.problem = problem;
        }

        /** @return the mode, when its parameter could be read (whatever the others) */
        public Optional<Mode> mode() {
            return mode;
        }

        /**
         * @return whether the job summary is switched off ({@code jlbh.summary = off}); where a parameter cannot be
         *         read, it is not: the summary lists the tests that configuration error failed
         */
        public boolean summaryOff() {
            return configuration != null && !configuration.summary();
        }

        /** @return the report folder, as configured (whatever the other parameters) or the default */
        public Path reportDir() {
            return reportDir;
        }

        /**
         * @param where the latency test asking, for the message
         * @return the configuration
         * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException when a parameter could not be
         *         read, naming the parameter, the test and the fix
         */
        public Configuration require(String where) {
            if (problem != null) {
                throw problem.error(where);
            }
            return configuration;
        }
    }
}

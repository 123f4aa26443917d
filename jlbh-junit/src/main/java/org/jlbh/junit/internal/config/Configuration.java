package org.jlbh.junit.internal.config;

import org.jlbh.core.Percentiles;
import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.BaselineEnvironment;
import org.jlbh.junit.LatencyTestConfiguration.Evidence;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.MachineLock;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.LatencyTestConfiguration.Profile;
import org.jlbh.junit.LatencyTestConfiguration.Summary;

import java.nio.file.InvalidPathException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration parameters of latency tests ({@link LatencyTestConfiguration}), read once per test run (one
 * JUnit launcher) and kept in the root extension store, as JUnit's own timeout configuration is. A parameter that
 * cannot be parsed is kept as an {@link InvalidParameter} and fails every latency test with a configuration error
 * that names the test. Immutable; thread-safe.
 *
 * @param mode               enforce, report or disabled
 * @param noise              whether breaches explained by platform stalls are inconclusive or fail
 * @param retries            how many more attempts a breached test gets
 * @param remeasures         how many more attempts, at most, a test whose runs disagree about a budget gets
 * @param iterationsFactor   applied to iterations and warm-up iterations
 * @param budgetFactor       applied to every budget
 * @param reportDir          the report folder
 * @param baselineDir        the baseline folder, if any
 * @param writeBaseline      whether results are written into the baseline folder instead of compared
 * @param tolerancePercent   the smallest change counted as a regression, in percent
 * @param baselineHistory    how many recorded builds a baseline keeps
 * @param baselinePercentiles the percentiles compared with a baseline, as labels
 * @param baselineEnvironment which recorded builds gate
 * @param evidence           whether scheduler and JVM evidence is collected
 * @param remeasures         how many more attempts, at most, a test whose runs disagree gets
 * @param paired             the base build to pair each latency test with, if any
 * @param machineLock        whether latency tests of different JVMs on the machine measure in turn
 * @param machineWaitSeconds the longest a test waits for its turn, in seconds
 * @param summary            whether each test run appends its table to the CI job's summary, where it has one
 * @param profile            when a test's late iterations are profiled after its verdict
 * @param inconclusive       whether an inconclusive test is skipped or fails
 */
public record Configuration(Mode mode, Noise noise, int retries, double iterationsFactor, double budgetFactor,
                            Path reportDir, Optional<Path> baselineDir, boolean writeBaseline,
                            double tolerancePercent, int baselineHistory, List<String> baselinePercentiles,
                            BaselineEnvironment baselineEnvironment, Evidence evidence, int remeasures,
                            Optional<Paired> paired, MachineLock machineLock, double machineWaitSeconds,
                            Summary summary, Profile profile, Inconclusive inconclusive) {
    /** The report folder when none is configured. */
    public static final String DEFAULT_REPORT_DIR = "target/jlbh-reports";
    /** The report folder when none is configured, in a Gradle project. */
    public static final String GRADLE_REPORT_DIR = "build/jlbh-reports";
    /** The smallest regression, in percent, when none is configured. */
    public static final double DEFAULT_TOLERANCE_PERCENT = 10;
    /** The most retries: each is a full measurement, and a failing test with many would run for minutes. */
    public static final int MAX_RETRIES = 10;
    /** How many more attempts a test whose runs disagree gets when none is configured. */
    public static final int DEFAULT_REMEASURES = 3;
    /** The builds a baseline keeps when none is configured. */
    public static final int DEFAULT_BASELINE_HISTORY = 5;
    /** The most builds a baseline may keep. */
    public static final int MAX_BASELINE_HISTORY = 100;
    /** The smallest regression against a paired base, in percent, when none is configured. */
    public static final double DEFAULT_PAIRED_TOLERANCE_PERCENT = 5;
    /** The longest a test waits for its turn on the machine when none is configured, in seconds. */
    public static final double DEFAULT_MACHINE_WAIT_SECONDS = 600;
    /** The percentiles compared with a baseline when none are configured. */
    public static final List<String> DEFAULT_BASELINE_PERCENTILES = List.of("50", "90", "99");

    /** Copies the percentiles. */
    public Configuration {
        baselinePercentiles = List.copyOf(baselinePercentiles);
    }

    /**
     * Reads {@value LatencyTestConfiguration#EVIDENCE} alone, as {@link #load} does, for those that need no more (when
     * JUnit has discovered the tests, say).
     *
     * @param parameters reads a configuration parameter by name
     * @return whether the evidence is collected; on where the parameter cannot be read (the tests say why)
     */
    public static Evidence evidence(Function<String, Optional<String>> parameters) {
        return new Reader(parameters).choice(LatencyTestConfiguration.EVIDENCE, Evidence.class, Evidence.ON);
    }

    /**
     * Reads every parameter.
     *
     * @param parameters reads a configuration parameter by name
     * @return the configuration, or the first parameter that could not be read
     */
    public static Loaded load(Function<String, Optional<String>> parameters) {
        Reader reader = new Reader(parameters);
        Mode mode = reader.choice(LatencyTestConfiguration.MODE, Mode.class, Mode.ENFORCE);
        Optional<Mode> modeRead = reader.problems.isEmpty() ? Optional.of(mode) : Optional.empty();
        Noise noise = reader.choice(LatencyTestConfiguration.NOISE, Noise.class, Noise.AWARE);
        int retries = reader.attempts(LatencyTestConfiguration.RETRY_FAILED, 0, "retries");
        int remeasures = reader.attempts(LatencyTestConfiguration.REMEASURE_UNDECIDED, DEFAULT_REMEASURES, "attempts");
        double iterationsFactor = reader.factor(LatencyTestConfiguration.ITERATIONS_FACTOR);
        double budgetFactor = reader.factor(LatencyTestConfiguration.BUDGET_FACTOR);
        Path reportDir = reader.path(LatencyTestConfiguration.REPORT_DIR).orElse(defaultReportDir(Path.of("")));
        Optional<Path> baselineDir = reader.path(LatencyTestConfiguration.BASELINE_DIR);
        boolean writeBaseline = reader.writeBaseline(baselineDir.isPresent());
        double tolerance = reader.tolerance();
        int history = reader.history();
        List<String> percentiles = reader.percentiles();
        BaselineEnvironment environment = reader.choice(LatencyTestConfiguration.BASELINE_ENVIRONMENT,
                BaselineEnvironment.class, BaselineEnvironment.SAME);
        Evidence evidence = reader.choice(LatencyTestConfiguration.EVIDENCE, Evidence.class, Evidence.ON);
        Optional<Paired> paired = reader.paired();
        MachineLock machineLock = reader.choice(LatencyTestConfiguration.MACHINE_LOCK, MachineLock.class,
                MachineLock.ON);
        double machineWait = reader.seconds(LatencyTestConfiguration.MACHINE_LOCK_WAIT, DEFAULT_MACHINE_WAIT_SECONDS);
        Summary summary = reader.choice(LatencyTestConfiguration.SUMMARY, Summary.class, Summary.ON);
        Profile profile = reader.choice(LatencyTestConfiguration.PROFILE, Profile.class, Profile.ON_BREACH);
        Inconclusive inconclusive = reader.choice(LatencyTestConfiguration.INCONCLUSIVE, Inconclusive.class,
                Inconclusive.SKIP);
        if (!reader.problems.isEmpty()) {
            return new Loaded(modeRead, reportDir, null, reader.problems.get(0));
        }
        return new Loaded(modeRead, reportDir, new Configuration(mode, noise, retries, iterationsFactor, budgetFactor,
                reportDir, baselineDir, writeBaseline, tolerance, history, percentiles, environment, evidence,
                remeasures, paired, machineLock, machineWait, summary, profile, inconclusive), null);
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
     * @return {@value #GRADLE_REPORT_DIR} in a Gradle project (a {@code build.gradle} or {@code build.gradle.kts}
     *         and no {@code pom.xml}), else {@value #DEFAULT_REPORT_DIR}
     */
    static Path defaultReportDir(Path projectDir) {
        boolean gradle = Files.exists(projectDir.resolve("build.gradle"))
                || Files.exists(projectDir.resolve("build.gradle.kts"));
        return Path.of(gradle && !Files.exists(projectDir.resolve("pom.xml")) ? GRADLE_REPORT_DIR : DEFAULT_REPORT_DIR);
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
            return configuration != null && configuration.summary() == Summary.OFF;
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

    /** Parses parameters one by one, keeping what is wrong with them. */
    private static final class Reader {
        private final Function<String, Optional<String>> parameters;
        private final List<InvalidParameter> problems = new ArrayList<>();

        Reader(Function<String, Optional<String>> parameters) {
            this.parameters = parameters;
        }

        <E extends Enum<E>> E choice(String key, Class<E> type, E byDefault) {
            Optional<String> value = parameters.apply(key);
            if (value.isEmpty()) {
                return byDefault;
            }
            List<String> names = new ArrayList<>();
            for (E choice : type.getEnumConstants()) {
                // ON_BREACH is written on-breach
                String name = choice.name().toLowerCase(Locale.ROOT).replace('_', '-');
                if (name.equalsIgnoreCase(value.get().trim())) {
                    return choice;
                }
                names.add(name);
            }
            problems.add(new InvalidParameter(key, value.get(), "is not one of " + names,
                    "use one of " + String.join(", ", names)));
            return byDefault;
        }

        /** @return a number of more attempts, 0 to {@value #MAX_RETRIES} */
        int attempts(String key, int byDefault, String what) {
            Optional<String> value = parameters.apply(key);
            if (value.isEmpty()) {
                return byDefault;
            }
            try {
                int attempts = Integer.parseInt(value.get().trim());
                if (attempts >= 0 && attempts <= MAX_RETRIES) {
                    return attempts;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            problems.add(new InvalidParameter(key, value.get(),
                    "is not a whole number of " + what + " from 0 to " + MAX_RETRIES, "use e.g. 2"));
            return byDefault;
        }

        double factor(String key) {
            Optional<String> value = parameters.apply(key);
            if (value.isEmpty()) {
                return 1;
            }
            try {
                double factor = Double.parseDouble(value.get().trim());
                if (factor > 0 && !Double.isInfinite(factor)) {
                    return factor;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            problems.add(new InvalidParameter(key, value.get(), "is not a positive number",
                    "use a factor such as 0.1 or 2"));
            return 1;
        }

        Optional<Path> path(String key) {
            Optional<String> value = parameters.apply(key).map(String::trim).filter(v -> !v.isEmpty());
            if (value.isEmpty()) {
                return Optional.empty();
            }
            try {
                return Optional.of(Path.of(value.get()));
            } catch (InvalidPathException e) {
                problems.add(new InvalidParameter(key, value.get(), "is not valid",
                        "use a folder path (" + e.getMessage() + ")"));
                return Optional.empty();
            }
        }

        boolean writeBaseline(boolean baselineDirSet) {
            Optional<String> value = parameters.apply(LatencyTestConfiguration.BASELINE_WRITE).map(String::trim);
            if (value.isEmpty()) {
                return false;
            }
            if (!value.get().equalsIgnoreCase("true") && !value.get().equalsIgnoreCase("false")) {
                problems.add(new InvalidParameter(LatencyTestConfiguration.BASELINE_WRITE, value.get(), "is not valid",
                        "use true or false"));
                return false;
            }
            boolean write = Boolean.parseBoolean(value.get());
            if (write && !baselineDirSet) {
                problems.add(new InvalidParameter(LatencyTestConfiguration.BASELINE_WRITE, "true", "is not valid",
                        "also set " + LatencyTestConfiguration.BASELINE_DIR + " to the folder the baseline is written to"));
            }
            return write;
        }

        int history() {
            Optional<String> value = parameters.apply(LatencyTestConfiguration.BASELINE_HISTORY);
            if (value.isEmpty()) {
                return DEFAULT_BASELINE_HISTORY;
            }
            try {
                int history = Integer.parseInt(value.get().trim());
                if (history >= 1 && history <= MAX_BASELINE_HISTORY) {
                    return history;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            problems.add(new InvalidParameter(LatencyTestConfiguration.BASELINE_HISTORY, value.get(),
                    "is not a whole number of builds from 1 to " + MAX_BASELINE_HISTORY, "use e.g. 5"));
            return DEFAULT_BASELINE_HISTORY;
        }

        List<String> percentiles() {
            Optional<String> value = parameters.apply(LatencyTestConfiguration.BASELINE_PERCENTILES);
            if (value.isEmpty()) {
                return DEFAULT_BASELINE_PERCENTILES;
            }
            List<String> labels = new ArrayList<>();
            try {
                for (String part : value.get().split(",")) {
                    double percentile = Double.parseDouble(part.trim());
                    if (!(percentile > 0 && percentile < 100)) {
                        throw new NumberFormatException();
                    }
                    labels.add(Percentiles.label(percentile));
                }
                return labels;
            } catch (NumberFormatException e) {
                problems.add(new InvalidParameter(LatencyTestConfiguration.BASELINE_PERCENTILES, value.get(),
                        "is not a comma-separated list of percentiles in (0, 100)", "use e.g. 50,90,99"));
                return DEFAULT_BASELINE_PERCENTILES;
            }
        }

        /** @return a number of seconds, 0 or more */
        double seconds(String key, double byDefault) {
            Optional<String> value = parameters.apply(key);
            if (value.isEmpty()) {
                return byDefault;
            }
            try {
                double seconds = Double.parseDouble(value.get().trim());
                if (seconds >= 0 && !Double.isInfinite(seconds)) {
                    return seconds;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            problems.add(new InvalidParameter(key, value.get(), "is not a number of seconds, 0 or more",
                    "use e.g. " + (long) byDefault));
            return byDefault;
        }

        double tolerance() {
            return percentage(LatencyTestConfiguration.BASELINE_TOLERANCE, DEFAULT_TOLERANCE_PERCENT);
        }

        double percentage(String key, double byDefault) {
            Optional<String> value = parameters.apply(key);
            if (value.isEmpty()) {
                return byDefault;
            }
            double percent;
            try {
                percent = Double.parseDouble(value.get().trim());
            } catch (NumberFormatException e) {
                percent = Double.NaN;
            }
            if (!(percent >= 0) || Double.isInfinite(percent)) {
                problems.add(new InvalidParameter(key, value.get(), "is not valid",
                        "use a percentage of 0 or more, e.g. " + (long) byDefault));
                return byDefault;
            }
            return percent;
        }

        /**
         * @return the paired mode's parameters, when its base is given: its entries in order, each {@code @file}
         *         replaced by the entries the file lists
         */
        Optional<Paired> paired() {
            double tolerance = percentage(LatencyTestConfiguration.PAIRED_TOLERANCE, DEFAULT_PAIRED_TOLERANCE_PERCENT);
            String key = LatencyTestConfiguration.PAIRED_BASE;
            Optional<String> value = parameters.apply(key).map(String::trim).filter(v -> !v.isEmpty());
            if (value.isEmpty()) {
                return Optional.empty();
            }
            List<Path> base = new ArrayList<>();
            try {
                for (String entry : PairedBaseEntries.split(value.get())) {
                    base.addAll(PairedBaseEntries.expand(entry));
                }
            } catch (IllegalArgumentException wrong) {
                problems.add(new InvalidParameter(key, value.get(), wrong.getMessage(), PairedBaseEntries.FIX));
                return Optional.empty();
            }
            return Optional.of(new Paired(base, tolerance));
        }
    }
}

package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.BaselineEnvironment;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.LatencyTestConfiguration.Profile;
import org.jlbh.junit.internal.config.ParameterReader.Range;
import org.opentest4j.TestAbortedException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration parameters of latency tests, read once per test run (one JUnit launcher) and kept in the root
 * extension store. Each component is the parameter of its name in {@link LatencyTestConfiguration}: on/off ones as
 * booleans, tolerances in percent, the wait for the machine in seconds, the baseline's percentiles as labels. A value
 * that cannot be used fails every latency test with a configuration error naming it ({@link Loaded#require}).
 * Immutable; thread-safe.
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
    private static final int MAX_ATTEMPTS = 10;
    private static final int MAX_HISTORY = 100;

    public Configuration {
        baselinePercentiles = List.copyOf(baselinePercentiles);
    }

    /** @return {@value LatencyTestConfiguration#EVIDENCE} alone, as {@link #load} reads it; on where unreadable */
    public static boolean evidence(Function<String, Optional<String>> parameters) {
        return new ParameterReader(parameters).onOff(LatencyTestConfiguration.EVIDENCE, true);
    }

    /** @return the configuration, or the first parameter that could not be read, from a parameter-by-name reader */
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
        boolean collide = baselineDir.filter(baseline -> collide(reader, reportDir, baseline)).isPresent();
        boolean writeBaseline = writeBaseline(reader, baselineDir.isPresent());
        double tolerance = percentage(reader, LatencyTestConfiguration.BASELINE_TOLERANCE, DEFAULT_TOLERANCE_PERCENT);
        int history = (int) reader.number(LatencyTestConfiguration.BASELINE_HISTORY, Range.whole(1, MAX_HISTORY), 5,
                "is not a whole number of builds from 1 to " + MAX_HISTORY, "use e.g. 5");
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
        double machineWait = reader.number(LatencyTestConfiguration.MACHINE_LOCK_WAIT, Range.atLeast(0), 600,
                "is not a number of seconds, 0 or more", "use e.g. 600");
        boolean summary = reader.onOff(LatencyTestConfiguration.SUMMARY, true);
        Profile profile = reader.choice(LatencyTestConfiguration.PROFILE, Profile.class, Profile.ON_BREACH);
        Inconclusive inconclusive = reader.choice(LatencyTestConfiguration.INCONCLUSIVE, Inconclusive.class,
                Inconclusive.SKIP);
        Optional<InvalidParameter> problem = reader.firstProblem();
        return new Loaded(modeRead, reportDir, collide, problem.isPresent() ? Optional.empty() : Optional.of(new Configuration(
                mode, noise, retries, iterationsFactor, budgetFactor, reportDir, baselineDir, writeBaseline, tolerance,
                history, percentiles, environment, evidence, remeasures, paired, machineLock, machineWait, summary,
                profile, inconclusive)), problem);
    }

    private static int attempts(ParameterReader reader, String key, int byDefault, String what) {
        return (int) reader.number(key, Range.whole(0, MAX_ATTEMPTS), byDefault,
                "is not a whole number of " + what + " from 0 to " + MAX_ATTEMPTS, "use e.g. 2");
    }

    private static double factor(ParameterReader reader, String key) {
        return reader.number(key, Range.above(0), 1, "is not a positive number", "use a factor such as 0.1 or 2");
    }

    private static double percentage(ParameterReader reader, String key, double byDefault) {
        return reader.number(key, Range.atLeast(0), byDefault, "is not valid",
                "use a percentage of 0 or more, e.g. " + (long) byDefault);
    }

    /**
     * @return whether the report folder and the baseline folder would write over each other's files, kept as a problem
     *         when they would: the same
     * folder (by any path: a symbolic link, {@code ..}), or one inside the other at a name the other writes a file by
     * ({@code *.json}, {@code *.hgrm}, {@code *.html}, and their temporary and lock files).
     */
    private static boolean collide(ParameterReader reader, Path reportDir, Path baselineDir) {
        Path report = resolved(reportDir);
        Path baseline = resolved(baselineDir);
        String problem = report.equals(baseline) ? "is the report folder"
                : clashes(report, baseline) ? "lies inside the report folder, where the reports write a file by its "
                + "name" : clashes(baseline, report) ? "holds the report folder where it writes a baseline by its name"
                : "";
        if (!problem.isEmpty()) {
            reader.problem(LatencyTestConfiguration.BASELINE_DIR, baselineDir.toString(), problem + ", "
                    + LatencyTestConfiguration.REPORT_DIR + " = '" + reportDir + "'", "give "
                    + LatencyTestConfiguration.BASELINE_DIR + " and " + LatencyTestConfiguration.REPORT_DIR
                    + " folders of their own, neither inside the other (e.g. src/test/jlbh-baseline and "
                    + "target/jlbh-reports): each test's result would overwrite its history");
        }
        return !problem.isEmpty();
    }

    /** @return whether {@code inner} lies inside {@code outer} at a name {@code outer}'s files are written by */
    private static boolean clashes(Path outer, Path inner) {
        return inner.startsWith(outer) && !inner.equals(outer) && outer.relativize(inner).getName(0).toString()
                .matches(".*\\.(json|hgrm|html|tmp|lock)");
    }

    /** @return the folder's absolute path, through the symbolic links of the part of it that exists */
    private static Path resolved(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        for (Path existing = absolute; existing != null; existing = existing.getParent()) {
            try {
                return existing.toRealPath().resolve(existing.relativize(absolute));
            } catch (IOException | RuntimeException notThere) {
                // its parent, then
            }
        }
        return absolute;
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
     * @param base             the base build's class folders and jars, in order (a folder perhaps not there, for the
     *                         paired test to decide)
     * @param tolerancePercent {@value LatencyTestConfiguration#PAIRED_TOLERANCE}, in percent
     */
    public record Paired(List<Path> base, double tolerancePercent) {
        public Paired {
            base = List.copyOf(base);
        }
    }

    /**
     * @param why what was undecided, and what would decide it
     * @return the abort (reported as skipped) that ends a test that could not be decided, when such tests are skipped
     * @throws AssertionError saying {@code why}, when {@value LatencyTestConfiguration#INCONCLUSIVE} {@code = fail}
     */
    public TestAbortedException inconclusiveEnd(String why) {
        if (inconclusive == Inconclusive.FAIL) {
            throw new AssertionError(why + System.lineSeparator() + "(failed: " + LatencyTestConfiguration.INCONCLUSIVE
                    + " = fail fails a test that could not be decided)");
        }
        return new TestAbortedException(why);
    }

    /** @return the report folder of a Gradle project (no {@code pom.xml}, a {@code build.gradle(.kts)}) or another */
    static Path defaultReportDir(Path projectDir) {
        boolean gradle = Files.exists(projectDir.resolve("build.gradle"))
                || Files.exists(projectDir.resolve("build.gradle.kts"));
        return Path.of(gradle && !Files.exists(projectDir.resolve("pom.xml")) ? "build" : "target", "jlbh-reports");
    }

    /**
     * @param mode          the mode, when its parameter could be read (whatever the others)
     * @param reportDir     the report folder, as configured (whatever the other parameters) or the default
     * @param overHistory   whether the report folder would write over the baseline folder's files: then nothing,
     *                      not even a test that ended without a result, is written into it
     * @param configuration empty where a parameter could not be read: {@code problem} is the first
     */
    public record Loaded(Optional<Mode> mode, Path reportDir, boolean overHistory,
                         Optional<Configuration> configuration, Optional<InvalidParameter> problem) {

        /** @return whether {@code jlbh.summary} is off; not where a parameter cannot be read (its errors are listed) */
        public boolean summaryOff() {
            return configuration.filter(read -> !read.summary()).isPresent();
        }

        /** @return the configuration; throws, where a parameter is unreadable, its error for the test {@code where} */
        public Configuration require(String where) {
            return configuration.orElseThrow(() -> problem.orElseThrow().error(where));
        }
    }
}

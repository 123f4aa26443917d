package org.jlbh.junit.internal.config;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads one latency test's settings from its annotations and the configuration parameters, before its setup runs;
 * everything wrong with them is a {@link ConfigurationError} naming the method, the attribute, the value and the fix.
 * Stateless; thread-safe.
 */
public final class TestSettingsReader {
    /** The most measured runs: per-run state is kept for each. */
    public static final int MAX_RUNS = 1_000;
    /** The most iterations per run (after {@code jlbh.iterations.factor}), and of a warm-up. */
    public static final long MAX_ITERATIONS = 1_000_000_000L;
    /** The longest timeout, in milliseconds: one hour, the histograms' range. */
    public static final long MAX_TIMEOUT_MILLIS = 3_600_000L;

    private TestSettingsReader() {
    }

    /**
     * Reads one invocation of a {@link LatencyTemplate}, at {@code throughput} (a sweep's rate, else the template's),
     * as the other {@code read} reads a test.
     */
    public static TestSettings read(Class<?> testClass, Method method, String invocation, LatencyTemplate template,
                                    int throughput, List<LatencyBudget> budgetAnnotations,
                                    Configuration configuration) {
        return read(testClass, method, invocation, TemplateAsTest.at(template, throughput), budgetAnnotations,
                configuration);
    }

    /**
     * @param testClass  the class being run
     * @param invocation a template's invocation, e.g. {@code [20,000/s]}; empty for a test that is not a template's
     * @return the settings of a {@link LatencyTest} method with its {@link LatencyBudget}s
     * @throws ExtensionConfigurationException when something is wrong
     * @throws TestAbortedException            when the iterations factor leaves too few samples for a budget (an
     *                                         {@link AssertionError} with {@code jlbh.inconclusive = fail})
     */
    public static TestSettings read(Class<?> testClass, Method method, String invocation, LatencyTest test,
                                    List<LatencyBudget> budgetAnnotations, Configuration configuration) {
        String where = ConfigurationError.where(method);
        checkAttributes(where, test);
        Set<String> probes = probes(where, method);
        Budgets budgets = new Budgets(test.verdict(), budgets(where, test, budgetAnnotations,
                configuration.budgetFactor(), probes), test.maxAllocatedBytesPerOp(), test.maxGcCount(),
                test.maxGcPauseMillis());
        Sizing sizing = new Sizing(test.iterations() == LatencyTest.SIZED,
                test.warmUpIterations() == LatencyTest.SIZED, test.runs() == LatencyTest.SIZED);
        double strictest = budgets.strictestPercentile();
        double factor = configuration.iterationsFactor();
        long iterations = iterations(where, test, sizing, strictest, factor);
        int warmUp = sizing.warmUp() ? Sizing.warmUpRound(test.throughput())
                : (int) scaled(where, "warmUpIterations", test.warmUpIterations(), factor, Integer.MAX_VALUE);
        requireEnoughAfterFactor(configuration, test, iterations, strictest);
        // sized: the rule's margin an attempt (the paired mode's pairs are set where its comparison is known)
        int runs = sizing.runs() ? Sizing.FIRST_RUNS : test.runs();
        boolean samplesItself = Arrays.asList(method.getParameterTypes()).contains(IterationContext.class);
        return new TestSettings(new TestIdentity(testClass, method, invocation), configuration,
                new RunPlan(test.throughput(), test.arrivals(), test.arrivalSeed(), test.threads(), iterations, warmUp,
                        runs, test.accountForCoordinatedOmission(), test.recordOSJitter(), test.timeoutMillis(),
                        probes, samplesItself, sizing), budgets);
    }

    /** Checks each attribute on its own: its sign and its bound. */
    private static void checkAttributes(String where, LatencyTest test) {
        requirePositive(where, "throughput", test.throughput(), "iterations per second, e.g. throughput = 10_000");
        if (test.iterations() != LatencyTest.SIZED) {
            requirePositive(where, "iterations", test.iterations(), "measured iterations per run, e.g. iterations = "
                    + "100_000, or leave it unset to size it from the budgets");
        }
        if (test.runs() != LatencyTest.SIZED) {
            requirePositive(where, "runs", test.runs(), "e.g. runs = 3, or leave it unset to measure until decided");
        }
        requirePositive(where, "timeoutMillis", test.timeoutMillis(), "e.g. timeoutMillis = 10_000");
        requireAtMost(where, "runs", test.runs(), MAX_RUNS);
        requireAtMost(where, "iterations", test.iterations(), MAX_ITERATIONS);
        requireAtMost(where, "warmUpIterations", test.warmUpIterations(), MAX_ITERATIONS);
        requireAtMost(where, "timeoutMillis", test.timeoutMillis(), MAX_TIMEOUT_MILLIS);
        requirePositive(where, "threads", test.threads(), "harness threads sharing the load, e.g. threads = 2");
        requireAtMost(where, "threads", test.threads(), JLBHOptions.MAX_THREADS);
        if (test.warmUpIterations() != LatencyTest.SIZED) {
            requireNotNegative(where, "warmUpIterations", test.warmUpIterations(),
                    ", or left unset to warm up until the JIT is done");
        }
        requireNotNegative(where, "maxAllocatedBytesPerOp", test.maxAllocatedBytesPerOp(),
                " bytes per operation (0 demands a garbage-free body)");
        requireNotNegative(where, "maxGcCount", test.maxGcCount(), " collections (0 allows none)");
        requireNotNegative(where, "maxGcPauseMillis", test.maxGcPauseMillis(), " milliseconds");
    }

    /** @return the names of the method's {@link Probe} parameters, in order */
    private static Set<String> probes(String where, Method method) {
        Set<String> probes = new LinkedHashSet<>();
        for (Parameter parameter : method.getParameters()) {
            if (parameter.getType() == NanoSampler.class) {
                probes.add(probeName(where, parameter, probes));
            }
        }
        return probes;
    }

    /** @return the shorthand budget, if set, and then each {@link LatencyBudget}; at least one */
    private static List<Budget> budgets(String where, LatencyTest test, List<LatencyBudget> budgetAnnotations,
                                        double budgetFactor, Set<String> probes) {
        List<Budget> budgets = new ArrayList<>();
        if (test.percentile() != 0 || test.maxMicros() != 0) {
            budgets.add(budget(where, LatencyBudget.END_TO_END, test.percentile(), test.maxMicros(), budgetFactor,
                    probes));
        }
        for (LatencyBudget budget : budgetAnnotations) {
            budgets.add(budget(where + " @LatencyBudget(probe = \"" + budget.probe() + "\")", budget.probe(),
                    budget.percentile(), budget.maxMicros(), budgetFactor, probes));
        }
        if (budgets.isEmpty()) {
            throw ConfigurationError.of(where + " declares no latency budget. Fix: set percentile and maxMicros, e.g. "
                    + "percentile = 99.9, maxMicros = 50, or add @LatencyBudget");
        }
        return budgets;
    }

    /** @return the iterations per run: sized ones as they are, set ones scaled by the iterations factor */
    private static long iterations(String where, LatencyTest test, Sizing sizing, double strictest, double factor) {
        long needed = Percentiles.minimumSamples(strictest);
        long asked = sizing.iterations() ? Sizing.iterations(strictest, test.throughput()) : test.iterations();
        if (asked < needed) {
            throw ConfigurationError.of(String.format(Locale.ROOT, "%s has 'iterations' = %,d, too few samples per "
                            + "run to judge p%s, which needs at least %,d (10 / (1 - p/100)). Fix: set iterations to "
                            + "%,d or more, or budget a lower percentile",
                    where, test.iterations(), Percentiles.label(strictest), needed, needed));
        }
        return sizing.iterations() ? asked
                : Math.max(1, scaled(where, "iterations", test.iterations(), factor, MAX_ITERATIONS));
    }

    /** @throws TestAbortedException when the iterations factor left too few iterations for the strictest budget */
    private static void requireEnoughAfterFactor(Configuration configuration, LatencyTest test, long iterations,
                                                 double strictest) {
        long needed = Percentiles.minimumSamples(strictest);
        if (iterations < needed && configuration.mode() != Mode.DISABLED) {
            throw configuration.inconclusiveEnd(String.format(Locale.ROOT,
                    "%s = %s leaves %,d iterations per run, too few to judge p%s, which needs at least %,d: not "
                            + "measured. To decide it: a factor of at least %s",
                    LatencyTestConfiguration.ITERATIONS_FACTOR, ReportFormat.plain(configuration.iterationsFactor()),
                    iterations, Percentiles.label(strictest), needed,
                    ReportFormat.plain(Math.ceil(1000.0 * needed / test.iterations()) / 1000)));
        }
    }

    private static String probeName(String where, Parameter parameter, Set<String> taken) {
        Probe probe = parameter.getAnnotation(Probe.class);
        if (probe == null || probe.value().isBlank()) {
            throw ConfigurationError.of(String.format(Locale.ROOT, "%s has a NanoSampler parameter [%s] without a "
                    + "probe name. Fix: annotate it @Probe(\"name\")", where, parameter.getName()));
        }
        String name = probe.value();
        List<String> reserved = List.of(LatencyBudget.END_TO_END, JLBH.OS_JITTER);
        String file = TestIdentity.fileSafe(name);
        for (String other : Stream.concat(reserved.stream(), taken.stream()).toList()) {
            if (TestIdentity.fileSafe(other).equals(file)) {
                String clash = !other.equals(name) ? String.format(Locale.ROOT, "probes \"%s\" and \"%s\", whose "
                        + "report files would have one name (…%s.hgrm)", other, name, file)
                        : reserved.contains(name) ? "a probe \"" + name + "\", a name the report gives its own figures"
                        : "the probe \"" + name + "\" twice";
                throw ConfigurationError.of(String.format(Locale.ROOT, "%s names %s. Fix: give each @Probe parameter "
                                + "a name of its own, other than \"%s\" and \"%s\" and apart from the others in its "
                                + "letters and digits (a report file's name keeps only those, '.', '_', '$' and '-')",
                        where, clash, LatencyBudget.END_TO_END, JLBH.OS_JITTER));
            }
        }
        return name;
    }

    private static Budget budget(String where, String probe, double percentile, double maxMicros, double budgetFactor,
                                 Set<String> probes) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw ConfigurationError.of(where, "percentile", percentile, "be in (0, 100], e.g. 99.9");
        }
        if (!(maxMicros > 0) || Double.isInfinite(maxMicros)) {
            throw ConfigurationError.of(where, "maxMicros", maxMicros, "be a positive number of microseconds, e.g. 50");
        }
        if (!probe.equals(LatencyBudget.END_TO_END) && !probes.contains(probe)) {
            throw ConfigurationError.of(String.format(Locale.ROOT, "%s budgets a probe that does not exist; the "
                            + "method's probes are %s. Fix: add a parameter @Probe(\"%s\") NanoSampler, or budget "
                            + "\"%s\"",
                    where, probes, probe, LatencyBudget.END_TO_END));
        }
        return new Budget(probe, percentile, maxMicros * budgetFactor, maxMicros);
    }

    /** @return the value scaled by the iterations factor, which must leave it at most {@code max} */
    private static long scaled(String where, String attribute, long value, double factor, long max) {
        double scaled = Math.rint(value * factor);
        if (scaled > max) {
            throw ConfigurationError.of(String.format(Locale.ROOT, "%s has '%s' = %,d, scaled by %s = %s to %,.0f. "
                            + "Fix: '%s' must be at most %,d after %s: lower the factor", where, attribute, value,
                    LatencyTestConfiguration.ITERATIONS_FACTOR, ReportFormat.plain(factor), scaled, attribute, max,
                    LatencyTestConfiguration.ITERATIONS_FACTOR));
        }
        return (long) scaled;
    }

    private static void requireAtMost(String where, String attribute, long value, long max) {
        if (value > max) {
            throw ConfigurationError.of(where, attribute, value, String.format(Locale.ROOT, "be at most %,d", max));
        }
    }

    private static void requireNotNegative(String where, String attribute, long value, String what) {
        if (value < 0) {
            throw ConfigurationError.of(where, attribute, value, "be 0 or more" + what);
        }
    }

    private static void requirePositive(String where, String attribute, long value, String example) {
        if (value <= 0) {
            throw ConfigurationError.of(where, attribute, value, "be positive (" + example + ")");
        }
    }
}

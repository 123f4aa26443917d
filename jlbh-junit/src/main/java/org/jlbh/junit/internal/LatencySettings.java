package org.jlbh.junit.internal;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Probe;
import org.jlbh.junit.Verdict;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The validated settings of one latency test: the annotation, its budgets and the configuration parameters.
 * Everything that can be wrong with them is found in {@link #of}, before the test's setup runs. Immutable.
 *
 * @param method            the test method, for messages
 * @param mode              enforce, report or disabled
 * @param throughput        iterations per second
 * @param iterations        per run, after the iterations factor
 * @param warmUpIterations  after the iterations factor
 * @param runs              measured runs
 * @param accountForCoordinatedOmission whether latency is taken from the intended start
 * @param recordOSJitter    whether OS jitter is measured
 * @param timeoutMillis     the harness's timeout
 * @param verdict           over which runs budgets are judged
 * @param budgets           the budgets, at least one
 * @param probes            names of the method's probe parameters, in order
 * @param samplesItself     whether the method takes an {@link IterationContext} and samples end to end itself
 * @param maxAllocatedBytesPerOp allocation budget in bytes per iteration, {@link LatencyTest#UNLIMITED} for none
 * @param maxGcCount        collections allowed in the measured runs, {@link LatencyTest#UNLIMITED} for no limit
 * @param maxGcPauseMillis  longest GC pause allowed in the measured runs, {@link LatencyTest#UNLIMITED} for no limit
 * @param noise             whether breaches explained by platform stalls are inconclusive or fail
 * @param retries           how many more attempts a breached test gets
 */
public record LatencySettings(Method method, Mode mode, int throughput, long iterations, int warmUpIterations, int runs,
                              boolean accountForCoordinatedOmission, boolean recordOSJitter, long timeoutMillis,
                              Verdict verdict, List<Budget> budgets, Set<String> probes, boolean samplesItself,
                              long maxAllocatedBytesPerOp, long maxGcCount, long maxGcPauseMillis, Noise noise,
                              int retries) {

    /**
     * Validates and combines the settings of a latency test.
     *
     * @param method        the test method
     * @param test          its {@link LatencyTest}
     * @param budgetAnnotations its {@link LatencyBudget}s
     * @param configuration reads a configuration parameter
     * @return the settings
     * @throws ExtensionConfigurationException naming method, attribute, value and fix, when something is wrong
     * @throws TestAbortedException            when the iterations factor leaves too few samples for a budget
     */
    public static LatencySettings of(Method method, LatencyTest test, List<LatencyBudget> budgetAnnotations,
                                     Function<String, Optional<String>> configuration) {
        String where = "@LatencyTest on method [" + method.toGenericString() + "]";
        Mode mode = mode(configuration, where);
        Noise noise = choice(configuration, LatencyTestConfiguration.NOISE, Noise.class, Noise.AWARE, where);
        int retries = retries(configuration, where);
        double iterationsFactor = factor(configuration, LatencyTestConfiguration.ITERATIONS_FACTOR, where);
        double budgetFactor = factor(configuration, LatencyTestConfiguration.BUDGET_FACTOR, where);

        requirePositive(where, "throughput", test.throughput(), "iterations per second, e.g. throughput = 10_000");
        requirePositive(where, "iterations", test.iterations(), "measured iterations per run, e.g. iterations = 100_000");
        requirePositive(where, "runs", test.runs(), "e.g. runs = 3");
        requirePositive(where, "timeoutMillis", test.timeoutMillis(), "e.g. timeoutMillis = 10_000");
        if (test.warmUpIterations() < 0) {
            throw error(where, "warmUpIterations", test.warmUpIterations(), "be 0 or more");
        }
        if (test.maxAllocatedBytesPerOp() < 0) {
            throw error(where, "maxAllocatedBytesPerOp", test.maxAllocatedBytesPerOp(),
                    "be 0 or more bytes per operation (0 demands a garbage-free body)");
        }
        if (test.maxAllocatedBytesPerOp() != LatencyTest.UNLIMITED && !AllocationMeter.available()) {
            throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                    "Configuration error: %s has 'maxAllocatedBytesPerOp' = %,d, but this JVM cannot measure the "
                            + "allocation of a thread (%s). Fix: run on a JVM whose ThreadMXBean measures thread "
                            + "allocation (HotSpot-based JDKs do), or remove the allocation budget",
                    where, test.maxAllocatedBytesPerOp(), AllocationMeter.whyUnavailable()));
        }
        if (test.maxGcCount() < 0) {
            throw error(where, "maxGcCount", test.maxGcCount(), "be 0 or more collections (0 allows none)");
        }
        if (test.maxGcPauseMillis() < 0) {
            throw error(where, "maxGcPauseMillis", test.maxGcPauseMillis(), "be 0 or more milliseconds");
        }

        Set<String> probes = new LinkedHashSet<>();
        boolean samplesItself = false;
        for (Parameter parameter : method.getParameters()) {
            if (parameter.getType() == IterationContext.class) {
                samplesItself = true;
            } else if (parameter.getType() == NanoSampler.class) {
                Probe probe = parameter.getAnnotation(Probe.class);
                if (probe == null || probe.value().isBlank()) {
                    throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                            "Configuration error: %s has a NanoSampler parameter [%s] without a probe name. "
                                    + "Fix: annotate it @Probe(\"name\")", where, parameter.getName()));
                }
                if (probe.value().equals(LatencyBudget.END_TO_END) || !probes.add(probe.value())) {
                    throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                            "Configuration error: %s declares the probe name \"%s\" twice or reserved. "
                                    + "Fix: give each @Probe parameter its own name", where, probe.value()));
                }
            }
        }

        List<Budget> budgets = new ArrayList<>();
        if (test.percentile() != 0 || test.maxMicros() != 0) {
            budgets.add(budget(where, "percentile", "maxMicros", LatencyBudget.END_TO_END, test.percentile(),
                    test.maxMicros(), budgetFactor, probes));
        }
        for (LatencyBudget budget : budgetAnnotations) {
            budgets.add(budget(where + " @LatencyBudget(probe = \"" + budget.probe() + "\")", "percentile", "maxMicros",
                    budget.probe(), budget.percentile(), budget.maxMicros(), budgetFactor, probes));
        }
        if (budgets.isEmpty()) {
            throw new ExtensionConfigurationException("Configuration error: " + where + " declares no latency budget. "
                    + "Fix: set percentile and maxMicros, e.g. percentile = 99.9, maxMicros = 50, or add @LatencyBudget");
        }

        double strictest = budgets.stream().mapToDouble(Budget::percentile).max().orElseThrow();
        long needed = Percentiles.minimumSamples(strictest);
        if (test.iterations() < needed) {
            throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                    "Configuration error: %s has 'iterations' = %,d, too few samples per run to judge p%s, which needs "
                            + "at least %,d (10 / (1 - p/100)). Fix: set iterations to %,d or more, or budget a lower percentile",
                    where, test.iterations(), Percentiles.label(strictest), needed, needed));
        }
        long iterations = Math.max(1, Math.round(test.iterations() * iterationsFactor));
        int warmUp = (int) Math.min(Integer.MAX_VALUE, Math.round(test.warmUpIterations() * iterationsFactor));
        if (iterations < needed && mode != Mode.DISABLED) {
            throw new TestAbortedException(String.format(Locale.ROOT,
                    "%s = %s leaves %,d iterations per run, too few to judge p%s, which needs at least %,d: not measured",
                    LatencyTestConfiguration.ITERATIONS_FACTOR, ReportFormat.plain(iterationsFactor), iterations,
                    Percentiles.label(strictest), needed));
        }
        return new LatencySettings(method, mode, test.throughput(), iterations, warmUp, test.runs(),
                test.accountForCoordinatedOmission(), test.recordOSJitter(), test.timeoutMillis(), test.verdict(),
                List.copyOf(budgets), Set.copyOf(probes), samplesItself, test.maxAllocatedBytesPerOp(),
                test.maxGcCount(), test.maxGcPauseMillis(), noise, retries);
    }

    /**
     * @param configuration reads a configuration parameter
     * @param where         what asks, for the message
     * @return the mode the parameter asks for (validated), enforce by default
     */
    public static Mode mode(Function<String, Optional<String>> configuration, String where) {
        return choice(configuration, LatencyTestConfiguration.MODE, Mode.class, Mode.ENFORCE, where);
    }

    private static <E extends Enum<E>> E choice(Function<String, Optional<String>> configuration, String key,
                                                Class<E> type, E byDefault, String where) {
        Optional<String> value = configuration.apply(key);
        if (value.isEmpty()) {
            return byDefault;
        }
        List<String> names = new ArrayList<>();
        for (E choice : type.getEnumConstants()) {
            if (choice.name().equalsIgnoreCase(value.get().trim())) {
                return choice;
            }
            names.add(choice.name().toLowerCase(Locale.ROOT));
        }
        throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                "Configuration error: configuration parameter %s = '%s' is not one of %s (for %s). Fix: use one of %s",
                key, value.get(), names, where, String.join(", ", names)));
    }

    private static int retries(Function<String, Optional<String>> configuration, String where) {
        Optional<String> value = configuration.apply(LatencyTestConfiguration.RETRIES);
        if (value.isEmpty()) {
            return 0;
        }
        try {
            int retries = Integer.parseInt(value.get().trim());
            if (retries >= 0) {
                return retries;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                "Configuration error: configuration parameter %s = '%s' is not a whole number of retries, 0 or more "
                        + "(for %s). Fix: use e.g. 2", LatencyTestConfiguration.RETRIES, value.get(), where));
    }

    /** @return JLBH options for these settings; the task is set by the caller */
    public JLBHOptions options() {
        return new JLBHOptions().throughput(throughput).iterations(iterations).warmUpIterations(warmUpIterations)
                .runs(runs).accountForCoordinatedOmission(accountForCoordinatedOmission).recordOSJitter(recordOSJitter)
                .timeout(timeoutMillis);
    }

    /** @return a one-line description for the report's header */
    public String describe() {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName() + ": " + describeRuns();
    }

    /** @return the settings and budgets in one line, without the test's name */
    public String describeRuns() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%,d/s, %,d warm-up + %d run%s x %,d iterations, "
                        + "coordinated omission %s, verdict %s; budgets: ", throughput, warmUpIterations, runs,
                runs == 1 ? "" : "s", iterations, accountForCoordinatedOmission ? "on" : "off", verdict));
        for (int i = 0; i < budgets.size(); i++) {
            sb.append(i == 0 ? "" : "; ").append(budgets.get(i).describe());
        }
        if (maxAllocatedBytesPerOp != LatencyTest.UNLIMITED) {
            sb.append(String.format(Locale.ROOT, "; allocation <= %,d bytes/op", maxAllocatedBytesPerOp));
        }
        if (maxGcCount != LatencyTest.UNLIMITED) {
            sb.append(String.format(Locale.ROOT, "; GC collections <= %,d", maxGcCount));
        }
        if (maxGcPauseMillis != LatencyTest.UNLIMITED) {
            sb.append(String.format(Locale.ROOT, "; GC pause <= %,d ms", maxGcPauseMillis));
        }
        return sb.toString();
    }

    private static Budget budget(String where, String percentileName, String maxName, String probe, double percentile,
                                 double maxMicros, double budgetFactor, Set<String> probes) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw error(where, percentileName, percentile, "be in (0, 100], e.g. 99.9");
        }
        if (!(maxMicros > 0) || Double.isInfinite(maxMicros)) {
            throw error(where, maxName, maxMicros, "be a positive number of microseconds, e.g. 50");
        }
        if (!probe.equals(LatencyBudget.END_TO_END) && !probes.contains(probe)) {
            throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                    "Configuration error: %s budgets a probe that does not exist; the method's probes are %s. "
                            + "Fix: add a parameter @Probe(\"%s\") NanoSampler, or budget \"%s\"",
                    where, probes, probe, LatencyBudget.END_TO_END));
        }
        return new Budget(probe, percentile, maxMicros * budgetFactor, maxMicros);
    }

    private static double factor(Function<String, Optional<String>> configuration, String key, String where) {
        Optional<String> value = configuration.apply(key);
        if (value.isEmpty()) {
            return 1;
        }
        try {
            double factor = Double.parseDouble(value.get().trim());
            if (factor > 0 && !Double.isInfinite(factor)) {
                return factor;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ExtensionConfigurationException(String.format(Locale.ROOT,
                "Configuration error: configuration parameter %s = '%s' is not a positive number (for %s). "
                        + "Fix: use a factor such as 0.1 or 2", key, value.get(), where));
    }

    private static void requirePositive(String where, String attribute, long value, String example) {
        if (value <= 0) {
            throw error(where, attribute, value, "be positive (" + example + ")");
        }
    }

    private static ExtensionConfigurationException error(String where, String attribute, Object value, String fix) {
        String shown = value instanceof Double ? ReportFormat.plain((Double) value) : String.valueOf(value);
        return new ExtensionConfigurationException(String.format(Locale.ROOT,
                "Configuration error: %s has '%s' = %s. Fix: '%s' must %s",
                where, attribute, shown, attribute, fix));
    }
}

package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where reports go and how results are compared with a baseline, from the configuration parameters
 * ({@link LatencyTestConfiguration#REPORT_DIR} and the {@code jlbh.baseline.*} ones). Immutable.
 *
 * @param reportDir        the report folder
 * @param baselineDir      the baseline folder, or null when there is none
 * @param writeBaseline    whether results are written into the baseline folder instead of compared
 * @param tolerancePercent the smallest change counted as a regression, in percent
 */
public record ReportSettings(Path reportDir, Path baselineDir, boolean writeBaseline, double tolerancePercent) {
    /** The report folder when none is configured. */
    public static final String DEFAULT_REPORT_DIR = "target/jlbh-reports";
    /** The smallest regression, in percent, when none is configured. */
    public static final double DEFAULT_TOLERANCE_PERCENT = 10;

    /**
     * @param configuration reads a configuration parameter
     * @param where         the test, for messages
     * @return the validated settings
     * @throws ExtensionConfigurationException when a parameter is malformed, naming it and the fix
     */
    public static ReportSettings of(Function<String, Optional<String>> configuration, String where) {
        Path reportDir = path(configuration, LatencyTestConfiguration.REPORT_DIR, where)
                .orElse(Path.of(DEFAULT_REPORT_DIR));
        Path baselineDir = path(configuration, LatencyTestConfiguration.BASELINE_DIR, where).orElse(null);
        boolean write = false;
        Optional<String> writeValue = configuration.apply(LatencyTestConfiguration.BASELINE_WRITE);
        if (writeValue.isPresent()) {
            String value = writeValue.get().trim();
            if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                throw error(LatencyTestConfiguration.BASELINE_WRITE, value, where, "use true or false");
            }
            write = Boolean.parseBoolean(value);
        }
        if (write && baselineDir == null) {
            throw error(LatencyTestConfiguration.BASELINE_WRITE, "true", where,
                    "also set " + LatencyTestConfiguration.BASELINE_DIR + " to the folder the baseline is written to");
        }
        double tolerance = DEFAULT_TOLERANCE_PERCENT;
        Optional<String> toleranceValue = configuration.apply(LatencyTestConfiguration.BASELINE_TOLERANCE);
        if (toleranceValue.isPresent()) {
            try {
                tolerance = Double.parseDouble(toleranceValue.get().trim());
            } catch (NumberFormatException e) {
                tolerance = Double.NaN;
            }
            if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
                throw error(LatencyTestConfiguration.BASELINE_TOLERANCE, toleranceValue.get(), where,
                        "use a percentage of 0 or more, e.g. 10");
            }
        }
        return new ReportSettings(reportDir, baselineDir, write, tolerance);
    }

    private static Optional<Path> path(Function<String, Optional<String>> configuration, String key, String where) {
        Optional<String> value = configuration.apply(key).map(String::trim).filter(v -> !v.isEmpty());
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(value.get()));
        } catch (InvalidPathException e) {
            throw error(key, value.get(), where, "use a folder path (" + e.getMessage() + ")");
        }
    }

    private static ExtensionConfigurationException error(String key, String value, String where, String fix) {
        return new ExtensionConfigurationException(String.format(Locale.ROOT,
                "Configuration error: configuration parameter %s = '%s' is not valid (for %s). Fix: %s",
                key, value, where, fix));
    }
}

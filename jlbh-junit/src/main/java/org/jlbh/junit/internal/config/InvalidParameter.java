package org.jlbh.junit.internal.config;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.util.Locale;

/**
 * A configuration parameter whose value cannot be used, found once when the parameters are read and turned into a
 * configuration error for each latency test. Immutable.
 *
 * @param key     e.g. {@code jlbh.mode}
 * @param value   as given
 * @param problem e.g. {@code is not a positive number}
 * @param fix     e.g. {@code use a factor such as 0.1 or 2}
 */
public record InvalidParameter(String key, String value, String problem, String fix) {

    /** @return the configuration error for a test, {@code where} naming it as {@link ConfigurationError#where} */
    public ExtensionConfigurationException error(String where) {
        return new ExtensionConfigurationException(String.format(Locale.ROOT,
                "Configuration error: configuration parameter %s = '%s' %s (for %s). Fix: %s",
                key, value, problem, where, fix));
    }
}

package org.jlbh.junit.internal.config;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.util.Locale;

/**
 * A configuration parameter whose value cannot be used. It is found once, when the parameters are read, and
 * turned into a configuration error for each latency test it affects, naming that test. Immutable.
 *
 * @param key     the parameter, e.g. {@code jlbh.mode}
 * @param value   the value as given
 * @param problem what is wrong, e.g. {@code is not a positive number}
 * @param fix     what to do instead, e.g. {@code use a factor such as 0.1 or 2}
 */
public record InvalidParameter(String key, String value, String problem, String fix) {

    /**
     * @param where the latency test, e.g. {@code @LatencyTest on method [void OrderTest.parse()]}
     * @return the configuration error for that test
     */
    public ExtensionConfigurationException error(String where) {
        return new ExtensionConfigurationException(String.format(Locale.ROOT,
                "Configuration error: configuration parameter %s = '%s' %s (for %s). Fix: %s",
                key, value, problem, where, fix));
    }
}

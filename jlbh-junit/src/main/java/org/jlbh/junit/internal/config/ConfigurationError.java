package org.jlbh.junit.internal.config;

import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.util.Locale;

/**
 * How a configuration error reads wherever it is found, as JUnit's own do: {@code Configuration error: <where> has
 * '<attribute>' = <value>. Fix: ...}. Stateless; thread-safe.
 */
public final class ConfigurationError {

    private ConfigurationError() {
    }

    /** @return how configuration errors name a method, e.g. {@code @LatencyTest on method [void T.parse()]} */
    public static String where(Method method) {
        boolean template = AnnotationSupport.isAnnotated(method, LatencyTemplate.class)
                && !AnnotationSupport.isAnnotated(method, LatencyTest.class);
        return (template ? "@LatencyTemplate" : "@LatencyTest") + " on method [" + method.toGenericString() + "]";
    }

    /** @return the error {@code <where> has '<attribute>' = <value>. Fix: '<attribute>' must <fix>} */
    public static ExtensionConfigurationException of(String where, String attribute, Object value, String fix) {
        String shown = value instanceof Double ? ReportFormat.plain((Double) value) : String.valueOf(value);
        return of(String.format(Locale.ROOT, "%s has '%s' = %s. Fix: '%s' must %s", where, attribute, shown,
                attribute, fix));
    }

    /** @return the configuration error of a problem, e.g. {@code <where> declares no latency budget. Fix: ...} */
    public static ExtensionConfigurationException of(String problem) {
        return new ExtensionConfigurationException("Configuration error: " + problem);
    }
}

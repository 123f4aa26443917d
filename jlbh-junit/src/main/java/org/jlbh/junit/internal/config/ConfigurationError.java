package org.jlbh.junit.internal.config;

import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.util.Locale;

/**
 * How a configuration error reads, alike wherever it is found: {@code Configuration error: <where> has '<attribute>'
 * = <value>. Fix: ...}, naming the method, the attribute, the value and the fix, as JUnit's own configuration errors
 * do. Stateless; thread-safe.
 */
public final class ConfigurationError {

    private ConfigurationError() {
    }

    /**
     * @param method a latency test method
     * @return how configuration errors name it: {@code @LatencyTest on method [void OrderTest.parse()]}, or
     *         {@code @LatencyTemplate on method [...]} for a template's
     */
    public static String where(Method method) {
        boolean template = AnnotationSupport.isAnnotated(method, LatencyTemplate.class)
                && !AnnotationSupport.isAnnotated(method, LatencyTest.class);
        return (template ? "@LatencyTemplate" : "@LatencyTest") + " on method [" + method.toGenericString() + "]";
    }

    /**
     * @param where     the test, as {@link #where(Method)} names it
     * @param attribute the annotation attribute
     * @param value     its value
     * @param fix       what it must be, e.g. {@code be positive}
     * @return the configuration error
     */
    public static ExtensionConfigurationException of(String where, String attribute, Object value, String fix) {
        String shown = value instanceof Double ? ReportFormat.plain((Double) value) : String.valueOf(value);
        return of(String.format(Locale.ROOT, "%s has '%s' = %s. Fix: '%s' must %s", where, attribute, shown,
                attribute, fix));
    }

    /**
     * @param problem what is wrong and its fix, e.g. {@code <where> declares no latency budget. Fix: ...}
     * @return the configuration error, its message beginning {@code Configuration error: }
     */
    public static ExtensionConfigurationException of(String problem) {
        return new ExtensionConfigurationException("Configuration error: " + problem);
    }
}

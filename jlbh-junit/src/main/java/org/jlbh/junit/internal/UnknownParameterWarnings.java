package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.UnknownParameters;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Warns, when JUnit has discovered the tests of a run, of each {@code jlbh.*} configuration parameter or system
 * property set that jlbh-junit does not read, naming the nearest one it does ({@link UnknownParameters}): one
 * {@code === WARNING:} line on the console per name, once per JVM (a build tool may discover more than once). Loaded
 * by the JUnit launcher through its service loader. Thread-safe.
 */
public final class UnknownParameterWarnings implements LauncherDiscoveryListener {
    /** What this JVM has warned of. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private final Supplier<Set<String>> systemProperties;
    private final Consumer<String> console;
    private final Set<String> warned;

    /** Reads the JVM's system properties and prints on {@code System.out}, as the launcher loads it. */
    public UnknownParameterWarnings() {
        this(() -> System.getProperties().stringPropertyNames(), line -> System.out.println(line), WARNED);
    }

    /**
     * @param systemProperties the names of the system properties set
     * @param console          where each warning line goes
     * @param warned           the warnings already printed, added to
     */
    UnknownParameterWarnings(Supplier<Set<String>> systemProperties, Consumer<String> console, Set<String> warned) {
        this.systemProperties = systemProperties;
        this.console = console;
        this.warned = warned;
    }

    @Override
    public void launcherDiscoveryFinished(LauncherDiscoveryRequest request) {
        Set<String> names = new TreeSet<>(request.getConfigurationParameters().keySet());
        names.addAll(systemProperties.get());
        for (String warning : UnknownParameters.warnings(names)) {
            if (warned.add(warning)) {
                console.accept("=== WARNING: " + warning);
            }
        }
    }
}

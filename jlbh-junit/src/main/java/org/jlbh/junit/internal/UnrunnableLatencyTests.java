package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.UnrunnableMethods;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Says, when JUnit has discovered the tests of a run, which latency tests of the selected classes it will never run:
 * a static, private or value-returning {@code @LatencyTest} method, which JUnit skips without a word (and a class
 * with nothing else has no test at all). So no latency test vanishes silently: one warning line per such method on
 * the console. Loaded by the JUnit launcher through its service loader. It sees the classes a run selects by name
 * (Surefire, Gradle and IDEs select classes and methods so); classes found by scanning a package or the class path are
 * not checked. Stateless; thread-safe.
 */
public final class UnrunnableLatencyTests implements LauncherDiscoveryListener {
    /** What this JVM has warned of: a build tool may discover the same tests more than once. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    @Override
    public void launcherDiscoveryFinished(LauncherDiscoveryRequest request) {
        for (Class<?> testClass : DiscoveredClasses.of(request)) {
            for (String warning : UnrunnableMethods.of(testClass)) {
                if (WARNED.add(warning)) {
                    System.out.println("=== WARNING: " + warning);
                }
            }
        }
    }
}

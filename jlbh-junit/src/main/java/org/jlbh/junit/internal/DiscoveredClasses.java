package org.jlbh.junit.internal;

import org.junit.jupiter.api.Nested;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.engine.discovery.NestedClassSelector;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The test classes a JUnit run selects by name (Surefire, Gradle and IDEs select classes and methods so), with the
 * {@code @Nested} classes JUnit runs with them; classes found by scanning a package or the class path are not among
 * them. Stateless.
 */
final class DiscoveredClasses {
    private DiscoveredClasses() {
    }

    /**
     * @param request what JUnit was asked to discover
     * @return the classes it selects by name, and their {@code @Nested} classes; none where a class cannot be loaded
     *         (that is JUnit's to report)
     */
    static Set<Class<?>> of(LauncherDiscoveryRequest request) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        try {
            request.getSelectorsByType(ClassSelector.class).forEach(selector -> add(selector.getJavaClass(), classes));
            request.getSelectorsByType(MethodSelector.class).forEach(selector -> add(selector.getJavaClass(), classes));
            request.getSelectorsByType(NestedClassSelector.class)
                    .forEach(selector -> add(selector.getNestedClass(), classes));
        } catch (RuntimeException notLoadable) {
            // a class JUnit cannot load is JUnit's to report
        }
        return classes;
    }

    /** Adds the class and, as JUnit runs them with it, its {@code @Nested} classes. */
    private static void add(Class<?> testClass, Set<Class<?>> classes) {
        if (classes.add(testClass)) {
            for (Class<?> inner : testClass.getDeclaredClasses()) {
                if (AnnotationSupport.isAnnotated(inner, Nested.class)) {
                    add(inner, classes);
                }
            }
        }
    }
}

package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the {@link LatencyTest} and {@link LatencyTemplate} methods of a class, its superclasses and the interfaces it implements that JUnit will
 * silently never run: JUnit runs only test methods that are neither static nor private and return void, and skips the
 * others without a word. (A value-returning {@code @TestFactory} is run, and refused as a latency test when it
 * runs.) Stateless.
 */
public final class UnrunnableMethods {

    private UnrunnableMethods() {
    }

    /**
     * @param testClass a test class
     * @return for each of its latency test methods JUnit will not run, a sentence saying which and how to fix it
     */
    public static List<String> of(Class<?> testClass) {
        List<String> unrunnable = new ArrayList<>();
        for (Method method : latencyTestMethods(testClass)) {
            List<String> why = new ArrayList<>();
            if (Modifier.isStatic(method.getModifiers())) {
                why.add("is static");
            }
            if (Modifier.isPrivate(method.getModifiers())) {
                why.add("is private");
            }
            if (method.getReturnType() != void.class && !AnnotationSupport.isAnnotated(method, TestFactory.class)) {
                why.add("returns " + method.getReturnType().getSimpleName());
            }
            if (!why.isEmpty()) {
                unrunnable.add(ConfigurationError.where(method) + " is never run: it " + String.join(" and ", why)
                        + ", and JUnit runs only test methods that are neither static nor private and return void. "
                        + "Fix: make it an instance method, not private, that returns void");
            }
        }
        return unrunnable;
    }

    /**
     * @param testClass a test class
     * @return whether it, its superclasses or the interfaces it implements declare a latency test method, runnable or
     *         not
     */
    public static boolean hasLatencyTests(Class<?> testClass) {
        return !latencyTestMethods(testClass).isEmpty();
    }

    /** @return the latency test methods of the class, its superclasses and the interfaces it implements */
    private static Set<Method> latencyTestMethods(Class<?> testClass) {
        Set<Method> methods = new LinkedHashSet<>(ReflectionSupport.findMethods(testClass,
                UnrunnableMethods::latencyTest, HierarchyTraversalMode.TOP_DOWN));
        // findMethods passes over the static and private methods of the interfaces a class implements
        for (Class<?> type : interfaces(testClass, new LinkedHashSet<>())) {
            for (Method method : type.getDeclaredMethods()) {
                if (latencyTest(method)) {
                    methods.add(method);
                }
            }
        }
        return methods;
    }

    private static boolean latencyTest(Method method) {
        return AnnotationSupport.isAnnotated(method, LatencyTest.class)
                || AnnotationSupport.isAnnotated(method, LatencyTemplate.class);
    }

    /** @return every interface the type implements or extends, directly or not */
    private static Set<Class<?>> interfaces(Class<?> type, Set<Class<?>> found) {
        for (Class<?> superType = type; superType != null; superType = superType.getSuperclass()) {
            for (Class<?> implemented : superType.getInterfaces()) {
                if (found.add(implemented)) {
                    interfaces(implemented, found);
                }
            }
        }
        return found;
    }
}

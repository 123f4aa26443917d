package org.jlbh.junit.internal.config;

import org.junit.jupiter.api.TestFactory;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the latency test methods of a class, its superclasses and its interfaces that JUnit silently never runs: those
 * that are static or private or return a value (but for a {@code @TestFactory}, refused when it runs). Stateless.
 */
public final class UnrunnableMethods {

    private UnrunnableMethods() {
    }

    /** @return for each latency test method of the class that JUnit will not run, a sentence saying so and the fix */
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

    /** @return whether the class, its superclasses or its interfaces declare a latency test method, runnable or not */
    public static boolean hasLatencyTests(Class<?> testClass) {
        return !latencyTestMethods(testClass).isEmpty();
    }

    private static Set<Method> latencyTestMethods(Class<?> testClass) {
        Set<Method> methods = new LinkedHashSet<>(ReflectionSupport.findMethods(testClass,
                DeclarationRules::isLatencyTest, HierarchyTraversalMode.TOP_DOWN));
        // findMethods passes over the static and private methods of the interfaces a class implements
        interfaces(testClass, new LinkedHashSet<>()).stream().flatMap(type -> Arrays.stream(type.getDeclaredMethods()))
                .filter(DeclarationRules::isLatencyTest).forEach(methods::add);
        return methods;
    }

    /** @return every interface the type implements or extends, directly or not, added to {@code found} */
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

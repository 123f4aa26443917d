package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTest;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@link LatencyTest} methods of a class that JUnit will silently never run: JUnit runs only test methods
 * that are neither static nor private and return void, and skips the others without a word. Stateless.
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
        List<Method> methods = ReflectionSupport.findMethods(testClass,
                method -> AnnotationSupport.isAnnotated(method, LatencyTest.class), HierarchyTraversalMode.TOP_DOWN);
        for (Method method : methods) {
            List<String> why = new ArrayList<>();
            if (Modifier.isStatic(method.getModifiers())) {
                why.add("static");
            }
            if (Modifier.isPrivate(method.getModifiers())) {
                why.add("private");
            }
            if (method.getReturnType() != void.class) {
                why.add("returns " + method.getReturnType().getSimpleName());
            }
            if (!why.isEmpty()) {
                unrunnable.add(TestSettings.where(method) + " is never run: it is " + String.join(", ", why)
                        + ", and JUnit runs only test methods that are neither static nor private and return void. "
                        + "Fix: make it an instance method, not private, that returns void");
            }
        }
        return unrunnable;
    }
}

package org.jlbh.junit.internal.run.paired;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A copy of a test class loaded apart from the test's own (the base build's, the control's or the change's second), run
 * as JUnit runs the change's: an instance per test (or per class), its
 * {@code @BeforeAll} methods before its first paired test and its {@code @AfterAll} methods by {@link #close()}, its
 * {@code @BeforeEach} and {@code @AfterEach} methods around each test's copy, in JUnit's order. Lifecycle methods
 * and constructors that take parameters are refused by {@link #of}. Not thread-safe.
 */
public final class BaseTestClass implements AutoCloseable {
    private final Class<?> type;
    private final boolean perClass;
    private final List<Method> beforeAll;
    private final List<Method> afterAll;
    private final List<Method> beforeEach;
    private final List<Method> afterEach;
    private Object sharedInstance;
    private boolean started;

    private BaseTestClass(Class<?> type) {
        this.type = type;
        this.perClass = AnnotationSupport.findAnnotation(type, TestInstance.class)
                .map(instance -> instance.value() == TestInstance.Lifecycle.PER_CLASS).orElse(false);
        this.beforeAll = lifecycle(type, BeforeAll.class, HierarchyTraversalMode.TOP_DOWN);
        this.afterAll = lifecycle(type, AfterAll.class, HierarchyTraversalMode.BOTTOM_UP);
        this.beforeEach = lifecycle(type, BeforeEach.class, HierarchyTraversalMode.TOP_DOWN);
        this.afterEach = lifecycle(type, AfterEach.class, HierarchyTraversalMode.BOTTOM_UP);
        requireConstructor(type);
    }

    /**
     * @param className the change's test class's binary name
     * @return the loader's copy of the class; empty when the loader's folders and jars hold none
     * @throws IllegalArgumentException when it has no constructor without parameters, or a lifecycle method with some
     */
    public static Optional<BaseTestClass> of(BaseClassLoader loader, String className) {
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError notThere) {
            return Optional.empty();
        }
        if (type.getClassLoader() != loader) {
            return Optional.empty(); // not in the loader's folders: what loaded is the change's own
        }
        return Optional.of(new BaseTestClass(type));
    }

    /** @return the base's folders and jars its class was loaded from, and which of them the base's side loads */
    public BaseClassPath classPath() {
        return ((BaseClassLoader) type.getClassLoader()).classPath(); // of(...) took only the base loader's own class
    }

    /** @return the base's method of that name whose parameter types have the same names as the change's, if any */
    public Optional<Method> method(String name, Class<?>[] parameterTypes) {
        String[] wanted = Arrays.stream(parameterTypes).map(Class::getName).toArray(String[]::new);
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method candidate : c.getDeclaredMethods()) {
                if (candidate.getName().equals(name) && Arrays.equals(wanted,
                        Arrays.stream(candidate.getParameterTypes()).map(Class::getName).toArray(String[]::new))) {
                    candidate.setAccessible(true);
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * @return a test's instance, its {@code @BeforeEach} methods run (after {@code @BeforeAll} the first time)
     * @throws Throwable what a constructor or lifecycle method threw
     */
    public Object beforeTest() throws Throwable {
        if (!started) {
            started = true;
            if (perClass) {
                sharedInstance = ReflectionSupport.newInstance(type);
            }
            for (Method method : beforeAll) {
                ReflectionSupport.invokeMethod(method, sharedInstance);
            }
        }
        Object instance = perClass ? sharedInstance : ReflectionSupport.newInstance(type);
        for (Method method : beforeEach) {
            ReflectionSupport.invokeMethod(method, instance);
        }
        return instance;
    }

    /**
     * Runs every {@code @AfterEach} method on what {@link #beforeTest()} gave.
     *
     * @throws Throwable the first that threw, with the others suppressed
     */
    public void afterTest(Object instance) throws Throwable {
        runAll(afterEach, instance);
    }

    /** Runs the class's {@code @AfterAll} methods once, if its {@code @BeforeAll} methods ran. */
    @Override
    public void close() throws Exception {
        if (!started) {
            return;
        }
        started = false;
        try {
            runAll(afterAll, sharedInstance);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable other) {
            throw new IllegalStateException(other);
        }
    }

    private void runAll(List<Method> methods, Object instance) throws Throwable {
        Throwable first = null;
        for (Method method : methods) {
            try {
                ReflectionSupport.invokeMethod(method, instance);
            } catch (Throwable thrown) {
                if (first == null) {
                    first = thrown;
                } else {
                    first.addSuppressed(thrown);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void requireConstructor(Class<?> type) {
        try {
            type.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the base's %s has no constructor without "
                    + "parameters: its side of a paired test is made by that constructor", type.getName()), e);
        }
    }

    private static List<Method> lifecycle(Class<?> type, Class<? extends java.lang.annotation.Annotation> annotation,
                                          HierarchyTraversalMode order) {
        List<Method> methods = AnnotationSupport.findAnnotatedMethods(type, annotation, order);
        for (Method method : methods) {
            if (method.getParameterCount() > 0) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "the base's %s.%s (@%s) takes "
                                + "parameters: the base side of a paired test calls lifecycle methods without any",
                        type.getName(), method.getName(), annotation.getSimpleName()));
            }
            method.setAccessible(true);
        }
        return methods;
    }
}

package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.ConfigurationError;
import org.jlbh.junit.internal.run.BaseSide;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.paired.BaseClassLoader;
import org.jlbh.junit.internal.run.paired.BaseClassPath;
import org.jlbh.junit.internal.run.paired.BaseTestClass;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the base's side of a paired latency test: two loaders of the base's classes for the test run (kept in the root
 * store), the base's and the control's, each with its own copy of each test class for that class's tests (kept in its
 * store, whose closing runs the copy's {@code @AfterAll} methods), and in it the test's method. Stateless; thread-safe
 * as the stores are.
 */
final class PairedBase {

    private PairedBase() {
    }

    /**
     * @param context     the test's context
     * @param paired      the paired mode's parameters
     * @param method      the change's test method
     * @param measurement the base side's measurement
     * @param out         where to say that the base has no such test
     * @return the base's side, or empty when the base has no copy of the test (said on {@code out})
     * @throws ExtensionConfigurationException when the base's copy of the class cannot be run
     */
    static Optional<BaseSide> of(ExtensionContext context, Configuration.Paired paired, Method method,
                                 Measurement measurement, PrintStream out) {
        Class<?> testClass = context.getRequiredTestClass();
        BaseClassLoader loader = Stores.shared(context.getRoot(), new LoaderKey(false), BaseClassLoader.class,
                () -> baseLoader(paired, testClass.getClassLoader()));
        BaseClassLoader controlLoader = Stores.shared(context.getRoot(), new LoaderKey(true), BaseClassLoader.class,
                () -> baseLoader(paired, testClass.getClassLoader()));
        BaseClass base = Stores.shared(Stores.classContext(context), new BaseClassKey(testClass.getName(), false),
                BaseClass.class, () -> BaseClass.of(loader, testClass.getName()));
        BaseClass control = Stores.shared(Stores.classContext(context), new BaseClassKey(testClass.getName(), true),
                BaseClass.class, () -> BaseClass.of(controlLoader, testClass.getName()));
        Optional<BaseSide> side = base.testClass().flatMap(copy -> BaseSide.of(copy,
                control.testClass().orElseThrow(), method, measurement));
        if (side.isEmpty()) {
            out.printf(Locale.ROOT, "=== Not paired: the base (%s) has no %s, so this test is judged on its budgets "
                            + "alone%n", loader.classPath().describe(), base.testClass().isEmpty() ? "class " + testClass.getName()
                            : "method " + method.getName() + " in " + testClass.getName());
        }
        return side;
    }

    /**
     * @param changes the change's test class's loader
     * @return the loader of the base's classes
     * @throws ExtensionConfigurationException when a base folder is not there while the change's in its place is, or
     *                                         the base's side has nothing to load
     */
    private static BaseClassLoader baseLoader(Configuration.Paired paired, ClassLoader changes) {
        try {
            return BaseClassLoader.of(BaseClassPath.of(paired.base(), BaseClassPath.changeClassPath(changes)), changes);
        } catch (IllegalArgumentException wrong) {
            throw ConfigurationError.of("paired mode: " + LatencyTestConfiguration.PAIRED_BASE + ": "
                    + wrong.getMessage());
        }
    }

    /** The key of a loader of the base's classes in the root store: the base's, or the control's. */
    private record LoaderKey(boolean control) {
    }

    /** The key of a test class's base copy in its store: the base's, or the control's. */
    private record BaseClassKey(String className, boolean control) {
    }

    /** The base's copy of a test class, if it has one; closing it runs the copy's {@code @AfterAll} methods. */
    private record BaseClass(Optional<BaseTestClass> testClass) implements ExtensionContext.Store.CloseableResource,
            AutoCloseable {

        static BaseClass of(BaseClassLoader loader, String className) {
            try {
                return new BaseClass(BaseTestClass.of(loader, className));
            } catch (IllegalArgumentException cannotRun) {
                throw new ExtensionConfigurationException("Configuration error: paired mode: "
                        + cannotRun.getMessage(), cannotRun);
            }
        }

        @Override
        public void close() throws Exception {
            if (testClass.isPresent()) {
                testClass.get().close();
            }
        }
    }
}

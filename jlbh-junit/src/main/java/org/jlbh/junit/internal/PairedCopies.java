package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.ConfigurationError;
import org.jlbh.junit.internal.run.CopiesApart;
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
 * Finds the copies of a paired latency test loaded apart from the test's own class: three loaders for the test run
 * (kept in the root store), two of the base's classes, the base's and the control's, and one of the change's folders,
 * the change's second copy; each with its own copy of each test class for that class's tests (kept in its store, whose
 * closing runs the copy's {@code @AfterAll} methods), and in it the test's method. Stateless; thread-safe as the
 * stores are.
 */
final class PairedCopies {

    private PairedCopies() {
    }

    /**
     * @param context     the test's context
     * @param paired      the paired mode's parameters
     * @param method      the change's test method
     * @param measurement the base side's measurement
     * @param out         where to say that the base has no such test
     * @return the copies, or empty when the base has no copy of the test (said on {@code out})
     * @throws ExtensionConfigurationException when a copy of the class cannot be run
     */
    static Optional<CopiesApart> of(ExtensionContext context, Configuration.Paired paired, Method method,
                                 Measurement measurement, PrintStream out) {
        Class<?> testClass = context.getRequiredTestClass();
        BaseClassLoader loader = Stores.shared(context.getRoot(), Copy.BASE, BaseClassLoader.class,
                () -> baseLoader(paired, testClass.getClassLoader()));
        BaseClassLoader controlLoader = Stores.shared(context.getRoot(), Copy.CONTROL, BaseClassLoader.class,
                () -> baseLoader(paired, testClass.getClassLoader()));
        BaseClassLoader changeCopyLoader = Stores.shared(context.getRoot(), Copy.CHANGE_COPY,
                BaseClassLoader.class, () -> changeCopyLoader(testClass.getClassLoader()));
        BaseClass base = classOf(context, Copy.BASE, loader);
        BaseClass control = classOf(context, Copy.CONTROL, controlLoader);
        BaseClass changeCopy = classOf(context, Copy.CHANGE_COPY, changeCopyLoader);
        if (base.testClass().isPresent() && changeCopy.testClass().isEmpty()) {
            throw ConfigurationError.of("paired mode: the test class " + testClass.getName() + " is not in a folder "
                    + "of the change's class path (" + changeCopyLoader.classPath().describe() + "), so no second "
                    + "copy of it can be loaded apart from the first. Fix: run the latency tests from their compiled "
                    + "folders (target/test-classes), as mvn test does");
        }
        Optional<CopiesApart> side = base.testClass().flatMap(copy -> CopiesApart.of(copy,
                control.testClass().orElseThrow(), changeCopy.testClass().get(), method, measurement));
        if (side.isEmpty()) {
            out.printf(Locale.ROOT, "=== Not paired: the base (%s) has no %s, so this test is judged on its budgets "
                            + "alone%n", loader.classPath().describe(), base.testClass().isEmpty() ? "class " + testClass.getName()
                            : "method " + method.getName() + " in " + testClass.getName());
        }
        return side;
    }

    /** @return the copy's loader's copy of the test's class, for that class's tests (kept in its store) */
    private static BaseClass classOf(ExtensionContext context, Copy copy, BaseClassLoader loader) {
        String name = context.getRequiredTestClass().getName();
        return Stores.shared(Stores.classContext(context), new BaseClassKey(name, copy), BaseClass.class,
                () -> BaseClass.of(loader, name));
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

    /**
     * @param changes the change's test class's loader
     * @return the loader of the change's second copy: its folders, apart from the test's class loader
     * @throws ExtensionConfigurationException when the change's class path has no folder
     */
    private static BaseClassLoader changeCopyLoader(ClassLoader changes) {
        try {
            return BaseClassLoader.of("jlbh-paired-change-copy",
                    BaseClassPath.changeCopyOf(BaseClassPath.changeClassPath(changes)), changes);
        } catch (IllegalArgumentException wrong) {
            throw ConfigurationError.of("paired mode: " + wrong.getMessage());
        }
    }

    /** Which copy loaded apart: the key of its loader in the root store. */
    private enum Copy { BASE, CONTROL, CHANGE_COPY }

    /** The key of a test class's copy in its store. */
    private record BaseClassKey(String className, Copy copy) {
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

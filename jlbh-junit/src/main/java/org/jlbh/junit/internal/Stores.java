package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.report.page.JobSummary;
import org.jlbh.junit.internal.report.page.SuitePage;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Where the extension keeps its state: JUnit's extension store, under one namespace. What a test run shares (the
 * configuration parameters, the suite page, the evidence, the bodies given up on) is in the root context's store,
 * what a test class shares (a sweep's table) in its class's, what a test needs from setup to verdict
 * ({@link TestState}) in its own. Stateless; thread-safe.
 */
public final class Stores {
    /** The extension's namespace in every store. */
    public static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(Stores.class);

    private Stores() {
    }

    /** @return the configuration parameters, read once per test run */
    public static Configuration.Loaded configuration(ExtensionContext context) {
        return shared(context.getRoot(), Configuration.Loaded.class,
                () -> Configuration.load(context.getRoot()::getConfigurationParameter));
    }

    /**
     * @return the suite page of this test run, written when the run ends, with the CI job's summary to append to
     *         where the environment names one ({@link JobSummary#VARIABLE}) and {@code jlbh.summary} is not off
     */
    static SuitePage suitePage(ExtensionContext context, Path reportDir) {
        return shared(context.getRoot(), SuitePage.class, () -> new SuitePage(reportDir.resolve("index.html"),
                JobSummary.target(System.getenv(), configuration(context).summaryOff())));
    }

    /** @return the context of the test class a test, an invocation or the class itself runs in */
    static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext owner = context;
        while (owner.getTestMethod().isPresent()) {
            owner = owner.getParent().orElseThrow();
        }
        return owner;
    }

    /**
     * The one instance of a type in a context's store (the root's: the test run's; a class's: its tests'), made on
     * first use. Written with the store's {@code get} and {@code put} alone, which every JUnit from 5.10 to 6 has
     * undeprecated, and made once even when tests run in parallel.
     */
    static <T> T shared(ExtensionContext owner, Class<T> type, Supplier<T> make) {
        return shared(owner, type, type, make);
    }

    /** As {@link #shared(ExtensionContext, Class, Supplier)}, one instance per key. */
    static <T> T shared(ExtensionContext owner, Object key, Class<T> type, Supplier<T> make) {
        ExtensionContext.Store store = owner.getStore(NAMESPACE);
        synchronized (Stores.class) {
            T value = store.get(key, type);
            if (value == null) {
                value = make.get();
                store.put(key, value);
            }
            return value;
        }
    }
}

package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.export.JobSummary;
import org.jlbh.junit.internal.export.SuiteExport;
import org.jlbh.junit.internal.store.ReportFolder;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Where the extension keeps its state: JUnit's extension store, under one namespace. What a test run shares (the
 * configuration parameters, the report folder, the evidence, the bodies given up on) is in the root context's store,
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
     * @return the report folder of this test run, whose suite page and trackers' files are written when the run ends,
     *         with its table appended to the CI job's summary where the environment names one
     *         ({@link JobSummary#VARIABLE}) and {@code jlbh.summary} is not off ({@link SuiteExport})
     */
    static ReportFolder reportFolder(ExtensionContext context, Path reportDir) {
        return shared(context.getRoot(), ReportFolder.class, () -> {
            ReportFolder folder = new ReportFolder(reportDir);
            context.getRoot().getStore(NAMESPACE).put(SuiteExport.class, new SuiteExport(folder,
                    JobSummary.target(System.getenv(), configuration(context).summaryOff())));
            return folder;
        });
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

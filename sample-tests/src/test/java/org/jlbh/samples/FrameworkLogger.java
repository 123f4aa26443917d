package org.jlbh.samples;

import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.slf4j.Log4jLogger;
import org.apache.logging.slf4j.Log4jMarkerFactory;
import org.slf4j.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One logging framework's own {@code org.slf4j.Logger}, configured from an XML test resource and writing into a
 * folder, without SLF4J's {@code LoggerFactory}: this JVM holds three SLF4J providers (logback's, log4j2's and the
 * no-op one that QuickFIX/J gets in Sample 4), and asking each framework for its logger directly makes it plain which
 * one logs, whatever {@code LoggerFactory} is bound to. Each has its own logger context, private to this object;
 * {@link #close()} stops it, which writes out what is still buffered and closes the file.
 */
final class FrameworkLogger implements AutoCloseable {
    private final Logger logger;
    private final Path file;
    private final Runnable stop;

    private FrameworkLogger(Logger logger, Path file, Runnable stop) {
        this.logger = logger;
        this.file = file;
        this.stop = stop;
    }

    /**
     * log4j2 through its SLF4J 2 adapter ({@code log4j-slf4j2-impl}): the adapter's {@link Log4jLogger} over a logger
     * of a log4j2 {@code LoggerContext} of our own, configured from the resource, whose {@code ${logDir}} is the
     * folder.
     *
     * @param resource the log4j2 XML configuration, a class path resource
     * @param logDir   the folder its file appender writes into
     * @param fileName the name of that file, to check it was created
     * @param name     the logger name
     */
    static FrameworkLogger log4j2(String resource, Path logDir, String fileName, String name) {
        LoggerContext context = new LoggerContext("sample06-log4j2");
        URL url = resource(resource);
        try (InputStream in = url.openStream()) {
            XmlConfiguration configuration = new XmlConfiguration(context, new ConfigurationSource(in, url));
            // what ${logDir} resolves to, as a <Property> in the file would
            configuration.getProperties().put("logDir", logDir.toString());
            context.start(configuration);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Logger logger = new Log4jLogger(new Log4jMarkerFactory(), context.getLogger(name), name);
        return created(new FrameworkLogger(logger, logDir.resolve(fileName), () -> context.stop(10, TimeUnit.SECONDS)));
    }

    /**
     * logback: a logger of a logback {@code LoggerContext} of our own (logback's logger is an {@code org.slf4j.Logger}
     * itself), configured from the resource by Joran, with the folder as the context property {@code LOG_DIR}.
     *
     * @param resource the logback XML configuration, a class path resource
     * @param logDir   the folder its file appender writes into
     * @param fileName the name of that file, to check it was created
     * @param name     the logger name
     */
    static FrameworkLogger logback(String resource, Path logDir, String fileName, String name) {
        ch.qos.logback.classic.LoggerContext context = new ch.qos.logback.classic.LoggerContext();
        context.setName("sample06-logback");
        // logback's SLF4J provider gives its context an MDC adapter; without one, every append fails
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.putProperty("LOG_DIR", logDir.toString());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(resource(resource));
        } catch (JoranException e) {
            throw new IllegalStateException("logback could not read " + resource, e);
        }
        failOnLogbackProblems(context, "configuring from " + resource);
        context.start();
        return created(new FrameworkLogger(context.getLogger(name), logDir.resolve(fileName), () -> {
            context.stop();
            failOnLogbackProblems(context, "logging");
        }));
    }

    /** logback reports its own failures (a bad configuration, an append that threw) as statuses, not exceptions. */
    private static void failOnLogbackProblems(ch.qos.logback.classic.LoggerContext context, String doing) {
        List<Status> problems = context.getStatusManager().getCopyOfStatusList().stream()
                .filter(status -> status.getLevel() >= Status.WARN).collect(Collectors.toList());
        if (!problems.isEmpty()) {
            throw new IllegalStateException("logback reported problems " + doing + ": " + problems);
        }
    }

    /** @return the SLF4J logger */
    Logger slf4j() {
        return logger;
    }

    /** @return the file it writes */
    Path file() {
        return file;
    }

    /** Stops the framework's logger context: what is still buffered is written, and the file closed. */
    @Override
    public void close() {
        stop.run();
    }

    private static FrameworkLogger created(FrameworkLogger logger) {
        if (!Files.isRegularFile(logger.file)) {
            logger.close();
            throw new IllegalStateException("the configuration did not create " + logger.file);
        }
        return logger;
    }

    private static URL resource(String name) {
        URL url = FrameworkLogger.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("no class path resource " + name);
        }
        return url;
    }

    /** @return {@code target} of the module whose test classes these are: where the build writes */
    static Path targetDir() {
        try {
            // .../sample-tests/target/test-classes
            return Path.of(FrameworkLogger.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}

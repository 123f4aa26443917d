package org.jlbh.junit.internal.report;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.function.ThrowingConsumer;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Publishes a latency test's figures as JUnit report entries, on every JUnit version, and its result as a JUnit
 * published file, on JUnit 5.12 and later: those versions' {@code ExtensionContext.publishFile} is found at run time,
 * so that this extension, built against an older API, works on every version from 5.10 on. Never throws: what cannot
 * be published is left out. One per test; not thread-safe.
 */
public final class JUnitPublisher implements Publisher {
    private static final String[] MEDIA_TYPES = {"org.junit.jupiter.api.MediaType",
        "org.junit.jupiter.api.extension.MediaType"};
    private final ExtensionContext context;

    public JUnitPublisher(ExtensionContext context) {
        this.context = context;
    }

    @Override
    public void entry(String key, String value) {
        try {
            context.publishReportEntry(Map.of(key, value));
        } catch (RuntimeException notPublished) {
            // a report entry is a convenience: the console and the report folder have the figures
        }
    }

    /** Through {@code publishFile} with the {@code MediaType} of JUnit 5.14 and 6, else that of 5.12 and 5.13. */
    @Override
    public void file(String name, String mediaType, String content) {
        ThrowingConsumer<Path> write = target -> Files.writeString(target, content, StandardCharsets.UTF_8);
        for (String mediaTypes : MEDIA_TYPES) {
            try {
                Class<?> type = Class.forName(mediaTypes);
                Method publishFile = ExtensionContext.class.getMethod("publishFile", String.class, type,
                        ThrowingConsumer.class);
                publishFile.invoke(context, name, type.getMethod("parse", String.class).invoke(null, mediaType),
                        write);
                return;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError notThisVersion) {
                // try the next; before JUnit 5.12 there are no published files, and the report folder has them
            }
        }
    }
}

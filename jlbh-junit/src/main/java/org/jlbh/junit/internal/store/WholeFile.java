package org.jlbh.junit.internal.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file whole: into a temporary file beside it, then moved into its place at once, so that another JVM
 * reading the folder meanwhile reads it as it was or as it is, never half written. Stateless.
 */
final class WholeFile {

    private WholeFile() {
    }

    /** Writes the text in UTF-8; returns the bytes written. */
    static long write(Path file, String text) throws IOException {
        return write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes the bytes into {@code file}, whose folder must exist; returns how many. */
    static long write(Path file, byte[] bytes) throws IOException {
        Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.write(temporary, bytes);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
        return bytes.length;
    }
}

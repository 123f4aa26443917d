package org.jlbh.junit.internal.report.json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a report file whole: into a temporary file beside it, then moved into its place at once, so that another
 * JVM reading the folder meanwhile (its suite page, say) reads it as it was or as it is, never half written.
 * Stateless.
 */
public final class WholeFile {

    private WholeFile() {
    }

    /**
     * @param file where the text goes; its folder must exist
     * @param text the file's text, written in UTF-8
     * @return the bytes written
     * @throws IOException when it cannot be written
     */
    public static long write(Path file, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
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

package org.jlbh.junit.internal.store;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes a file whole: into a temporary file beside it, then moved into its place at once, so that another JVM
 * reading the folder meanwhile reads it as it was or as it is, never half written. The store's one way of writing a
 * file: every file is made as the process's umask allows, as any other build output is (0644 under umask 022).
 * A temporary file is named {@code .<file>.<16 hex digits>.tmp}: hidden, never a {@code .json} file a reader of the
 * folder takes up, and known for a crashed writer's leftover ({@link #removeLeftovers}). Stateless.
 */
final class WholeFile {
    /** A temporary file's name, as this class names them: group 1 is the file's. */
    private static final Pattern TEMPORARY = Pattern.compile("\\.(.+)\\.[0-9a-f]{16}\\.tmp");
    /** A temporary file's name as earlier versions named them ({@code Files.createTempFile}'s). */
    private static final Pattern EARLIER = Pattern.compile(".+\\.(json|hgrm|html)[0-9]+\\.tmp");

    private WholeFile() {
    }

    /** Writes the text in UTF-8; returns the bytes written. */
    static long write(Path file, String text) throws IOException {
        return write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes the bytes into {@code file}, whose folder must exist; returns how many. */
    static long write(Path file, byte[] bytes) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        while (true) {
            Path temporary = folder.resolve("." + file.getFileName() + "."
                    + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + ".tmp");
            // not Files.createTempFile, whose files only their owner may read (0600), whatever the umask
            try (OutputStream out = Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                out.write(bytes);
            } catch (FileAlreadyExistsException taken) {
                continue;
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(temporary);
                throw e;
            }
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
            return bytes.length;
        }
    }

    /**
     * Removes the temporary files in a folder that a writer killed before its move left behind: those of the file
     * {@code of} names (any when it is {@code null}) last modified before {@code before}. Never throws: a file that
     * cannot be removed is left, and a reader passes over it anyway.
     */
    static void removeLeftovers(Path folder, String of, Instant before) {
        Predicate<String> leftover = name -> {
            var ours = TEMPORARY.matcher(name);
            return ours.matches() ? of == null || ours.group(1).equals(of) : of == null && EARLIER.matcher(name)
                    .matches();
        };
        try (Stream<Path> files = Files.list(folder)) {
            files.filter(file -> leftover.test(file.getFileName().toString())).forEach(file -> {
                try {
                    if (Files.getLastModifiedTime(file).compareTo(FileTime.from(before)) < 0) {
                        Files.deleteIfExists(file);
                    }
                } catch (IOException | RuntimeException e) {
                    // left for the next writer: a reader passes over it
                }
            });
        } catch (IOException | RuntimeException e) {
            // as above
        }
    }
}

package org.jlbh.junit.internal.config;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads {@code jlbh.paired.base}: folders and jars separated by the platform's path separator, an entry {@code @file}
 * standing for those the file lists (separated by the path separator or line breaks, as {@code mvn
 * dependency:build-classpath -Dmdep.outputFile=file} writes them). Relative paths are against the working directory.
 * An entry that is not there and does not name a jar is read as a folder: whether it may be absent (as the change's in
 * its place is) is the paired test's to decide, against the change's class path. Stateless.
 */
final class PairedBaseEntries {
    /** What to do when an entry is wrong, for the configuration error. */
    static final String FIX = "build the base first (e.g. git worktree add ../base main, then mvn -f ../base "
            + "test-compile dependency:build-classpath -Dmdep.outputFile=target/jlbh-base.classpath) and give its "
            + "target/test-classes, target/classes and @target/jlbh-base.classpath";

    private static final Pattern FILE_SEPARATORS = Pattern.compile(Pattern.quote(File.pathSeparator) + "|\\R");

    private PairedBaseEntries() {
    }

    /**
     * @return the value's folders and jars, in order
     * @throws IllegalArgumentException saying which path is not valid, which class-path file or jar is not there, what
     *                                  is there but neither a folder nor a jar, or which file is unread
     */
    static List<Path> read(String value) {
        return nonBlank(value.split(Pattern.quote(File.pathSeparator))).flatMap(PairedBaseEntries::expand).toList();
    }

    private static Stream<Path> expand(String entry) {
        if (!entry.startsWith("@")) {
            return Stream.of(folderOrJar(entry, ""));
        }
        Path file = path(entry.substring(1), "");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("names the class-path file " + file.toAbsolutePath()
                    + ", which is not there");
        }
        String listed;
        try {
            listed = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("names the class-path file " + file.toAbsolutePath()
                    + ", which cannot be read (" + e + ")", e);
        }
        return nonBlank(FILE_SEPARATORS.split(listed)).map(listedEntry -> folderOrJar(listedEntry, " (listed in "
                + file + ")"));
    }

    private static Path folderOrJar(String entry, String where) {
        Path path = path(entry, where);
        boolean jar = path.toString().endsWith(".jar");
        if (!Files.exists(path) && !jar) {
            return path; // a folder absent here, perhaps absent in the change too
        }
        if (!Files.isDirectory(path) && !(Files.isRegularFile(path) && jar)) {
            throw new IllegalArgumentException("names " + path.toAbsolutePath() + where + ", " + (Files.exists(path)
                    ? "neither a folder nor a jar" : "which is not there"));
        }
        return path;
    }

    private static Path path(String entry, String where) {
        try {
            return Path.of(entry);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("names " + entry + where + ", not a valid path (" + e.getMessage()
                    + ")", e);
        }
    }

    private static Stream<String> nonBlank(String[] parts) {
        return Arrays.stream(parts).filter(part -> !part.isBlank()).map(String::trim);
    }
}

package org.jlbh.junit.internal.config;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the entries of {@code jlbh.paired.base}: folders of compiled classes and jars, separated by the platform's
 * path separator, where an entry {@code @file} stands for every entry that file lists (separated by the path
 * separator or by line breaks, as {@code mvn dependency:build-classpath -Dmdep.outputFile=file} writes a module's
 * test class path, or a Gradle task may). Paths are as written: relative ones against the working directory.
 * Stateless.
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
     * @param value the parameter's value
     * @return its entries, blank ones left out
     */
    static List<String> split(String value) {
        return nonBlank(value.split(Pattern.quote(File.pathSeparator)));
    }

    /**
     * @param entry a folder, a jar, or {@code @file}
     * @return the folder or jar; or the folders and jars the file lists
     * @throws IllegalArgumentException when a path is not valid, not there, or neither a folder nor a jar; or the file
     *                                  cannot be read, saying which
     */
    static List<Path> expand(String entry) {
        if (!entry.startsWith("@")) {
            return List.of(folderOrJar(entry, ""));
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
        List<Path> paths = new ArrayList<>();
        for (String listedEntry : nonBlank(FILE_SEPARATORS.split(listed))) {
            paths.add(folderOrJar(listedEntry, " (listed in " + file + ")"));
        }
        return paths;
    }

    private static Path folderOrJar(String entry, String where) {
        Path path = path(entry, where);
        if (!Files.isDirectory(path) && !(Files.isRegularFile(path) && path.toString().endsWith(".jar"))) {
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

    private static List<String> nonBlank(String[] parts) {
        List<String> entries = new ArrayList<>();
        for (String part : parts) {
            if (!part.isBlank()) {
                entries.add(part.trim());
            }
        }
        return entries;
    }
}

package org.jlbh.junit.internal.run.paired;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which of the base build's folders and jars the base's side of a paired test loads, and which dependencies differ.
 * The base's folders are the base's; a jar both sides name alike (the same file, or artifact and version) is loaded
 * once, from the change's; an artifact the base names in another version, or alone, is the base's own; jlbh, its
 * dependencies and JUnit are always the change's, and not compared. A folder or jar named twice counts once.
 * <p>
 * A base folder that is not there is absent on both sides, and loads nothing, when the change's folder in its place is
 * not there either: a project without main code has no {@code target/classes} in the base nor in the change. The
 * change's folder in its place is the base folder's path within the base's root, taken within the change's root (so
 * another module's folder too); the roots are what precedes the names that a base folder's and a change class-path
 * folder's paths end in alike, for the pair that ends in the most names alike, the first such pair in order ({@code
 * ../base/target/test-classes} and {@code /w/pr/target/test-classes} give {@code ../base} and {@code /w/pr}).
 * Immutable.
 *
 * @param folders       the base's folders of compiled classes, in order, those absent on both sides included
 * @param absentFolders the base's folders absent on both sides, in order, each with the change's folder in its place
 * @param ownJars       the base's jars that only its side loads, in order
 * @param sharedJars    how many of the base's jars the change names alike
 * @param changes       how many of the base's jars are jlbh's or JUnit's, which are always the change's
 * @param differences   the dependencies that differ between the sides, by artifact; empty when they are the same or
 *                      the base names no jar
 */
public record BaseClassPath(List<Path> folders, List<AbsentFolder> absentFolders, List<Path> ownJars, int sharedJars,
                            int changes, List<Difference> differences) {
    /** Groups whose jars are always the change's: jlbh, its dependencies, JUnit, AssertJ. */
    private static final List<String> ALWAYS_THE_CHANGES = List.of("org.jlbh", "org.junit", "org.opentest4j",
            "org.apiguardian", "org.hdrhistogram", "net.openhft", "tools.profiler", "org.assertj");

    public BaseClassPath {
        folders = List.copyOf(folders);
        absentFolders = List.copyOf(absentFolders);
        ownJars = List.copyOf(ownJars);
        differences = List.copyOf(differences);
    }

    /**
     * @param artifact {@code group:name}, or the name where the jar does not say its group
     * @param base     its version in the base, if the base names it
     * @param change   its version in the change, if the change names it
     */
    public record Difference(String artifact, Optional<String> base, Optional<String> change) {
        /**
         * @return e.g. {@code org.apache.commons:commons-lang3 3.14.0 in the base, 3.17.0 in the change}, {@code
         *         com.example:cache 1.2 in the base only}
         */
        public String describe() {
            return artifact + " " + (base.isEmpty() ? change.orElseThrow() + " in the change only"
                    : change.isEmpty() ? base.get() + " in the base only"
                    : base.get() + " in the base, " + change.get() + " in the change");
        }
    }

    /**
     * A base folder that neither side has.
     *
     * @param base   the base's folder, as configured
     * @param change the change's folder in its place
     */
    public record AbsentFolder(Path base, Path change) {
    }

    /**
     * @param base            the base build's folders and jars, as configured
     * @param changeClassPath the change's folders and jars
     * @return which the base's side loads, and what differs
     * @throws IllegalArgumentException when a base folder is not there and the change's in its place is, or the
     *                                  change has none in its place: saying which, and the fix
     */
    public static BaseClassPath of(List<Path> base, List<Path> changeClassPath) {
        Set<Path> changeFiles = new LinkedHashSet<>();
        Map<String, JarArtifact> changeArtifacts = new LinkedHashMap<>();
        for (Path path : changeClassPath) {
            if (isJar(path)) {
                changeFiles.add(normal(path));
                compared(path).ifPresent(artifact -> changeArtifacts.putIfAbsent(artifact.key(), artifact));
            }
        }
        List<Path> folders = new ArrayList<>();
        List<Path> own = new ArrayList<>();
        Map<String, JarArtifact> baseArtifacts = new LinkedHashMap<>();
        int shared = 0;
        int changes = 0;
        Set<Path> named = new HashSet<>();
        for (Path path : base) {
            Path normalPath = normal(path);
            if (!named.add(normalPath)) {
                continue; // named again (each module's class-path file lists the jars they share): once is enough
            }
            Optional<JarArtifact> artifact = isJar(path) ? compared(path) : Optional.empty();
            artifact.ifPresent(known -> baseArtifacts.putIfAbsent(known.key(), known));
            if (!isJar(path)) {
                folders.add(path);
            } else if (alwaysTheChanges(path)) {
                changes++;
            } else if (changeFiles.contains(normalPath) || artifact.map(known -> changeArtifacts.get(known.key()))
                    .filter(other -> other.version().equals(artifact.get().version())).isPresent()) {
                shared++;
            } else {
                own.add(path);
            }
        }
        List<Difference> differences = baseArtifacts.isEmpty() ? List.of()
                : differences(baseArtifacts, changeArtifacts);
        return new BaseClassPath(folders, absentFolders(folders, changeClassPath), own, shared, changes, differences);
    }

    /**
     * @param changeClassPath the change's folders and jars
     * @return what the change's second copy loads apart from the test's class loader, as the base's side loads the
     *         base's folders: every folder of the change's class path that is there, no jar (the change's jars are
     *         the ones both copies of the change call)
     * @throws IllegalArgumentException when the change's class path has no such folder
     */
    public static BaseClassPath changeCopyOf(List<Path> changeClassPath) {
        List<Path> folders = changeClassPath.stream().filter(path -> !isJar(path) && Files.isDirectory(path))
                .distinct().toList();
        if (folders.isEmpty()) {
            throw new IllegalArgumentException("the change's class path has no folder of compiled classes, so no "
                    + "second copy of its test class can be loaded apart from the first");
        }
        return new BaseClassPath(folders, List.of(), List.of(), 0, 0, List.of());
    }

    /** @return the base's folders that are not there, each with the change's in its place, which is not there either */
    private static List<AbsentFolder> absentFolders(List<Path> folders, List<Path> changeClassPath) {
        Optional<Roots> roots = Roots.of(folders, changeClassPath.stream().filter(path -> !isJar(path)).toList());
        List<AbsentFolder> absent = new ArrayList<>();
        for (Path folder : folders.stream().filter(folder -> !Files.exists(folder)).toList()) {
            Path normalFolder = normal(folder);
            Path inItsPlace = roots.flatMap(both -> both.changesInPlaceOf(normalFolder)).orElseThrow(() ->
                    new IllegalArgumentException("the base's folder " + normalFolder + " is not there, and the "
                            + "change's class path has no folder in its place. Fix: build the base first, then name "
                            + "its folders where they are (e.g. ../base/target/test-classes)"));
            if (Files.exists(inItsPlace)) {
                throw new IllegalArgumentException("the base's folder " + normalFolder + " is not there, while the "
                        + "change's in its place, " + inItsPlace + ", is. Fix: build the base first (its test-compile, "
                        + "which compiles its main code too), or, where the base has no main code, make the folder "
                        + "empty (mkdir -p " + normalFolder + ")");
            }
            absent.add(new AbsentFolder(folder, inItsPlace));
        }
        return absent;
    }

    /**
     * The base's root and the change's, normalised: a base folder's path within the one is the change's folder in its
     * place within the other.
     */
    private record Roots(Path base, Path change) {
        /**
         * @return what precedes the names that a base folder's and a change folder's paths end in alike, for the first
         *         pair that ends in the most; empty when no pair ends alike
         */
        static Optional<Roots> of(List<Path> baseFolders, List<Path> changeFolders) {
            Optional<Roots> roots = Optional.empty();
            int most = 0;
            for (Path baseFolder : baseFolders) {
                Path base = normal(baseFolder);
                for (Path changeFolder : changeFolders) {
                    Path change = normal(changeFolder);
                    int alike = 0;
                    while (alike < Math.min(base.getNameCount(), change.getNameCount())
                            && nameFromEnd(base, alike).equals(nameFromEnd(change, alike))) {
                        alike++;
                    }
                    if (alike > most) {
                        most = alike;
                        roots = Optional.of(new Roots(above(base, alike), above(change, alike)));
                    }
                }
            }
            return roots;
        }

        /** @return the change's folder in the place of a normalised base folder; empty when it is not in the root */
        Optional<Path> changesInPlaceOf(Path baseFolder) {
            return baseFolder.startsWith(base) ? Optional.of(change.resolve(base.relativize(baseFolder)))
                    : Optional.empty();
        }

        /** @return the path's name {@code fromEnd} names before its last ({@code 0}: its last) */
        private static Path nameFromEnd(Path path, int fromEnd) {
            return path.getName(path.getNameCount() - 1 - fromEnd);
        }

        /** @return the folder {@code levels} above the path */
        private static Path above(Path path, int levels) {
            Path above = path;
            for (int i = 0; i < levels; i++) {
                above = above.getParent();
            }
            return above;
        }
    }

    /** @return the artifacts whose versions differ between the sides, or that one side alone names, by name */
    private static List<Difference> differences(Map<String, JarArtifact> base, Map<String, JarArtifact> change) {
        return Stream.concat(base.keySet().stream(), change.keySet().stream()).distinct().sorted()
                .map(key -> new Difference(key, Optional.ofNullable(base.get(key)).map(JarArtifact::version),
                        Optional.ofNullable(change.get(key)).map(JarArtifact::version)))
                .filter(difference -> !difference.base().equals(difference.change())).toList();
    }

    /** @return the jar's artifact, when it says which and is not jlbh's or JUnit's (which are not compared) */
    private static Optional<JarArtifact> compared(Path jar) {
        return alwaysTheChanges(jar) ? Optional.empty() : JarArtifact.of(jar);
    }

    /**
     * @param loader the change's test class's loader
     * @return the change's class path: each {@link URLClassLoader}'s from the loader up, then {@code java.class.path}
     */
    public static List<Path> changeClassPath(ClassLoader loader) {
        Set<Path> paths = new LinkedHashSet<>();
        for (ClassLoader at = loader; at != null; at = at.getParent()) {
            if (at instanceof URLClassLoader urls) {
                Arrays.stream(urls.getURLs()).flatMap(url -> fileOf(url).stream()).forEach(paths::add);
            }
        }
        Arrays.stream(System.getProperty("java.class.path", "").split(File.pathSeparator))
                .filter(entry -> !entry.isBlank()).map(Path::of).forEach(paths::add);
        return List.copyOf(paths);
    }

    /**
     * @return what the base's side loads from its own paths, in order: its folders (not those absent on both sides),
     *         then its own jars
     */
    public List<Path> loaded() {
        List<Path> absent = absentFolders.stream().map(AbsentFolder::base).toList();
        return Stream.concat(folders.stream().filter(folder -> !absent.contains(folder)), ownJars.stream()).toList();
    }

    /**
     * @return e.g. {@code [../base/target/test-classes, ../base/target/classes] and 15 jars (13 shared with the
     *         change, 1 the base's own, 1 always the change's)}, a folder absent on both sides said so ({@code
     *         ../base/target/classes (absent on both sides, like the change's /w/pr/target/classes)}); the folders
     *         alone when the base names no jar
     */
    public String describe() {
        List<String> described = new ArrayList<>();
        for (Path folder : folders) {
            described.add(folder + absentFolders.stream().filter(absent -> absent.base().equals(folder)).findFirst()
                    .map(absent -> " (absent on both sides, like the change's " + absent.change() + ")").orElse(""));
        }
        int jars = ownJars.size() + sharedJars + changes;
        if (jars == 0) {
            return described.toString();
        }
        return String.format(Locale.ROOT, "%s and %d jar%s (%d shared with the change, %d the base's own, %d always "
                + "the change's)", described, jars, jars == 1 ? "" : "s", sharedJars, ownJars.size(), changes);
    }

    /** @return the comparison header's line: which dependencies differ, that none does, or that the base names none */
    public String dependencies() {
        if (ownJars.size() + sharedJars + changes == 0) {
            return "the base names no jar, so both sides run the change's libraries: name the base's test class path "
                    + "(@file) to compare a dependency upgrade";
        }
        if (differences.isEmpty()) {
            return "the same on both sides";
        }
        return String.join("; ", differences.stream().map(Difference::describe).toList());
    }

    /**
     * @return whether the jar is jlbh's, its dependencies' or JUnit's: by its group where it says it, else (JUnit's
     *         own jars carry no Maven metadata) by its classes, every one in a package the two sides share
     */
    private static boolean alwaysTheChanges(Path jar) {
        Optional<JarArtifact> artifact = JarArtifact.of(jar);
        if (artifact.filter(known -> !known.group().isEmpty()).isPresent()) {
            String group = artifact.get().group();
            return ALWAYS_THE_CHANGES.stream().anyMatch(shared -> group.equals(shared)
                    || group.startsWith(shared + "."));
        }
        return BaseClassLoader.sharesEveryClassOf(jar);
    }

    private static boolean isJar(Path path) {
        return path.toString().endsWith(".jar") && !Files.isDirectory(path);
    }

    private static Path normal(Path path) {
        return path.toAbsolutePath().normalize();
    }

    private static Optional<Path> fileOf(URL url) {
        if (!"file".equals(url.getProtocol())) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(url.toURI()));
        } catch (URISyntaxException | IllegalArgumentException notAFile) {
            return Optional.empty();
        }
    }
}

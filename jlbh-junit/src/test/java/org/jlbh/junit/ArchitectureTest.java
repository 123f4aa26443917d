package org.jlbh.junit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's rooms, held by their imports: values flow downward from configuration through running and judging to
 * the result, and within each layer from its parts to the whole (the evidence and the timelines below the run; the
 * attribution of late samples and the baseline statistics below the judgement; the profile, taken after the verdict,
 * between judging and the result). Above the result, the store keeps it (the report folder and the baseline history,
 * their formats and their lock); the suite page draws what the store read and never imports the store; the exports
 * (the trackers' files, the job summary) render what the store read; the report's writer only says what happened.
 * Only the store reads or writes the report folder and the baseline history. The API package reaches the internals
 * only through the extension, and nothing here uses jlbh-core's internals. Reads this module's main sources.
 */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src", "main", "java", "org", "jlbh", "junit");

    private static final List<String> RUN = List.of("run", "run.evidence", "run.timeline");
    private static final List<String> JUDGE = List.of("judge", "judge.attribution", "judge.baseline");

    /** Each internal package (under org.jlbh.junit.internal), and the internal packages it may import. */
    private static final Map<String, List<String>> MAY_IMPORT = Map.ofEntries(
            Map.entry("config", List.of()),
            Map.entry("run.timeline", List.of()),
            Map.entry("run.evidence", List.of("run.timeline")),
            Map.entry("run.paired", List.of()),
            Map.entry("run", List.of("config", "run.evidence", "run.timeline", "run.paired")),
            Map.entry("judge.baseline", List.of()),
            Map.entry("judge.attribution", concat(RUN, "config")),
            Map.entry("judge", concat(concat(RUN, "config"), "judge.attribution", "judge.baseline")),
            // after the verdict, a profiled run: judged's decision in, a profile out
            Map.entry("profile", concat(concat(RUN, "config"), JUDGE.toArray(String[]::new))),
            Map.entry("report.result", concat(concat(RUN, "config"), concat(JUDGE, "profile").toArray(String[]::new))),
            Map.entry("store", List.of("config", "judge", "judge.baseline", "report.result", "profile")),
            // a pure renderer of what the store read: never the store itself
            Map.entry("report.page", List.of("config", "judge", "judge.baseline", "report.result", "profile")),
            Map.entry("export", List.of("judge", "judge.baseline", "report.result", "report.page", "store")),
            Map.entry("report", concat(concat(JUDGE, "config"), "report.result", "store", "profile")));

    /**
     * The main files besides the store's that read or write files, and what they touch: none of them is the report
     * folder or the baseline history.
     */
    private static final Map<String, String> FILES_BESIDES_THE_STORE = Map.ofEntries(
            Map.entry("config/Configuration.java", "whether the project is a Gradle build, for the default folder"),
            Map.entry("config/PairedBaseEntries.java", "a list of the paired base's entries, a file the user names"),
            Map.entry("MachineTurn.java", "the machine's lock files, which every JVM on the machine shares, in the "
                    + "system temporary folder"),
            Map.entry("run/evidence/ProcFile.java", "the OS's figures of a harness thread and the test's threads (/proc)"),
            Map.entry("run/evidence/TestThreads.java", "the OS's list of the JVM's threads (/proc)"),
            Map.entry("run/paired/BaseClassLoader.java", "whether a base's class path entry is a folder or a jar"),
            Map.entry("run/paired/BaseClassPath.java", "whether a class path entry is a jar"),
            Map.entry("profile/AsyncProfilerRun.java", "the native profiler's recording, in the system temporary "
                    + "folder beside its library, deleted once read"),
            Map.entry("report/result/CurrentEnvironment.java", "the CPU's model name (/proc/cpuinfo)"),
            Map.entry("report/JUnitPublisher.java", "a file it publishes, in JUnit's own output folder"));

    @Test
    void internalPackagesDependOnlyOnTheLayersBelowThem() {
        MAY_IMPORT.forEach((layer, allowed) -> {
            List<Path> files = javaFiles(MAIN.resolve("internal").resolve(layer.replace('.', '/')), false);
            assertThat(files).as("package %s", layer).isNotEmpty();
            for (Path file : files) {
                for (String imported : internalImports(file)) {
                    assertThat(imported).as("%s imports org.jlbh.junit.internal.%s", file, imported)
                            .isIn(concat(allowed, layer));
                }
            }
        });
    }

    @Test
    void everyInternalPackageHasItsPlaceInTheLayers() {
        try (Stream<Path> dirs = Files.walk(MAIN.resolve("internal"))) {
            List<String> packages = dirs.filter(Files::isDirectory).filter(dir -> !javaFiles(dir, false).isEmpty())
                    .map(dir -> MAIN.resolve("internal").relativize(dir).toString().replace('/', '.'))
                    .filter(name -> !name.isEmpty()).toList();
            assertThat(packages).allMatch(MAY_IMPORT::containsKey, "is in MAY_IMPORT");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void onlyTheStoreReadsOrWritesTheReportFolderAndTheBaselineHistory() {
        List<String> touchingFiles = new ArrayList<>();
        for (Path file : javaFiles(MAIN)) {
            String name = MAIN.resolve("internal").relativize(file).toString().replace('\\', '/');
            if (!name.startsWith("store/") && lines(file).stream().anyMatch(ArchitectureTest::touchesFiles)) {
                touchingFiles.add(name);
            }
        }
        assertThat(touchingFiles).as("the files that read or write files, besides the store's")
                .containsExactlyInAnyOrderElementsOf(FILES_BESIDES_THE_STORE.keySet());
    }

    private static boolean touchesFiles(String line) {
        return line.startsWith("import ") && (line.contains("java.nio.file.Files;")
                || line.contains("java.nio.channels.FileChannel;") || line.matches("import java\\.io\\..*File.*;"));
    }

    @Test
    void theApiReachesTheInternalsOnlyThroughTheExtensionAndTheAssertionsOnlyThroughTheBudgetCheck() {
        for (Path file : javaFiles(MAIN)) {
            if (file.getParent().equals(MAIN) && !file.getFileName().toString().equals("LatencyTestExtension.java")) {
                assertThat(internalImports(file)).as("%s imports internals", file).isEmpty();
            }
            if (file.getParent().endsWith("assertj")) {
                assertThat(internalImports(file)).as("%s", file).allMatch("judge"::equals);
            }
        }
    }

    @Test
    void nothingUsesTheHarnessInternals() {
        for (Path file : javaFiles(MAIN)) {
            assertThat(lines(file)).as("%s", file).noneMatch(line -> line.startsWith("import org.jlbh.core.internal")
                    || line.startsWith("import static org.jlbh.core.internal"));
        }
    }

    private static List<String> concat(List<String> allowed, String... more) {
        List<String> all = new ArrayList<>(allowed);
        all.addAll(List.of(more));
        return all;
    }

    /** @return the internal packages a file imports from, relative to org.jlbh.junit.internal ("" for it) */
    private static List<String> internalImports(Path file) {
        List<String> packages = new ArrayList<>();
        for (String line : lines(file)) {
            if (line.startsWith("import org.jlbh.junit.internal.") || line.startsWith("import static org.jlbh.junit.internal.")) {
                String rest = line.substring(line.indexOf("org.jlbh.junit.internal.") + "org.jlbh.junit.internal.".length());
                List<String> segments = new ArrayList<>();
                for (String segment : rest.split("\\.")) {
                    if (!Character.isLowerCase(segment.charAt(0))) {
                        break;
                    }
                    segments.add(segment);
                }
                packages.add(String.join(".", segments));
            }
        }
        return packages;
    }

    private static List<Path> javaFiles(Path dir) {
        return javaFiles(dir, true);
    }

    /** @return the Java files in a folder, and in its subfolders when {@code deep} */
    private static List<Path> javaFiles(Path dir, boolean deep) {
        try (Stream<Path> files = Files.walk(dir, deep ? Integer.MAX_VALUE : 1)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

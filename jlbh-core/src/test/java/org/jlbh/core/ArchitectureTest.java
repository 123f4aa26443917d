package org.jlbh.core;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The harness's layout, held by its main sources: the API package holds only public types, and crosses into the
 * engine ({@code org.jlbh.core.internal.engine}) only through {@link JLBH}, which holds its one {@code Harness}; the
 * pieces the engine is built from ({@code org.jlbh.core.internal}) do not use the engine; and the utilities use the
 * API only. Reads this module's main sources, each package's own folder (not its subpackages').
 */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src", "main", "java", "org", "jlbh", "core");
    private static final String ENGINE = "org.jlbh.core.internal.engine";
    /** A top-level type's declaration: at the start of a line, its modifiers, then what kind of type it is. */
    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "^((public|protected|private|abstract|final|static|sealed|non-sealed|strictfp)\\s+)*"
                    + "(class|interface|enum|record|@interface)\\s.*");

    @Test
    void theApiPackageHoldsOnlyPublicTypes() throws IOException {
        for (Source source : sourcesIn(MAIN)) {
            List<String> declarations = source.lines().stream()
                    .filter(line -> TOP_LEVEL_TYPE.matcher(line).matches()).toList();
            assertThat(declarations).as("%s declares a top-level type", source.file()).isNotEmpty();
            assertThat(declarations).as("%s's top-level types", source.file())
                    .allMatch(line -> line.startsWith("public "));
        }
    }

    @Test
    void theApiReachesTheEngineOnlyThroughJlbhAndItsHarness() throws IOException {
        for (Source source : sourcesIn(MAIN)) {
            List<String> engine = source.imports(ENGINE);
            if (source.file().getFileName().toString().equals("JLBH.java")) {
                assertThat(engine).as("%s imports from %s", source.file(), ENGINE)
                        .isSubsetOf(ENGINE + ".Harness", ENGINE + ".Settings");
            } else {
                assertThat(engine).as("%s imports %s", source.file(), ENGINE).isEmpty();
            }
        }
    }

    @Test
    void theEnginesPiecesDoNotUseTheEngine() throws IOException {
        for (Source source : sourcesIn(MAIN.resolve("internal"))) {
            assertThat(source.imports(ENGINE)).as("%s imports %s", source.file(), ENGINE).isEmpty();
        }
    }

    @Test
    void theUtilitiesUseTheApiOnly() throws IOException {
        for (Source source : sourcesIn(MAIN.resolve("util"))) {
            assertThat(source.imports("org.jlbh.core.internal")).as("%s imports internals", source.file()).isEmpty();
        }
    }

    /** The Java sources directly in {@code dir} (not in its subfolders), but its package-info, each read. */
    private static List<Source> sourcesIn(Path dir) throws IOException {
        List<Source> sources = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.java")) {
            for (Path file : files) {
                if (!file.getFileName().toString().equals("package-info.java")) {
                    sources.add(new Source(file, Files.readAllLines(file)));
                }
            }
        }
        assertThat(sources).as("Java sources in %s", dir).isNotEmpty();
        return sources;
    }

    /** One source file's lines. */
    private record Source(Path file, List<String> lines) {
        /** The names this file imports (statically or not) from {@code pkg} or its subpackages. */
        List<String> imports(String pkg) {
            List<String> imported = new ArrayList<>();
            for (String line : lines) {
                String name = line.startsWith("import static ") ? line.substring("import static ".length())
                        : line.startsWith("import ") ? line.substring("import ".length()) : "";
                if (name.startsWith(pkg + ".")) {
                    imported.add(name.substring(0, name.indexOf(';')).trim());
                }
            }
            return imported;
        }
    }
}

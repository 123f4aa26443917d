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
 * The engine's layout, held by its imports: values flow downward from configuration through running and judging to
 * reporting, the API package reaches the internals only through the extension, and nothing here uses jlbh-core's
 * internals. Reads this module's main sources.
 */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src", "main", "java", "org", "jlbh", "junit");

    /** Each internal package, and the internal packages it may import. */
    private static final Map<String, List<String>> MAY_IMPORT = Map.of(
            "config", List.of(),
            "run", List.of("config"),
            "judge", List.of("config", "run"),
            "report", List.of("config", "run", "judge"));

    @Test
    void internalPackagesDependOnlyOnTheLayersBelowThem() {
        MAY_IMPORT.forEach((layer, allowed) -> {
            for (Path file : javaFiles(MAIN.resolve("internal").resolve(layer))) {
                for (String imported : internalImports(file)) {
                    assertThat(imported).as("%s imports org.jlbh.junit.internal.%s", file, imported)
                            .isIn(concat(allowed, layer));
                }
            }
        });
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

    private static List<String> concat(List<String> allowed, String own) {
        List<String> all = new ArrayList<>(allowed);
        all.add(own);
        return all;
    }

    private static List<String> internalImports(Path file) {
        List<String> packages = new ArrayList<>();
        for (String line : lines(file)) {
            if (line.startsWith("import org.jlbh.junit.internal.") || line.startsWith("import static org.jlbh.junit.internal.")) {
                String rest = line.substring(line.indexOf("org.jlbh.junit.internal.") + "org.jlbh.junit.internal.".length());
                packages.add(Character.isLowerCase(rest.charAt(0)) ? rest.substring(0, rest.indexOf('.')) : "");
            }
        }
        return packages;
    }

    private static List<Path> javaFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
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

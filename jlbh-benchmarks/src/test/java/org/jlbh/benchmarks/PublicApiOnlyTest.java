package org.jlbh.benchmarks;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The benchmarks measure what users get: they use jlbh-core's and jlbh-junit's public API only. */
class PublicApiOnlyTest {

    @Test
    void noBenchmarkImportsAnInternalPackage() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Path.of("src", "main", "java"))) {
            files = walk.filter(f -> f.toString().endsWith(".java")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            assertThat(Files.readAllLines(file)).as("%s", file)
                    .noneMatch(line -> line.matches("import (static )?org\\.jlbh\\.(core|junit)\\.internal.*"));
        }
    }
}

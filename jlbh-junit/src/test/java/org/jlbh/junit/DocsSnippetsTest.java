package org.jlbh.junit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code java} block of the README and of the guide ({@code docs/*.md}) is code the build compiles: its lines,
 * each trimmed and blank ones left out, stand in that order in a Java source of the repository (a sample, a consumer
 * project the suite builds, the guide's examples in {@code org.jlbh.junit.guide}).
 */
class DocsSnippetsTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everyJavaSnippetOfTheReadmeAndTheGuideIsInACompiledSource() throws IOException {
        Path root = root();
        List<String> sources;
        try (Stream<Path> files = Files.walk(root)) {
            sources = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !StreamSupport.stream(root.relativize(file).spliterator(), false)
                            .anyMatch(part -> part.toString().equals("target")))
                    .map(DocsSnippetsTest::normalised).toList();
        }
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> guide = Files.list(root.resolve("docs"))) {
            guide.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        int snippets = 0;
        for (Path page : pages) {
            Matcher block = JAVA_BLOCK.matcher(Files.readString(page));
            while (block.find()) {
                String snippet = normalised(block.group(1));
                snippets++;
                assertThat(sources).as("a java block of %s, in no compiled source:%n%s", root.relativize(page),
                        block.group(1)).anyMatch(source -> source.contains(snippet));
            }
        }
        assertThat(snippets).as("java blocks found").isGreaterThanOrEqualTo(7);
    }

    @Test
    void everyPageOfTheGuideIsLinkedFromTheReadme() throws IOException {
        Path root = root();
        String readme = Files.readString(root.resolve("README.md"));
        List<String> pages;
        try (Stream<Path> guide = Files.list(root.resolve("docs"))) {
            pages = guide.filter(file -> file.toString().endsWith(".md")).map(file -> "docs/" + file.getFileName())
                    .sorted().toList();
        }
        assertThat(pages).as("the guide's pages").hasSizeGreaterThanOrEqualTo(10)
                .allSatisfy(page -> assertThat(readme).as("README.md links " + page).contains("(" + page));
    }

    /** @return the repository's root: where {@code docs} and {@code README.md} are, above the module */
    private static Path root() {
        Path folder = Path.of("").toAbsolutePath();
        while (folder != null && !Files.exists(folder.resolve("docs").resolve("reference.md"))) {
            folder = folder.getParent();
        }
        assertThat(folder).as("the repository's root above " + Path.of("").toAbsolutePath()).isNotNull();
        return folder;
    }

    private static String normalised(Path source) {
        try {
            return normalised(Files.readString(source));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the lines trimmed, blank ones left out, each ending with a line break */
    private static String normalised(String text) {
        return text.lines().map(String::strip).filter(line -> !line.isEmpty())
                .collect(Collectors.joining("\n", "\n", "\n"));
    }
}

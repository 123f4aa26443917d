package org.jlbh.junit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code java} block of the README and of the guide ({@code docs/*.md}) is code the build compiles: its lines,
 * each trimmed and blank ones left out, stand in that order in a Java source of the repository (a sample, a consumer
 * project the suite builds, the guide's examples in {@code org.jlbh.junit.guide}). And the pages speak to users (the
 * README, the guide, CHANGELOG.md and CONTRIBUTING.md): no commit hash or campaign date, which belong in the commit
 * messages and {@code jlbh-benchmarks/README.md}, and none of the project's own names for things a user was never
 * told of.
 */
class DocsSnippetsTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    /** 7 to 40 hex digits as a whole word, with at least one letter and one digit: a commit, not a number or a word. */
    private static final Pattern COMMIT_HASH =
            Pattern.compile("\\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\\b");
    /** A date as ISO 8601 writes it, alone or starting a time ({@code 2026-11-27T02:14:10Z}). */
    private static final Pattern ISO_DATE = Pattern.compile("\\b\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(?!\\d)");
    /** A release's heading in CHANGELOG.md, the one place a date belongs: {@code ## 0.1.0 — 2027-01-15}. */
    private static final Pattern RELEASE_HEADING = Pattern.compile("## \\d+\\.\\d+\\.\\d+ — .*");
    /**
     * Words the project used among its developers, which no page defines: the design brief's example, the blog posts
     * the samples come from, the sample tests' build, the host's slow hours, trial campaigns.
     */
    private static final List<String> IN_HOUSE = List.of("design card", "card's example", "seed post", "main job",
            "slow hour", "pilot");

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
        int snippets = 0;
        for (Path page : pages(root)) {
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

    @Test
    void noPageAUserReadsNamesACommitOrADate() throws IOException {
        List<String> found = foundOnPages(root(), (page, line) -> page.endsWith("CHANGELOG.md")
                && RELEASE_HEADING.matcher(line).matches() ? List.of() : Stream.of(COMMIT_HASH, ISO_DATE)
                .flatMap(notebook -> notebook.matcher(line).results().map(MatchResult::group)).toList());
        assertThat(found).as("commit hashes and dates in the pages a user reads: the evidence goes to "
                + "jlbh-benchmarks/README.md, linked from the page").isEmpty();
    }

    @Test
    void noPageAUserReadsUsesTheProjectsInHouseNames() throws IOException {
        List<String> found = foundOnPages(root(), (page, line) -> IN_HOUSE.stream()
                .filter(line.toLowerCase(Locale.ROOT)::contains).toList());
        assertThat(found).as("names a user was never told of: say what is meant").isEmpty();
    }

    /**
     * Every link of a page a user reads to a file of the repository leads to it, and to the heading its anchor names
     * (as GitHub names it: {@link JavadocLinksTest#anchor}).
     */
    @Test
    void everyLinkBetweenThePagesLeadsToAFileAndHeadingThatExist() throws IOException {
        Path root = root();
        Pattern link = Pattern.compile("\\]\\(([^)\\s#]*)(?:#([^)\\s]+))?\\)");
        int links = 0;
        for (Path page : userPages(root)) {
            Matcher each = link.matcher(Files.readString(page));
            while (each.find()) {
                if (each.group(1).matches("\\w+:.*")) {
                    continue;
                }
                Path target = each.group(1).isEmpty() ? page : page.resolveSibling(each.group(1)).normalize();
                String where = root.relativize(page) + ": " + each.group();
                assertThat(target).as(where).exists();
                if (each.group(2) != null) {
                    assertThat(JavadocLinksTest.anchors(target)).as(where).contains(each.group(2));
                }
                links++;
            }
        }
        assertThat(links).as("links between the pages").isGreaterThanOrEqualTo(50);
    }

    /**
     * Every block of the README and the guide that a user copies into a build (a pom, a profile, properties, a
     * workflow, commands: any fenced block with a language but Java, which the test above holds) says on the line
     * before it which consumer build under {@code jlbh-junit/src/it} runs it, or why none can; and that build reads
     * the page (its scripts name it) or holds the block's lines, in order.
     */
    @Test
    void everyRecipeOfTheReadmeAndTheGuideIsRunByAConsumerBuild() throws IOException {
        Path root = root();
        Pattern fenced = Pattern.compile("(?m)^(.*)\\n```(\\w+)\\n((?s:.*?))```");
        Pattern runBy = Pattern.compile("<!-- run by (jlbh-junit/src/it/[\\w-]+) -->");
        int recipes = 0;
        for (Path page : pages(root)) {
            Matcher block = fenced.matcher(Files.readString(page));
            while (block.find()) {
                if (block.group(2).equals("java")) {
                    continue;
                }
                String where = root.relativize(page) + ", a " + block.group(2) + " block:\n" + block.group(3);
                if (block.group(1).startsWith("<!-- not run here: ")) {
                    continue;
                }
                Matcher tag = runBy.matcher(block.group(1));
                assertThat(tag.matches()).as("%s%nsays which consumer build runs it (<!-- run by "
                        + "jlbh-junit/src/it/<name> -->) on the line before", where).isTrue();
                Path build = root.resolve(tag.group(1));
                assertThat(build).as(where).isDirectory();
                List<String> files;
                try (Stream<Path> all = Files.walk(build)) {
                    files = all.filter(Files::isRegularFile).filter(file -> !file.toString().contains("/target/"))
                            .map(DocsSnippetsTest::read).toList();
                }
                String pageName = page.getFileName().toString();
                String lines = withoutComments(block.group(3));
                assertThat(files).as("%s%nis read from the page or held by %s", where, build).anyMatch(file ->
                        file.contains("'" + pageName + "'") || file.contains("/" + pageName + "'")
                                || withoutComments(file).contains(lines));
                recipes++;
            }
        }
        assertThat(recipes).as("recipes found").isGreaterThanOrEqualTo(7);
    }

    /** @return the lines trimmed, blank ones and comments ({@code #}) left out, each ending with a line break */
    private static String withoutComments(String text) {
        return normalised(text.lines().filter(line -> !line.strip().startsWith("#"))
                .collect(Collectors.joining("\n")));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return README.md and every page of the guide, {@code docs/*.md}, in order */
    private static List<Path> pages(Path root) throws IOException {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> guide = Files.list(root.resolve("docs"))) {
            guide.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** @return what {@code finder} names on each line of each page a user reads, as {@code page:line: match} */
    private static List<String> foundOnPages(Path root, BiFunction<Path, String, List<String>> finder)
            throws IOException {
        List<String> found = new ArrayList<>();
        for (Path page : userPages(root)) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                for (String match : finder.apply(page, lines.get(i))) {
                    found.add(root.relativize(page) + ":" + (i + 1) + ": " + match);
                }
            }
        }
        return found;
    }

    /** @return README.md, the guide's pages, CHANGELOG.md and CONTRIBUTING.md */
    private static List<Path> userPages(Path root) throws IOException {
        List<Path> pages = new ArrayList<>(pages(root));
        pages.add(root.resolve("CHANGELOG.md"));
        pages.add(root.resolve("CONTRIBUTING.md"));
        return pages;
    }

    /** @return the repository's root: where {@code docs} and {@code README.md} are, above the module */
    static Path root() {
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

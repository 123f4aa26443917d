package org.jlbh.junit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Javadoc's pointers to the guide lead somewhere from a published Javadoc jar, read anywhere: each is an
 * absolute link to a page in the project's repository ({@value #REPOSITORY}), that page exists, and so does the
 * heading its anchor names; no page is named as plain text ({@code docs/reference.md}), which leads nowhere from a jar.
 */
class JavadocLinksTest {
    static final String REPOSITORY = "https://github.com/jlbh/jlbh-junit/blob/main/";
    private static final Pattern LINK =
            Pattern.compile(Pattern.quote(REPOSITORY) + "([\\w./-]+?\\.md)(?:#([^\"\\s<>)]+))?(?=[\"\\s<>)])");
    /** A Markdown page named without a link: a path ending in {@code .md}, or the guide's folder. */
    private static final Pattern PLAIN_PAGE = Pattern.compile("[\\w./-]*\\.md\\b|\\bdocs/");
    private static final Pattern FENCED_BLOCK = Pattern.compile("(?ms)^```.*?^```");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *$");

    @Test
    void everyLinkToAPageOfTheRepositoryNamesAPageAndHeadingThatExist() throws IOException {
        Path root = DocsSnippetsTest.root();
        List<String> links = new ArrayList<>();
        for (Path source : mainSources(root)) {
            Matcher link = LINK.matcher(Files.readString(source));
            while (link.find()) {
                String where = link.group() + ", linked from " + root.relativize(source);
                Path page = root.resolve(link.group(1));
                assertThat(page).as(where).isRegularFile();
                if (link.group(2) != null) {
                    assertThat(anchors(page)).as("the anchors of the headings of %s", where).contains(link.group(2));
                }
                links.add(link.group());
            }
        }
        assertThat(links).as("links to the guide in the main sources")
                .anyMatch(link -> link.contains("/docs/reference.md"))
                .anyMatch(link -> link.contains("/docs/configuration.md"));
    }

    @Test
    void noMainSourceNamesAPageAsPlainText() throws IOException {
        Path root = DocsSnippetsTest.root();
        List<String> found = new ArrayList<>();
        for (Path source : mainSources(root)) {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                Matcher plain = PLAIN_PAGE.matcher(LINK.matcher(lines.get(i)).replaceAll(""));
                while (plain.find()) {
                    found.add(root.relativize(source) + ":" + (i + 1) + ": " + plain.group());
                }
            }
        }
        assertThat(found).as("pages named without a link (<a href=\"%s…\">)", REPOSITORY).isEmpty();
    }

    @Test
    void anAnchorIsTheHeadingAsGitHubNamesIt() {
        assertThat(anchor("How long a test takes: sized from its budgets"))
                .isEqualTo("how-long-a-test-takes-sized-from-its-budgets");
        assertThat(anchor("@LatencyTest")).isEqualTo("latencytest");
        assertThat(anchor("Behaviours kept as this harness's defaults, with the reference's as an option"))
                .isEqualTo("behaviours-kept-as-this-harnesss-defaults-with-the-references-as-an-option");
        assertThat(anchor("Gradle (not tested here)")).isEqualTo("gradle-not-tested-here");
    }

    /** @return the anchors GitHub gives the page's headings (a {@code #} line in a fenced block is none) */
    static List<String> anchors(Path page) throws IOException {
        List<String> anchors = new ArrayList<>();
        Matcher heading = HEADING.matcher(FENCED_BLOCK.matcher(Files.readString(page)).replaceAll(""));
        while (heading.find()) {
            anchors.add(anchor(heading.group(1)));
        }
        return anchors;
    }

    /** @return the heading's anchor as GitHub makes it: lower case, punctuation left out, each space a hyphen */
    static String anchor(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    /** @return the Java sources of the published jars, jlbh-core's and jlbh-junit's */
    private static List<Path> mainSources(Path root) throws IOException {
        List<Path> sources = new ArrayList<>();
        for (String module : List.of("jlbh-core", "jlbh-junit")) {
            try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(sources::add);
            }
        }
        assertThat(sources).as("main sources").hasSizeGreaterThan(50);
        return sources;
    }
}

package org.jlbh.junit;

import org.jlbh.junit.internal.config.UnknownParameters;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the pages a user reads (README.md, CHANGELOG.md, CONTRIBUTING.md and the guide, {@code docs/*.md}) say that
 * the build can check: the jars jlbh-junit brings are the poms' compile-scope dependencies, every {@code jlbh.*}
 * parameter they name is one the code reads, and a figure quoted on several pages is the same on each.
 */
class PagesAgreeWithCodeTest {
    /** A configuration parameter's name, not a package ({@code org.jlbh.core}) nor a call ({@code jlbh.sample(}). */
    private static final Pattern PARAMETER =
            Pattern.compile("(?<![\\w.])jlbh\\.[a-z]+(?:\\.[a-z]+)*(?![\\w(.])(?! is not a configuration parameter)");

    @Test
    void theJarsTheReadmeSaysJlbhJunitBringsAreItsCompileScopeDependencies() throws Exception {
        Path root = DocsSnippetsTest.root();
        Set<String> compile = new TreeSet<>(compileScope(root.resolve("jlbh-junit/pom.xml")));
        compile.addAll(compileScope(root.resolve("jlbh-core/pom.xml")));
        Matcher sentence = Pattern.compile("It brings (.*?), nothing else\\.", Pattern.DOTALL)
                .matcher(Files.readString(root.resolve("README.md")));
        assertThat(sentence.find()).as("README.md: 'It brings …, nothing else.'").isTrue();
        Set<String> named = new TreeSet<>();
        Matcher name = Pattern.compile("`([\\w.-]+)`").matcher(sentence.group(1).replaceAll("\\([^)]*\\)", ""));
        while (name.find()) {
            named.add(name.group(1));
        }
        assertThat(compile).as("compile-scope dependencies of jlbh-junit and jlbh-core").contains("jlbh-core",
                "async-profiler");
        assertThat(named).as("the jars README.md says jlbh-junit brings").isEqualTo(compile);
    }

    @Test
    void everyJlbhParameterAPageNamesIsOneTheCodeReads() throws IOException {
        Path root = DocsSnippetsTest.root();
        Map<String, String> whereNamed = new TreeMap<>();
        for (Path page : pages(root)) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher parameter = PARAMETER.matcher(lines.get(i));
                while (parameter.find()) {
                    whereNamed.putIfAbsent(parameter.group(), root.relativize(page) + ":" + (i + 1));
                }
            }
        }
        assertThat(whereNamed).as("parameters named").containsKeys(LatencyTestConfiguration.MODE,
                LatencyTestConfiguration.REMEASURE_UNDECIDED);
        assertThat(UnknownParameters.warnings(whereNamed.keySet())).as("names the code does not read, first seen at %s",
                whereNamed).isEmpty();
    }

    /**
     * The time the sample latency tests take and the README's opening example's are stated in README.md; any other page
     * that says them says the same figure. The samples' time is stated there alone, as the pages link to it.
     */
    @Test
    void aFigureQuotedOnSeveralPagesIsTheSameOnEach() throws IOException {
        Path root = DocsSnippetsTest.root();
        assertSameOnEveryPage(root, Pattern.compile("[Ss]ample latency tests take (\\S+ s)\\b"), 1);
        assertSameOnEveryPage(root, Pattern.compile("\\b(\\d+(?:\\.\\d+)? s) as its JVM's first latency test"), 3);
    }

    private static void assertSameOnEveryPage(Path root, Pattern figure, int atLeast) throws IOException {
        Matcher source = figure.matcher(Files.readString(root.resolve("README.md")));
        assertThat(source.find()).as("README.md states %s", figure).isTrue();
        List<String> quoted = new ArrayList<>();
        for (Path page : pages(root)) {
            Matcher match = figure.matcher(Files.readString(page).replaceAll("\\s+", " "));
            while (match.find()) {
                quoted.add(root.relativize(page) + ": " + match.group(1));
            }
        }
        assertThat(quoted).as("the pages that state %s", figure).hasSizeGreaterThanOrEqualTo(atLeast)
                .allSatisfy(each -> assertThat(each).as("README.md's figure: " + source.group(1))
                        .endsWith(": " + source.group(1)));
    }

    /** @return the artifacts the pom depends on at compile scope, neither optional nor excluded by scope */
    private static List<String> compileScope(Path pom) throws Exception {
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile())
                .getDocumentElement();
        List<String> artifacts = new ArrayList<>();
        for (Element dependencies : children(project, "dependencies")) {
            for (Element dependency : children(dependencies, "dependency")) {
                String scope = text(dependency, "scope", "compile");
                if (scope.equals("compile") && !text(dependency, "optional", "false").equals("true")) {
                    artifacts.add(text(dependency, "artifactId", ""));
                }
            }
        }
        return artifacts;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }

    private static String text(Element parent, String name, String otherwise) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? otherwise : found.get(0).getTextContent().strip();
    }

    /** @return README.md, CHANGELOG.md, CONTRIBUTING.md and every page of the guide */
    private static List<Path> pages(Path root) throws IOException {
        List<Path> pages = new ArrayList<>(Stream.of("README.md", "CHANGELOG.md", "CONTRIBUTING.md")
                .map(root::resolve).toList());
        try (Stream<Path> guide = Files.list(root.resolve("docs"))) {
            guide.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}

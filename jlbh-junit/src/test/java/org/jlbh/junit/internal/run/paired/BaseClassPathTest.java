package org.jlbh.junit.internal.run.paired;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Which of the base's jars its side loads, and what the comparison's header says differs, on jars made for the test:
 * each holds the {@code pom.properties} Maven writes, or none; and which of the base's folders may be absent.
 */
class BaseClassPathTest {
    @TempDir
    Path work;

    @Test
    void aJarBothSidesNameAlikeIsSharedAnotherVersionOrOneTheChangeLacksIsTheBases() throws IOException {
        Path classes = Files.createDirectories(work.resolve("base/target/classes"));
        Path shared = jar("repository/shared-1.0.jar", "com.example", "shared", "1.0");
        Path sameVersionElsewhere = jar("base-copy/codec-2.1.jar", "com.example", "codec", "2.1");
        Path changesCodec = jar("repository/codec-2.1.jar", "com.example", "codec", "2.1");
        Path oldLang = jar("repository/commons-lang3-3.14.0.jar", "org.apache.commons", "commons-lang3", "3.14.0");
        Path newLang = jar("repository/commons-lang3-3.17.0.jar", "org.apache.commons", "commons-lang3", "3.17.0");
        Path dropped = jar("repository/cache-1.2.jar", "com.example", "cache", "1.2");
        Path added = jar("repository/metrics-4.0.jar", "com.example", "metrics", "4.0");
        Path oldJunit = jar("repository/junit-jupiter-api-5.10.0.jar", "org.junit.jupiter", "junit-jupiter-api",
                "5.10.0");
        Path newJunit = jar("repository/junit-jupiter-api-5.11.3.jar", "org.junit.jupiter", "junit-jupiter-api",
                "5.11.3");
        Path jlbh = jar("repository/jlbh-junit-0.1.0.jar", "org.jlbh", "jlbh-junit", "0.1.0");
        // JUnit's own jars carry no Maven metadata: theirs are told by their classes, all in packages the sides share
        Path engine = jar("repository/junit-jupiter-engine-5.10.0.jar", null, null, null,
                "org/junit/jupiter/engine/JupiterTestEngine.class", "module-info.class");
        Path standalone = jar("lib/junit-platform-console-standalone-1.11.3.jar", null, null, null,
                "org/junit/platform/console/ConsoleLauncher.class", "org/opentest4j/AssertionFailedError.class");

        BaseClassPath classPath = BaseClassPath.of(
                List.of(classes, shared, sameVersionElsewhere, oldLang, dropped, oldJunit, jlbh, engine),
                List.of(work.resolve("change/target/classes"), shared, changesCodec, newLang, added, newJunit, jlbh,
                        standalone));

        assertThat(classPath.loaded()).as("its folder, then the versions only the base names")
                .containsExactly(classes, oldLang, dropped);
        assertThat(classPath.sharedJars()).as("the same file, and the same artifact and version elsewhere")
                .isEqualTo(2);
        assertThat(classPath.changes()).as("JUnit and jlbh are the change's whatever the base names").isEqualTo(3);
        assertThat(classPath.differences()).as("JUnit's and jlbh's versions are not compared")
                .extracting(BaseClassPath.Difference::describe).containsExactly(
                "com.example:cache 1.2 in the base only",
                "com.example:metrics 4.0 in the change only",
                "org.apache.commons:commons-lang3 3.14.0 in the base, 3.17.0 in the change");
        assertThat(classPath.describe()).isEqualTo("[" + classes + "] and 7 jars (2 shared with the change, 2 the "
                + "base's own, 3 always the change's)");
        assertThat(classPath.dependencies()).startsWith("com.example:cache 1.2 in the base only; com.example:metrics");
    }

    @Test
    void theChangesSecondCopyLoadsItsFoldersThatAreThereAndNoJar() throws IOException {
        Path testClasses = Files.createDirectories(work.resolve("pr/target/test-classes"));
        Path classes = Files.createDirectories(work.resolve("pr/target/classes"));
        Path library = jar("repository/library-2.0.jar", "com.example", "library", "2.0");

        BaseClassPath copy = BaseClassPath.changeCopyOf(List.of(testClasses, classes, library,
                work.resolve("pr/target/generated"), testClasses));

        assertThat(copy.loaded()).as("a folder not there, a jar and a folder named twice left out")
                .containsExactly(testClasses, classes);
        assertThatIllegalArgumentException().isThrownBy(() -> BaseClassPath.changeCopyOf(List.of(library)))
                .withMessage("the change's class path has no folder of compiled classes, so no second copy of its "
                        + "test class can be loaded apart from the first");
    }

    @Test
    void theSameJarsOnBothSidesDifferInNothing() throws IOException {
        Path classes = Files.createDirectories(work.resolve("classes"));
        Path lang = jar("repository/commons-lang3-3.17.0.jar", "org.apache.commons", "commons-lang3", "3.17.0");

        BaseClassPath classPath = BaseClassPath.of(List.of(classes, lang), List.of(lang));

        assertThat(classPath.loaded()).containsExactly(classes);
        assertThat(classPath.differences()).isEmpty();
        assertThat(classPath.dependencies()).isEqualTo("the same on both sides");
    }

    @Test
    void aFolderOrJarNamedTwiceCountsOnce() throws IOException {
        // a multi-module base: each module's class-path file lists the jars the modules share, and another module's
        // classes
        Path classes = Files.createDirectories(work.resolve("pricing/classes"));
        Path lang = jar("repository/commons-lang3-3.17.0.jar", "org.apache.commons", "commons-lang3", "3.17.0");
        Path cache = jar("repository/cache-1.2.jar", "com.example", "cache", "1.2");

        BaseClassPath classPath = BaseClassPath.of(List.of(classes, lang, cache,
                work.resolve("pricing/../pricing/classes"), lang, cache), List.of(lang));

        assertThat(classPath.loaded()).containsExactly(classes, cache);
        assertThat(classPath.describe()).isEqualTo("[" + classes + "] and 2 jars (1 shared with the change, 1 the "
                + "base's own, 0 always the change's)");
    }

    @Test
    void aBaseOfFoldersAloneSaysBothSidesRunTheChangesLibraries() throws IOException {
        Path testClasses = Files.createDirectories(work.resolve("test-classes"));
        Path classes = Files.createDirectories(work.resolve("classes"));
        Path lang = jar("repository/commons-lang3-3.17.0.jar", "org.apache.commons", "commons-lang3", "3.17.0");

        BaseClassPath classPath = BaseClassPath.of(List.of(testClasses, classes), List.of(lang));

        assertThat(classPath.loaded()).containsExactly(testClasses, classes);
        assertThat(classPath.describe()).isEqualTo("[" + testClasses + ", " + classes + "]");
        assertThat(classPath.dependencies()).isEqualTo("the base names no jar, so both sides run the change's "
                + "libraries: name the base's test class path (@file) to compare a dependency upgrade");
    }

    @Test
    void aFolderAbsentOnBothSidesLoadsNothingAndIsSaidSo() throws IOException {
        // a project without main code: no target/classes in the base, nor in the change
        Path testClasses = Files.createDirectories(work.resolve("base/target/test-classes"));
        Path classes = work.resolve("base/target/classes");
        Path changeClasses = work.resolve("pr/target/classes");
        Path lang = jar("repository/commons-lang3-3.17.0.jar", "org.apache.commons", "commons-lang3", "3.17.0");

        BaseClassPath classPath = BaseClassPath.of(List.of(testClasses, classes, lang),
                List.of(Files.createDirectories(work.resolve("pr/target/test-classes")), changeClasses, lang));

        assertThat(classPath.loaded()).containsExactly(testClasses);
        assertThat(classPath.absentFolders()).containsExactly(new BaseClassPath.AbsentFolder(classes, changeClasses));
        assertThat(classPath.describe()).isEqualTo("[" + testClasses + ", " + classes + " (absent on both sides, like "
                + "the change's " + changeClasses + ")] and 1 jar (1 shared with the change, 0 the base's own, 0 "
                + "always the change's)");
    }

    @Test
    void aBaseFolderAbsentWhereTheChangesIsThereIsAnErrorNamingBothAndTheFix() throws IOException {
        Path testClasses = Files.createDirectories(work.resolve("base/target/test-classes"));
        Path classes = work.resolve("base/target/classes");
        Path changeClasses = Files.createDirectories(work.resolve("pr/target/classes"));

        assertThatIllegalArgumentException().isThrownBy(() -> BaseClassPath.of(List.of(testClasses, classes),
                        List.of(Files.createDirectories(work.resolve("pr/target/test-classes")), changeClasses)))
                .withMessage("the base's folder " + classes + " is not there, while the change's in its place, "
                        + changeClasses + ", is. Fix: build the base first (its test-compile, which compiles its main "
                        + "code too), or, where the base has no main code, make the folder empty (mkdir -p " + classes
                        + ")");
    }

    @Test
    void anotherModulesFolderIsInItsPlaceUnderTheChangesRootThoughNotOnItsClassPath() throws IOException {
        // a reactor's pricing module runs its tests against a base that names quotes' folders too: quotes has no main
        // code in the base, nor in the change
        Path pricingTestClasses = Files.createDirectories(work.resolve("base/pricing/target/test-classes"));
        Path pricingClasses = Files.createDirectories(work.resolve("base/pricing/target/classes"));
        Path quotesTestClasses = Files.createDirectories(work.resolve("base/quotes/target/test-classes"));
        Path quotesClasses = work.resolve("base/quotes/target/classes");
        List<Path> base = List.of(pricingTestClasses, pricingClasses, quotesTestClasses, quotesClasses);
        List<Path> pricing = List.of(Files.createDirectories(work.resolve("pr/pricing/target/test-classes")),
                Files.createDirectories(work.resolve("pr/pricing/target/classes")));

        Path changesQuotesClasses = work.resolve("pr/quotes/target/classes");
        assertThat(BaseClassPath.of(base, pricing).absentFolders())
                .containsExactly(new BaseClassPath.AbsentFolder(quotesClasses, changesQuotesClasses));
        Files.createDirectories(changesQuotesClasses);
        assertThatIllegalArgumentException().isThrownBy(() -> BaseClassPath.of(base, pricing))
                .withMessageContaining("the base's folder " + quotesClasses + " is not there, while the change's in "
                        + "its place, " + changesQuotesClasses + ", is. Fix: build the base first");
    }

    @Test
    void aBaseFolderAbsentWithNoneOfTheChangesInItsPlaceIsAnError() throws IOException {
        Path gone = work.resolve("elsewhere/compiled");

        assertThatIllegalArgumentException().isThrownBy(() -> BaseClassPath.of(List.of(gone),
                        List.of(Files.createDirectories(work.resolve("pr/target/test-classes")))))
                .withMessage("the base's folder " + gone + " is not there, and the change's class path has no folder "
                        + "in its place. Fix: build the base first, then name its folders where they are (e.g. "
                        + "../base/target/test-classes)");
    }

    @Test
    void aJarSaysWhatItIsByItsMetadataElseByItsPlaceInGradlesCacheElseByItsName() throws IOException {
        assertThat(JarArtifact.of(jar("m2/lang.jar", "org.apache.commons", "commons-lang3", "3.14.0")))
                .contains(new JarArtifact("org.apache.commons", "commons-lang3", "3.14.0"));
        assertThat(JarArtifact.of(jar("files-2.1/com.google.guava/guava/33.0.0-jre/0a1b2c/guava-33.0.0-jre.jar",
                null, null, null))).contains(new JarArtifact("com.google.guava", "guava", "33.0.0-jre"));
        assertThat(JarArtifact.of(jar("lib/fastutil-core-8.5.12.jar", null, null, null)))
                .contains(new JarArtifact("", "fastutil-core", "8.5.12"));
        assertThat(JarArtifact.of(jar("lib/tools.jar", null, null, null))).isEqualTo(Optional.empty());
    }

    /**
     * @return a jar at {@code path} under the work folder, with Maven's pom.properties when a group is given, and an
     *         empty entry for each class named
     */
    private Path jar(String path, String group, String name, String version, String... classes) throws IOException {
        Path jar = work.resolve(path);
        Files.createDirectories(jar.getParent());
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            zip.write("Manifest-Version: 1.0\n".getBytes(StandardCharsets.UTF_8));
            if (group != null) {
                zip.putNextEntry(new ZipEntry("META-INF/maven/" + group + "/" + name + "/pom.properties"));
                zip.write(("groupId=" + group + "\nartifactId=" + name + "\nversion=" + version + "\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            for (String type : classes) {
                zip.putNextEntry(new ZipEntry(type));
            }
        }
        return jar;
    }
}

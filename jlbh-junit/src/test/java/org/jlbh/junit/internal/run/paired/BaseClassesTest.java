package org.jlbh.junit.internal.run.paired;

import org.example.paired.Hasher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The base's classes, compiled here into a folder of their own, loaded apart from the change's and run. */
class BaseClassesTest {
    @TempDir
    Path base;

    @BeforeEach
    void forgetCalls() {
        Calls.MADE.clear();
    }

    @Test
    void aClassTheBaseHoldsIsTheBasesAndTheSharedPackagesAreTheChanges() throws Exception {
        compile("org/example/paired/Hasher.java", """
                package org.example.paired;
                public final class Hasher {
                    public static String side() { return "base"; }
                }
                """);
        try (BaseClassLoader loader = BaseClassLoader.of(BaseClassPath.of(List.of(base), List.of()), getClass().getClassLoader())) {
            Class<?> hasher = loader.loadClass(Hasher.class.getName());

            assertThat(hasher).isNotSameAs(Hasher.class);
            assertThat(hasher.getMethod("side").invoke(null)).isEqualTo("base");
            assertThat(Hasher.side()).isEqualTo("change");
            assertThat(loader.loadClass(Calls.class.getName())).as("a jlbh class, shared").isSameAs(Calls.class);
            assertThat(loader.loadClass(Test.class.getName())).as("JUnit's, shared").isSameAs(Test.class);
            assertThat(loader.loadClass(BaseClassesTest.class.getName())).as("not in the base: the change's")
                    .isSameAs(BaseClassesTest.class);
        }
    }

    @Test
    void aPathThatIsNeitherAFolderNorAJarIsSaidSo() throws IOException {
        Path text = Files.writeString(base.resolve("notes.txt"), "");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> BaseClassLoader.of(BaseClassPath.of(List.of(text), List.of()), null))
                .withMessage(text.toAbsolutePath() + " is neither a folder nor a jar: the base's classes are given "
                        + "as folders of compiled classes or jars");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BaseClassLoader.of(BaseClassPath.of(List.of(base.resolve("gone.jar")), List.of()),
                        null))
                .withMessageStartingWith(base.resolve("gone.jar").toAbsolutePath() + " is not there");
    }

    @Test
    void theBasesTestClassRunsItsLifecycleAsJUnitWould() throws Throwable {
        compile("org/example/paired/LifecycleTest.java", """
                package org.example.paired;
                import org.junit.jupiter.api.*;
                import org.jlbh.junit.internal.run.paired.Calls;
                class Base {
                    @BeforeEach void baseBeforeEach() { Calls.add("base class before each"); }
                }
                class LifecycleTest extends Base {
                    LifecycleTest() { Calls.add("constructed"); }
                    @BeforeAll static void beforeAll() { Calls.add("before all"); }
                    @BeforeEach void beforeEach() { Calls.add("before each"); }
                    void measured(int rate) { Calls.add("measured at " + rate); }
                    @AfterEach void afterEach() { Calls.add("after each"); }
                    @AfterAll static void afterAll() { Calls.add("after all"); }
                }
                """);
        try (BaseClassLoader loader = BaseClassLoader.of(BaseClassPath.of(List.of(base), List.of()), getClass().getClassLoader())) {
            BaseTestClass copy = BaseTestClass.of(loader, "org.example.paired.LifecycleTest").orElseThrow();
            Method measured = copy.method("measured", new Class<?>[] {int.class}).orElseThrow();

            Object first = copy.beforeTest();
            measured.invoke(first, 100);
            copy.afterTest(first);
            Object second = copy.beforeTest();
            copy.afterTest(second);
            copy.close();

            assertThat(second).as("one instance per test").isNotSameAs(first);
            assertThat(Calls.MADE).containsExactly("before all", "constructed", "base class before each",
                    "before each", "measured at 100", "after each", "constructed", "base class before each",
                    "before each", "after each", "after all");
            assertThat(copy.method("measured", new Class<?>[] {long.class})).as("other parameters").isEmpty();
            assertThat(BaseTestClass.of(loader, BaseClassesTest.class.getName())).as("not in the base").isEmpty();
            assertThat(BaseTestClass.of(loader, "org.example.paired.Missing")).isEmpty();
        }
    }

    @Test
    void aLifecycleMethodWithParametersCannotRunOnTheBasesSide() throws Exception {
        compile("org/example/paired/TakesInfo.java", """
                package org.example.paired;
                import org.junit.jupiter.api.*;
                class TakesInfo {
                    @BeforeEach void beforeEach(TestInfo info) { }
                }
                """);
        try (BaseClassLoader loader = BaseClassLoader.of(BaseClassPath.of(List.of(base), List.of()), getClass().getClassLoader())) {
            assertThatIllegalArgumentException().isThrownBy(() -> BaseTestClass.of(loader,
                    "org.example.paired.TakesInfo")).withMessage("the base's org.example.paired.TakesInfo.beforeEach "
                    + "(@BeforeEach) takes parameters: the base side of a paired test calls lifecycle methods without "
                    + "any");
        }
    }

    /** Compiles one source file into the base's folder, against JUnit's API and this project's test classes. */
    private void compile(String file, String source) {
        BaseCompiler.compile(base, file, source, Calls.class, Test.class);
    }

}

package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.BaselineEnvironment;
import org.jlbh.junit.LatencyTestConfiguration.Profile;
import org.jlbh.junit.LatencyTestConfiguration.Inconclusive;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The configuration parameters, read once: defaults, values, and each unreadable value's message. */
class ConfigurationTest {
    private static final String WHERE = "@LatencyTest on method [void T.m()]";

    private static Configuration.Loaded load(Map<String, String> parameters) {
        return Configuration.load(key -> Optional.ofNullable(parameters.get(key)));
    }

    @Test
    void defaults() {
        Configuration configuration = load(Map.of()).require(WHERE);

        assertThat(configuration).isEqualTo(new Configuration(Mode.ENFORCE, Noise.AWARE, 0, 1, 1,
                Path.of("target/jlbh-reports"), Optional.empty(), false, 10, 5, List.of("50", "90", "99"),
                BaselineEnvironment.SAME, true, 3, Optional.empty(), true, 600, true,
                Profile.ON_BREACH, Inconclusive.SKIP));
    }

    @Test
    void valuesAreReadCaseAndSpaceInsensitively() {
        Configuration configuration = load(Parameters.of(LatencyTestConfiguration.MODE, " Report ",
                LatencyTestConfiguration.NOISE, "STRICT", LatencyTestConfiguration.RETRY_FAILED, "2",
                LatencyTestConfiguration.ITERATIONS_FACTOR, "0.5", LatencyTestConfiguration.BUDGET_FACTOR, "3",
                LatencyTestConfiguration.REPORT_DIR, "out", LatencyTestConfiguration.BASELINE_DIR, "base",
                LatencyTestConfiguration.BASELINE_WRITE, "TRUE", LatencyTestConfiguration.BASELINE_TOLERANCE, "25")
                .plus(LatencyTestConfiguration.BASELINE_HISTORY, "3", LatencyTestConfiguration.BASELINE_PERCENTILES,
                        "50, 99.90", LatencyTestConfiguration.BASELINE_ENVIRONMENT, "any")
                .plus(LatencyTestConfiguration.EVIDENCE, " Off", LatencyTestConfiguration.REMEASURE_UNDECIDED, " 5")
                .plus(LatencyTestConfiguration.MACHINE_LOCK, "OFF ", LatencyTestConfiguration.MACHINE_LOCK_WAIT, "2.5")
                .plus(LatencyTestConfiguration.SUMMARY, "off", LatencyTestConfiguration.PROFILE, " Always")
                .plus(LatencyTestConfiguration.INCONCLUSIVE, "Fail "))
                .require(WHERE);

        assertThat(configuration).isEqualTo(new Configuration(Mode.REPORT, Noise.STRICT, 2, 0.5, 3, Path.of("out"),
                Optional.of(Path.of("base")), true, 25, 3, List.of("50", "99.9"), BaselineEnvironment.ANY,
                false, 5, Optional.empty(), false, 2.5, false, Profile.ALWAYS,
                Inconclusive.FAIL));
    }

    @Test
    void anUnreadableValueFailsEveryTestNamingParameterValueTestAndFix() {
        Configuration.Loaded loaded = load(Map.of(LatencyTestConfiguration.MODE, "fast"));

        assertThat(loaded.mode()).isEmpty();
        assertThatExceptionOfType(ExtensionConfigurationException.class).isThrownBy(() -> loaded.require(WHERE))
                .withMessage("Configuration error: configuration parameter jlbh.mode = 'fast' is not one of [enforce, "
                        + "report, disabled] (for " + WHERE + "). Fix: use one of enforce, report, disabled");
    }

    @Test
    void theModeIsKnownEvenWhenAnotherParameterIsUnreadable() {
        Configuration.Loaded loaded = load(Map.of(LatencyTestConfiguration.MODE, "disabled",
                LatencyTestConfiguration.RETRY_FAILED, "many"));

        assertThat(loaded.mode()).contains(Mode.DISABLED);
        assertThatExceptionOfType(ExtensionConfigurationException.class).isThrownBy(() -> loaded.require(WHERE))
                .withMessageContaining("jlbh.retry.failed = 'many' is not a whole number of retries from 0 to 10");
    }

    @Test
    void eachParameterSaysWhatIsWrong() {
        expect(LatencyTestConfiguration.ITERATIONS_FACTOR, "0", "is not a positive number", "use a factor such as 0.1 or 2");
        expect(LatencyTestConfiguration.BUDGET_FACTOR, "Infinity", "is not a positive number", "use a factor");
        expect(LatencyTestConfiguration.RETRY_FAILED, "-1", "is not a whole number of retries", "use e.g. 2");
        expect(LatencyTestConfiguration.NOISE, "loud", "is not one of [aware, strict]", "use one of aware, strict");
        expect(LatencyTestConfiguration.BASELINE_WRITE, "yes", "is not valid", "use true or false");
        expect(LatencyTestConfiguration.BASELINE_TOLERANCE, "-5", "is not valid", "use a percentage of 0 or more");
        expect(LatencyTestConfiguration.BASELINE_WRITE, "true", "is not valid", "also set jlbh.baseline.dir");
        expect(LatencyTestConfiguration.BASELINE_HISTORY, "0", "is not a whole number of builds from 1 to 100", "use e.g. 5");
        expect(LatencyTestConfiguration.BASELINE_PERCENTILES, "50,100", "is not a comma-separated list of percentiles "
                + "in (0, 100)", "use e.g. 50,90,99");
        expect(LatencyTestConfiguration.BASELINE_ENVIRONMENT, "here", "is not one of [same, any]", "use one of same, any");
        expect(LatencyTestConfiguration.EVIDENCE, "maybe", "is not one of [on, off]", "use one of on, off");
        expect(LatencyTestConfiguration.MACHINE_LOCK, "shared", "is not one of [on, off]", "use one of on, off");
        expect(LatencyTestConfiguration.SUMMARY, "markdown", "is not one of [on, off]", "use one of on, off");
        expect(LatencyTestConfiguration.INCONCLUSIVE, "pass", "is not one of [skip, fail]", "use one of skip, fail");
        expect(LatencyTestConfiguration.MACHINE_LOCK_WAIT, "-1", "is not a number of seconds, 0 or more", "use e.g. 600");
        expect(LatencyTestConfiguration.MACHINE_LOCK_WAIT, "soon", "is not a number of seconds, 0 or more",
                "use e.g. 600");
        expect(LatencyTestConfiguration.PAIRED_TOLERANCE, "five", "is not valid", "use a percentage of 0 or more, e.g. 5");
        expect(LatencyTestConfiguration.PAIRED_BASE, "no-such.jar", "names "
                + Path.of("no-such.jar").toAbsolutePath() + ", which is not there", "build the base first");
        // a property left for Maven to resolve, as a -D value or a junit-platform.properties line would leave it
        for (String key : List.of(LatencyTestConfiguration.REPORT_DIR, LatencyTestConfiguration.BASELINE_DIR,
                LatencyTestConfiguration.PAIRED_BASE)) {
            expect(key, "${maven.multiModuleProjectDirectory}/target/x", "holds ${maven.multiModuleProjectDirectory}, "
                    + "a property nothing resolved (Maven resolves one in a pom, not in a -D value)", "give the path "
                    + "itself (from a shell at the project's root, e.g. \"$PWD/target/jlbh-reports\"), or set the "
                    + "parameter in the pom's Surefire systemPropertyVariables");
        }
    }

    @Test
    void thePairedBaseIsAListOfFoldersAndJarsWithATolerance(@org.junit.jupiter.api.io.TempDir Path base)
            throws java.io.IOException {
        Path testClasses = java.nio.file.Files.createDirectories(base.resolve("test-classes"));
        Path jar = java.nio.file.Files.writeString(base.resolve("main.jar"), "");
        Path text = java.nio.file.Files.writeString(base.resolve("notes.txt"), "");
        String list = testClasses + java.io.File.pathSeparator + jar;

        assertThat(load(Map.of(LatencyTestConfiguration.PAIRED_BASE, list)).require(WHERE).paired())
                .contains(new Configuration.Paired(List.of(testClasses, jar), 5));
        assertThat(load(Map.of(LatencyTestConfiguration.PAIRED_BASE, list, LatencyTestConfiguration.PAIRED_TOLERANCE,
                "2.5")).require(WHERE).paired()).contains(new Configuration.Paired(List.of(testClasses, jar), 2.5));
        assertThat(load(Map.of(LatencyTestConfiguration.PAIRED_TOLERANCE, "2.5")).require(WHERE).paired())
                .as("no base, no pairing").isEmpty();
        expect(LatencyTestConfiguration.PAIRED_BASE, text.toString(), "names " + text.toAbsolutePath()
                + ", neither a folder nor a jar", "build the base first");
        // a folder not there may be absent in the change too: the paired test decides (BaseClassPath)
        Path classes = base.resolve("classes");
        assertThat(load(Map.of(LatencyTestConfiguration.PAIRED_BASE, testClasses + java.io.File.pathSeparator
                + classes)).require(WHERE).paired())
                .contains(new Configuration.Paired(List.of(testClasses, classes), 5));
    }

    @Test
    void anAtFileEntryOfThePairedBaseStandsForTheEntriesItLists(@org.junit.jupiter.api.io.TempDir Path base)
            throws java.io.IOException {
        Path testClasses = java.nio.file.Files.createDirectories(base.resolve("test-classes"));
        Path library = java.nio.file.Files.writeString(base.resolve("library-1.0.jar"), "");
        Path other = java.nio.file.Files.writeString(base.resolve("other-2.0.jar"), "");
        // as mvn dependency:build-classpath writes it: one line, the path separator between entries
        Path classPath = java.nio.file.Files.writeString(base.resolve("test.classpath"),
                library + java.io.File.pathSeparator + other);
        // as one entry a line, with a blank line and a line break at the end
        Path lines = java.nio.file.Files.writeString(base.resolve("lines.classpath"), other + "\n\n" + library + "\n");

        assertThat(load(Map.of(LatencyTestConfiguration.PAIRED_BASE, testClasses + java.io.File.pathSeparator + "@"
                + classPath)).require(WHERE).paired())
                .contains(new Configuration.Paired(List.of(testClasses, library, other), 5));
        assertThat(load(Map.of(LatencyTestConfiguration.PAIRED_BASE, "@" + lines)).require(WHERE).paired())
                .contains(new Configuration.Paired(List.of(other, library), 5));
        expect(LatencyTestConfiguration.PAIRED_BASE, "@" + base.resolve("missing.classpath"),
                "names the class-path file " + base.resolve("missing.classpath").toAbsolutePath()
                        + ", which is not there", "build the base first");
        java.nio.file.Files.writeString(classPath, library + java.io.File.pathSeparator + base.resolve("gone.jar"));
        expect(LatencyTestConfiguration.PAIRED_BASE, "@" + classPath, "names "
                + base.resolve("gone.jar").toAbsolutePath() + " (listed in " + classPath + "), which is not there",
                "build the base first");
    }

    /** Builds a parameter map of more than ten entries. */
    private static final class Parameters extends java.util.HashMap<String, String> {
        private static final long serialVersionUID = 1L;

        static Parameters of(String... keysAndValues) {
            return new Parameters().plus(keysAndValues);
        }

        Parameters plus(String... keysAndValues) {
            for (int i = 0; i < keysAndValues.length; i += 2) {
                put(keysAndValues[i], keysAndValues[i + 1]);
            }
            return this;
        }
    }

    private static void expect(String key, String value, String problem, String fix) {
        assertThatExceptionOfType(ExtensionConfigurationException.class)
                .isThrownBy(() -> load(Map.of(key, value)).require(WHERE))
                .withMessageStartingWith("Configuration error: configuration parameter " + key + " = '" + value + "' "
                        + problem)
                .withMessageContaining("(for " + WHERE + "). Fix: " + fix);
    }

    @Test
    void theReportFolderIsUnderBuildInAGradleProjectAndUnderTargetElsewhere(@org.junit.jupiter.api.io.TempDir
                                                                           Path project) throws java.io.IOException {
        assertThat(Configuration.defaultReportDir(project)).isEqualTo(Path.of("target/jlbh-reports"));
        java.nio.file.Files.writeString(project.resolve("build.gradle.kts"), "plugins { java }");
        assertThat(Configuration.defaultReportDir(project)).isEqualTo(Path.of("build/jlbh-reports"));
        java.nio.file.Files.writeString(project.resolve("pom.xml"), "<project/>");
        assertThat(Configuration.defaultReportDir(project)).as("a project with both is built by Maven here")
                .isEqualTo(Path.of("target/jlbh-reports"));
    }
}

package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The report folder and the baseline folder, which must not write over each other's files: the same folder by any
 * path, or one inside the other at a name the other writes, is a configuration error naming both and the fix.
 */
class CollidingFoldersTest {
    private static final String WHERE = "@LatencyTest on method [void T.m()]";

    @TempDir
    Path work;

    private static Configuration.Loaded load(String report, String baseline) {
        Map<String, String> parameters = new HashMap<>(Map.of(LatencyTestConfiguration.BASELINE_DIR, baseline));
        if (report != null) {
            parameters.put(LatencyTestConfiguration.REPORT_DIR, report);
        }
        return Configuration.load(key -> Optional.ofNullable(parameters.get(key)));
    }

    @Test
    void oneFolderForBothIsAConfigurationErrorNamingBothParametersAndTheFix() {
        assertThatExceptionOfType(ExtensionConfigurationException.class)
                .isThrownBy(() -> load("target/jlbh-reports", "target/jlbh-reports").require(WHERE))
                .withMessage("Configuration error: configuration parameter jlbh.baseline.dir = 'target/jlbh-reports' "
                        + "is the report folder, jlbh.report.dir = 'target/jlbh-reports' (for " + WHERE + "). Fix: "
                        + "give jlbh.baseline.dir and jlbh.report.dir folders of their own, neither inside the other "
                        + "(e.g. src/test/jlbh-baseline and target/jlbh-reports): each test's result would overwrite "
                        + "its history");
        assertThat(load(null, "target/jlbh-reports").problem()).as("the default report folder").isPresent();
        assertThat(load("target/jlbh-reports", "target/x/../jlbh-reports/").problem()).as("by another path")
                .isPresent();
    }

    @Test
    void theSameFolderThroughASymbolicLinkIsOneFolder() throws IOException {
        Path reports = Files.createDirectories(work.resolve("reports"));
        Path link = Files.createSymbolicLink(work.resolve("baseline"), reports);

        assertThat(load(reports.toString(), link.toString()).problem()).isPresent();
        assertThat(load(reports.toString(), link.resolve("history").toString()).problem())
                .as("a folder inside it, by a name the reports never write").isEmpty();
    }

    @Test
    void oneInsideTheOtherCollidesOnlyAtANameTheOtherWrites() {
        assertThat(load("reports", "reports/baseline").problem()).isEmpty();
        assertThat(load("baseline/reports", "baseline").problem()).isEmpty();
        assertThat(load("reports", "reports/index.html").problem().orElseThrow().problem())
                .isEqualTo("lies inside the report folder, where the reports write a file by its name, "
                        + "jlbh.report.dir = 'reports'");
        assertThat(load("baseline/com.example.T.m.json", "baseline").problem().orElseThrow().problem())
                .isEqualTo("holds the report folder where it writes a baseline by its name, jlbh.report.dir = "
                        + "'baseline/com.example.T.m.json'");
    }
}

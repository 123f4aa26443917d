package org.jlbh.benchmarks.builds;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link LibraryPairRates} reads each library's paired rows from a build's JSON results and counts them into its
 * table, and that its consumer project has the test of every library it reads. The rates themselves are measured by
 * the full run through real launchers against the installed jars, never judged in a test.
 */
class LibraryPairRatesSmokeTest {
    private static final LibraryPairRates.Library JACKSON = LibraryPairRates.LIBRARIES.get(1);
    private static final LibraryPairRates.Library JSOUP = LibraryPairRates.LIBRARIES.get(5);

    /** @return a JSON result of a paired test with end to end p50, p90 and p99 as given, measured for 14.2 s */
    private static String result(String p50, String p90, String p99) {
        return "{\n  \"probes\": [],\n  \"verdict\": {\n    \"outcome\": \"PASSED\",\n    \"measuringSeconds\": 14.2\n"
                + "  },\n  \"paired\": {\n    \"base\": [\"../base/target/test-classes\"],\n    \"pairs\": 60,\n"
                + "    \"rows\": [\n" + row("50", p50) + ",\n" + row("90", p90) + ",\n" + row("99", p99)
                + "\n    ],\n    \"notes\": []\n  }\n}\n";
    }

    /** @param figures change, low and high in percent, then the decision, e.g. {@code 0.1 -0.4 0.6 WITHIN_NOISE} */
    private static String row(String percentile, String figures) {
        String[] parts = figures.split(" ");
        return "      {\"probe\": \"end to end\", \"percentile\": \"" + percentile + "\", \"basis\": \"CODES_OWN\", "
                + "\"baseNanos\": [700, 701], \"changeNanos\": [701, 700], \"changePercent\": " + parts[0]
                + ", \"lowPercent\": " + parts[1] + ", \"highPercent\": " + parts[2]
                + ", \"detectablePercent\": 2.0, \"decision\": \"" + parts[3] + "\"}";
    }

    @Test
    void eachLibrarysRowsAreReadWithWhetherP50sIntervalHoldsZeroAndAnImprovementCountsAsFlagged() {
        LibraryPairRates.Outcome quiet = LibraryPairRates.Outcome.of(JACKSON, result("0.1 -0.4 0.6 WITHIN_NOISE",
                "-0.5 -2.0 1.0 WITHIN_NOISE", "1.2 -3.0 4.0 WITHIN_NOISE"));
        LibraryPairRates.Outcome improved = LibraryPairRates.Outcome.of(JACKSON, result("1.3 1.2 1.4 WITHIN_NOISE",
                "-7.5 -9.0 -6.0 IMPROVED", "0.0 -1.0 1.0 WITHIN_NOISE"));

        assertThat(quiet.compared()).isTrue();
        assertThat(quiet.flagged()).isFalse();
        assertThat(quiet.p50HoldsZero()).isTrue();
        assertThat(quiet.worthKeeping()).isFalse();
        assertThat(quiet.p50Change()).contains(0.1);
        assertThat(quiet.testSeconds()).contains(14.2);
        assertThat(quiet.cell("50")).isEqualTo("WITHIN_NOISE +0.1 [-0.4..+0.6]");
        assertThat(quiet.cell("99.9")).isEqualTo("-");

        assertThat(improved.flagged()).as("an improvement of unchanged code is a false alarm too").isTrue();
        assertThat(improved.p50HoldsZero()).as("+1.2..+1.4 leaves zero out").isFalse();
        assertThat(improved.worthKeeping()).isTrue();
    }

    @Test
    void aTestThatWroteNoResultMadeNoComparisonAndIsKept() {
        LibraryPairRates.Outcome none = LibraryPairRates.Outcome.of(JSOUP, "");

        assertThat(none.compared()).isFalse();
        assertThat(none.flagged()).isFalse();
        assertThat(none.p50HoldsZero()).isFalse();
        assertThat(none.worthKeeping()).isTrue();
        assertThat(none.testSeconds()).isEmpty();
        assertThat(none.cell("50")).isEqualTo("-");
    }

    @Test
    void anIntervalsEndsAreReadAsTheRowGivesThem() {
        assertThat(row("+0.4 [+0.0..+1.2]").intervalHoldsZero()).as("an end at +0.0").isTrue();
        assertThat(row("-0.4 [-1.2..-0.0]").intervalHoldsZero()).as("an end at -0.0").isTrue();
        assertThat(row("+1.3 [+1.2..+1.4]").intervalHoldsZero()).isFalse();
        assertThat(row("-2.0 [-3.1..-1.0]").intervalHoldsZero()).isFalse();
        assertThat(row("+1.0 [?..+2.0]").intervalHoldsZero()).as("an end unknown").isFalse();
        assertThat(row("-").intervalHoldsZero()).as("not compared").isFalse();
        assertThat(row("-").changePercent()).isEmpty();
        assertThat(row("-2.0 [-3.1..-1.0]").changePercent()).contains(-2.0);
    }

    private static GateBuilds.Row row(String change) {
        return new GateBuilds.Row("end to end p50", "CODES_OWN", "WITHIN_NOISE", change, 2.0);
    }

    @Test
    void eachLibraryIsCountedPerConditionAndEachBuildAsAWhole() {
        Map<String, LibraryPairRates.Tally> tallies = new LinkedHashMap<>();
        String aa = "0.1 -0.4 0.6 WITHIN_NOISE";
        LibraryPairRates.count(tallies, 0, new ConsumerProject.Build(0, "", "", 80), List.of(
                LibraryPairRates.Outcome.of(JACKSON, result(aa, aa, aa)),
                LibraryPairRates.Outcome.of(JSOUP, result("-0.3 -0.9 0.2 WITHIN_NOISE", aa, aa))));
        LibraryPairRates.count(tallies, 0, new ConsumerProject.Build(1, "", "", 90), List.of(
                LibraryPairRates.Outcome.of(JACKSON, result("6.0 5.5 6.5 REGRESSION", aa, aa)),
                LibraryPairRates.Outcome.of(JSOUP, "")));

        assertThat(LibraryPairRates.table(tallies)).contains(
                "| quiet | Jackson | 2 | 1 | 1 | 0 | +6.0 | 14.2 |",
                "| quiet | jsoup | 2 | 0 | 1 | 1 | -0.3 | 14.2 |",
                "| quiet | " + LibraryPairRates.EVERY_LIBRARY + " | 2 | 1 | 1 | 1 | - | 90.0 |");
    }

    @Test
    void theConsumerProjectHasEveryLibrarysTestAndItsPomNamesTheLibrariesVersions() throws IOException {
        for (LibraryPairRates.Library library : LibraryPairRates.LIBRARIES) {
            assertThat(resource("src/test/java/com/example/shop/" + library.testClass() + ".java"))
                    .as(library.name()).contains("void " + library.method() + "()", "runs = 60");
        }
        String libraries = LibraryPairRates.libraries(resource("pom.xml"));

        assertThat(libraries).contains("io.netty:netty-buffer 4.1.138.Final", "org.jsoup:jsoup 1.16.1")
                .doesNotContain("jlbh", "junit");
        assertThat(libraries.split(", ")).hasSize(7);
    }

    private static String resource(String file) throws IOException {
        try (InputStream in = LibraryPairRates.class.getResourceAsStream("/library-pairs/" + file)) {
            assertThat(in).as(file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

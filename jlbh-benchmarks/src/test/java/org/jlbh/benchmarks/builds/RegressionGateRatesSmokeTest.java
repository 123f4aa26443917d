package org.jlbh.benchmarks.builds;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link RegressionGateRates} reads a build's baseline decisions from its JSON result. The rates themselves are
 * measured by the full run through real launchers against the installed jars (its table is in the module's README),
 * never judged in a test; the invoker IT {@code baseline} builds a gated consumer project in CI.
 */
class RegressionGateRatesSmokeTest {

    @Test
    void eachRowsDecisionBasisAndDetectableChangeAreReadFromTheResult() {
        String json = "{\n  \"probes\": [],\n  \"baseline\": [\n    {\n      \"probe\": \"end to end\",\n"
                + "      \"percentile\": \"50\",\n      \"basis\": \"CODES_OWN\",\n      \"builds\": 5,\n"
                + "      \"detectablePercent\": 14.25,\n      \"decision\": \"REGRESSION\"\n    },\n"
                + "    {\"probe\": \"end to end\", \"percentile\": \"99\", \"basis\": \"MEASURED\", "
                + "\"detectablePercent\": \"none\", \"decision\": \"NOT_JUDGED\"},\n"
                + "    {\"probe\": \"end to end\", \"percentile\": \"worst\", \"detectablePercent\": null, "
                + "\"decision\": \"NOT_GATED\"}\n  ]\n}\n";

        assertThat(RegressionGateRates.rows(json)).containsExactly(
                new GateBuilds.Row("end to end p50", "CODES_OWN", "REGRESSION", "-", 14.25),
                new GateBuilds.Row("end to end p99", "MEASURED", "NOT_JUDGED", "-", Double.POSITIVE_INFINITY),
                new GateBuilds.Row("end to end worst", "MEASURED", "NOT_GATED", "-", Double.NaN));
        assertThat(RegressionGateRates.rows("{\"probes\": []}")).as("no comparison").isEmpty();
    }

    @Test
    void eachRunsEndToEndFiguresAreKeptMeasuredAndOnTheCodesOwnAccount() {
        String json = "{\n  \"probes\": [\n    {\n      \"name\": \"end to end\",\n      \"runs\": [\n        {\"run\": 1, "
                + "\"percentilesNanos\": {\n \"50\": 325,\n \"99\": 2443\n}, \"codesOwnNanos\": {\"50\": 325, \"99\": 1210}},"
                + "\n        {\"run\": 2, \"percentilesNanos\": {\"50\": 330, \"99\": 900}}\n      ]\n    },\n"
                + "    {\"name\": \"OS jitter\", \"runs\": [{\"percentilesNanos\": {\"50\": 70000}}]}\n  ]\n}\n";

        assertThat(GateBuilds.endToEndRuns(json)).isEqualTo("50=325,99=2443 | 50=325,99=1210; 50=330,99=900");
        assertThat(GateBuilds.endToEndRuns("")).isEmpty();
    }
}
